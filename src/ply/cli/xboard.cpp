// `ply xboard`: speak xboard / CECP version 2 on stdin/stdout (the chess engine).
#include <ply/xboard/xboard.hpp>

#include <iostream>

#include <ply/cli/commands.hpp>

namespace ply::cli {

void add_xboard_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("xboard", "Speak xboard / CECP version 2 on stdin/stdout (the chess engine)");
    cmd->callback([] {
        const int code = ply::xboard::run(std::cin, std::cout);
        if (code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace ply::cli
