// Best Node Search (Rutko, 2010): finds the best root move without its exact
// value. Each pass guesses a value between the bounds and counts, with one
// null-window search per root move, how many moves reach it; the bounds and
// the candidate set shrink until a single move is left (or the window closes
// and the remaining candidates are tied).
#pragma once

#include <ply/search/classic/alphabeta.hpp>

namespace ply::classic {

// `window_alpha`, `window_beta`: a guessed window for the value (from a
// previous iteration); a wrong guess costs time, never the right move.
template <Game G, class Observer = NoObserver>
SearchResult<typename G::Move> best_node_search(const G& root, int depth, Observer observer = {},
                                                Score window_alpha = -kInfinity, Score window_beta = kInfinity) {
    using Move = typename G::Move;
    SearchResult<Move> result;
    depth = clamp_depth(depth);
    ++result.nodes;
    if (auto leaf = leaf_score(root, depth, 0)) {
        observer.pass(0, -kInfinity, kInfinity);
        observer.enter(0, -kInfinity, kInfinity);
        observer.leave(0, *leaf, Exit::Leaf);
        ++result.leaves;
        result.score = *leaf;
        return result;
    }
    MoveListOf<G> moves;
    root.generate_moves(moves);
    if (moves.empty()) return result;  // not over yet no move: a broken game (its error is reported)
    // Searches root move `index` with the window (alpha, beta) of the root;
    // returns the root's view of its value and sets `line` to its PV.
    auto search_move = [&](std::size_t index, Score alpha, Score beta, std::vector<Move>& line) {
        observer.child(0, index);
        G child = root;
        child.make(moves[index]);
        const auto r = alphabeta<G, Observer>(
            child, depth - 1, {.bounds = Bounds::FailSoft, .alpha = -beta, .beta = -alpha, .root_ply = 1},
            std::forward<Observer>(observer));
        result.nodes += r.nodes;
        result.leaves += r.leaves;
        line = {moves[index]};
        line.insert(line.end(), r.pv.begin(), r.pv.end());
        return -r.score;
    };
    std::vector<std::size_t> candidates(moves.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) candidates[i] = i;
    // The value lies in [alpha, beta): proven once a test moved the bound,
    // assumed while it is the caller's guess (an aspiration window).
    constexpr Score kBelowAll = -kMate - 1, kAboveAll = kMate + 1, kFirstStep = 8;
    Score alpha = std::max(window_alpha, kBelowAll), beta = std::min(window_beta, kAboveAll);
    bool alpha_proven = alpha == kBelowAll, beta_proven = beta == kAboveAll;
    std::optional<std::size_t> best;
    std::vector<Move> best_pv, line;
    int passes = 0;
    Score step = kFirstStep;
    // Where the next test goes. With both bounds known, Rutko's guess: the
    // more candidates, the closer to alpha. With a side still open, the
    // static evaluation first, then steps that double away from the known
    // bound: placing a guess near +-mate would waste a pass on each.
    const auto next_test = [&] {
        const auto n = static_cast<Score>(candidates.size());
        Score test;
        if (alpha == kBelowAll && beta == kAboveAll) {
            test = Score(root.evaluate());
        } else if (beta == kAboveAll) {
            test = alpha + step;
            step *= 2;
        } else if (alpha == kBelowAll) {
            test = beta - step;
            step *= 2;
        } else {
            test = alpha + (beta - alpha) * (n - 1) / n;
        }
        return std::clamp<Score>(test, alpha + 1, beta - 1);
    };
    for (;;) {
        while (candidates.size() > 1 && beta - alpha >= 2) {
            const Score test = next_test();
            observer.pass(0, test - 1, test);
            observer.enter(0, test - 1, test);
            std::vector<std::size_t> better;
            Score best_seen = -kInfinity;
            for (const std::size_t i : candidates) {
                const Score v = search_move(i, test - 1, test, line);
                best_seen = std::max(best_seen, v);
                if (v >= test) {
                    if (better.empty()) best_pv = line;
                    better.push_back(i);
                }
            }
            observer.leave(0, best_seen, better.empty() ? Exit::FailLow : Exit::Exact);
            ++passes;
            if (better.empty()) {
                beta = test;  // nothing reaches the guess: the value is below it
                beta_proven = true;
            } else {
                alpha = test;
                alpha_proven = true;
                candidates = better;
                best = better.front();
            }
        }
        // A wrong guessed window: open the side that was never proven.
        if (candidates.size() > 1 && !alpha_proven) {
            alpha = kBelowAll;
            alpha_proven = true;
            step = kFirstStep;
        } else if (candidates.size() > 1 && !beta_proven) {
            beta = kAboveAll;
            beta_proven = true;
            step = kFirstStep;
        } else {
            break;
        }
    }
    result.researches = static_cast<std::uint64_t>(std::max(passes - 1, 0));
    if (!best) {
        // A single candidate from the start: BNS needs no test to choose it,
        // but its value still has to be found.
        best = candidates.front();
        observer.pass(0, -kInfinity, kInfinity);
        observer.enter(0, -kInfinity, kInfinity);
        alpha = search_move(*best, -kInfinity, kInfinity, best_pv);
        observer.leave(0, alpha, Exit::Exact);
    }
    result.best = moves[*best];
    result.score = alpha;  // the proven lower bound; exact once the window closed
    result.pv = best_pv;
    return result;
}

}  // namespace ply::classic
