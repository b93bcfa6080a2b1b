// The classic algorithms selectable with --algo.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

}  // namespace ply::cli
