// Negamax: minimax folded into one function by scoring every node for its own
// side to move, so a child's value is negated on the way up.
#pragma once

#include <ply/search/classic/common.hpp>

namespace ply::classic {

template <Game G, class Observer = NoObserver>
class Negamax {
public:
    explicit Negamax(G game, Observer observer = {})
        : game_(std::move(game)), observer_(std::forward<Observer>(observer)) {}

    SearchResult<typename G::Move> run(int depth) {
        observer_.pass(0, -kInfinity, kInfinity);
        result_.score = search(clamp_depth(depth), 0);
        result_.pv = pv_.line(0);
        if (!result_.pv.empty()) result_.best = result_.pv.front();
        return result_;
    }

private:
    Score search(int depth, int ply) {
        ++result_.nodes;
        pv_.clear(ply);
        observer_.enter(ply, -kInfinity, kInfinity);
        if (auto leaf = leaf_score(game_, depth, ply)) {
            ++result_.leaves;
            observer_.leave(ply, *leaf, Exit::Leaf);
            return *leaf;
        }
        MoveListOf<G> moves;
        game_.generate_moves(moves);
        Score best = -kInfinity;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const auto m = moves[i];
            observer_.child(ply, i);
            game_.make(m);
            const Score v = -search(depth - 1, ply + 1);
            game_.unmake(m);
            if (v > best) {
                best = v;
                pv_.update(ply, m);
            }
        }
        observer_.leave(ply, best, Exit::Exact);
        return best;
    }

    G game_;
    Observer observer_;
    PvTable<typename G::Move> pv_;
    SearchResult<typename G::Move> result_;
};

template <Game G, class Observer = NoObserver>
SearchResult<typename G::Move> negamax(const G& game, int depth, Observer observer = {}) {
    return Negamax<G, Observer>(game, std::forward<Observer>(observer)).run(depth);
}

}  // namespace ply::classic
