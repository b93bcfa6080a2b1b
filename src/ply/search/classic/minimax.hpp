// Minimax in its textbook form: one function for the maximiser (the player to
// move at the root), one for the minimiser, values always from the
// maximiser's point of view.
#pragma once

#include <ply/search/classic/common.hpp>

namespace ply::classic {

template <Game G, class Observer = NoObserver>
class Minimax {
public:
    explicit Minimax(G game, Observer observer = {})
        : game_(std::move(game)), observer_(std::forward<Observer>(observer)) {}

    SearchResult<typename G::Move> run(int depth) {
        observer_.pass(0, -kInfinity, kInfinity);
        result_.score = max_value(clamp_depth(depth), 0);
        result_.pv = pv_.line(0);
        if (!result_.pv.empty()) result_.best = result_.pv.front();
        return result_;
    }

private:
    // The maximiser moves at even plies; leaves score for the side to move.
    std::optional<Score> leaf_for_maximiser(int depth, int ply) {
        auto s = leaf_score(game_, depth, ply);
        if (!s) return s;
        ++result_.leaves;
        return ply % 2 == 0 ? *s : -*s;
    }

    // The observer sees side-relative values, like every other search.
    Score observed(int ply, Score maximiser_value, Exit how) {
        observer_.leave(ply, ply % 2 == 0 ? maximiser_value : -maximiser_value, how);
        return maximiser_value;
    }

    Score max_value(int depth, int ply) {
        ++result_.nodes;
        pv_.clear(ply);
        observer_.enter(ply, -kInfinity, kInfinity);
        if (auto leaf = leaf_for_maximiser(depth, ply)) return observed(ply, *leaf, Exit::Leaf);
        MoveListOf<G> moves;
        game_.generate_moves(moves);
        Score best = -kInfinity;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const auto m = moves[i];
            observer_.child(ply, i);
            game_.make(m);
            const Score v = min_value(depth - 1, ply + 1);
            game_.unmake(m);
            if (v > best) {
                best = v;
                pv_.update(ply, m);
            }
        }
        return observed(ply, best, Exit::Exact);
    }

    Score min_value(int depth, int ply) {
        ++result_.nodes;
        pv_.clear(ply);
        observer_.enter(ply, -kInfinity, kInfinity);
        if (auto leaf = leaf_for_maximiser(depth, ply)) return observed(ply, *leaf, Exit::Leaf);
        MoveListOf<G> moves;
        game_.generate_moves(moves);
        Score best = kInfinity;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const auto m = moves[i];
            observer_.child(ply, i);
            game_.make(m);
            const Score v = max_value(depth - 1, ply + 1);
            game_.unmake(m);
            if (v < best) {
                best = v;
                pv_.update(ply, m);
            }
        }
        return observed(ply, best, Exit::Exact);
    }

    G game_;
    Observer observer_;
    PvTable<typename G::Move> pv_;
    SearchResult<typename G::Move> result_;
};

template <Game G, class Observer = NoObserver>
SearchResult<typename G::Move> minimax(const G& game, int depth, Observer observer = {}) {
    return Minimax<G, Observer>(game, std::forward<Observer>(observer)).run(depth);
}

}  // namespace ply::classic
