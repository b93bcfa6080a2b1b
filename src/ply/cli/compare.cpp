#include <ply/cli/compare.hpp>

#include <iomanip>
#include <memory>
#include <sstream>

#include <ply/cli/algorithms.hpp>
#include <ply/cli/commands.hpp>
#include <ply/cli/registry.hpp>
#include <ply/tools/number_text.hpp>

namespace ply::cli {

void print(const compare::Comparison& c, bool json) {
    if (json) {
        std::cout << compare::to_json(c).dump() << "\n";
        return;
    }
    std::cout << c.game << " " << c.position << "\n"
              << "depth " << c.depth << ", ordering " << c.ordering << "; minimal tree (Knuth-Moore): "
              << (c.minimal_leaves ? fixed(*c.minimal_leaves, 0) + " leaves" : "not computed (tree too big)")
              << "; whole tree: " << (c.all_leaves ? fixed(*c.all_leaves, 0) + " leaves" : "?") << "\n\n";
    std::cout << std::left << std::setw(15) << "algorithm" << std::right << std::setw(8) << "value" << std::setw(8)
              << "best" << std::setw(14) << "nodes" << std::setw(14) << "leaves" << std::setw(11) << "re-search"
              << std::setw(11) << "time ms" << std::setw(11) << "x minimal"
              << "\n";
    for (const compare::Row& r : c.rows) {
        std::cout << std::left << std::setw(15) << r.algo << std::right << std::setw(8)
                  << (r.value.empty() ? std::to_string(r.score) : r.value) << std::setw(8) << r.best << std::setw(14)
                  << r.nodes << std::setw(14) << r.leaves << std::setw(11) << r.researches << std::setw(11)
                  << fixed(r.seconds * 1000, 2) << std::setw(11)
                  << (c.minimal_leaves ? fixed(double(r.leaves) / *c.minimal_leaves, 2) : "-") << "\n";
    }
    for (const compare::Row& r : c.rows)
        if (r.algo == "bns") {
            std::cout << "\nbns finds the best move, not its exact value: its value is a proven lower bound.\n";
            break;
        }
    for (const compare::Row& r : c.rows)
        if (r.algo == "mcts") {
            std::cout << "\nmcts: its value is a proof (win, draw, loss) or the best move's mean reward; its\n"
                         "leaves are its iterations (one playout each), its nodes the tree's.\n";
            break;
        }
}

void add_compare_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<CompareOptions>();
    auto* cmd =
        app.add_subcommand("compare", "Run several classic algorithms on one position or tree and compare their work");
    cmd->add_option("game", opts->game, "Game: " + games.names());
    add_position_option(*cmd, opts->position);
    cmd->add_option("--tree", opts->tree, "An explicit tree such as \"((3 5 2) (4 6 1) (7 9 8))\" (the tree game)");
    cmd->add_option("--tree-gen", opts->tree_gen,
                    "A uniform random tree: b=BRANCHING,d=DEPTH[,seed=S][,order=best|random|worst] (the uniform game)");
    cmd->add_option("--depth,-d", opts->depth, "Depth in plies (default: the whole tree for trees)")
        ->check(CLI::Range(0, kMaxPly - 1));
    auto names = kAlgorithms;
    names.push_back("mcts");
    cmd->add_option("--algos", opts->algos, "Algorithms, comma-separated (mcts: Monte Carlo tree search beside them)")
        ->delimiter(',')
        ->check(CLI::IsMember(names));
    cmd->add_option("--mcts-iterations", opts->mcts_iterations, "mcts: iterations (default 10000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 32));
    cmd->add_option("--ordering", opts->ordering,
                    "Move ordering: natural (the game's), best or worst (by the exact value), random")
        ->check(CLI::IsMember({"natural", "best", "worst", "random"}));
    cmd->add_option("--seed", opts->seed, "Seed of the random ordering");
    cmd->add_flag("--iterative", opts->iterative, "Run every algorithm under iterative deepening");
    cmd->add_option("--max-tree-nodes", opts->max_tree_nodes,
                    "Walk at most this many nodes to measure the minimal tree (default 20000000)");
    cmd->add_flag("--json", opts->json, "Print one JSON object");
    cmd->callback([cmd, opts, &games] {
        const int sources = (opts->game ? 1 : 0) + (opts->tree ? 1 : 0) + (opts->tree_gen ? 1 : 0);
        if (sources != 1) usage_error(*cmd, "give exactly one of: a game, --tree \"<tree>\", --tree-gen b=..,d=..");
        if (opts->position && !opts->game) usage_error(*cmd, "--position goes with a game");
        // --tree and --tree-gen are short for the tree and uniform games' positions.
        CompareOptions o = *opts;
        if (opts->tree) {
            o.game = "tree";
            o.position = opts->tree;
        } else if (opts->tree_gen) {
            o.game = "uniform";
            o.position = opts->tree_gen;
        }
        game_named(*cmd, games, *o.game).compare(*cmd, o);
    });
}

}  // namespace ply::cli
