// The whole `ply` command line, with Domineering beside Ply's own games: play,
// search (with --trace and --draw), analyse, solve, compare and match all take
// `domineering`, from one registration line.
#include <ply/cli/register_game.hpp>

#include "domineering.hpp"

int main(int argc, char** argv) {
    ply::cli::Registry games = ply::cli::builtin_games();
    games.add<example::Domineering<5, 5>>();
    return ply::cli::run(argc, argv, games);
}
