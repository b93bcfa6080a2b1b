// Minimax in its textbook form: one function for the maximiser (the player to
// move at the root), one for the minimiser, values always from the
// maximiser's point of view.
#pragma once

#include "search/classic/common.hpp"

namespace ply::classic {

template <Game G>
class Minimax {
public:
    explicit Minimax(G game) : game_(std::move(game)) {}

    SearchResult<typename G::Move> run(int depth) {
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

    Score max_value(int depth, int ply) {
        ++result_.nodes;
        pv_.clear(ply);
        if (auto leaf = leaf_for_maximiser(depth, ply)) return *leaf;
        MoveListOf<G> moves;
        game_.generate_moves(moves);
        Score best = -kInfinity;
        for (const auto& m : moves) {
            game_.make(m);
            const Score v = min_value(depth - 1, ply + 1);
            game_.unmake(m);
            if (v > best) {
                best = v;
                pv_.update(ply, m);
            }
        }
        return best;
    }

    Score min_value(int depth, int ply) {
        ++result_.nodes;
        pv_.clear(ply);
        if (auto leaf = leaf_for_maximiser(depth, ply)) return *leaf;
        MoveListOf<G> moves;
        game_.generate_moves(moves);
        Score best = kInfinity;
        for (const auto& m : moves) {
            game_.make(m);
            const Score v = max_value(depth - 1, ply + 1);
            game_.unmake(m);
            if (v < best) {
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
SearchResult<typename G::Move> minimax(const G& game, int depth) {
    return Minimax<G>(game).run(depth);
}

}  // namespace ply::classic
