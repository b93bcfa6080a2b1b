// Chess's margins and reductions for the production search, in centipawns
// (the defaults of SearchParameters were tuned for these; chess spells each
// one out so that it keeps them whatever the defaults become). Any change
// here changes the bench signature. The values tried instead are in
// docs/chess-search.md.
#pragma once

#include <ply/core/search_parameters.hpp>

namespace ply::chess {

inline constexpr SearchParameters kSearchParameters{
    .aspiration_delta = 20,
    .aspiration_widen = 5,
    .aspiration_min_depth = 4,
    .reverse_futility_depth = 8,
    .reverse_futility_margin = 80,
    .razoring_depth = 3,
    .razoring_margin = 250,
    .iir_min_depth = 4,
    .null_move_min_depth = 3,
    .null_move_base_reduction = 3,
    .null_move_depth_divisor = 4,
    .futility_depth = 8,  // with step 14's counts (pruning.hpp)
    .futility_base = 90,
    .futility_per_ply = 90,
    .late_move_pruning_depth = 8,
    .late_move_count_base = 40,
    .late_move_count_per_ply_squared = 7,
    .late_move_count_divisor = 10,
    .declining_move_count_base = 16,
    .declining_move_count_per_ply_squared = 3,
    .declining_move_count_divisor = 8,
    .see_pruning_depth = 8,
    .see_quiet_margin = -60,
    .see_tactical_margin = -20,
    .lmr_min_depth = 3,
    .lmr_base = 0.75,
    .lmr_divisor = 2.25,
    .lmr_full_depth_moves = 2,
    .lmr_history_divisor = 8192,
    .delta_margin = 200,
    .singular_min_depth = 8,
    .singular_margin = 2,
    .singular_entry_depth = 3,
};

}  // namespace ply::chess
