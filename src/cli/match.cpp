// Placeholder until the arena lands.
#include "cli/commands.hpp"

namespace ply::cli {
void add_match_command(CLI::App& app) { app.add_subcommand("match", "Play matches between engines (not built yet)"); }
}  // namespace ply::cli
