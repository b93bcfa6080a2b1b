// `ply search <game>`: a depth-limited search with one of the classic algorithms.
#include <memory>

#include <ply/cli/algorithms.hpp>
#include <ply/cli/positions.hpp>

namespace ply::cli {

void add_search_command(CLI::App& app) {
    struct Options {
        std::string game;
        std::optional<std::string> position;
        std::string algo = "alphabeta";
        std::optional<int> depth;
        bool json = false;
        WatchOptions watch;
    };
    auto opts = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("search", "Search a position of a game to a fixed depth");
    cmd->add_option("game", opts->game, std::string("Game: ") + std::string(kGameNames))->required();
    cmd->add_option("--position,-p", opts->position, "Position in the game's notation (default: the start)");
    cmd->add_option("--algo", opts->algo, "Search algorithm")->check(CLI::IsMember(kAlgorithms));
    cmd->add_option("--depth,-d", opts->depth, "Depth in plies")->check(CLI::Range(0, kMaxPly - 1));
    cmd->add_flag("--json", opts->json, "Print one JSON object");
    opts->watch.add_to(*cmd);
    cmd->callback([cmd, opts] {
        const bool known = with_game(opts->game, [&]<class G>(std::type_identity<G>) {
            const G game = load_position<G>(*cmd, opts->position);
            const int depth = opts->depth.value_or(GameInfo<G>::search_depth);
            search_and_report(*cmd, game, opts->algo, depth, opts->json, true, opts->watch);
        });
        if (!known) usage_error(*cmd, "unknown game '" + opts->game + "' (games: " + std::string(kGameNames) + ")");
    });
}

}  // namespace ply::cli
