// `ply tactics`: placeholder, being written.
#include "cli/commands.hpp"

namespace ply::cli {

void add_tactics_command(CLI::App& app) { app.add_subcommand("tactics", "(not yet available)"); }

}  // namespace ply::cli
