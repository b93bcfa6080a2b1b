// The production search's parameters: the margins and reductions each game
// owns (parameters_of, from core/search_parameters.hpp; chess's are in
// games/chess/search_parameters.hpp), and below them the constants that do
// not depend on the game (time, skill, threads, history). Units are the
// game's evaluation units (centipawns in chess).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include <ply/core/game.hpp>
#include <ply/core/score.hpp>

namespace ply::engine {

// The margins and reductions the search uses for G: the game's own set, or
// the defaults scaled to its evaluation unit, or the defaults (chess's).
template <Game G>
inline constexpr SearchParameters parameters_of = [] {
    if constexpr (SearchParametersGame<G>)
        return G::search_parameters();
    else if constexpr (EvalUnitGame<G>)
        return SearchParameters::scaled_to(G::eval_unit);
    else
        return SearchParameters{};
}();

}  // namespace ply::engine

namespace ply::engine::param {

// Time: the moves a clock without moves-to-go is shared out over. 20, which
// spends as Ethereal does early (29% more in the first ten moves after the
// book) and leaves less unused at the end, gained nothing: at 3+0.03,
// 1,164 games, W 236 D 705 L 223, pentanomial [14, 141, 273, 124, 29],
// +3.9 Elo, SPRT [0, 10] LLR -0.28 (+13.0 at 827, then -18 in 337 more).
inline constexpr int kMovesToGoSuddenDeath = 30;
// Time: a GUI's moves-to-go beyond this counts as this many.
inline constexpr int kMovesToGoMax = 40;
// Time: the soft limit (no new iteration after it) and the hard limit (abort)
// as shares of the even share of the clock a move, the soft one before the
// best move's stability scales it (below). Half as much again as
// 0.6 and 3 (UCI Slow Mover 150 against 100) at 5+0.05 on three slices of
// the book, 756 games, pentanomial [7, 62, 195, 92, 22], +27.6 Elo ± 14.6,
// SPRT [0, 10] pooled LLR 4.10. A third more again (Slow Mover 133) gained
// nothing: 512 games, pentanomial [6, 57, 128, 61, 4], +0.0 ± 16.7, LLR -0.69.
inline constexpr double kSoftTimeShare = 0.9;
inline constexpr double kHardTimeShare = 4.5;
// Time: the soft limit's scale by the best move's stability starts each
// search at 1, gains this when an iteration changes the best move, is
// multiplied by the next for each that keeps it, within the bounds after.
inline constexpr double kBestMoveChangeTime = 0.8;
inline constexpr double kStableIterationTime = 0.85;
// A floor of 0.8 at 5+0.05: 486 games, pentanomial [5, 55, 113, 62, 8],
// +9.3 ± 18.2, then -23.7 and -19.3 in two runs of about 90 on other
// openings; pooled 664 games, [7, 81, 158, 75, 11], +1.0 ± 15.5: not kept.
inline constexpr double kInstabilityMin = 0.6;
inline constexpr double kInstabilityMax = 2.5;
// Time: the soft limit is scaled by kNodeShareBase - kNodeShareSlope * the
// best move's share of the nodes (1 at 70%; within [0.5, 1.75]).
inline constexpr double kNodeShareBase = 2.05;
inline constexpr double kNodeShareSlope = 1.5;
// Time: the soft limit is scaled by 1 + the fall of the best score since the
// previous search over the game's falling_score_span, within these bounds.
inline constexpr double kFallingScoreMin = 0.8;
inline constexpr double kFallingScoreMax = 2.0;
// That factor for a best score that went from `before` to `now`.
constexpr double falling_score_scale(Score before, Score now, Score span) {
    const double fall = static_cast<double>(before - now) / static_cast<double>(span);
    return std::clamp(1.0 + fall, kFallingScoreMin, kFallingScoreMax);
}

// Skill levels: how far below the best move a weakened player's pick may
// score, per level below full strength (level 0: three pawns in chess).
inline constexpr int kSkillSpreadPerLevel = 15;
// ... and from this lead on (mates included) it plays its best move.
inline constexpr Score kSkillDecisive = 400;

inline constexpr int kDeferMinDepth = 3;  // shallower subtrees are cheaper to repeat than to share

inline constexpr int kHistoryMax = 16384;
// A cutoff at depth d moves its entries by min(kHistoryBonusScale * d * d,
// kHistoryBonusMax), minus gravity. Against 1 * min(d * d, 400), which left
// the history too small to move reductions: +4.2 Elo ± 13.7 at 10k nodes
// (1,571 games), +20.5 ± 28.4 at 60k nodes (254 games; with correction
// history, +53.4 ± 25.5). 32 * min(d * d, 400): -3.5 ± 22.6 at 10k nodes.
inline constexpr int kHistoryBonusScale = 32;
inline constexpr int kHistoryBonusMax = 2048;
// History pruning: a plain quiet move this close to the horizon whose history
// is below -kHistoryPruningPerPly * depth is not searched (2048 per ply
// measured with the bonus at 32: -3.2 Elo ± 29.6, 217 games at 10k nodes).
inline constexpr int kHistoryPruningDepth = 3;
inline constexpr int kHistoryPruningPerPly = kHistoryBonusScale * 64;

}  // namespace ply::engine::param
