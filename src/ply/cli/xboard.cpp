// `ply xboard`: speak xboard / CECP version 2 on stdin/stdout, for the first
// built-in game that can.
#include <ply/xboard/xboard.hpp>

#include <iostream>

#include <ply/cli/commands.hpp>
#include <ply/registry/builtin_games.hpp>

namespace ply::cli {

void add_xboard_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("xboard", "Speak xboard / CECP version 2 on stdin/stdout (the chess engine)");
    cmd->callback([] {
        bool spoken = false;
        int code = 0;
        registry::BuiltinGames::for_each([&]<class G>(std::type_identity<G>) {
            if constexpr (xboard::XboardGame<G>) {
                if (!spoken) code = xboard::run_xboard<G>(std::cin, std::cout);
                spoken = true;
            }
        });
        if (code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace ply::cli
