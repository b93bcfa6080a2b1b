// `ply compare`: the classic algorithms side by side on one position, tree or
// generated uniform tree: nodes, leaves, re-searches, time, and the leaves
// against the Knuth-Moore minimal tree.
#include <iomanip>
#include <memory>
#include <sstream>

#include <ply/cli/algorithms.hpp>
#include <ply/search/classic/minimal_tree.hpp>
#include <ply/search/classic/ordering.hpp>

namespace ply::cli {

namespace {

struct Options {
    std::optional<std::string> game;
    std::optional<std::string> position;
    std::optional<std::string> tree;
    std::optional<std::string> tree_gen;
    std::optional<int> depth;
    std::vector<std::string> algos = {"minimax", "negamax", "alphabeta", "pvs", "mtdf", "bns"};
    std::string ordering = "natural";
    std::uint64_t seed = 1;
    bool iterative = false;
    bool json = false;
    std::uint64_t max_tree_nodes = 20'000'000;
};

struct Row {
    std::string algo;
    Score score = 0;
    std::string best;
    std::uint64_t nodes = 0, leaves = 0, researches = 0;
    double seconds = 0;
};

struct Comparison {
    std::string game, position, ordering;
    int depth = 0;
    std::optional<double> minimal_leaves;  // Knuth-Moore; nothing when the tree is too big to walk
    std::optional<double> all_leaves;      // the whole tree (what minimax evaluates)
    std::vector<Row> rows;
};

classic::MoveOrdering parse_ordering(const std::string& name) {
    if (name == "best") return classic::MoveOrdering::Best;
    if (name == "worst") return classic::MoveOrdering::Worst;
    if (name == "random") return classic::MoveOrdering::Random;
    return classic::MoveOrdering::Natural;
}

// Runs every algorithm on `searched` (the game as the algorithms see it);
// `shown` names the moves.
template <Game S, NotatedGame G>
void run_rows(const S& searched, const G& shown, const Options& opts, int depth, Comparison& out) {
    for (const auto& name : opts.algos) {
        const auto algo = *classic::parse_algorithm(name);
        const Stopwatch clock;
        const auto r = opts.iterative ? classic::search_iterative(algo, searched, depth)
                                      : classic::search_once(algo, searched, depth);
        out.rows.push_back({name, r.score, r.best ? shown.move_to_string(*r.best) : "-", r.nodes, r.leaves,
                            r.researches, clock.seconds()});
    }
}

template <NotatedGame G>
Comparison compare(const G& game, const Options& opts, int depth) {
    Comparison c{std::string(G::name), game.position(), opts.ordering, depth, {}, {}, {}};
    if constexpr (std::is_same_v<G, uniform::UniformTree>) {
        // The generator orders its own values; the minimal tree has a formula.
        uniform::Shape shape = game.shape();
        if (const auto ordering = uniform::parse_ordering(opts.ordering)) shape.ordering = *ordering;
        const uniform::UniformTree tree(shape);
        c.position = tree.position();
        c.ordering = std::string(uniform::ordering_name(shape.ordering));
        depth = std::min(depth, shape.depth);
        c.depth = depth;
        c.minimal_leaves = classic::knuth_moore_leaves(shape.branching, depth);
        c.all_leaves = std::pow(double(shape.branching), depth);
        run_rows(tree, tree, opts, depth, c);
    } else {
        if (const auto size = classic::measure_tree(game, depth, opts.max_tree_nodes)) {
            c.minimal_leaves = double(size->minimal_leaves);
            c.all_leaves = double(size->all_leaves);
        }
        const auto ordering = parse_ordering(opts.ordering);
        if (ordering == classic::MoveOrdering::Natural)
            run_rows(game, game, opts, depth, c);
        else
            run_rows(classic::Reordered<G>(game, ordering, depth, opts.seed), game, opts, depth, c);
    }
    return c;
}

std::string fixed(double v, int decimals) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(decimals) << v;
    return s.str();
}

void print(const Comparison& c, bool json) {
    if (json) {
        nlohmann::json j = {{"game", c.game}, {"position", c.position}, {"depth", c.depth}, {"ordering", c.ordering}};
        j["minimal_leaves"] = c.minimal_leaves ? nlohmann::json(*c.minimal_leaves) : nlohmann::json(nullptr);
        j["all_leaves"] = c.all_leaves ? nlohmann::json(*c.all_leaves) : nlohmann::json(nullptr);
        for (const Row& r : c.rows) {
            nlohmann::json row = {{"algo", r.algo},      {"score", r.score},   {"best", r.best},
                                  {"nodes", r.nodes},    {"leaves", r.leaves}, {"researches", r.researches},
                                  {"seconds", r.seconds}};
            row["minimal_ratio"] =
                c.minimal_leaves ? nlohmann::json(double(r.leaves) / *c.minimal_leaves) : nlohmann::json(nullptr);
            j["rows"].push_back(row);
        }
        std::cout << j.dump() << "\n";
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
    for (const Row& r : c.rows) {
        std::cout << std::left << std::setw(15) << r.algo << std::right << std::setw(8) << r.score << std::setw(8)
                  << r.best << std::setw(14) << r.nodes << std::setw(14) << r.leaves << std::setw(11) << r.researches
                  << std::setw(11) << fixed(r.seconds * 1000, 2) << std::setw(11)
                  << (c.minimal_leaves ? fixed(double(r.leaves) / *c.minimal_leaves, 2) : "-") << "\n";
    }
    for (const Row& r : c.rows)
        if (r.algo == "bns") {
            std::cout << "\nbns finds the best move, not its exact value: its value is a proven lower bound.\n";
            break;
        }
}

}  // namespace

void add_compare_command(CLI::App& app) {
    auto opts = std::make_shared<Options>();
    auto* cmd =
        app.add_subcommand("compare", "Run several classic algorithms on one position or tree and compare their work");
    cmd->add_option("game", opts->game, std::string("Game: ") + std::string(kGameNames));
    cmd->add_option("--position,-p", opts->position, "Position in the game's notation (default: the start)");
    cmd->add_option("--tree", opts->tree, "An explicit tree such as \"((3 5 2) (4 6 1) (7 9 8))\"");
    cmd->add_option("--tree-gen", opts->tree_gen,
                    "A uniform random tree: b=BRANCHING,d=DEPTH[,seed=S][,order=best|random|worst]");
    cmd->add_option("--depth,-d", opts->depth, "Depth in plies (default: the whole tree for trees)")
        ->check(CLI::Range(0, kMaxPly - 1));
    cmd->add_option("--algos", opts->algos, "Algorithms, comma-separated")
        ->delimiter(',')
        ->check(CLI::IsMember(kAlgorithms));
    cmd->add_option("--ordering", opts->ordering,
                    "Move ordering: natural (the game's), best or worst (by the exact value), random")
        ->check(CLI::IsMember({"natural", "best", "worst", "random"}));
    cmd->add_option("--seed", opts->seed, "Seed of the random ordering");
    cmd->add_flag("--iterative", opts->iterative, "Run every algorithm under iterative deepening");
    cmd->add_option("--max-tree-nodes", opts->max_tree_nodes,
                    "Walk at most this many nodes to measure the minimal tree (default 20000000)");
    cmd->add_flag("--json", opts->json, "Print one JSON object");
    cmd->callback([cmd, opts] {
        const int sources = (opts->game ? 1 : 0) + (opts->tree ? 1 : 0) + (opts->tree_gen ? 1 : 0);
        if (sources != 1) usage_error(*cmd, "give exactly one of: a game, --tree \"<tree>\", --tree-gen b=..,d=..");
        if (opts->tree) {
            const auto game = load_position<tree::TreeGame>(*cmd, opts->tree);
            print(compare(game, *opts, opts->depth.value_or(game.tree().height())), opts->json);
            return;
        }
        if (opts->tree_gen) {
            const auto game = load_position<uniform::UniformTree>(*cmd, opts->tree_gen);
            print(compare(game, *opts, opts->depth.value_or(game.shape().depth)), opts->json);
            return;
        }
        const bool known = with_game(*opts->game, [&]<class G>(std::type_identity<G>) {
            const G game = load_position<G>(*cmd, opts->position);
            int depth = GameInfo<G>::search_depth;
            if constexpr (std::is_same_v<G, tree::TreeGame>) depth = game.tree().height();
            if constexpr (std::is_same_v<G, uniform::UniformTree>) depth = game.shape().depth;
            print(compare(game, *opts, opts->depth.value_or(depth)), opts->json);
        });
        if (!known) usage_error(*cmd, "unknown game '" + *opts->game + "' (games: " + std::string(kGameNames) + ")");
    });
}

}  // namespace ply::cli
