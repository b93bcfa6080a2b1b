// Fuzzes move parsing (UCI and SAN): the first byte picks a position, the rest
// is the move text. A move that parses must be legal and write back to itself.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <ply/core/error.hpp>
#include <ply/games/chess/notation.hpp>

using namespace ply::chess;

namespace {

void check(bool ok) {
    if (!ok) __builtin_trap();
}

const Position& sample(std::uint8_t pick) {
    static const Position positions[] = {
        Position(),
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        Position::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
        Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
        Position::from_fen("r5kr/8/8/8/8/8/8/RK5R w AHah - 0 1"),
        Position::from_fen("4k3/1P6/8/2pP4/8/8/8/R3K2R w KQ c6 0 1"),
        Position::from_fen("1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1"),
        Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true),
    };
    return positions[pick % std::size(positions)];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const Position& pos = sample(data[0]);
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

    if (const Move m = parse_uci(pos, text); m != Move::none()) {
        check(pos.is_legal(m));
        check(parse_uci(pos, to_uci(m, pos.chess960())) == m);
    }
    try {
        const Move m = parse_san(pos, text);
        check(pos.is_legal(m));
        check(parse_san(pos, to_san(pos, m)) == m);
    } catch (const ply::ParseError&) {}
    try {
        const Move m = pos.parse_move(text);
        check(pos.is_legal(m));
        Position after = pos;
        after.make(m);
        check(after.hash() == after.compute_hash());
    } catch (const ply::ParseError&) {}
    return 0;
}
