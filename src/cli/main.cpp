// `ply`: the command-line front end. With no arguments it speaks UCI, as chess
// GUIs expect; otherwise the first argument names a subcommand.
#include <iostream>

#include "cli/commands.hpp"
#include "uci/uci.hpp"

int main(int argc, char** argv) {
    if (argc == 1) return ply::uci::run(std::cin, std::cout);

    CLI::App app{"Ply: game-tree search for chess, minichess, Connect Four, tic-tac-toe and explicit trees",
                 "ply"};
    app.require_subcommand(1);
    ply::cli::add_tree_command(app);
    ply::cli::add_search_command(app);
    ply::cli::add_solve_command(app);
    ply::cli::add_play_command(app);
    ply::cli::add_perft_command(app);
    ply::cli::add_uci_command(app);
    ply::cli::add_xboard_command(app);
    ply::cli::add_match_command(app);
    ply::cli::add_analyse_command(app);
    ply::cli::add_tactics_command(app);
    ply::cli::add_compare_command(app);
    ply::cli::add_moves_command(app);
    ply::cli::add_imcs_command(app);
    ply::cli::add_book_command(app);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::RuntimeError& e) {
        return e.get_exit_code();
    } catch (const CLI::ParseError& e) {
        // One line saying what is wrong, then how to use the command.
        std::cerr << "ply: " << e.what() << "\n";
        const CLI::App* failing = &app;
        for (const CLI::App* sub : app.get_subcommands()) failing = sub;
        std::cerr << failing->help("", CLI::AppFormatMode::Normal);
        return ply::cli::kUsageError;
    }
    return 0;
}
