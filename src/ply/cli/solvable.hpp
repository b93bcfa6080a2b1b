// Which games the solving commands take, and how.
#pragma once

#include <ply/core/describe.hpp>
#include <ply/search/solve/solver.hpp>

namespace ply::cli {

// Solvable games the solver takes with null-window probes over the values
// that can occur (solve::Method::Probes: bounded length, hashed): they
// answer --weak, --threads and --book, and `analyse` values every move.
template <class G>
concept ProbeSolvable = describe::solvable<G>() && solve::kDefaultMethod<G>
== solve::Method::Probes;

}  // namespace ply::cli
