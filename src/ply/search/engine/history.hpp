// What the search learns about quiet moves while it runs: killers (quiet moves
// that refuted a sibling), history (how often a move caused a cutoff) and
// countermoves (the refutation of the opponent's previous move).
#pragma once

#include <array>
#include <cstdlib>
#include <optional>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/search/engine/limits.hpp>
#include <ply/search/engine/parameters.hpp>

namespace ply::engine {

template <Game G>
class MoveHistory {
public:
    using Move = typename G::Move;
    static constexpr std::size_t kKeys = [] {
        if constexpr (KeyedMoveGame<G>) return std::size_t{G::move_key_count};
        return std::size_t{1};
    }();

    MoveHistory() : history_(2 * kKeys), counters_(kKeys) {}

    // Cheap when nothing was learnt since the last clear (every move-history
    // feature off).
    void clear() {
        if (!learnt_) return;
        learnt_ = false;
        for (auto& k : killers_) k = {};
        std::fill(history_.begin(), history_.end(), 0);
        std::fill(counters_.begin(), counters_.end(), std::optional<Move>{});
    }

    [[nodiscard]] bool is_killer(int ply, const Move& m) const {
        const auto& k = killers_[static_cast<std::size_t>(ply)];
        return (k[0] && *k[0] == m) || (k[1] && *k[1] == m);
    }
    [[nodiscard]] int killer_rank(int ply, const Move& m) const {  // 2 first, 1 second, 0 none
        const auto& k = killers_[static_cast<std::size_t>(ply)];
        return k[0] && *k[0] == m ? 2 : k[1] && *k[1] == m ? 1 : 0;
    }
    [[nodiscard]] int score(const G& g, int ply, const Move& m) const {
        if constexpr (KeyedMoveGame<G>) return history_[index(g, ply, m)];
        return 0;
    }
    // `previous_key`: move_key of the opponent's last move, taken in the
    // position it was played from (a key is only defined for a legal move).
    [[nodiscard]] std::optional<Move> counter(const std::optional<std::size_t>& previous_key) const {
        if (previous_key && *previous_key < counters_.size()) return counters_[*previous_key];
        return std::nullopt;
    }

    // A quiet move caused a cutoff at `depth`; `tried` are the quiet moves
    // searched before it without one.
    void reward(const G& g, int ply, int depth, const Move& best, const std::optional<std::size_t>& previous_key,
                const Move* tried, std::size_t tried_count, const Features& features) {
        learnt_ = true;
        if (features.killers) {
            auto& k = killers_[static_cast<std::size_t>(ply)];
            if (!(k[0] && *k[0] == best)) {
                k[1] = k[0];
                k[0] = best;
            }
        }
        if constexpr (KeyedMoveGame<G>) {
            if (features.countermoves && previous_key && *previous_key < counters_.size())
                counters_[*previous_key] = best;
            if (!features.history) return;
            const int bonus = std::min(depth * depth, 400);
            update(history_[index(g, ply, best)], bonus);
            for (std::size_t i = 0; i < tried_count; ++i) update(history_[index(g, ply, tried[i])], -bonus);
        }
    }

private:
    // Keyed by move and by which side moves (the parity of the ply).
    std::size_t index(const G& g, int ply, const Move& m) const {
        if constexpr (KeyedMoveGame<G>) return static_cast<std::size_t>(ply & 1) * kKeys + g.move_key(m);
        return 0;
    }
    // Gravity: entries saturate at ±kHistoryMax instead of growing without end.
    static void update(int& entry, int bonus) { entry += bonus - entry * std::abs(bonus) / param::kHistoryMax; }

    std::array<std::array<std::optional<Move>, 2>, kMaxPly + 1> killers_{};
    std::vector<int> history_;
    std::vector<std::optional<Move>> counters_;
    bool learnt_ = false;  // reward() was called since the last clear()
};

}  // namespace ply::engine
