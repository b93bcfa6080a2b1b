// `ply`: the command line over Ply's own games.
#include <ply/cli/registry.hpp>

int main(int argc, char** argv) { return ply::cli::run(argc, argv, ply::cli::builtin_games()); }
