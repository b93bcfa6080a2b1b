// The production search's parameters: the margins and reductions each game
// owns (parameters_of, from core/search_parameters.hpp; chess's are in
// games/chess/search_parameters.hpp), and below them the constants that do
// not depend on the game (skill, threads, history). Units are the
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

// Time management's constants are in search/time_manager.hpp.

// Skill levels: how far below the best move a weakened player's pick may
// score, per level below full strength (level 0: three pawns in chess).
inline constexpr int kSkillSpreadPerLevel = 15;
// ... and from this lead on (mates included) it plays its best move.
inline constexpr Score kSkillDecisive = 400;

// Extensions: the principal variation extends to at most this many times the
// iteration's depth, other lines not beyond it.
inline constexpr int kPvExtensionFactor = 2;

inline constexpr int kHistoryMax = 16384;
// A cutoff at depth d moves its entries by min(kHistoryBonusScale * d * d,
// kHistoryBonusMax), minus gravity. Against 1 * min(d * d, 400), which left
// the history too small to move reductions: +4.2 Elo ± 13.7 at 10k nodes
// (1,571 games), +20.5 ± 28.4 at 60k nodes (254 games; with correction
// history, +53.4 ± 25.5). 32 * min(d * d, 400): -3.5 ± 22.6 at 10k nodes.
inline constexpr int kHistoryBonusScale = 32;
inline constexpr int kHistoryBonusMax = 2048;

}  // namespace ply::engine::param
