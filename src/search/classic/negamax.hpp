// Negamax: minimax folded into one function by scoring every node for its own
// side to move, so a child's value is negated on the way up.
#pragma once

#include "search/classic/common.hpp"

namespace ply::classic {

template <Game G>
class Negamax {
public:
    explicit Negamax(G game) : game_(std::move(game)) {}

    SearchResult<typename G::Move> run(int depth) {
        result_.score = search(clamp_depth(depth), 0);
        result_.pv = pv_.line(0);
        if (!result_.pv.empty()) result_.best = result_.pv.front();
        return result_;
    }

private:
    Score search(int depth, int ply) {
        ++result_.nodes;
        pv_.clear(ply);
        if (auto leaf = leaf_score(game_, depth, ply)) {
            ++result_.leaves;
            return *leaf;
        }
        MoveListOf<G> moves;
        game_.generate_moves(moves);
        Score best = -kInfinity;
        for (const auto& m : moves) {
            game_.make(m);
            const Score v = -search(depth - 1, ply + 1);
            game_.unmake(m);
            if (v > best) {
                best = v;
                pv_.update(ply, m);
            }
        }
        return best;
    }

    G game_;
    PvTable<typename G::Move> pv_;
    SearchResult<typename G::Move> result_;
};

template <Game G>
SearchResult<typename G::Move> negamax(const G& game, int depth) {
    return Negamax<G>(game).run(depth);
}

}  // namespace ply::classic
