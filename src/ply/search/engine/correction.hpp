// Correction history: how far the static evaluation was off, on average, in
// the positions that share a correction key (chess: the same pawns, the same
// side to move), learnt from the search's own results and added to the
// evaluation of later positions with that key. The evaluation misjudges
// pawn structures alike; the search finds out by how much.
//
// On by default (Features::correction_history). At 10,000 nodes a move it
// lost, -18.4 Elo ± 24.3 in 511 games (+3.0 ± 16.1 in 1,030 once
// continuation history was on); at 60,000 nodes it gained, +20.7 ± 23.6 in
// 370 games: a search that deep learns enough from its own results. The
// piece_correction_keys add an entry for each side's pieces
// other than pawns, the three summing to the correction (PieceCorrection,
// on: +29.6 Elo ± 15.8 in 858 games at 60,000 nodes; the pieces learning
// no more of an error than one entry holds: +3.9 ± 22.0 in 443 more, and
// fewer tactics missed, see update()).
#pragma once

#include <algorithm>
#include <array>
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

    CorrectionHistory() : tables_{} {
        for (auto& t : tables_) t.assign(kEntries, 0);
    }

    void clear() {
        for (auto& t : tables_) std::fill(t.begin(), t.end(), 0);
    }

    // `pieces`: the pieces' keys count too (games with piece_correction_keys).
    [[nodiscard]] Score corrected(const G& g, Score raw, bool pieces = false) const {
        if constexpr (CorrectionGame<G>) {
            const Score v = raw + sum(slots(g, pieces)) / kGrain;
            return std::clamp<Score>(v, -kMaxEval + 1, kMaxEval - 1);
        }
        return raw;
    }

    // The search found `searched` where the evaluation said `raw`, at `depth`:
    // each entry moves toward what would have made the sum right.
    void update(const G& g, int depth, Score raw, Score searched, bool pieces = false) {
        if constexpr (CorrectionGame<G>) {
            const int target = std::clamp((searched - raw) * kGrain, -4 * kMaxCorrection, 4 * kMaxCorrection);
            // The pieces' entries learn no more of the error than one entry holds: beyond that it is a tactic the
            // search found, not a placement misjudged, and it misled the pruning of every position with those
            // pieces (WAC at 1 s: 277 solved with the whole error, 279-280 bounded, 283 without the pieces' entries).
            const int pieces_target = std::clamp(target, -kMaxCorrection, kMaxCorrection);
            const int weight = std::min(depth + 1, kMaxWeight);
            const Slots used = slots(g, pieces);
            const int total = sum(used);
            for (std::size_t t = 0; t < kTables; ++t) {
                if (used[t] == kUnused) continue;
                int& entry = tables_[t][used[t]];
                const bool pieces_entry = t == kWhitePieces || t == kBlackPieces;
                const int own_target = (pieces_entry ? pieces_target : target) - (total - entry);  // others' share kept
                entry = std::clamp((entry * (kWeightScale - weight) + own_target * weight) / kWeightScale,
                                   -kMaxCorrection, kMaxCorrection);
            }
        }
    }

private:
    enum Table : std::size_t { kPawns, kWhitePieces, kBlackPieces, kTables };
    static constexpr std::size_t kUnused = kEntries;
    using Slots = std::array<std::size_t, kTables>;  // each table's entry for a position

    static Slots slots(const G& g, bool pieces) {
        Slots out{kUnused, kUnused, kUnused};
        if constexpr (CorrectionGame<G>) {
            out[kPawns] = g.correction_key() % kEntries;
            if (pieces) {
                const auto keys = g.piece_correction_keys();
                out[kWhitePieces] = keys[0] % kEntries;
                out[kBlackPieces] = keys[1] % kEntries;
            }
        }
        return out;
    }
    int sum(const Slots& used) const {
        int total = 0;
        for (std::size_t t = 0; t < kTables; ++t)
            if (used[t] != kUnused) total += tables_[t][used[t]];
        return total;
    }

    std::array<std::vector<int>, kTables> tables_;
};

}  // namespace ply::engine
