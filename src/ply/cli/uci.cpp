// `ply uci`: speak UCI on stdin/stdout (also what `ply` does with no arguments).
#include <ply/uci/uci.hpp>

#include <iostream>

#include <ply/cli/commands.hpp>

namespace ply::cli {

void add_uci_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("uci", "Speak UCI on stdin/stdout (the chess engine)");
    cmd->callback([] {
        const int code = ply::uci::run(std::cin, std::cout);
        if (code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace ply::cli
