// The built-in games for the commands not yet reached through the Registry
// (solve, analyse): to go once they are.
#pragma once

#include <string>
#include <string_view>

#include <ply/core/describe.hpp>
#include <ply/registry/builtin_games.hpp>
#include <ply/search/solve/solver.hpp>

namespace ply::cli {

// Solvable games the solver takes with null-window probes over the values
// that can occur (solve::Method::Probes: bounded length, hashed): they
// answer --weak, --threads and --book, and `analyse` values every move.
template <class G>
concept ProbeSolvable = describe::solvable<G>() && solve::kDefaultMethod<G> == solve::Method::Probes;

inline const std::string kGameNames = registry::BuiltinGames::names();

template <class F>
bool with_game(std::string_view name, F&& f) {
    return registry::BuiltinGames::with(name, std::forward<F>(f));
}

}  // namespace ply::cli
