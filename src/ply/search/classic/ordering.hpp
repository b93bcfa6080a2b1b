// Move ordering as an experiment's variable: a game adaptor that presents
// the moves of any game in its natural order, best first, worst first or
// shuffled. "Best" is decided by an oracle, the exact depth-limited negamax
// value of every child (memoised by position and depth), so the algorithm
// under test sees perfect ordering without paying for it in its node counts.
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <random>
#include <unordered_map>

#include <ply/search/classic/common.hpp>

namespace ply::classic {

enum class MoveOrdering { Natural, Best, Worst, Random };

template <HashedGame G>
class Reordered {
public:
    using Move = typename G::Move;
    static constexpr std::size_t max_moves = G::max_moves;

    // `depth`: the depth the searches will use from this position, so the
    // oracle knows how deep each node's value is taken.
    Reordered(G game, MoveOrdering ordering, int depth, std::uint64_t seed = 1)
        : game_(std::move(game)),
          ordering_(ordering),
          depth_(depth),
          seed_(seed),
          oracle_(std::make_shared<Oracle>()) {}

    void generate_moves(MoveListOf<Reordered>& out) const {
        game_.generate_moves(out);
        const int remaining = depth_ - ply_;
        if (out.size() < 2 || remaining <= 0) return;
        switch (ordering_) {
            case MoveOrdering::Natural:
                return;
            case MoveOrdering::Random: {
                std::mt19937_64 rng(game_.hash() ^ (seed_ * 0x9E3779B97F4A7C15ull));
                std::shuffle(out.begin(), out.end(), rng);
                return;
            }
            case MoveOrdering::Best:
            case MoveOrdering::Worst:
                break;
        }
        // Values of the children for the mover, best first.
        std::array<std::pair<Score, Move>, max_moves> scored;
        std::size_t n = 0;
        G child = game_;
        for (const Move m : out) {
            child.make(m);
            scored[n++] = {-oracle_->value(child, remaining - 1), m};
            child.unmake(m);
        }
        const auto by_value = [](const auto& a, const auto& b) { return a.first > b.first; };
        std::stable_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(n), by_value);
        if (ordering_ == MoveOrdering::Worst)
            std::reverse(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(n));
        for (std::size_t i = 0; i < n; ++i) out[i] = scored[i].second;
    }
    void make(Move m) {
        game_.make(m);
        ++ply_;
    }
    void unmake(Move m) {
        game_.unmake(m);
        --ply_;
    }
    [[nodiscard]] Outcome outcome() const { return game_.outcome(); }
    [[nodiscard]] Score evaluate() const { return Score(game_.evaluate()); }
    [[nodiscard]] std::uint64_t hash() const { return game_.hash(); }
    [[nodiscard]] const G& inner() const { return game_; }

private:
    // Exact negamax values, node-relative for mates, by (position, depth).
    class Oracle {
    public:
        Score value(G& game, int depth) {
            const std::uint64_t key = game.hash() * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(depth);
            if (auto it = memo_.find(key); it != memo_.end()) return it->second;
            const Score v = search(game, depth);
            memo_.emplace(key, v);
            return v;
        }

    private:
        // The node is its own root (ply 0), so mate scores count from it.
        Score search(G& game, int depth) {
            if (auto leaf = leaf_score(game, depth, 0)) return *leaf;
            MoveListOf<G> moves;
            game.generate_moves(moves);
            Score best = -kInfinity;
            for (const Move m : moves) {
                game.make(m);
                best = std::max(best, Score(-score_from_tt(value(game, depth - 1), 1)));
                game.unmake(m);
            }
            return best;
        }
        std::unordered_map<std::uint64_t, Score> memo_;
    };

    G game_;
    MoveOrdering ordering_;
    int depth_;
    std::uint64_t seed_;
    int ply_ = 0;
    std::shared_ptr<Oracle> oracle_;  // shared by copies: searches copy the game
};

}  // namespace ply::classic
