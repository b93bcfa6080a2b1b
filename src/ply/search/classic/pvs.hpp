// Principal variation search (NegaScout): the first move gets the full
// window; every later one is first tested with a null window around alpha,
// and searched again with the full window only if it beats alpha.
#pragma once

#include <ply/search/classic/common.hpp>

namespace ply::classic {

template <Game G, class Observer = NoObserver>
class Pvs {
public:
    explicit Pvs(G game, Observer observer = {})
        : game_(std::move(game)), observer_(std::forward<Observer>(observer)) {}

    SearchResult<typename G::Move> run(int depth, Score alpha = -kInfinity, Score beta = kInfinity) {
        observer_.pass(0, alpha, beta);
        result_.score = search(clamp_depth(depth), 0, alpha, beta);
        result_.pv = pv_.line(0);
        if (!result_.pv.empty()) result_.best = result_.pv.front();
        return result_;
    }

private:
    Score search(int depth, int ply, Score alpha, Score beta) {
        ++result_.nodes;
        pv_.clear(ply);
        observer_.enter(ply, alpha, beta);
        if (auto leaf = leaf_score(game_, depth, ply)) {
            ++result_.leaves;
            observer_.leave(ply, *leaf, Exit::Leaf);
            return *leaf;
        }
        MoveListOf<G> moves;
        game_.generate_moves(moves);
        Score best = -kInfinity;
        const Score alpha_in = alpha;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const auto m = moves[i];
            observer_.child(ply, i);
            game_.make(m);
            Score v;
            if (i == 0) {
                v = -search(depth - 1, ply + 1, -beta, -alpha);
            } else {
                v = -search(depth - 1, ply + 1, -alpha - 1, -alpha);
                if (v > alpha && v < beta) {  // the scout failed high: find the real value
                    ++result_.researches;
                    observer_.research(ply, i);
                    v = -search(depth - 1, ply + 1, -beta, -v);
                }
            }
            game_.unmake(m);
            if (v > best) best = v;
            if (v > alpha) {
                alpha = v;
                pv_.update(ply, m);
            }
            if (alpha >= beta) {
                observer_.leave(ply, best, Exit::Cutoff);
                return best;
            }
        }
        observer_.leave(ply, best, best > alpha_in ? Exit::Exact : Exit::FailLow);
        return best;
    }

    G game_;
    Observer observer_;
    PvTable<typename G::Move> pv_;
    SearchResult<typename G::Move> result_;
};

template <Game G, class Observer = NoObserver>
SearchResult<typename G::Move> pvs(const G& game, int depth, Observer observer = {}) {
    return Pvs<G, Observer>(game, std::forward<Observer>(observer)).run(depth);
}

}  // namespace ply::classic
