#include <ply/cli/play.hpp>

#include <memory>

#include <ply/cli/commands.hpp>
#include <ply/cli/registry.hpp>

namespace ply::cli {

void add_play_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<PlayOptions>();
    auto* cmd = app.add_subcommand("play", "Play a game against the engine in the terminal");
    cmd->add_option("game", opts->game, "Game: " + games.names())->required();
    add_position_option(*cmd, opts->position);
    cmd->add_option("--load", opts->load,
                    "Go on from the first game of this PGN or PDN file (as save writes it), on the side to move");
    auto* depth =
        cmd->add_option("--depth,-d", opts->depth, "Engine search depth in plies")->check(CLI::Range(1, kMaxPly - 1));
    cmd->add_option("--time,-t", opts->seconds, "Engine thinking time per move in seconds (chess: 1 by default)")
        ->check(finite_range(0.001, kMaxMoveSeconds))
        ->excludes(depth);
    cmd->add_option("--first", opts->first, "Who moves first")->check(CLI::IsMember({"human", "engine"}));
    cmd->add_option("--algo", opts->algo, "engine (alpha-beta) or mcts (Monte Carlo; Go's default)")
        ->check(CLI::IsMember({"engine", "mcts"}));
    cmd->add_option("--egtb", opts->egtb, "chess, checkers: a folder of endgame tables (`ply egtb build`)");
    cmd->add_flag("--info", opts->info, "Show the engine's search lines from the start (the info command toggles)");
    cmd->callback([cmd, opts, &games] { game_named(*cmd, games, opts->game).play(*cmd, *opts); });
}

}  // namespace ply::cli
