// Root parallelism (Chaslot, Winands and van den Herik, 2008): each thread
// grows a tree of its own from the same root with its own seed, and the
// roots' statistics are summed. No locks on the hot path, no virtual loss
// to tune, but two trees of n iterations are worth much less than one of
// 2n (9x9 Go: +58 Elo against +170, docs/go.md). A proof found by one tree is
// true of all and stops them.
#pragma once

#include <thread>
#include <vector>

#include <ply/core/threads.hpp>
#include <ply/search/mcts/mcts.hpp>

namespace ply::mcts {

template <Game G>
class ParallelSearcher {
public:
    using Move = typename G::Move;

    explicit ParallelSearcher(Options options = {}, int threads = 1) {
        for (int i = 0; i < std::max(threads, 1); ++i) {
            Options own = options;
            own.seed = options.seed + 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(i);
            own.max_nodes = std::max<std::size_t>(options.max_nodes / static_cast<std::size_t>(threads), 1024);
            searchers_.emplace_back(own);
        }
    }

    int threads() const { return static_cast<int>(searchers_.size()); }

    // The iterations (and nodes) of `limits` are shared out between the threads.
    Result<Move> search(const G& root, const Limits& limits) {
        const auto n = searchers_.size();
        if (n == 1) return searchers_[0].search(root, limits);
        Budget each;  // follows the caller's stop
        arm(each, limits, n);
        std::vector<Result<Move>> results(n);
        std::vector<std::thread> workers;
        // Trees the system gives no thread for are not grown (their share of
        // the iterations is not searched); with none, one tree grows here.
        const auto started = static_cast<std::size_t>(start_threads(workers, 0, static_cast<int>(n), [&](int t) {
            const auto i = static_cast<std::size_t>(t);
            results[i] = searchers_[i].search(root, each);
            if (results[i].proof != Proof::None) each.stop();
        }));
        if (started == 0) return searchers_[0].search(root, limits);
        for (auto& w : workers) w.join();
        return merge(results);
    }

    void clear() {
        for (auto& s : searchers_) s.clear();
    }
    void set_endgames(typename retro::Endgames<G>::Tables* tables) {
        for (auto& s : searchers_) s.set_endgames(tables);
    }

private:
    static Result<Move> merge(const std::vector<Result<Move>>& results) {
        Result<Move> r;
        for (const auto& one : results) {
            r.iterations += one.iterations;
            r.nodes += one.nodes;
            r.reused += one.reused;
            if (one.proof != Proof::None) r.proof = one.proof;
            for (const auto& m : one.moves) {
                auto it = std::find_if(r.moves.begin(), r.moves.end(), [&](const auto& s) { return s.move == m.move; });
                if (it == r.moves.end()) {
                    r.moves.push_back(m);
                    continue;
                }
                const auto visits = it->visits + m.visits;
                if (visits) it->mean = (it->mean * it->visits + m.mean * m.visits) / visits;
                it->visits = visits;
                if (m.proof != Proof::None) it->proof = m.proof;
            }
        }
        settle_best(r);
        // The line of the tree that spent the most on the chosen move.
        std::uint64_t most = 0;
        for (const auto& one : results)
            for (const auto& m : one.moves)
                if (r.best && m.move == *r.best && m.visits >= most && !one.pv.empty() && one.pv.front() == m.move) {
                    most = m.visits;
                    r.pv = one.pv;
                }
        return r;
    }

    std::vector<Searcher<G>> searchers_;
};

}  // namespace ply::mcts
