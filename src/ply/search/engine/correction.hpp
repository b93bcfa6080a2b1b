// Correction history: how far the static evaluation was off, on average, in
// the positions that share a correction key (chess: the same pawns, the same
// side to move), learnt from the search's own results and added to the
// evaluation of later positions with that key. The evaluation misjudges
// pawn structures alike; the search finds out by how much.
//
// On by default (Features::correction_history). At 10,000 nodes a move it
// lost, -18.4 Elo ± 24.3 in 511 games (+3.0 ± 16.1 in 1,030 once
// continuation history was on); at 60,000 nodes it gained, +20.7 ± 23.6 in
// 370 games: a search that deep learns enough from its own results.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/core/score.hpp>

namespace ply::engine {

template <Game G>
class CorrectionHistory {
public:
    static constexpr std::size_t kEntries = 16384;
    static constexpr int kGrain = 256;        // entries are in 1/256 of an evaluation unit
    static constexpr int kWeightScale = 256;  // an update moves an entry weight/256 of the way
    static constexpr int kMaxWeight = 16;
    static constexpr int kMaxCorrection = 64 * kGrain;  // a correction stays within 64 units

    CorrectionHistory() : table_(kEntries) {}

    void clear() { std::fill(table_.begin(), table_.end(), 0); }

    [[nodiscard]] Score corrected(const G& g, Score raw) const {
        if constexpr (CorrectionGame<G>) {
            const Score v = raw + table_[index(g)] / kGrain;
            return std::clamp<Score>(v, -kMaxEval + 1, kMaxEval - 1);
        }
        return raw;
    }

    // The search found `searched` where the evaluation said `raw`, at `depth`.
    void update(const G& g, int depth, Score raw, Score searched) {
        if constexpr (CorrectionGame<G>) {
            const int target = std::clamp((searched - raw) * kGrain, -4 * kMaxCorrection, 4 * kMaxCorrection);
            const int weight = std::min(depth + 1, kMaxWeight);
            int& entry = table_[index(g)];
            entry = std::clamp((entry * (kWeightScale - weight) + target * weight) / kWeightScale, -kMaxCorrection,
                               kMaxCorrection);
        }
    }

private:
    static std::size_t index(const G& g) {
        if constexpr (CorrectionGame<G>) return static_cast<std::size_t>(g.correction_key() % kEntries);
        return 0;
    }

    std::vector<int> table_;
};

}  // namespace ply::engine
