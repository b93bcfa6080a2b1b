// `ply tree "<tree>"`: search an explicit game tree given on the command line.
#include <memory>

#include <ply/cli/algorithms.hpp>
#include <ply/cli/positions.hpp>

namespace ply::cli {

void add_tree_command(CLI::App& app) {
    struct Options {
        std::string tree;
        std::string algo = "alphabeta";
        std::optional<int> depth;
        bool json = false;
        WatchOptions watch;
    };
    auto opts = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("tree", "Search an explicit tree such as \"((3 5 2) (4 6 1) (7 9 8))\"");
    cmd->add_option("tree", opts->tree, "Nested parentheses with integer leaves (values for the root player)")
        ->required();
    cmd->add_option("--algo", opts->algo, "Search algorithm")->check(CLI::IsMember(kAlgorithms));
    cmd->add_option("--depth", opts->depth, "Depth limit in plies (default: the whole tree)")
        ->check(CLI::Range(0, kMaxPly - 1));
    cmd->add_flag("--json", opts->json, "Print one JSON object");
    opts->watch.add_to(*cmd);
    cmd->callback([cmd, opts] {
        const auto game = load_position<tree::TreeGame>(*cmd, opts->tree);
        const int depth = opts->depth.value_or(game.tree().height());
        search_and_report(*cmd, game, opts->algo, depth, opts->json, false, opts->watch);
    });
}

}  // namespace ply::cli
