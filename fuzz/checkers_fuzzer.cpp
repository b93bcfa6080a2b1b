// Fuzzes checkers' notation: the first byte says what the rest is. Even: a
// PDN FEN, which is either refused with ply::ParseError or gives a position
// that writes itself back stably, keeps its hash through every move, and
// writes and reads back every move. Odd: a move for one of a few positions,
// which, if it parses, is legal and writes back to itself.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <ply/core/error.hpp>
#include <ply/games/checkers/checkers.hpp>

using namespace ply::checkers;

namespace {

void check(bool ok) {
    if (!ok) __builtin_trap();
}

const Checkers& sample(std::uint8_t pick) {
    static const Checkers positions[] = {
        Checkers(),
        Checkers::from_fen("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"),
        Checkers::from_fen("W:WK10:B14,15,22,23"),
        Checkers::from_fen("B:W19,27:B15"),
        Checkers::from_fen("W:WK19,K23:B12,K28"),
    };
    return positions[pick % std::size(positions)];
}

void check_position(Checkers g) {
    const std::string fen = g.fen();
    check(Checkers::from_fen(fen).fen() == fen && g.hash() == g.compute_hash());
    (void)g.render();
    (void)g.render(true);
    (void)g.board_view();
    (void)g.outcome();
    (void)g.evaluate();
    Checkers::MoveList moves, tactical;
    g.generate_legal(moves);
    g.generate_tactical(tactical);
    check(tactical.size() <= moves.size());
    for (const Move m : moves) {
        check(g.parse_move(g.move_to_string(m)) == m);
        (void)g.move_cells(m);
        g.make(m);
        check(g.hash() == g.compute_hash());
        g.unmake(m);
    }
    check(g.fen() == fen);
    (void)g.perft(3);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    if (data[0] % 2 == 0) {
        try {
            check_position(Checkers::from_fen(text));
        } catch (const ply::ParseError&) {}
        return 0;
    }
    const Checkers& g = sample(static_cast<std::uint8_t>(data[0] / 2));
    try {
        const Move m = g.parse_move(text);
        Checkers::MoveList moves;
        g.generate_legal(moves);
        check(moves.contains(m) && g.parse_move(g.move_to_string(m)) == m);
    } catch (const ply::ParseError&) {}
    return 0;
}
