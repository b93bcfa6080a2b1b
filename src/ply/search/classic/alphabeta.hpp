// Alpha-beta in negamax form, fail-hard or fail-soft.
//
// Searched with the window (alpha, beta), the value v returned means:
//   v <= alpha: the true value is at most v (fail low);
//   v >= beta:  the true value is at least v (fail high);
//   otherwise:  v is exact.
// Fail-hard clamps every return into [alpha, beta]; fail-soft returns the best
// bound it has proven, which may lie outside the window and tells callers
// such as MTD(f) more.
#pragma once

#include <ply/search/classic/common.hpp>

namespace ply::classic {

enum class Bounds { FailHard, FailSoft };

struct AlphaBetaOptions {
    Bounds bounds = Bounds::FailSoft;
    Score alpha = -kInfinity;
    Score beta = kInfinity;
    Deadline deadline{};
    // Plies already played above the searched position: searching a child of
    // the real root with root_ply = 1 keeps mate distances in the root's terms.
    int root_ply = 0;
};

template <Game G, class Observer = NoObserver>
class AlphaBeta {
public:
    AlphaBeta(G game, AlphaBetaOptions options, Observer observer = {})
        : game_(std::move(game)), options_(options), observer_(std::forward<Observer>(observer)) {}

    SearchResult<typename G::Move> run(int depth) {
        const int ply = std::clamp(options_.root_ply, 0, kMaxPly - 1);
        if (ply == 0) observer_.pass(0, options_.alpha, options_.beta);
        result_.score = search(std::min(clamp_depth(depth), kMaxPly - 1 - ply), ply, options_.alpha, options_.beta);
        result_.pv = pv_.line(ply);
        if (!result_.pv.empty()) result_.best = result_.pv.front();
        return result_;
    }

private:
    Score search(int depth, int ply, Score alpha, Score beta) {
        ++result_.nodes;
        pv_.clear(ply);
        if (options_.deadline.expired(result_.nodes)) result_.aborted = true;
        if (result_.aborted) return 0;
        observer_.enter(ply, alpha, beta);
        if (auto leaf = leaf_score(game_, depth, ply)) {
            ++result_.leaves;
            const Score v = options_.bounds == Bounds::FailHard ? std::clamp(*leaf, alpha, beta) : *leaf;
            observer_.leave(ply, v, Exit::Leaf);
            return v;
        }
        MoveListOf<G> moves;
        game_.generate_moves(moves);
        Score best = -kInfinity;
        const Score alpha_in = alpha;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const auto m = moves[i];
            observer_.child(ply, i);
            game_.make(m);
            const Score v = -search(depth - 1, ply + 1, -beta, -alpha);
            game_.unmake(m);
            if (result_.aborted) return 0;
            if (v > best) best = v;
            if (v > alpha) {
                alpha = v;
                pv_.update(ply, m);
            }
            if (v >= beta) {  // cutoff
                const Score cut = options_.bounds == Bounds::FailHard ? beta : best;
                observer_.leave(ply, cut, Exit::Cutoff);
                return cut;
            }
        }
        const Score v = options_.bounds == Bounds::FailHard ? alpha : best;
        observer_.leave(ply, v, best > alpha_in ? Exit::Exact : Exit::FailLow);
        return v;
    }

    G game_;
    AlphaBetaOptions options_;
    Observer observer_;
    PvTable<typename G::Move> pv_;
    SearchResult<typename G::Move> result_;
};

template <Game G, class Observer = NoObserver>
SearchResult<typename G::Move> alphabeta(const G& game, int depth, AlphaBetaOptions options = {},
                                         Observer observer = {}) {
    return AlphaBeta<G, Observer>(game, options, std::forward<Observer>(observer)).run(depth);
}

}  // namespace ply::classic
