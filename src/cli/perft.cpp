// Placeholder until chess rules land.
#include "cli/commands.hpp"

namespace ply::cli {
void add_perft_command(CLI::App& app) { app.add_subcommand("perft", "Count chess move paths (not built yet)"); }
void add_uci_command(CLI::App& app) { app.add_subcommand("uci", "Speak UCI on stdin/stdout"); }
}  // namespace ply::cli
