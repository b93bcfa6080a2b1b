// `ply compare`: the classic algorithms side by side on one position, tree or
// generated uniform tree (tools/compare.hpp), as a table or JSON.
#pragma once

#include <optional>
#include <string>

#include <ply/cli/positions.hpp>
#include <ply/tools/compare.hpp>

namespace ply::cli {

// The command's own options beside how the algorithms run.
struct CompareOptions : compare::Options {
    std::optional<std::string> game;
    std::optional<std::string> position;
    std::optional<std::string> tree;
    std::optional<std::string> tree_gen;
    std::optional<int> depth;
    bool json = false;
};

void print(const compare::Comparison& c, bool json);

template <NotatedGame G>
void run_compare(const CLI::App& cmd, const CompareOptions& opts) {
    const G game = load_position<G>(cmd, opts.position);
    print(compare::run(game, opts, opts.depth.value_or(describe::search_depth(game))), opts.json);
}

}  // namespace ply::cli
