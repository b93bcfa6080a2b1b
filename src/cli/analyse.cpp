// `ply analyse`: placeholder, being written.
#include "cli/commands.hpp"

namespace ply::cli {

void add_analyse_command(CLI::App& app) { app.add_subcommand("analyse", "(not yet available)"); }

}  // namespace ply::cli
