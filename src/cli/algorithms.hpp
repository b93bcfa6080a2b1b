// The classic algorithms selectable with --algo.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "search/classic/alphabeta.hpp"
#include "search/classic/minimax.hpp"
#include "search/classic/negamax.hpp"

namespace ply::cli {

inline const std::vector<std::string> kAlgorithms = {"minimax", "negamax", "alphabeta", "alphabeta-hard"};

template <Game G>
classic::SearchResult<typename G::Move> run_algorithm(std::string_view algo, const G& game, int depth,
                                                      classic::Deadline deadline = {}) {
    if (algo == "minimax") return classic::minimax(game, depth);
    if (algo == "negamax") return classic::negamax(game, depth);
    const auto bounds = algo == "alphabeta-hard" ? classic::Bounds::FailHard : classic::Bounds::FailSoft;
    return classic::alphabeta(game, depth, {.bounds = bounds, .deadline = deadline});
}

}  // namespace ply::cli
