// The production search's pruning, reductions and singular extensions: the
// steps of Worker (worker.hpp) that decide how deep a node or a move is
// searched, or whether at all.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <optional>

#include <ply/search/engine/worker.hpp>

namespace ply::engine {

// Step 11b (+36.2 Elo ± 20.4, 578 games at 20k nodes). Singular extensions with multi-cut. Where the table's move
// is a deep enough lower bound, the node is searched again, shallower, without it, against a window a little below
// its score: if every other move fails low the table's move is the only good one and is searched a ply deeper; if
// that window is above beta, several moves refute the node and it is cut. Beyond the iteration's depth only on the
// principal variation, as check extensions: a bare king's forced replies made every line singular (KQ-K, depth
// 17: 38M nodes, seldepth 44). nullopt: the search was stopped.
template <Game G>
auto Worker<G>::singular_extension(int depth, int ply, Score beta, bool pv_node, bool cut_node,
                                   const TTHit<Move>& entry) -> std::optional<Singularity> {
    if (!features().singular_extensions || depth < params().singular_min_depth || !entry.move ||
        entry.bound == Bound::Upper || entry.depth < depth - params().singular_entry_depth || is_mate(entry.score) ||
        !may_extend(ply, pv_node))
        return Singularity{};
    const Score singular_beta = entry.score - params().singular_margin * depth;
    excluded_[static_cast<std::size_t>(ply)] = entry.move;
    const Score v = search((depth - 1) / 2, ply, singular_beta - 1, singular_beta, cut_node);
    excluded_[static_cast<std::size_t>(ply)].reset();
    if (stopped()) return std::nullopt;
    if (v < singular_beta) return Singularity{1, false, 0};
    if (singular_beta >= beta) return Singularity{0, true, singular_beta};
    return Singularity{};
}

// Steps 8 to 10, for a node off the PV and not in check.
template <Game G>
std::optional<Score> Worker<G>::prune_node(int depth, int ply, Score alpha, Score beta, bool cut_node,
                                           Score static_eval, bool improving) {
    // Step 8 (~63 Elo ± 43, 200 games). Reverse futility pruning. So far above beta that no quiet move will fall
    // below it.
    if (features().reverse_futility && depth <= params().reverse_futility_depth && std::abs(beta) < kMateBound &&
        static_eval - params().reverse_futility_margin * (depth - improving) >= beta)
        return static_eval;

    // Step 9 (~-61 Elo ± 45, 150 games). Razoring. So far below alpha that only a capture could help: ask
    // quiescence.
    if constexpr (TacticalGame<G>) {
        if (features().razoring && features().quiescence && depth <= params().razoring_depth &&
            std::abs(alpha) < kMateBound && static_eval + params().razoring_margin * depth < alpha) {
            const Score v = quiescence(ply, alpha, alpha + 1);
            if (stopped()) return 0;
            if (v <= alpha) return v;
        }
    }

    // Step 10 (~4 Elo ± 23, 600 games). Null move pruning. If passing still fails high, a real move will too; not
    // right after another null move, nor where zugzwang is likely.
    if constexpr (NullMoveGame<G>) {
        const bool guard_ok = game_.zugzwang_unlikely();
        if (features().null_move && guard_ok && depth >= params().null_move_min_depth && static_eval >= beta &&
            previous_move(ply) && std::abs(beta) < kMateBound) {
            const int r = params().null_move_base_reduction + depth / params().null_move_depth_divisor;
            push_move(ply, std::nullopt);
            game_.make_null();
            const Score v = -search(depth - 1 - r, ply + 1, -beta, -beta + 1, !cut_node);
            game_.unmake_null();
            if (stopped()) return 0;
            if (v >= beta) return v >= kMateBound ? beta : v;
        }
    }
    return std::nullopt;
}

// Steps 14 to 16: whether a late move is left unsearched. `plain`: a
// quiet move that does not give check.
template <Game G>
bool Worker<G>::prune_move(int depth, Score alpha, const Node& n, const Move& m, bool plain, bool quiet,
                           const MoveLoop& loop) const {
    // Step 14 (~-1 Elo ± 29, 400 games). Late move pruning. Near the horizon, the quiet moves ordered last seldom
    // matter; fewer still where the evaluation declines (near Ethereal's counts; with futility to depth 8, +12.2 Elo
    // ± 9.7 in 2,167 games at 60k nodes against 3 + d² and depth 6).
    const int late_move_count =
        n.declining
            ? (params().declining_move_count_base + params().declining_move_count_per_ply_squared * depth * depth) /
                  params().declining_move_count_divisor
            : (params().late_move_count_base + params().late_move_count_per_ply_squared * depth * depth) /
                  params().late_move_count_divisor;
    if (plain && features().late_move_pruning && depth <= params().late_move_pruning_depth &&
        static_cast<int>(loop.quiet_count) >= late_move_count)
        return true;
    // Step 15 (~-10 Elo ± 27, 400 games). Futility pruning. A quiet move cannot lift an evaluation this far below
    // alpha.
    if (plain && features().futility && depth <= params().futility_depth && !n.pv_node &&
        n.static_eval + params().futility_base + params().futility_per_ply * depth <= alpha)
        return true;
    // Step 16 (~133 Elo ± 44, 200 games). Static exchange pruning. A move that loses material in the exchange it
    // starts is not worth a search near the horizon. A capture's margin grows with the square of the depth
    // (against -100 d: +6.8 Elo ± 9.8 in 2,142 games at 60k nodes; SPRT accepted with ThreatHistory and
    // QuiescenceSkipEvenTrades, features.hpp).
    return features().see_pruning && depth <= params().see_pruning_depth &&
           !see_ge(m, quiet ? params().see_quiet_margin * depth : params().see_tactical_margin * depth * depth);
}

// Step 19 (~100 Elo ± 38, 200 games). Late move reductions. A quiet move ordered late is seldom best: its null
// window is searched shallower, more so late at high depth, at expected cut nodes and where the evaluation
// declines, less for killers and good history. A quiet check is exempt.
template <Game G>
int Worker<G>::late_move_reduction(int depth, const Node& n, int move_count, bool killer_or_counter, bool checks,
                                   int history_score) const {
    if (!features().late_move_reductions || depth < params().lmr_min_depth ||
        move_count <= params().lmr_full_depth_moves || checks)
        return 0;
    int r = base_reduction(depth, move_count);
    if (n.pv_node) --r;
    if (killer_or_counter) --r;
    if (n.cut_node) ++r;
    if (n.declining) ++r;
    r -= history_score / params().lmr_history_divisor;
    return std::clamp(r, 0, depth - 2);
}

}  // namespace ply::engine
