// A Monte Carlo searcher with its number of threads, for the front ends
// that take a `threads` option: the threads grow one tree together
// (Searcher's tree parallelism with virtual loss).
#pragma once

#include <algorithm>

#include <ply/search/mcts/mcts.hpp>

namespace ply::mcts {

template <Game G>
class ParallelSearcher {
public:
    using Move = typename G::Move;

    explicit ParallelSearcher(Options options = {}, int threads = 1)
        : searcher_(options), threads_(std::max(threads, 1)) {}

    [[nodiscard]] int threads() const { return threads_; }
    Result<Move> search(const G& root, const Limits& limits) { return searcher_.search(root, limits, threads_); }
    void clear() { searcher_.clear(); }
    void set_endgames(typename retro::Endgames<G>::Tables* tables) { searcher_.set_endgames(tables); }

private:
    Searcher<G> searcher_;
    int threads_;
};

}  // namespace ply::mcts
