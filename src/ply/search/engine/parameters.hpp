// Every margin and constant of the production search, in one place so that
// the search reads like prose and a tuner finds them all. Units are the
// game's evaluation units (centipawns in chess).
#pragma once

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

// Time: the moves a clock without moves-to-go is shared out over.
inline constexpr int kMovesToGoSuddenDeath = 30;

// Skill levels: how far below the best move a weakened player's pick may
// score, per level below full strength (level 0: three pawns in chess).
inline constexpr int kSkillSpreadPerLevel = 15;
// ... and from this lead on (mates included) it plays its best move.
inline constexpr Score kSkillDecisive = 400;

inline constexpr Score kAspirationDelta = 20;  // first half-width of the window
inline constexpr int kAspirationMinDepth = 4;

inline constexpr int kReverseFutilityDepth = 8;
inline constexpr Score kReverseFutilityMargin = 80;  // per ply of depth

inline constexpr int kRazoringDepth = 3;
inline constexpr Score kRazoringMargin = 250;  // per ply of depth

inline constexpr int kIirMinDepth = 4;  // no hash move this deep: search one ply less

inline constexpr int kNullMoveMinDepth = 3;
inline constexpr int kNullMoveBaseReduction = 3;
inline constexpr int kNullMoveDepthDivisor = 4;  // R grows by one every 4 plies

inline constexpr int kFutilityDepth = 6;
inline constexpr Score kFutilityBase = 90;
inline constexpr Score kFutilityPerPly = 90;

inline constexpr int kLateMovePruningDepth = 8;  // quiet moves tried before pruning: 3 + d*d
inline constexpr int kSeePruningDepth = 8;
inline constexpr Score kSeeQuietMargin = -60;      // per ply
inline constexpr Score kSeeTacticalMargin = -100;  // per ply

inline constexpr int kDeferMinDepth = 3;  // shallower subtrees are cheaper to repeat than to share

inline constexpr int kLmrMinDepth = 3;
inline constexpr double kLmrBase = 0.75;
inline constexpr double kLmrDivisor = 2.25;

inline constexpr Score kDeltaMargin = 200;  // quiescence: hopeless captures are skipped

inline constexpr int kHistoryMax = 16384;

}  // namespace ply::engine::param
