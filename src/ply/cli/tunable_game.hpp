// The game `ply datagen`, `ply relabel` and `ply tune` work on: the first
// built-in one whose evaluation can be tuned (core/tuning.hpp), chess. A
// ParseError from the work ends the command in one line (input_error).
#pragma once

#include <type_traits>

#include <ply/cli/errors.hpp>
#include <ply/core/error.hpp>
#include <ply/core/tuning.hpp>
#include <ply/registry/builtin_games.hpp>

namespace ply::cli {

// Calls run.template operator()<G>() for that game G.
template <class F>
void run_for_tunable_game(const CLI::App& command, F&& run) {
    bool ran = false;
    registry::BuiltinGames::for_each([&]<class G>(std::type_identity<G>) {
        if constexpr (TunableGame<G>) {
            if (ran) return;
            ran = true;
            try {
                run.template operator()<G>();
            } catch (const ParseError& e) {
                input_error(command, e.what());
            }
        }
    });
    if (!ran) input_error(command, "no game here has tunable weights");
}

}  // namespace ply::cli
