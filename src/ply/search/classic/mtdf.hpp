// MTD(f) (Plaat, Schaeffer, Pijls and de Bruin, 1996): the minimax value as
// the limit of null-window alpha-beta searches, each one telling whether the
// value is above or below a guess. A memory of bounds (a transposition table
// keyed by position and remaining depth) makes the repeated passes cheap.
#pragma once

#include <unordered_map>

#include <ply/search/classic/common.hpp>

namespace ply::classic {

template <Game G, class Observer = NoObserver>
class Mtdf {
public:
    using Move = typename G::Move;
    explicit Mtdf(G game, Observer observer = {})
        : game_(std::move(game)), observer_(std::forward<Observer>(observer)) {}

    // `guess`: where the first null window is placed (the previous iteration's value).
    SearchResult<Move> run(int depth, Score guess = 0) {
        depth = clamp_depth(depth);
        Score g = guess, lower = -kInfinity, upper = kInfinity;
        int passes = 0;
        while (lower < upper) {
            const Score beta = g == lower ? g + 1 : g;
            observer_.pass(0, beta - 1, beta);
            g = search(depth, 0, beta - 1, beta);
            ++passes;
            if (g < beta)
                upper = g;
            else
                lower = g;
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
        observer_.enter(ply, alpha, beta);
        [[maybe_unused]] Bounds* memo = nullptr;
        if constexpr (HashedGame<G>) {
            memo = &memory_[memory_key(depth)];
            // Stored bounds are node-relative for mates (score_to_tt).
            const Score lo = memo->lower == -kInfinity ? -kInfinity : score_from_tt(memo->lower, ply);
            const Score hi = memo->upper == kInfinity ? kInfinity : score_from_tt(memo->upper, ply);
            if (lo >= beta && ply > 0) {
                observer_.leave(ply, lo, Exit::Memory);
                return lo;
            }
            if (hi <= alpha && ply > 0) {
                observer_.leave(ply, hi, Exit::Memory);
                return hi;
            }
        }
        Score best;
        Exit how = Exit::Leaf;
        if (auto leaf = leaf_score(game_, depth, ply)) {
            ++result_.leaves;
            best = *leaf;
        } else {
            MoveListOf<G> moves;
            game_.generate_moves(moves);
            best = -kInfinity;
            Score a = alpha;
            how = Exit::FailLow;
            for (std::size_t i = 0; i < moves.size(); ++i) {
                const auto m = moves[i];
                observer_.child(ply, i);
                game_.make(m);
                const Score v = -search(depth - 1, ply + 1, -beta, -a);
                game_.unmake(m);
                if (v > best) best = v;
                if (v > a) {
                    a = v;
                    pv_.update(ply, m);
                    how = Exit::Exact;
                }
                if (a >= beta) {
                    how = Exit::Cutoff;
                    break;
                }
            }
        }
        observer_.leave(ply, best, how);
        if constexpr (HashedGame<G>) {
            memo = &memory_[memory_key(depth)];  // the map may have grown
            if (best <= alpha)
                memo->upper = score_to_tt(best, ply);
            else if (best >= beta)
                memo->lower = score_to_tt(best, ply);
            else
                memo->lower = memo->upper = score_to_tt(best, ply);
        }
        return best;
    }

    G game_;
    Observer observer_;
    PvTable<Move> pv_;
    SearchResult<Move> result_;
    std::unordered_map<Key, Bounds, KeyHash> memory_;
};

template <Game G, class Observer = NoObserver>
SearchResult<typename G::Move> mtdf(const G& game, int depth, Score guess = 0, Observer observer = {}) {
    return Mtdf<G, Observer>(game, std::forward<Observer>(observer)).run(depth, guess);
}

}  // namespace ply::classic
