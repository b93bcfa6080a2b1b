// The minimal tree (Knuth and Moore, 1975): the fewest leaves any algorithm
// must look at to prove the minimax value of a position, the yardstick of
// search efficiency. For a uniform tree of branching b and depth d it has
// b^ceil(d/2) + b^floor(d/2) - 1 leaves; for any other tree it is computed
// here by walking the whole tree.
#pragma once

#include <cmath>
#include <limits>

#include <ply/search/classic/alphabeta.hpp>

namespace ply::classic {

// b^ceil(d/2) + b^floor(d/2) - 1, as a double (it overflows integers early).
inline double knuth_moore_leaves(int branching, int depth) {
    return std::pow(branching, (depth + 1) / 2) + std::pow(branching, depth / 2) - 1;
}

struct TreeSize {
    std::uint64_t minimal_leaves = 0;  // the minimal proof of the exact value
    std::uint64_t all_leaves = 0;      // every leaf, as minimax visits them
};

// Walks the whole tree to `depth` (no transpositions merged, as the classic
// searches count). Nothing when the tree has more than `max_nodes` nodes, or
// once `deadline` expires.
template <Game G>
std::optional<TreeSize> measure_tree(const G& root, int depth, std::uint64_t max_nodes, Deadline deadline = {}) {
    depth = clamp_depth(depth);
    const auto searched = alphabeta(root, depth, {.deadline = deadline});
    if (searched.aborted) return std::nullopt;
    const Score value = searched.score;
    G game = root;
    std::uint64_t nodes = 0, leaves = 0;
    constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
    const auto add = [](std::uint64_t a, std::uint64_t b) { return a == kNone || b == kNone ? kNone : a + b; };

    // Proof costs at a node whose side-relative target is `bound` (the root
    // value, negated at every ply): `at_least` proves value >= bound,
    // `at_most` proves value <= bound, `exact` proves value == bound.
    struct Costs {
        std::uint64_t at_least, at_most, exact;
    };
    const auto walk = [&](const auto& self, int d, int ply, Score bound) -> std::optional<Costs> {
        if (++nodes > max_nodes || deadline.expired(nodes)) return std::nullopt;
        if (auto leaf = leaf_score(game, d, ply)) {
            ++leaves;
            return Costs{*leaf >= bound ? 1 : kNone, *leaf <= bound ? 1 : kNone, *leaf == bound ? 1 : kNone};
        }
        MoveListOf<G> moves;
        game.generate_moves(moves);
        // value >= bound: one child with value <= -bound. value <= bound:
        // every child with value >= -bound. Exact: one child exact, the
        // others at least -bound.
        Costs c{kNone, 0, kNone};
        // The cheapest child to prove exactly, as (exact - at_least) of it.
        std::optional<std::int64_t> exact_extra;
        for (const auto& m : moves) {
            game.make(m);
            const auto child = self(self, d - 1, ply + 1, -bound);
            game.unmake(m);
            if (!child) return std::nullopt;
            c.at_least = std::min(c.at_least, child->at_most);
            c.at_most = add(c.at_most, child->at_least);
            if (child->exact != kNone) {
                const auto extra = static_cast<std::int64_t>(child->exact) - static_cast<std::int64_t>(child->at_least);
                exact_extra = std::min(exact_extra.value_or(extra), extra);
            }
        }
        if (exact_extra && c.at_most != kNone)
            c.exact = static_cast<std::uint64_t>(static_cast<std::int64_t>(c.at_most) + *exact_extra);
        return c;
    };
    const auto costs = walk(walk, depth, 0, value);
    if (!costs || costs->exact == kNone) return std::nullopt;
    return TreeSize{costs->exact, leaves};
}

}  // namespace ply::classic
