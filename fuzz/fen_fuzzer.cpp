// Fuzzes the FEN parser: any input is either rejected with ply::ParseError or
// gives a position that writes itself back stably and plays consistently.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <ply/core/error.hpp>
#include <ply/games/chess/notation.hpp>
#include <ply/games/chess/perft.hpp>

using namespace ply::chess;

namespace {
void check(bool ok) {
    if (!ok) __builtin_trap();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Position pos;
    try {
        pos = Position::from_position(text);
    } catch (const ply::ParseError&) {
        return 0;
    }
    const std::string fen = pos.fen();
    const Position again = Position::from_fen(fen);  // must not throw
    check(again.fen() == fen);
    check(again.hash() == pos.hash() && pos.hash() == pos.compute_hash());
    check(Position::from_fen(pos.fen(true)).fen() == fen);
    (void)pos.render();
    (void)pos.evaluate();
    (void)pos.outcome();

    Position::MoveList moves, tactical;
    pos.generate_legal(moves);
    pos.generate_tactical(tactical);
    check(tactical.size() <= moves.size());
    for (const Move m : moves) {
        const bool check_predicted = pos.gives_check(m);
        (void)pos.see_ge(m, 0);
        const std::string san = to_san(pos, m);
        check(parse_san(pos, san) == m);
        check(pos.parse_move(pos.move_to_string(m)) == m);
        pos.make(m);
        check(pos.in_check() == check_predicted);
        check(pos.hash() == pos.compute_hash());
        Position::MoveList replies;
        pos.generate_legal(replies);
        pos.unmake(m);
    }
    check(pos.fen() == fen && pos.hash() == again.hash());
    if (!pos.in_check()) {
        pos.make_null();
        check(pos.hash() == pos.compute_hash());
        pos.unmake_null();
    }
    (void)perft(pos, 2);
    return 0;
}
