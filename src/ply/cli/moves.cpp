#include <ply/cli/moves.hpp>

#include <memory>

#include <ply/cli/commands.hpp>
#include <ply/cli/registry.hpp>

namespace ply::cli {

void add_moves_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<MovesOptions>();
    auto* cmd = app.add_subcommand("moves", "List the legal moves of a position, sorted, one per line");
    cmd->add_option("game", opts->game, "Game: " + games.names())->required();
    add_position_option(*cmd, opts->position);
    cmd->add_flag("--json", opts->json, "Print one JSON object: the position and its moves");
    cmd->callback([cmd, opts, &games] { game_named(*cmd, games, opts->game).moves(*cmd, *opts); });
}

}  // namespace ply::cli
