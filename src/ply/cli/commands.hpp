// The subcommands of `ply`, one file each. Every add_* attaches a subcommand
// to the application; its callback throws CLI::RuntimeError(code) to fail.
#pragma once

#include <iosfwd>

#include <CLI/CLI.hpp>

namespace ply::cli {

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
void add_match_command(CLI::App& app, const Registry& games);
void add_analyse_command(CLI::App& app, const Registry& games);
void add_tactics_command(CLI::App& app);
void add_compare_command(CLI::App& app, const Registry& games);
void add_moves_command(CLI::App& app, const Registry& games);
void add_imcs_command(CLI::App& app);
void add_book_command(CLI::App& app, const Registry& games);

// Exit code for bad usage: unknown game, algorithm, option or argument.
inline constexpr int kUsageError = 2;

// Exit code for input that names a game correctly but is itself wrong.
inline constexpr int kInputError = 1;

// "ply imcs offer": the command as the user typed it.
std::string command_name(const CLI::App& command);
// "ply <command>: <message>; see 'ply <command> --help'" on one line, exit 2.
[[noreturn]] void usage_error(const CLI::App& command, const std::string& message);
// "ply <command>: <message>" on one line, exit 1.
[[noreturn]] void input_error(const CLI::App& command, const std::string& message);

}  // namespace ply::cli
