// `ply search <game>`: a depth-limited search with one of the classic
// algorithms, or Monte Carlo tree search (--algo mcts).
#pragma once

#include <optional>
#include <string>

#include <ply/cli/algorithms.hpp>
#include <ply/cli/mcts_search.hpp>
#include <ply/cli/positions.hpp>

namespace ply::cli {

struct SearchOptions {
    std::string game;
    std::optional<std::string> position;
    std::string algo = "alphabeta";
    std::optional<int> depth;
    bool json = false;
    bool show_board = true;
    WatchOptions watch;
    MctsOptions mcts;  // --algo mcts
};

template <NotatedGame G>
void run_search(const CLI::App& cmd, const SearchOptions& opts) {
    const G game = load_position<G>(cmd, opts.position);
    if (opts.algo == "mcts") return mcts_search_and_report(game, opts.mcts, opts.json, opts.show_board);
    const int depth = opts.depth.value_or(describe::search_depth(game));
    search_and_report(cmd, game, opts.algo, depth, opts.json, opts.show_board, opts.watch);
}

}  // namespace ply::cli
