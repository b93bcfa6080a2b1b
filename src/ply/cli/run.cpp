// The `ply` command line over a registry of games. With no arguments it speaks
// UCI, as chess GUIs expect; otherwise the first argument names a subcommand.
#include <unistd.h>

#include <iostream>
#include <new>

#include <ply/cli/commands.hpp>
#include <ply/cli/registry.hpp>
#include <ply/core/error.hpp>
#include <ply/core/version.hpp>

namespace ply::cli {

namespace {

// "ply imcs offer": the deepest subcommand on the command line, for messages.
std::string failing_command(const CLI::App& app) {
    const CLI::App* at = &app;
    while (!at->get_subcommands().empty()) at = at->get_subcommands().back();
    return command_name(*at);
}

}  // namespace

int run(int argc, char** argv, const Registry& games) {
    const std::string version = "Ply " + std::string(ply::kVersion);
    if (argc == 1) {
        // Other engines greet a person at a terminal the same way; GUIs ignore it.
        if (isatty(STDIN_FILENO)) std::cout << version << " by the Ply developers (UCI; 'quit' to leave)" << std::endl;
        return speak_uci(std::cin, std::cout);
    }

    CLI::App app{"Ply: game-tree search for " + games.names(), "ply"};
    app.set_version_flag("--version", version);
    app.require_subcommand(1);
    add_tree_command(app, games);
    add_search_command(app, games);
    add_solve_command(app, games);
    add_play_command(app, games);
    add_perft_command(app, games);
    add_uci_command(app);
    add_xboard_command(app);
    add_gtp_command(app);
    add_match_command(app, games);
    add_analyse_command(app, games);
    add_tactics_command(app);
    add_datagen_command(app);
    add_relabel_command(app);
    add_tune_command(app);
    add_compare_command(app, games);
    add_moves_command(app, games);
    add_imcs_command(app);
    add_book_command(app, games);
    add_egtb_command(app, games);
    add_matrix_command(app, games);
    add_saddle_command(app);
    add_serve_command(app, games);
    add_patterns_command(app);

    try {
        app.parse(argc, argv);
    } catch (const CLI::RuntimeError& e) {
        return e.get_exit_code();  // the command has said what went wrong
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
        if (argc > 1 && app.get_subcommands().empty() && argv[1][0] != '-') {
            std::cerr << "ply: unknown command '" << clip(argv[1]) << "'; see 'ply --help'\n";
            return kUsageError;
        }
        const std::string command = failing_command(app);
        std::cerr << command << ": " << error_line(e.what()) << "; see '" << command << " --help'\n";
        return kUsageError;
    } catch (const std::bad_alloc&) {
        std::cerr << failing_command(app) << ": not enough memory\n";
        return 1;
    } catch (const std::exception& e) {
        // Input the command could not use (a table too big for memory, a
        // file that cannot be read): one line, exit 1.
        std::cerr << failing_command(app) << ": " << error_line(e.what()) << "\n";
        return 1;
    }
    return 0;
}

}  // namespace ply::cli
