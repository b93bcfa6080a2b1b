// The game `ply datagen`, `ply relabel` and `ply tune` work on: the one
// named by their --game, among the built-in games whose evaluation can be
// tuned (core/tuning.hpp: chess, checkers). A ParseError from the work ends
// the command in one line (input_error).
#pragma once

#include <string>
#include <type_traits>

#include <ply/cli/errors.hpp>
#include <ply/core/error.hpp>
#include <ply/core/tuning.hpp>
#include <ply/registry/builtin_games.hpp>

namespace ply::cli {

inline constexpr const char* kDefaultTunableGame = "chess";

// The games --game accepts, as "chess, checkers".
inline std::string tunable_game_names() {
    std::string names;
    registry::BuiltinGames::for_each([&]<class G>(std::type_identity<G>) {
        if constexpr (TunableGame<G>) names += (names.empty() ? "" : ", ") + std::string(G::name);
    });
    return names;
}

// Adds --game to `command`, read into `game`.
inline void add_tunable_game_option(CLI::App& command, std::string& game) {
    command.add_option("--game", game, "The game whose weights: " + tunable_game_names())->capture_default_str();
}

// Calls run.template operator()<G>() for the tunable game named `game`.
template <class F>
void run_for_tunable_game(const CLI::App& command, const std::string& game, F&& run) {
    bool ran = false;
    registry::BuiltinGames::for_each([&]<class G>(std::type_identity<G>) {
        if constexpr (TunableGame<G>) {
            if (ran || G::name != game) return;
            ran = true;
            try {
                run.template operator()<G>();
            } catch (const ParseError& e) {
                input_error(command, e.what());
            }
        }
    });
    if (!ran) input_error(command, "no tunable game '" + clip(game) + "' (tunable: " + tunable_game_names() + ")");
}

}  // namespace ply::cli
