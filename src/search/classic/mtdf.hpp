// MTD(f) (Plaat, Schaeffer, Pijls and de Bruin, 1996): the minimax value as
// the limit of null-window alpha-beta searches, each one telling whether the
// value is above or below a guess. A memory of bounds (a transposition table
// keyed by position and remaining depth) makes the repeated passes cheap.
#pragma once

#include <unordered_map>

#include "search/classic/common.hpp"

namespace ply::classic {

template <Game G>
class Mtdf {
public:
    using Move = typename G::Move;
    explicit Mtdf(G game) : game_(std::move(game)) {}

    // `guess`: where the first null window is placed (the previous iteration's value).
    SearchResult<Move> run(int depth, Score guess = 0) {
        depth = clamp_depth(depth);
        Score g = guess, lower = -kInfinity, upper = kInfinity;
        int passes = 0;
        while (lower < upper) {
            const Score beta = g == lower ? g + 1 : g;
            g = search(depth, 0, beta - 1, beta);
            ++passes;
            if (g < beta) upper = g;
            else lower = g;
            if (g >= beta || result_.pv.empty()) result_.pv = pv_.line(0);  // a fail high proves a best move
        }
        result_.researches = static_cast<std::uint64_t>(passes - 1);
        result_.score = g;
        if (!result_.pv.empty()) result_.best = result_.pv.front();
        return result_;
    }

private:
    struct Bounds {
        Score lower = -kInfinity, upper = kInfinity;
    };

    // Exact keys (position hash and remaining depth), no lossy mixing: a
    // reference implementation must not depend on luck.
    struct Key {
        std::uint64_t hash;
        int depth;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const {
            return std::hash<std::uint64_t>{}(k.hash * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(k.depth));
        }
    };

    [[nodiscard]] Key memory_key(int depth) const {
        if constexpr (HashedGame<G>) return {game_.hash(), depth};
        return {0, depth};
    }

    Score search(int depth, int ply, Score alpha, Score beta) {
        ++result_.nodes;
        pv_.clear(ply);
        [[maybe_unused]] Bounds* memo = nullptr;
        if constexpr (HashedGame<G>) {
            memo = &memory_[memory_key(depth)];
            // Stored bounds are node-relative for mates (score_to_tt).
            const Score lo = memo->lower == -kInfinity ? -kInfinity : score_from_tt(memo->lower, ply);
            const Score hi = memo->upper == kInfinity ? kInfinity : score_from_tt(memo->upper, ply);
            if (lo >= beta && ply > 0) return lo;
            if (hi <= alpha && ply > 0) return hi;
        }
        Score best;
        if (auto leaf = leaf_score(game_, depth, ply)) {
            ++result_.leaves;
            best = *leaf;
        } else {
            MoveListOf<G> moves;
            game_.generate_moves(moves);
            best = -kInfinity;
            Score a = alpha;
            for (const auto& m : moves) {
                game_.make(m);
                const Score v = -search(depth - 1, ply + 1, -beta, -a);
                game_.unmake(m);
                if (v > best) best = v;
                if (v > a) {
                    a = v;
                    pv_.update(ply, m);
                }
                if (a >= beta) break;
            }
        }
        if constexpr (HashedGame<G>) {
            memo = &memory_[memory_key(depth)];  // the map may have grown
            if (best <= alpha) memo->upper = score_to_tt(best, ply);
            else if (best >= beta) memo->lower = score_to_tt(best, ply);
            else memo->lower = memo->upper = score_to_tt(best, ply);
        }
        return best;
    }

    G game_;
    PvTable<Move> pv_;
    SearchResult<Move> result_;
    std::unordered_map<Key, Bounds, KeyHash> memory_;
};

template <Game G>
SearchResult<typename G::Move> mtdf(const G& game, int depth, Score guess = 0) {
    return Mtdf<G>(game).run(depth, guess);
}

// Iterative deepening: each depth's value is the next depth's first guess.
template <Game G>
SearchResult<typename G::Move> mtdf_iterative(const G& game, int depth) {
    SearchResult<typename G::Move> total, r;
    Score guess = 0;
    for (int d = 1; d <= std::max(depth, 1); ++d) {
        r = mtdf(game, d, guess);
        guess = r.score;
        total.nodes += r.nodes;
        total.leaves += r.leaves;
        total.researches += r.researches;
    }
    r.nodes = total.nodes;
    r.leaves = total.leaves;
    r.researches = total.researches;
    return r;
}

}  // namespace ply::classic
