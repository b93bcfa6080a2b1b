// What a move is, for a model of the move a player chooses: the features of
// Coulom's "Computing Elo ratings of move patterns in the game of Go"
// (2007). Each feature has levels 1..n, or is absent (0); the model gives
// every level a strength (a gamma), a move the product of its levels'
// gammas, and a player picks a move with probability proportional to it
// (the generalized Bradley-Terry model). `ply patterns fit` fits the
// gammas to game records by Coulom's minorization-maximization.
//
// Features of a move by the side to move at an empty point p:
//   Pattern      the colours of p's eight neighbours, the mover's as Black,
//                up to the eight symmetries of the square: its smallest code
//                (patterns.hpp's neighbourhood()); always present
//   Capture      1 it takes a string next to one of ours in atari, 2 it
//                takes the last move's string, 3 any other capture
//   Escape       from atari, to two liberties or more, without capturing:
//                1 of a string the last move put in atari, 2 of another
//   Atari        1 it leaves an enemy string with one liberty
//   SelfAtari    its string is left with one liberty (nothing taken):
//                1 a lone stone, 2 a string of two or more
//   Line         1, 2 or 3: the line from the edge it is on
//   DistanceLast, DistanceBefore   to the last move and the one before:
//                d = dx + dy + max(dx, dy), level d - 1 for d from 2 to 16,
//                16 for d of 17 and more (1 for the point of a stone since
//                taken); absent after a pass or at the start
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <ply/games/go/go.hpp>

namespace ply::go {

enum Feature : int { Pattern, Capture, Escape, Atari, SelfAtari, Line, DistanceLast, DistanceBefore, kFeatureCount };

// Levels of each feature (Pattern's are codes 0..65535: level = code).
inline constexpr std::array<int, kFeatureCount> kFeatureLevels = {65536, 3, 2, 1, 2, 3, 16, 16};
inline constexpr std::array<const char*, kFeatureCount> kFeatureNames = {
    "pattern", "capture", "escape", "atari", "self-atari", "line", "distance-last", "distance-before"};

struct MoveFeatures {
    std::array<std::uint16_t, kFeatureCount> level{};  // 0: absent (but Pattern's, a code)
};

// The canonical code of a neighbourhood (patterns.hpp) for the mover `c`:
// the colours as if the mover were Black, the smallest over the symmetries.
std::uint16_t canonical_pattern(std::uint16_t neighbourhood, Color c);

// Coulom's distance between two points of the board.
inline int move_distance(Point a, Point b) {
    const int dx = std::abs(column_of(a) - column_of(b)), dy = std::abs(row_of(a) - row_of(b));
    return dx + dy + (dx > dy ? dx : dy);
}

// The features of the side to move's move at p, an empty point; p need not
// be legal (a suicide is a self-atari).
MoveFeatures move_features(const Go& game, Point p);

// Gammas for every feature level: gamma[f][level] (level 0 is 1).
struct FeatureWeights {
    std::array<std::vector<float>, kFeatureCount> gamma;
    FeatureWeights();  // every gamma 1
    float strength(const MoveFeatures& f) const {
        float s = 1;
        for (int i = 0; i < kFeatureCount; ++i)
            s *= gamma[static_cast<std::size_t>(i)][f.level[static_cast<std::size_t>(i)]];
        return s;
    }
};

// The gammas fitted to GNU Go's games (learned_weights.hpp), built once.
const FeatureWeights& learned_weights();

}  // namespace ply::go
