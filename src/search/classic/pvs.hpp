// Principal variation search (NegaScout): the first move gets the full
// window; every later one is first tested with a null window around alpha,
// and searched again with the full window only if it beats alpha.
#pragma once

#include "search/classic/common.hpp"

namespace ply::classic {

template <Game G>
class Pvs {
public:
    explicit Pvs(G game) : game_(std::move(game)) {}

    SearchResult<typename G::Move> run(int depth, Score alpha = -kInfinity, Score beta = kInfinity) {
        result_.score = search(clamp_depth(depth), 0, alpha, beta);
        result_.pv = pv_.line(0);
        if (!result_.pv.empty()) result_.best = result_.pv.front();
        return result_;
    }

private:
    Score search(int depth, int ply, Score alpha, Score beta) {
        ++result_.nodes;
        pv_.clear(ply);
        if (auto leaf = leaf_score(game_, depth, ply)) {
            ++result_.leaves;
            return *leaf;
        }
        MoveListOf<G> moves;
        game_.generate_moves(moves);
        Score best = -kInfinity;
        bool first = true;
        for (const auto& m : moves) {
            game_.make(m);
            Score v;
            if (first) {
                v = -search(depth - 1, ply + 1, -beta, -alpha);
            } else {
                v = -search(depth - 1, ply + 1, -alpha - 1, -alpha);
                if (v > alpha && v < beta) {  // the scout failed high: find the real value
                    ++result_.researches;
                    v = -search(depth - 1, ply + 1, -beta, -v);
                }
            }
            game_.unmake(m);
            first = false;
            if (v > best) best = v;
            if (v > alpha) {
                alpha = v;
                pv_.update(ply, m);
            }
            if (alpha >= beta) break;
        }
        return best;
    }

    G game_;
    PvTable<typename G::Move> pv_;
    SearchResult<typename G::Move> result_;
};

template <Game G>
SearchResult<typename G::Move> pvs(const G& game, int depth) {
    return Pvs<G>(game).run(depth);
}

}  // namespace ply::classic
