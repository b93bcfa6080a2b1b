// The margins and reductions of the production search, as one value a game
// may own (see SearchParametersGame and EvalUnitGame in game.hpp).
//
// It lives in core, not in search, so that a game can state its own set
// without depending on the search (arrows point down only): it is
// vocabulary shared by both sides, as Score is. The search reads it in
// search/engine/parameters.hpp.
//
// Margins are in the game's evaluation units. The defaults are the values
// tuned for chess, whose evaluation counts 100 for a pawn; scaled_to()
// carries them to another scale. Depths and move counts do not scale.
#pragma once

#include <string_view>

#include <ply/core/score.hpp>

namespace ply {

struct SearchParameters {
    // The unit the margins below are written for: the value of a pawn-like
    // unit of the evaluation (a pawn in chess).
    static constexpr Score kReferenceUnit = 100;

    Score aspiration_delta = 20;  // the first half-width of the window around the last score
    Score aspiration_widen = 5;   // after a fail, the half-width grows by half plus this
    int aspiration_min_depth = 4;

    int reverse_futility_depth = 8;
    Score reverse_futility_margin = 80;  // per ply of depth

    int razoring_depth = 3;
    Score razoring_margin = 250;  // per ply of depth

    int iir_min_depth = 4;  // no hash move this deep: search one ply less

    int null_move_min_depth = 3;
    int null_move_base_reduction = 3;
    int null_move_depth_divisor = 4;  // R grows by one every this many plies

    int futility_depth = 8;
    Score futility_base = 90;
    Score futility_per_ply = 90;

    int late_move_pruning_depth = 8;
    // Quiet moves tried before the rest are pruned: (base + per_ply_squared * d * d) / divisor, fewer where the
    // evaluation declines.
    int late_move_count_base = 40;
    int late_move_count_per_ply_squared = 7;
    int late_move_count_divisor = 10;
    int declining_move_count_base = 16;
    int declining_move_count_per_ply_squared = 3;
    int declining_move_count_divisor = 8;
    int see_pruning_depth = 8;
    Score see_quiet_margin = -60;     // per ply
    Score see_tactical_margin = -20;  // per ply squared: deeper, a capture may lose more

    int lmr_min_depth = 3;
    double lmr_base = 0.75;
    double lmr_divisor = 2.25;
    int lmr_full_depth_moves = 2;    // the first moves are never reduced
    int lmr_history_divisor = 8192;  // a ply less (more) for every this much history above (below) 0

    Score delta_margin = 200;  // quiescence: captures this far below alpha are skipped

    int singular_min_depth = 8;    // the table's move is tested for being the only good one from here
    Score singular_margin = 2;     // per ply: how far below the table's score the others must stay
    int singular_entry_depth = 3;  // the table's entry at most this much shallower than the node

    // The defaults with every margin carried from kReferenceUnit to `unit`
    // (rounded to nearest; a margin never rounds to nothing).
    static constexpr SearchParameters scaled_to(Score unit) {
        const auto scale = [unit](Score margin) {
            const Score s = (margin * unit + (margin < 0 ? -kReferenceUnit : kReferenceUnit) / 2) / kReferenceUnit;
            return s != 0 ? s : margin < 0 ? -1 : 1;
        };
        SearchParameters p;
        p.aspiration_delta = scale(p.aspiration_delta);
        p.aspiration_widen = scale(p.aspiration_widen);
        p.reverse_futility_margin = scale(p.reverse_futility_margin);
        p.razoring_margin = scale(p.razoring_margin);
        p.futility_base = scale(p.futility_base);
        p.futility_per_ply = scale(p.futility_per_ply);
        p.see_quiet_margin = scale(p.see_quiet_margin);
        p.see_tactical_margin = scale(p.see_tactical_margin);
        p.delta_margin = scale(p.delta_margin);
        p.singular_margin = scale(p.singular_margin);
        return p;
    }

    // What the search divides by is positive.
    [[nodiscard]] constexpr bool divisors_positive() const {
        return null_move_depth_divisor > 0 && lmr_divisor > 0 && lmr_history_divisor > 0 &&
               late_move_count_divisor > 0 && declining_move_count_divisor > 0;
    }

    friend constexpr bool operator==(const SearchParameters&, const SearchParameters&) = default;
};

// Each parameter by its name in the struct, for command lines (the arena's
// param.NAME=VALUE) and tests: an integer (Score is one) or a real.
struct SearchParameterName {
    const char* name;
    int SearchParameters::*integer = nullptr;
    double SearchParameters::*real = nullptr;
};
inline constexpr SearchParameterName kSearchParameterNames[] = {
    {"aspiration_delta", &SearchParameters::aspiration_delta},
    {"aspiration_widen", &SearchParameters::aspiration_widen},
    {"aspiration_min_depth", &SearchParameters::aspiration_min_depth},
    {"reverse_futility_depth", &SearchParameters::reverse_futility_depth},
    {"reverse_futility_margin", &SearchParameters::reverse_futility_margin},
    {"razoring_depth", &SearchParameters::razoring_depth},
    {"razoring_margin", &SearchParameters::razoring_margin},
    {"iir_min_depth", &SearchParameters::iir_min_depth},
    {"null_move_min_depth", &SearchParameters::null_move_min_depth},
    {"null_move_base_reduction", &SearchParameters::null_move_base_reduction},
    {"null_move_depth_divisor", &SearchParameters::null_move_depth_divisor},
    {"futility_depth", &SearchParameters::futility_depth},
    {"futility_base", &SearchParameters::futility_base},
    {"futility_per_ply", &SearchParameters::futility_per_ply},
    {"late_move_pruning_depth", &SearchParameters::late_move_pruning_depth},
    {"late_move_count_base", &SearchParameters::late_move_count_base},
    {"late_move_count_per_ply_squared", &SearchParameters::late_move_count_per_ply_squared},
    {"late_move_count_divisor", &SearchParameters::late_move_count_divisor},
    {"declining_move_count_base", &SearchParameters::declining_move_count_base},
    {"declining_move_count_per_ply_squared", &SearchParameters::declining_move_count_per_ply_squared},
    {"declining_move_count_divisor", &SearchParameters::declining_move_count_divisor},
    {"see_pruning_depth", &SearchParameters::see_pruning_depth},
    {"see_quiet_margin", &SearchParameters::see_quiet_margin},
    {"see_tactical_margin", &SearchParameters::see_tactical_margin},
    {"lmr_min_depth", &SearchParameters::lmr_min_depth},
    {"lmr_base", nullptr, &SearchParameters::lmr_base},
    {"lmr_divisor", nullptr, &SearchParameters::lmr_divisor},
    {"lmr_full_depth_moves", &SearchParameters::lmr_full_depth_moves},
    {"lmr_history_divisor", &SearchParameters::lmr_history_divisor},
    {"delta_margin", &SearchParameters::delta_margin},
    {"singular_min_depth", &SearchParameters::singular_min_depth},
    {"singular_margin", &SearchParameters::singular_margin},
    {"singular_entry_depth", &SearchParameters::singular_entry_depth},
};

// The parameter of that name, or nullptr.
constexpr const SearchParameterName* search_parameter(std::string_view name) {
    for (const SearchParameterName& p : kSearchParameterNames)
        if (name == p.name) return &p;
    return nullptr;
}

}  // namespace ply
