#include <ply/cli/search.hpp>

#include <memory>

#include <ply/cli/registry.hpp>

namespace ply::cli {

void add_search_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<SearchOptions>();
    auto* cmd = app.add_subcommand("search", "Search a position of a game to a fixed depth");
    cmd->add_option("game", opts->game, "Game: " + games.names())->required();
    add_position_option(*cmd, opts->position);
    cmd->add_option("--algo", opts->algo, "Search algorithm")->check(CLI::IsMember(kAlgorithms));
    cmd->add_option("--depth,-d", opts->depth, "Depth in plies")->check(CLI::Range(0, kMaxPly - 1));
    cmd->add_flag("--json", opts->json, "Print one JSON object");
    opts->watch.add_to(*cmd);
    cmd->callback([cmd, opts, &games] { game_named(*cmd, games, opts->game).search(*cmd, *opts); });
}

}  // namespace ply::cli
