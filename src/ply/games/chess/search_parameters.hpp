// Chess's margins and reductions for the production search, in centipawns
// (the defaults of SearchParameters were tuned for these; chess spells each
// one out so that it keeps them whatever the defaults become). Any change
// here changes the bench signature.
#pragma once

#include <ply/core/search_parameters.hpp>

namespace ply::chess {

inline constexpr SearchParameters kSearchParameters{
    .aspiration_delta = 20,
    .aspiration_widen = 5,
    .aspiration_min_depth = 4,
    .reverse_futility_depth = 8,
    // 64: +16.8 Elo ± 15.5, 910 games at 60k nodes, pentanomial [21, 101,
    // 173, 131, 28], SPRT [0, 10] undecided (LLR 1.91), stopped; then +5.9 ±
    // 24.2 in 354 more and +2.5 ± 15.9 in 818 more on other openings; pooled
    // +9.3 ± 10.1 in 2,082, pentanomial [50, 236, 426, 266, 63], LLR 1.64.
    .reverse_futility_margin = 80,
    .razoring_depth = 3,
    .razoring_margin = 250,
    // 7 (Ethereal's): +12.8 Elo ± 22.1, 436 games at 60k nodes over two runs
    // (+29.2 ± 26.8 in 310, -27.6 ± 38.0 in 126), SPRT [0, 10] undecided.
    .iir_min_depth = 4,
    .null_move_min_depth = 3,
    .null_move_base_reduction = 3,  // 4: -9.7 Elo ± 38.1, 180 games at 10k nodes
    .null_move_depth_divisor = 4,
    .futility_depth = 8,  // with step 14's counts, +12.2 Elo ± 9.7 over 6 (worker.hpp)
    .futility_base = 90,
    .futility_per_ply = 90,
    .late_move_pruning_depth = 8,
    .see_pruning_depth = 8,
    .see_quiet_margin = -60,
    .see_tactical_margin = -20,
    .lmr_min_depth = 3,
    .lmr_base = 0.75,
    .lmr_divisor = 2.25,
    .delta_margin = 200,
    .singular_min_depth = 8,
    .singular_margin = 2,
    .falling_score_span = 100,
};

}  // namespace ply::chess
