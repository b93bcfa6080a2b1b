// `ply tree "<tree>"`: short for `ply search tree --position "<tree>"`, the
// textbook's exercise in one command.
#include <memory>

#include <ply/cli/commands.hpp>
#include <ply/cli/registry.hpp>
#include <ply/cli/search.hpp>

namespace ply::cli {

void add_tree_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<SearchOptions>();
    auto tree = std::make_shared<std::string>();
    auto* cmd = app.add_subcommand("tree", "Search an explicit tree such as \"((3 5 2) (4 6 1) (7 9 8))\"");
    cmd->add_option("tree", *tree, "Nested parentheses with integer leaves (values for the root player)")->required();
    cmd->add_option("--algo", opts->algo, "Search algorithm")->check(CLI::IsMember(kAlgorithms));
    cmd->add_option("--depth", opts->depth, "Depth limit in plies (default: the whole tree)")
        ->check(CLI::Range(0, kMaxPly - 1));
    cmd->add_flag("--json", opts->json, "Print one JSON object");
    opts->watch.add_to(*cmd);
    cmd->callback([cmd, opts, tree, &games] {
        SearchOptions o = *opts;
        o.game = "tree";
        o.position = *tree;
        o.show_board = false;
        o.watch.refuse_same_files(*cmd, std::nullopt);
        game_named(*cmd, games, o.game).search(*cmd, o);
    });
}

}  // namespace ply::cli
