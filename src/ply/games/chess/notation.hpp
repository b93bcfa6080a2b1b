// Move notation: UCI coordinates and Standard Algebraic Notation (SAN).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <ply/games/chess/position.hpp>

namespace ply::chess {

std::string square_to_string(Square s);

// UCI: e2e4, e7e8q, 0000 for the null move. Castling is the king's two-square
// move (e1g1) in standard chess, king-takes-own-rook (e1h1) when `chess960`.
std::string to_uci(Move m, bool chess960);
// The legal move written `text` in UCI (either castling form, the position's
// own first), or Move::none() when it is malformed or illegal.
Move parse_uci(const Position& pos, std::string_view text);

// SAN: Nbd7, exd6, e8=Q+, O-O-O#. `m` must be legal in `pos`.
std::string to_san(const Position& pos, Move m);
// The legal move written `text` in SAN (tolerant: check marks, annotations
// such as ! and ?, 0-0 for O-O, e8Q for e8=Q); throws ply::ParseError when it
// is malformed, illegal or ambiguous.
Move parse_san(const Position& pos, std::string_view text);

// Moves as SAN from `pos` onward (e.g. a principal variation).
std::string to_san_line(Position pos, const std::vector<Move>& moves);

}  // namespace ply::chess
