// The production search's quiescence: below the horizon only the moves
// that change the evaluation sharply, until the position is quiet
// (Worker's, worker.hpp).
#pragma once

#include <algorithm>
#include <cstdlib>
#include <optional>

#include <ply/search/engine/worker.hpp>

namespace ply::engine {

template <Game G>
Score Worker<G>::quiescence(int ply, Score alpha, Score beta) {
    count_node(ply);
    pv_.clear(ply);
    if (stopped()) return 0;
    if (auto end = rule_end_score(game_, ply)) return *end;
    if (ply >= kMaxPly - 1) return game_.evaluate();
    if constexpr (!TacticalGame<G>) {
        return static_score(ply);
    } else {
        if (!features().quiescence) return static_score(ply);
        const bool pv_node = beta - alpha > 1;
        // Quiescence step 1 (with step 5). Table cutoff. Captures repeat across lines as much as quiet moves do.
        std::optional<Move> tt_move;
        std::optional<TTHit<Move>> tt_entry;
        std::uint64_t key = 0;
        bool deeper_entry = false;  // a main-search result: worth more than this one
        if constexpr (HashedGame<G>) {
            if (features().transposition_table) {
                key = game_.hash();
                if (auto hit = shared_.table->probe(key, 0)) {
                    tt_move = oriented(hit->move);
                    deeper_entry = hit->depth > 0;
                    const Score v = score_from_tt(hit->score, ply);
                    if (!pv_node && bound_settles(hit->bound, v, alpha, beta)) return v;
                    tt_entry = TTHit<Move>{v, hit->depth, hit->bound, tt_move, hit->eval};
                }
            }
        }
        const Score original_alpha = alpha;
        std::optional<Move> best_move;
        const bool checked = in_check();
        Score best = -kInfinity;
        Score stand_pat = -kInfinity;
        Score raw_eval = -kInfinity;
        // Quiescence step 2 (with step 1). Standing pat. The side to move need not capture: the evaluation is a
        // lower bound.
        if (!checked) {
            raw_eval = evaluation(tt_entry);
            stand_pat = corrected(raw_eval);
            if (stand_pat >= beta) return stand_pat;
            alpha = std::max(alpha, stand_pat);
            best = stand_pat;
        }
        MoveListOf<G> moves;
        game_.generate_tactical(moves);  // all evasions when in check
        if (checked && moves.empty()) return no_moves_score(game_, ply);
        Picker picker{moves};
        score_moves(picker, ply, tt_move, quiet_context(ply, checked));
        const Score least_gain = features().quiescence_skip_even_trades ? 1 : 0;  // fixed for the node
        while (auto next = picker.pick()) {
            const Move m = *next;
            // Quiescence step 3 (not measured). Delta and static exchange pruning. A capture that loses material
            // or cannot lift the score to alpha even with a margin is skipped, unless it checks: a mate is worth
            // more than any margin. With QuiescenceSkipEvenTrades an even exchange is skipped too: it leaves the
            // balance standing pat already counted.
            if (!checked) {
                const Score needed = std::max<Score>(least_gain, alpha - stand_pat - params().delta_margin + 1);
                if (!see_ge(m, needed) && (needed == 0 || !gives_check(m) || !see_ge(m, 0))) continue;
            }
            push_move(ply, m);
            game_.make(m);
            const Score v = -quiescence(ply + 1, -beta, -alpha);
            game_.unmake(m);
            if (stopped()) return 0;
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    best_move = m;
                    pv_.update(ply, m);
                    if (v >= beta) break;
                }
            }
        }
        // Quiescence step 4 (with step 1). Storing the result: depth 0, and never over an entry of the main
        // search.
        if constexpr (HashedGame<G>) {
            if (features().transposition_table && best > -kInfinity && !deeper_entry) {
                shared_.table->store(key, score_to_tt(best, ply), 0, bound_of(best, original_alpha, beta),
                                     oriented(best_move ? best_move : tt_move), evaluated(raw_eval));
            }
        }
        return best;
    }
}

}  // namespace ply::engine
