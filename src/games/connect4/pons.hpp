// The score convention of Pascal Pons' benchmark sets (and of Steininger's):
// a win scores 1 + (cells - stones on the board after the winning move) / 2,
// positive when the side to move wins, negative when it loses, 0 for a draw.
// On 7x6 that is 22 minus the number of stones the winner played.
#pragma once

#include "core/outcome.hpp"

namespace ply::connect4 {

// `stones_now`: stones on the board; `plies_to_end`: moves left with perfect play.
constexpr int pons_score(int cells, int stones_now, Outcome result, int plies_to_end) {
    if (result == Outcome::Draw) return 0;
    const int magnitude = 1 + (cells - (stones_now + plies_to_end)) / 2;
    return result == Outcome::Win ? magnitude : -magnitude;
}

}  // namespace ply::connect4
