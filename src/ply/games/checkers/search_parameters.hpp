// Checkers' margins and reductions for the production search, in its
// evaluation's units (about 100 a man: Checkers::eval_unit). The defaults,
// chess's scaled to that unit, but for those set below: each passed an SPRT
// at a fixed node budget against the value before it. docs/checkers.md ("The
// engine") has the matches, and the values tried that did not pass.
#pragma once

#include <ply/core/search_parameters.hpp>

namespace ply::checkers {

inline constexpr SearchParameters kSearchParameters = [] {
    SearchParameters p = SearchParameters::scaled_to(100);
    // A quiet move moves checkers' evaluation less than chess's (its terms
    // are a few points a man, material aside): the futility margins shrink.
    p.reverse_futility_margin = 50;
    p.futility_base = 50;
    p.futility_per_ply = 50;
    // Below alpha by more than a man a ply, only a capture could
    // help: quiescence decides.
    p.razoring_margin = 100;
    return p;
}();

}  // namespace ply::checkers
