// The checkers evaluation's terms and weights. Every term is a count per
// side (a man on a row, a man in a dog hole, a king's free squares...)
// times a weight pair, middlegame and endgame, blended by the pieces left:
// linear in the weights, so that `ply tune` fits them all at once
// (core/tuning.hpp). Units: about 100 a man (the tuner sets the scale). A
// term whose weights are 0 is off, which is how a match measures it (a
// weights file, the arena's weights=).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace ply::checkers::eval {

// The groups of weights in the tuner's order; rows, squares and the like
// from the side's own point of view (row 0: its back row). docs/checkers.md
// ("The engine") has each group's match against the weights without it.
struct Group {
    std::string_view name;
    int size;
};
inline constexpr std::array<Group, 10> kGroups{{
    {"man", 1},
    {"king", 1},
    {"man_row", 7},        // a man on this row (row 7 crowns it)
    {"back_rank", 4},      // a man on this square of the back row, 1-4 as Black sees it
    {"centre_man", 1},     // a man on one of the four centre squares (14, 15, 18, 19)
    {"centre_king", 1},    // a king there
    {"man_mobility", 1},   // per free square a man could step to
    {"king_mobility", 1},  // per square a king could step or jump to
    {"dog_hole", 1},       // a man held on the edge by the piece in front (White's 5 by 1, Black's 28 by 32)
    {"opposition", 1},     // "the move": material even, the side that has it
}};

// Where each group's weights begin in the flat list.
constexpr int offset_of(std::string_view name) {
    int offset = 0;
    for (const Group& g : kGroups) {
        if (g.name == name) return offset;
        offset += g.size;
    }
    return -1;
}
inline constexpr int kMan = offset_of("man"), kKing = offset_of("king"), kManRow = offset_of("man_row"),
                     kBackRank = offset_of("back_rank"), kCentreMan = offset_of("centre_man"),
                     kCentreKing = offset_of("centre_king"), kManMobility = offset_of("man_mobility"),
                     kKingMobility = offset_of("king_mobility"), kDogHole = offset_of("dog_hole"),
                     kOpposition = offset_of("opposition"), kWeightCount = kOpposition + 1;
static_assert(kGroups.back().name == "opposition");

using Pair = std::array<int, 2>;  // middlegame, endgame
using Weights = std::array<Pair, static_cast<std::size_t>(kWeightCount)>;

// The phase: all 24 pieces are the middlegame, none the endgame.
inline constexpr int kPhaseMax = 24;

// Fitted by `ply tune --game checkers` to 97,991 positions of 896 games the
// engine played itself at 3,000 nodes a move (`ply datagen --game checkers
// --games 1500 --nodes 3000 --random-plies 6 --seed 11`, stopped at 896).
inline constexpr Weights kDefaultWeights = {{
    {122, 125},  // man
    {203, 136},  // king
    {8, 4},      // man_row[0]
    {13, -10},   // man_row[1]
    {-1, 7},     // man_row[2]
    {-11, 20},   // man_row[3]
    {-19, 27},   // man_row[4]
    {-14, 30},   // man_row[5]
    {32, 19},    // man_row[6]
    {17, 15},    // back_rank[0]
    {14, 9},     // back_rank[1]
    {20, 16},    // back_rank[2]
    {-3, -26},   // back_rank[3]
    {3, 0},      // centre_man
    {15, 0},     // centre_king
    {3, -2},     // man_mobility
    {13, -2},    // king_mobility
    {-82, -1},   // dog_hole
    {1, 3},      // opposition
}};

}  // namespace ply::checkers::eval
