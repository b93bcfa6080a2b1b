// UCI_Elo for chess: the Skill Level (0 to 20, 20 full strength) that plays
// at a requested rating, from the levels' ratings measured against Debian's
// Stockfish at fixed UCI_Elo (bench/strength; the table in the README).
// Between two measured levels the weaker one is taken, so that the engine
// does not play above the rating asked for.
#pragma once

namespace ply::chess {

struct LevelRating {
    int level;
    int elo;
};
inline constexpr LevelRating kLevelRatings[] = {
    {0, 1100}, {4, 1500}, {8, 1900}, {12, 2250}, {16, 2550}, {19, 2800},
};
inline constexpr int kMinElo = kLevelRatings[0].elo;
inline constexpr int kMaxElo = 2850;

inline int skill_level_for_elo(int elo) {
    int level = kLevelRatings[0].level;
    for (const auto& r : kLevelRatings)
        if (r.elo <= elo) level = r.level;
    return level;
}

}  // namespace ply::chess
