// The classic algorithms side by side on one position, tree or generated
// uniform tree: nodes, leaves, re-searches, time, and the leaves against the
// Knuth-Moore minimal tree. `ply compare` prints it; the web server sends it.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <ply/core/game.hpp>
#include <ply/core/stopwatch.hpp>
#include <ply/search/classic/algorithm.hpp>
#include <ply/search/classic/minimal_tree.hpp>
#include <ply/search/classic/ordering.hpp>
#include <ply/search/mcts/mcts.hpp>

namespace ply::compare {

// How the algorithms run; the position and its depth are given beside.
struct Options {
    std::vector<std::string> algos = {"minimax", "negamax", "alphabeta", "pvs", "mtdf", "bns"};
    std::string ordering = "natural";
    std::uint64_t seed = 1;
    bool iterative = false;
    std::uint64_t max_tree_nodes = 20'000'000;
    std::uint64_t mcts_iterations = 10'000;
    // No algorithm starts after it (each is bounded by the tree's size): the web server's time limit.
    std::optional<std::chrono::steady_clock::time_point> deadline;
};

struct Row {
    std::string algo;
    Score score = 0;
    std::string best;
    std::uint64_t nodes = 0, leaves = 0, researches = 0;
    double seconds = 0;
    std::string value;  // shown instead of the score where there is no minimax value (mcts)
};

struct Comparison {
    std::string game, position, ordering;
    int depth = 0;
    std::optional<double> minimal_leaves;  // Knuth-Moore; nothing when the tree is too big to walk
    std::optional<double> all_leaves;      // the whole tree (what minimax evaluates)
    std::vector<Row> rows;
    std::vector<std::string> skipped;  // not run: the deadline had passed
};

// Games that generate their trees and order the children themselves (uniform
// trees): `--ordering` asks the generator, and the minimal tree has a formula.
template <class G>
concept SelfOrderingGame = requires(const G g, std::string_view ordering) {
    { g.reordered(ordering) } -> std::same_as<std::optional<G>>;
    { g.ordering() } -> std::convertible_to<std::string>;
    { g.branching() } -> std::convertible_to<int>;
    { g.full_depth() } -> std::convertible_to<int>;
};

inline classic::MoveOrdering parse_ordering(const std::string& name) {
    if (name == "best") return classic::MoveOrdering::Best;
    if (name == "worst") return classic::MoveOrdering::Worst;
    if (name == "random") return classic::MoveOrdering::Random;
    return classic::MoveOrdering::Natural;
}

// Monte Carlo tree search on the same position (its own move order: it
// shuffles): a proof or the best move's mean for a value, iterations for leaves.
template <NotatedGame G>
Row mcts_row(const G& game, const Options& opts) {
    const Stopwatch clock;
    const auto r = mcts::Searcher<G>().search(game, mcts::Limits{.iterations = opts.mcts_iterations});
    const char* proof = proof_name(r.proof);
    std::ostringstream mean;
    mean << "~" << std::lround(r.mean * 100) << "%";
    return {"mcts",
            0,
            r.best ? game.move_to_string(*r.best) : "-",
            r.nodes,
            r.iterations,
            0,
            clock.seconds(),
            proof ? proof : mean.str()};
}

// Runs every algorithm on `searched` (the game as the algorithms see it);
// `shown` names the moves.
template <Game S, NotatedGame G>
void run_rows(const S& searched, const G& shown, const Options& opts, int depth, Comparison& out) {
    for (const auto& name : opts.algos) {
        if (opts.deadline && std::chrono::steady_clock::now() >= *opts.deadline) {
            out.skipped.push_back(name);
            continue;
        }
        if (name == "mcts") {
            out.rows.push_back(mcts_row(shown, opts));
            continue;
        }
        const auto algo = *classic::parse_algorithm(name);
        const Stopwatch clock;
        const auto r = opts.iterative ? classic::search_iterative(algo, searched, depth)
                                      : classic::search_once(algo, searched, depth);
        out.rows.push_back({name,
                            r.score,
                            r.best ? shown.move_to_string(*r.best) : "-",
                            r.nodes,
                            r.leaves,
                            r.researches,
                            clock.seconds(),
                            {}});
    }
}

template <NotatedGame G>
Comparison run(const G& game, const Options& opts, int depth) {
    Comparison c{std::string(G::name), game.position(), opts.ordering, depth, {}, {}, {}, {}};
    if constexpr (SelfOrderingGame<G>) {
        // The generator orders its own values; the minimal tree has a formula.
        const G tree = game.reordered(opts.ordering).value_or(game);
        c.position = tree.position();
        c.ordering = tree.ordering();
        depth = std::min(depth, tree.full_depth());
        c.depth = depth;
        c.minimal_leaves = classic::knuth_moore_leaves(tree.branching(), depth);
        c.all_leaves = std::pow(double(tree.branching()), depth);
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

nlohmann::json to_json(const Comparison& c);  // what `ply compare --json` prints

}  // namespace ply::compare
