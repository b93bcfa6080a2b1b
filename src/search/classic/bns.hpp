// Best Node Search (Rutko, 2010): finds the best root move without its exact
// value. Each pass guesses a value between the bounds and counts, with one
// null-window search per root move, how many moves reach it; the bounds and
// the candidate set shrink until a single move is left (or the window closes
// and the remaining candidates are tied).
#pragma once

#include "search/classic/alphabeta.hpp"

namespace ply::classic {

template <Game G>
SearchResult<typename G::Move> best_node_search(const G& root, int depth) {
    using Move = typename G::Move;
    SearchResult<Move> result;
    depth = clamp_depth(depth);
    ++result.nodes;
    if (auto leaf = leaf_score(root, depth, 0)) {
        ++result.leaves;
        result.score = *leaf;
        return result;
    }
    MoveListOf<G> moves;
    root.generate_moves(moves);
    std::vector<Move> candidates(moves.begin(), moves.end());
    Score alpha = -kMate - 1, beta = kMate + 1;  // every score lies strictly inside
    std::optional<Move> best;
    std::vector<Move> best_pv;
    int passes = 0;
    while (candidates.size() > 1 && beta - alpha >= 2) {
        const auto n = static_cast<Score>(candidates.size());
        // Rutko's guess: the more candidates, the closer to alpha.
        Score test = alpha + (beta - alpha) * (n - 1) / n;
        test = std::clamp<Score>(test, alpha + 1, beta - 1);
        std::vector<Move> better;
        std::vector<Move> first_pv;
        for (const Move& m : candidates) {
            G child = root;
            child.make(m);
            const auto r = alphabeta(child, depth - 1, {.bounds = Bounds::FailSoft, .alpha = -test, .beta = -test + 1, .root_ply = 1});
            result.nodes += r.nodes;
            result.leaves += r.leaves;
            if (-r.score >= test) {
                if (better.empty()) {
                    first_pv = {m};
                    first_pv.insert(first_pv.end(), r.pv.begin(), r.pv.end());
                }
                better.push_back(m);
            }
        }
        ++passes;
        if (better.empty()) {
            beta = test;  // nothing reaches the guess: the value is below it
        } else {
            alpha = test;
            candidates = better;
            best = better.front();
            best_pv = first_pv;
        }
    }
    result.researches = static_cast<std::uint64_t>(std::max(passes - 1, 0));
    if (!best) {
        // A single candidate from the start (or none reached a guess): BNS
        // needs no test to choose it, but its value still has to be found.
        best = candidates.front();
        G child = root;
        child.make(*best);
        const auto r = alphabeta(child, depth - 1, {.root_ply = 1});
        result.nodes += r.nodes;
        result.leaves += r.leaves;
        alpha = -r.score;
        best_pv = {*best};
        best_pv.insert(best_pv.end(), r.pv.begin(), r.pv.end());
    }
    result.best = best;
    result.score = alpha;  // the proven lower bound; exact once the window closed
    result.pv = best_pv;
    return result;
}

}  // namespace ply::classic
