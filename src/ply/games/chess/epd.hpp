// EPD (Extended Position Description): a FEN's first four fields (optionally
// followed by the two counters, as perft suites write them) and operations
// separated by semicolons, e.g.
//   r1b1k2r/... w KQkq - bm Nxe5 Qd4; id "WAC.012";
//   rnbqkbnr/... w KQkq - 0 1 ;D1 20 ;D2 400
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ply/core/epd_suite.hpp>
#include <ply/games/chess/position.hpp>

namespace ply::chess {

struct EpdRecord {
    std::string fen;  // as written: four fields, or six when the counters are given
    std::vector<std::pair<std::string, std::string>> operations;  // opcode, operand text
    std::string id;                                               // the `id` operand, unquoted
    std::vector<std::string> best_moves;                          // `bm`, as written (SAN)
    std::vector<std::string> avoid_moves;                         // `am`
    std::vector<std::pair<int, std::uint64_t>> perft;             // `D1`..`Dn`: depth, node count

    // The operand of the first operation named `opcode`, or nullptr.
    const std::string* find(std::string_view opcode) const;
    Position position(bool chess960 = false) const { return Position::from_fen(fen, chess960); }
};

// Parses one line; throws ply::ParseError on a malformed line or FEN.
EpdRecord parse_epd(std::string_view line);

// Every record of a file, skipping blank lines and lines starting with '#';
// throws ply::ParseError naming the file and line on error.
std::vector<EpdRecord> read_epd_file(const std::string& path);

// `bm` / `am` moves resolved in the record's position (throws on an illegal one).
std::vector<Move> resolve_moves(const Position& pos, const std::vector<std::string>& san);

}  // namespace ply::chess

namespace ply {

// Chess's test suites for `ply tactics` (core/epd_suite.hpp).
template <>
struct EpdSuite<chess::Position> {
    static EpdTest parse(std::string_view line) {
        chess::EpdRecord r = chess::parse_epd(line);
        return {std::move(r.fen), std::move(r.id), std::move(r.best_moves), std::move(r.avoid_moves)};
    }
    static std::vector<chess::Move> resolve(const chess::Position& pos, const std::vector<std::string>& san) {
        return chess::resolve_moves(pos, san);
    }
};

}  // namespace ply
