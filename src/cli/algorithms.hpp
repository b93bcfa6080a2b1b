// The classic algorithms selectable with --algo.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/report.hpp"
#include "search/classic/alphabeta.hpp"
#include "search/classic/bns.hpp"
#include "search/classic/minimax.hpp"
#include "search/classic/mtdf.hpp"
#include "search/classic/negamax.hpp"
#include "search/classic/pvs.hpp"

namespace ply::cli {

inline const std::vector<std::string> kAlgorithms = {"minimax", "negamax", "alphabeta", "alphabeta-hard",
                                                     "pvs",     "mtdf",    "bns"};

template <Game G>
classic::SearchResult<typename G::Move> run_algorithm(std::string_view algo, const G& game, int depth,
                                                      classic::Deadline deadline = {}) {
    if (algo == "minimax") return classic::minimax(game, depth);
    if (algo == "negamax") return classic::negamax(game, depth);
    if (algo == "pvs") return classic::pvs(game, depth);
    if (algo == "mtdf") return classic::mtdf_iterative(game, depth);
    if (algo == "bns") return classic::best_node_search(game, depth);
    const auto bounds = algo == "alphabeta-hard" ? classic::Bounds::FailHard : classic::Bounds::FailSoft;
    return classic::alphabeta(game, depth, {.bounds = bounds, .deadline = deadline});
}

// Runs `algo` and prints the result as JSON or text (with the board if asked).
template <NotatedGame G>
void search_and_report(const G& game, const std::string& algo, int depth, bool json, bool show_board) {
    const Stopwatch clock;
    const auto r = run_algorithm(algo, game, depth);
    if (json) {
        auto j = search_json(game, r);
        j["algo"] = algo;
        j["depth"] = depth;
        std::cout << j.dump() << "\n";
        return;
    }
    if (show_board) std::cout << game.render();
    print_search(std::cout, game, r);
    std::cout << "time:   " << clock.seconds() << " s\n";
}

}  // namespace ply::cli
