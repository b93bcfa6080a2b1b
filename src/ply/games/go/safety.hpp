// Points a colour keeps whatever either side plays: the proven bounds that
// let an exact search of a tiny board stop before the game ends.
#pragma once

#include <array>

#include <ply/games/go/board.hpp>

namespace ply::go {

// The stones of c's unconditionally alive strings (Benson 1976: strings
// that no sequence of the opponent's moves can capture, even if c passes
// every turn) and the one-point regions they alone enclose (the opponent's
// stone there would have no liberty and could capture nothing, so it may
// never be played, and the point scores for c). Larger enclosed regions are
// not counted: the opponent may play in them, and taking its stones back
// can be barred by superko.
int safe_points(const Board& board, Color c);
// Sets safe[p] for every stone of c's unconditionally alive strings.
void mark_unconditionally_alive(const Board& board, Color c, std::array<bool, kPoints>& safe);

}  // namespace ply::go
