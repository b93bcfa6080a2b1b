// Loading the position a command starts from.
#pragma once

#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "cli/games.hpp"
#include "core/error.hpp"

namespace ply::cli {

// Exit code for input that names a game correctly but is itself wrong.
inline constexpr int kInputError = 1;

[[noreturn]] inline void input_error(const CLI::App& command, const std::string& message) {
    std::cerr << "ply " << command.get_name() << ": " << message << "\n";
    throw CLI::RuntimeError(kInputError);
}

template <NotatedGame G>
G load_position(const CLI::App& command, const std::optional<std::string>& position) {
    if (!position && std::is_same_v<G, tree::TreeGame>)
        usage_error(command, "the tree game needs --position \"<tree>\", e.g. \"((3 5) (2 9))\"");
    if (!position && std::is_same_v<G, uniform::UniformTree>)
        usage_error(command, "the uniform game needs --position \"b=B,d=D[,seed=S,order=best|random|worst]\"");
    try {
        return G::from_position(position ? std::string_view(*position) : GameInfo<G>::start);
    } catch (const ParseError& e) {
        input_error(command, e.what());
    }
}

}  // namespace ply::cli
