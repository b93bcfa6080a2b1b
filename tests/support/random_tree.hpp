// Random explicit trees for property tests of the searches.
#pragma once

#include <random>
#include <string>

namespace ply::testing {

// Text of a random tree: up to `max_depth` plies, 1..max_branching children
// per inner node, leaves in [-range, range]; some branches end early so that
// leaves sit at different depths.
inline std::string random_tree_text(std::mt19937_64& rng, int max_branching, int max_depth, int range = 20) {
    std::uniform_int_distribution<int> branching(1, max_branching);
    std::uniform_int_distribution<int> value(-range, range);
    std::uniform_int_distribution<int> percent(0, 99);
    auto build = [&](auto& self, int depth) -> std::string {
        if (depth == 0 || (depth < max_depth && percent(rng) < 10)) return std::to_string(value(rng));
        std::string s = "(";
        const int n = branching(rng);
        for (int i = 0; i < n; ++i) s += (i ? " " : "") + self(self, depth - 1);
        return s + ")";
    };
    return build(build, max_depth);
}

}  // namespace ply::testing
