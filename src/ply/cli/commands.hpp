// The subcommands of `ply`, one file each. Every add_* attaches a subcommand
// to the application; its callback throws CLI::RuntimeError(code) to fail.
#pragma once

#include <cmath>
#include <iosfwd>
#include <string>

#include <CLI/CLI.hpp>

#include <ply/cli/errors.hpp>

namespace ply::cli {

// The longest --time a command takes, far beyond any real use, while
// deadlines stay representable: a day for a move or a position, a year for
// a whole job (solve, match, book).
inline constexpr double kMaxMoveSeconds = 86400;
inline constexpr double kMaxJobSeconds = 365 * kMaxMoveSeconds;

// A real number in [low, high]. CLI::Range alone lets "nan" through (every
// comparison with it is false), and a NaN time limit is no limit at all.
inline CLI::Validator finite_range(double low, double high) {
    const CLI::Validator finite(
        [](std::string& text) -> std::string {
            double v = 0;
            if (CLI::detail::lexical_cast(text, v) && std::isfinite(v)) return {};
            return "Value " + text + " is not a finite number";
        },
        "FINITE");
    return CLI::Range(low, high) & finite;
}

class Registry;

void add_tree_command(CLI::App& app, const Registry& games);
void add_search_command(CLI::App& app, const Registry& games);
void add_solve_command(CLI::App& app, const Registry& games);
void add_play_command(CLI::App& app, const Registry& games);
void add_perft_command(CLI::App& app, const Registry& games);
void add_uci_command(CLI::App& app);
// Speaks UCI for the first built-in game that can (`ply uci`, plain `ply`);
// `xboard` as the first command switches protocol. Returns the exit code.
int speak_uci(std::istream& in, std::ostream& out);
void add_xboard_command(CLI::App& app);
void add_gtp_command(CLI::App& app);
void add_match_command(CLI::App& app, const Registry& games);
void add_analyse_command(CLI::App& app, const Registry& games);
void add_tactics_command(CLI::App& app);
void add_datagen_command(CLI::App& app);
void add_tune_command(CLI::App& app);
void add_relabel_command(CLI::App& app);
void add_compare_command(CLI::App& app, const Registry& games);
void add_moves_command(CLI::App& app, const Registry& games);
void add_imcs_command(CLI::App& app);
void add_book_command(CLI::App& app, const Registry& games);
void add_egtb_command(CLI::App& app, const Registry& games);
void add_matrix_command(CLI::App& app, const Registry& games);
void add_saddle_command(CLI::App& app);
void add_serve_command(CLI::App& app, const Registry& games);
void add_patterns_command(CLI::App& app);

}  // namespace ply::cli
