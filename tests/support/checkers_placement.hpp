// A random checkers position of a given number of pieces, drawn square by
// square (not through the endgame slices' indices), either side to move:
// for tests and benchmarks that check the databases against the solver.
#pragma once

#include <cstdint>
#include <random>

#include <ply/games/checkers/checkers.hpp>

namespace ply::testing {

inline checkers::Checkers random_placement(std::mt19937_64& random, int pieces) {
    std::uint32_t sides[2] = {0, 0}, kings = 0;
    for (int placed = 0; placed < pieces;) {
        const int q = int(random() % 32), side = int(random() % 2);
        const bool king = random() % 2;
        if (((sides[0] | sides[1]) >> q) & 1) continue;
        if (!king && (checkers::kCrowningRow[side] >> q) & 1) continue;
        sides[side] |= 1u << q;
        if (king) kings |= 1u << q;
        ++placed;
    }
    checkers::Checkers g;
    g.set_board(sides[0], sides[1], kings, random() % 2 ? checkers::White : checkers::Black);
    return g;
}

}  // namespace ply::testing
