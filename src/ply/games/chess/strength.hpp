// UCI_Elo for chess: the Skill Level (0 to 20, 20 full strength) that plays
// at a requested rating, from the levels' ratings measured against Debian's
// Stockfish at fixed UCI_Elo (bench/strength; the table in docs/chess-engine.md).
// Between two measured levels the weaker one is taken, so that the engine
// does not play above the rating asked for.
#pragma once

#include <iterator>

namespace ply::chess {

struct LevelRating {
    int level;
    int elo;
};
// bench/strength at 5+0.05, 20 games a level (docs/chess-engine.md, "Strength levels");
// the errors are wide (+-140 to +-340).
inline constexpr LevelRating kLevelRatings[] = {
    {0, 1280}, {4, 1310}, {8, 1600}, {12, 2000}, {16, 2040}, {19, 2040},
};
// Asked for no more than the strongest measured level: a rating the engine
// has not been seen to play at is not offered.
inline constexpr int kMinElo = kLevelRatings[0].elo;
inline constexpr int kMaxElo = kLevelRatings[std::size(kLevelRatings) - 1].elo;

inline int skill_level_for_elo(int elo) {
    int level = kLevelRatings[0].level;
    for (const auto& r : kLevelRatings)
        if (r.elo <= elo) level = r.level;
    return level;
}

}  // namespace ply::chess
