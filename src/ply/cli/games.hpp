// The built-in games for the commands not yet reached through the Registry
// (solve, analyse): to go once they are.
#pragma once

#include <string>
#include <string_view>

#include <ply/core/describe.hpp>
#include <ply/registry/builtin_games.hpp>

namespace ply::cli {

// Solvable games of bounded length are solved by the production engine
// (null-window probes over the values that can occur); the others by the
// classic exhaustive solver.
template <class G>
concept EngineSolvable = describe::solvable<G>() && BoundedLengthGame<G> && HashedGame<G>;

inline const std::string kGameNames = registry::BuiltinGames::names();

template <class F>
bool with_game(std::string_view name, F&& f) {
    return registry::BuiltinGames::with(name, std::forward<F>(f));
}

}  // namespace ply::cli
