// `ply uci`: speak UCI on stdin/stdout (also what `ply` does with no arguments),
// for the first built-in game that can.
#include <ply/uci/uci.hpp>

#include <iostream>

#include <ply/cli/commands.hpp>
#include <ply/registry/builtin_games.hpp>
#include <ply/xboard/xboard.hpp>

namespace ply::cli {

int speak_uci(std::istream& in, std::ostream& out) {
    bool spoken = false;
    int code = 0;
    registry::BuiltinGames::for_each([&]<class G>(std::type_identity<G>) {
        if constexpr (uci::UciGame<G>) {
            if (!spoken) {
                // A GUI that speaks xboard says so first: the xboard front end takes the rest.
                uci::Handover to_xboard;
                if constexpr (xboard::XboardGame<G>)
                    to_xboard = [](std::istream& i, std::ostream& o) { return xboard::run_xboard<G>(i, o); };
                code = uci::run_uci<G>(in, out, to_xboard);
            }
            spoken = true;
        }
    });
    return code;
}

void add_uci_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("uci", "Speak UCI on stdin/stdout (the chess engine)");
    cmd->callback([] {
        const int code = speak_uci(std::cin, std::cout);
        if (code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace ply::cli
