// Where handicap stones go. Fixed handicap follows the GTP specification's
// layout: the star points of the third line (boards below 13x13) or the
// fourth, corners first (lower left, upper right, upper left, lower
// right), then the middles of the sides, the centre for odd counts; 2 to 4
// stones on 7x7 and even boards, 2 to 9 on odd boards from 9x9.
#pragma once

#include <vector>

#include <ply/games/go/board.hpp>

namespace ply::go {

// The most fixed handicap stones on a board of `size` (0: none allowed).
int max_fixed_handicap(int size);
// The points of `stones` fixed handicap stones, in the specification's
// order; empty when the count is not allowed on that board.
std::vector<Point> fixed_handicap(int size, int stones);
// Points for `stones` free handicap stones (2 to size*size - 1): the fixed
// layout as far as it goes, then each further stone as far as it can be
// from the others, so that they spread over the board.
std::vector<Point> free_handicap(int size, int stones);

}  // namespace ply::go
