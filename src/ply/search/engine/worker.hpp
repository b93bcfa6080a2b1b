// One thread of the production search: principal variation search with a
// transposition table, quiescence, pruning and reductions, over any Game.
// Features the game cannot support (no hash, no null move...) compile away.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <functional>
#include <memory>
#include <vector>

#include <ply/core/uninitialized_array.hpp>
#include <ply/search/budget.hpp>
#include <ply/search/classic/common.hpp>
#include <ply/search/engine/busy.hpp>
#include <ply/search/engine/correction.hpp>
#include <ply/search/engine/features.hpp>
#include <ply/search/engine/history.hpp>
#include <ply/search/engine/parameters.hpp>
#include <ply/search/engine/tt.hpp>
#include <ply/search/node_end.hpp>
#include <ply/search/retro/endgames.hpp>
#include <ply/search/sort.hpp>

namespace ply::engine {

// Late move reductions by depth and move number, computed once for a set
// of parameters.
using ReductionTable = std::array<std::array<int, 64>, kMaxPly>;

// Shared by all threads of one search.
template <class Move>
struct SharedState {
    SharedState() { set_parameters(SearchParameters{}); }

    TranspositionTable<Move>* table = nullptr;
    Features features;
    // The margins and reductions (the game's, parameters_of, unless a front end sets others) and the reductions
    // they give.
    SearchParameters params;
    std::unique_ptr<ReductionTable> reductions = std::make_unique<ReductionTable>();
    void set_parameters(const SearchParameters& p) {
        params = p;
        for (std::size_t d = 1; d < static_cast<std::size_t>(kMaxPly); ++d)
            for (std::size_t m = 1; m < 64; ++m)
                (*reductions)[d][m] = static_cast<int>(
                    p.lmr_base + std::log(static_cast<double>(d)) * std::log(static_cast<double>(m)) / p.lmr_divisor);
    }
    Budget budget;  // its node cap is checked exactly by a lone thread, the rest by the engine
    int thread_count = 1;
    // The deepest iteration any thread has completed: a thread searching
    // that depth or a shallower one drops its iteration (Lazy SMP).
    std::atomic<int> completed_depth{0};
    // Positions being searched by some thread, when threads share the work.
    BusyPositions busy;
};

template <class Move>
struct RootMove {
    Move move;
    Score score = -kInfinity;           // this iteration; -inf if not (yet) exact
    Score previous_score = -kInfinity;  // last completed iteration
    std::vector<Move> pv;
    std::uint64_t nodes = 0;  // searched under this move, every iteration of this search
};

// The moves of the position a search was asked to move from: where a rule
// has already ended the game (a draw a GUI did not adjudicate) the moves on
// the board, so that a player asked to move always has a legal one.
template <Game G>
void generate_root_moves(const G& root, MoveListOf<G>& moves) {
    if constexpr (RuleEndedGame<G>)
        root.generate_legal(moves);
    else
        root.generate_moves(moves);
}

// What one thread learns that outlives a search: the game's moves go on
// being good or bad, and its evaluation off in the same way, move after move.
// Kept by the engine per thread; cleared for a new game.
template <Game G>
struct ThreadMemory {
    MoveHistory<G> history;
    CorrectionHistory<G> correction;
    void clear() {
        history.clear();
        correction.clear();
    }
};

// Aligned to a cache line: two threads' workers never share one.
template <Game G>
class alignas(64) Worker {
public:
    using Move = typename G::Move;

    Worker(SharedState<Move>& shared, const G& root, ThreadMemory<G>& memory, const retro::Endgames<G>& endgames)
        : shared_(shared), game_(root), history_(memory.history), correction_(memory.correction), endgames_(endgames) {}

    // Copied into this worker's own list, whose storage a kept worker reuses.
    void start(const G& root, const std::vector<RootMove<Move>>& root_moves) {
        game_ = root;
        root_moves_ = root_moves;
        nodes_.store(0, std::memory_order_relaxed);
        seldepth_ = 0;
        history_.age();
    }

    // An iteration to `depth` begins: only a deeper completed one drops it.
    void begin_iteration(int depth) {
        root_depth_ = depth;
        superseded_ = false;
        iteration_best_.reset();
    }
    // The root move that last beat alpha in the iteration under way, with its score and line (none yet: nullopt).
    struct IterationBest {
        Move move;
        Score score;
        Bound bound;  // Lower where it failed high
        std::vector<Move> pv;
    };
    [[nodiscard]] const std::optional<IterationBest>& iteration_best() const { return iteration_best_; }
    [[nodiscard]] int iteration_depth() const { return root_depth_; }

    // Searches the root moves from index `first` with the window (alpha, beta)
    // and re-orders them by score, best first. Returns the best score. `depth`
    // may be below the iteration's (a re-search after a fail high): the
    // iteration's depth stays what a deeper one supersedes.
    Score search_root(int depth, int first, Score alpha, Score beta) {
        root_first_ = first;
        const Score v = search(depth, 0, alpha, beta, false);
        if (!stopped())
            insertion_sort(root_moves_.begin() + first, root_moves_.end(),
                           [](const RootMove<Move>& a, const RootMove<Move>& b) { return a.score > b.score; });
        return v;
    }

    [[nodiscard]] std::vector<RootMove<Move>>& root_moves() { return root_moves_; }
    [[nodiscard]] std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    [[nodiscard]] int seldepth() const { return seldepth_; }
    [[nodiscard]] bool stopped() const { return superseded_ || shared_.budget.stopped(); }
    // The iteration was dropped because another thread completed its depth.
    [[nodiscard]] bool superseded() const { return superseded_; }
    void reset_seldepth(int to = 0) { seldepth_ = to; }
    // Called every 1024 nodes by the thread that owns the clock.
    std::function<void()> poll;
    // Called before each root move is searched: depth, move, its 1-based number.
    std::function<void(int, const Move&, int)> on_root_move;

private:
    const SearchParameters& params() const { return shared_.params; }
    const Features& features() const { return shared_.features; }

    int base_reduction(int depth, int move_count) const {
        return (*shared_.reductions)[static_cast<std::size_t>(std::min(depth, kMaxPly - 1))]
                                    [static_cast<std::size_t>(std::min(move_count, 63))];
    }

    void count_node(int ply) {
        if (stopped()) return;  // a node limit is exact: nothing counts after it
        const std::uint64_t n = nodes_.load(std::memory_order_relaxed) + 1;
        nodes_.store(n, std::memory_order_relaxed);
        seldepth_ = std::max(seldepth_, ply + 1);
        if (shared_.thread_count == 1 && shared_.budget.over_nodes(n)) shared_.budget.stop();
        if ((n & 1023) == 0) {
            if (poll) poll();
            superseded_ = shared_.completed_depth.load(std::memory_order_relaxed) >= root_depth_;
        }
    }

    // The evaluation where the game goes on, the exact score where it is over.
    Score static_score(int ply) const {
        MoveListOf<G> any;
        game_.generate_moves(any);
        return any.empty() ? no_moves_score(game_, ply) : Score(game_.evaluate());
    }

    // A move between this position's orientation and the table's: games
    // whose hash() serves a position and its mirror image store moves as the
    // hash saw the board (the same map both ways).
    std::optional<Move> oriented(const std::optional<Move>& m) const {
        if constexpr (SymmetricHashGame<G>) {
            if (m && game_.hash_mirrored()) return game_.mirror_move(*m);
        }
        return m;
    }

    bool in_check() const {
        if constexpr (CheckGame<G>) return game_.in_check();
        return false;
    }
    bool gives_check(const Move& m) const {
        if constexpr (CheckGame<G>) return game_.gives_check(m);
        return false;
    }
    bool is_tactical(const Move& m) const {
        if constexpr (OrderedTacticsGame<G>) return game_.is_tactical(m);
        return false;
    }
    bool see_ge(const Move& m, Score threshold) const {
        if constexpr (ExchangeGame<G>) return game_.see_ge(m, threshold);
        return true;
    }

    using Picker = MovePicker<G>;
    using QuietContext = typename MoveHistory<G>::QuietContext;

    // `quiet`: quiet_context(ply), which the main search has already found for its move loop.
    void score_moves(Picker& p, int ply, const std::optional<Move>& tt_move, const QuietContext& quiet) const {
        const std::optional<Move> counter =
            features().countermoves ? history_.counter(previous_key(ply)) : std::nullopt;
        for (std::size_t i = 0; i < p.moves.size(); ++i) {
            const Move& m = p.moves[i];
            int s;
            if (tt_move && m == *tt_move) {
                s = 1 << 30;
            } else if (is_tactical(m)) {
                s = (see_ge(m, 0) ? (1 << 28) : -(1 << 20)) + tactical_order(m);
            } else if (const int k = features().killers ? history_.killer_rank(ply, m) : 0) {
                s = (1 << 27) + k;
            } else if (counter && m == *counter) {
                s = 1 << 26;
            } else {
                s = quiet_history(ply, m, quiet);
            }
            p.scores[i] = s;
        }
    }

    // The game's order of tactical moves (most valuable victim first).
    int tactical_order(const Move& m) const {
        if constexpr (OrderedTacticsGame<G>) return game_.tactical_score(m) * 64;
        return 0;
    }

    // What scoring quiet moves at `ply` needs, with its position on the board: the continuation history's rows for
    // the moves that led to it and, where `with_threats` and ThreatHistory is on, the opponent's threats (each empty
    // when off).
    QuietContext quiet_context(int ply, bool with_threats) const {
        typename MoveHistory<G>::Threats threats{};
        if constexpr (ThreatKeyedGame<G>)
            if (with_threats && features().threat_history && features().history) threats = game_.threats();
        if constexpr (PieceMoveGame<G>)
            if (features().continuation_history) return history_.quiet_context(previous_moves(ply), threats);
        return QuietContext{{}, threats};
    }
    // What the histories say of a quiet move at `ply` (with the parent position on the board); off: 0.
    int quiet_history(int ply, const Move& m, const QuietContext& quiet) const {
        int s = features().history ? history_.score(game_, ply, m, quiet.threats) : 0;
        if constexpr (PieceMoveGame<G>)
            if (features().continuation_history) s += quiet.continuation_score(game_.piece_move_key(m));
        return s;
    }
    typename MoveHistory<G>::PreviousMoves previous_moves(int ply) const {
        typename MoveHistory<G>::PreviousMoves out{};
        for (std::size_t lag = 0; lag < out.size(); ++lag)
            if (ply > static_cast<int>(lag)) out[lag] = piece_key_stack_[static_cast<std::size_t>(ply) - 1 - lag];
        return out;
    }

    std::optional<Move> previous_move(int ply) const {
        return ply > 0 ? stack_[static_cast<std::size_t>(ply - 1)] : std::nullopt;
    }
    std::optional<std::size_t> previous_key(int ply) const {
        return ply > 0 ? key_stack_[static_cast<std::size_t>(ply - 1)] : std::nullopt;
    }
    // Records the move about to be made at `ply` (nullopt: a null move).
    void push_move(int ply, const std::optional<Move>& m) {
        if constexpr (PieceMoveGame<G>) {
            if (features().continuation_history)
                piece_key_stack_[static_cast<std::size_t>(ply)] =
                    m ? std::optional<std::size_t>(game_.piece_move_key(*m)) : std::nullopt;
        }
        if (!features().null_move && !features().countermoves) return;  // the only readers
        stack_[static_cast<std::size_t>(ply)] = m;
        std::optional<std::size_t> key;
        if constexpr (KeyedMoveGame<G>) {
            if (m && features().countermoves) key = game_.move_key(*m);  // read only for countermoves
        }
        key_stack_[static_cast<std::size_t>(ply)] = key;
    }

    // What the steps of a node share once its own bounds are known.
    struct Node {
        int ply;
        bool pv_node, cut_node, root, checked, declining;
        Score static_eval;
        Score raw_eval;  // before correction; -kInfinity: not evaluated
        std::optional<Move> tt_move;
        std::uint64_t key;
        std::optional<Move> excluded;  // a singular search's: the table's move, left out
        int tt_move_extension;         // plies added to the table's move (singular)
    };

    Score search(int depth, int ply, Score alpha, Score beta, bool cut_node) {
        const bool pv_node = beta - alpha > 1;
        const bool root = ply == 0;
        // Step 1 (~160 Elo ± 47, 200 games). Quiescence at the horizon. A static evaluation in the middle of an
        // exchange is worth nothing.
        if (depth <= 0) return quiescence(ply, alpha, beta);
        count_node(ply);
        pv_.clear(ply);
        if (stopped() && !root) return 0;

        if (!root) {
            // Step 2 (not measured). The end of the game. A rule or the board may have ended it; the stack has a last
            // ply.
            if (auto end = rule_end_score(game_, ply)) return *end;
            if (ply >= kMaxPly - 1) return game_.evaluate();
            // Step 3 (~-12 Elo ± 12, 150 games). Mate distance pruning. Nothing here beats mating at the next ply or
            // loses faster than now.
            if (features().mate_distance_pruning) {
                alpha = std::max(alpha, mated_in_plies(ply));
                beta = std::min(beta, mate_in_plies(ply + 1));
                if (alpha >= beta) return alpha;
            }
            // Step 4 (not measured). Proven bounds. Some games know a bound without search (Connect Four's claimeven).
            if (const auto proven = proven_bound(ply, alpha, beta)) return *proven;
        }

        // Step 5 (~255 Elo ± 50, 200 games). Transposition table cutoff. A deep enough bound from another path ends
        // the node outside the PV.
        const std::optional<Move> excluded = excluded_[static_cast<std::size_t>(ply)];
        std::optional<Move> tt_move;
        std::optional<TTHit<Move>> tt_entry;
        std::uint64_t key = 0;
        if (const auto v = probe_table(depth, ply, alpha, beta, !pv_node && !root && !excluded, tt_move, key, tt_entry))
            return *v;
        // Step 5b (not measured). Endgame databases. A position they hold has its exact value.
        if (!root && !excluded)
            if (const auto v = endgames_.score(game_, ply)) return *v;

        // Step 6 (~-21 Elo ± 44, 150 games). Check extension. Checks are forcing: seeing their answers costs little
        // and finds mates.
        const bool checked = in_check();
        if (checked && features().check_extension && may_extend(ply, pv_node)) ++depth;

        // Step 7 (~5 Elo ± 47, 150 games). Static evaluation, improving or not. Better than two plies ago, cutoffs are
        // likelier; pruning can be bolder when it is not.
        Score raw_eval = -kInfinity;
        const Score static_eval = node_evaluation(ply, checked, tt_entry, raw_eval);
        const bool improving = features().improving && !checked && ply >= 2 &&
                               static_eval > eval_stack_[static_cast<std::size_t>(ply - 2)];
        const bool declining = features().improving && !improving;

        // Steps 8 to 10: the whole node pruned before any move is searched.
        if (!pv_node && !checked && !root && !excluded) {
            if (const auto v = prune_node(depth, ply, alpha, beta, cut_node, static_eval, improving)) return *v;
        }

        // Step 11 (~-30 Elo ± 45, 150 games). Internal iterative reduction. An expected cut node with no hash move is
        // likely new and badly ordered: search it shallower, the next iteration redoes it. (Without a table there is
        // never a hash move.)
        if (features().internal_iterative_reduction && features().transposition_table && HashedGame<G> && !root &&
            !tt_move && depth >= params().iir_min_depth && cut_node)
            --depth;

        int tt_move_extension = 0;
        if (!root && !excluded && tt_entry) {
            const auto singular = singular_extension(depth, ply, beta, pv_node, cut_node, *tt_entry);
            if (!singular) return 0;  // stopped
            if (singular->cutoff) return singular->score;
            tt_move_extension = singular->extension;
        }

        return search_moves(depth, alpha, beta,
                            {ply, pv_node, cut_node, root, checked, declining, static_eval, raw_eval, tt_move, key,
                             excluded, tt_move_extension});
    }

    struct Singularity {
        int extension = 0;
        bool cutoff = false;  // multi-cut: even without the table's move the node fails high
        Score score = 0;
    };
    // Step 11b (pruning.hpp).
    std::optional<Singularity> singular_extension(int depth, int ply, Score beta, bool pv_node, bool cut_node,
                                                  const TTHit<Move>& entry);

    std::optional<Score> proven_bound(int ply, Score alpha, Score beta) const {
        if constexpr (ProvenBoundGame<G>) {
            if (const auto bound = game_.proven_upper_bound()) {
                const Score v = score_from_tt(*bound, ply);
                if (v <= alpha) return v;
            }
            if (const auto bound = game_.proven_lower_bound()) {
                const Score v = score_from_tt(*bound, ply);
                if (v >= beta) return v;
            }
        }
        return std::nullopt;
    }

    // Reads the table's move and, where a stored bound settles the node, its score.
    // `entry`: what the table holds, its score relative to this node.
    std::optional<Score> probe_table(int depth, int ply, Score alpha, Score beta, bool may_cut,
                                     std::optional<Move>& tt_move, std::uint64_t& key,
                                     std::optional<TTHit<Move>>& entry) const {
        if constexpr (HashedGame<G>) {
            if (features().transposition_table) {
                key = game_.hash();
                if (auto hit = shared_.table->probe(key, depth)) {
                    tt_move = oriented(hit->move);
                    const Score v = score_from_tt(hit->score, ply);
                    entry = TTHit<Move>{v, hit->depth, hit->bound, tt_move, hit->eval};
                    if (may_cut && hit->depth >= depth && bound_settles(hit->bound, v, alpha, beta)) return v;
                }
            }
        }
        return std::nullopt;
    }

    // Beyond the iteration's depth only the principal variation keeps
    // extending, and never past twice that depth: the endless checks of a
    // queen against a bare king would otherwise grow every line (depth 18
    // of KQ-K took 126M nodes without finding the mate, 2.3M with this).
    bool may_extend(int ply, bool pv_node) const {
        return ply < root_depth_ || (pv_node && ply < param::kPvExtensionFactor * root_depth_);
    }

    // Only pruning and the improving flag read the static evaluation; with
    // all of them off it is not worth computing at every node.
    Score node_evaluation(int ply, bool checked, const std::optional<TTHit<Move>>& entry, Score& raw) {
        const Features& f = features();
        const bool uses_eval = f.reverse_futility || f.razoring || f.null_move || f.futility || f.improving;
        raw = checked || !uses_eval ? -kInfinity : evaluation(entry);
        const Score static_eval = raw == -kInfinity ? raw : corrected(raw);
        eval_stack_[static_cast<std::size_t>(ply)] = static_eval;
        return static_eval;
    }
    // The position's static evaluation: the table's where it kept one.
    Score evaluation(const std::optional<TTHit<Move>>& entry) const {
        return entry && entry->eval ? *entry->eval : Score(game_.evaluate());
    }
    static std::optional<Score> evaluated(Score raw) { return raw == -kInfinity ? std::nullopt : std::optional(raw); }
    Score corrected(Score raw) const {
        if constexpr (CorrectionGame<G>)
            if (features().correction_history) return correction_.corrected(game_, raw, features().piece_correction);
        return raw;
    }
    // Step 22 (+20.7 Elo ± 23.6, 370 games at 60k nodes; each switch's figures in features.hpp). Correction history.
    // Where the search's result is exact, or a bound on the side the evaluation was wrong, learn how far off the
    // evaluation was; quiet results only, a capture's gain is no misjudged position.
    void learn_correction(int depth, const Node& n, Score best, Bound bound, const std::optional<Move>& best_move) {
        if constexpr (CorrectionGame<G>) {
            if (!features().correction_history || n.checked || n.raw_eval == -kInfinity || is_mate(best) ||
                (best_move && is_tactical(*best_move)))
                return;
            if ((bound == Bound::Lower && best <= n.static_eval) || (bound == Bound::Upper && best >= n.static_eval))
                return;
            correction_.update(game_, depth, n.raw_eval, best, features().piece_correction);
        }
    }

    // Steps 8 to 10 (pruning.hpp), for a node off the PV and not in check.
    std::optional<Score> prune_node(int depth, int ply, Score alpha, Score beta, bool cut_node, Score static_eval,
                                    bool improving);

    // The state of the loop over a node's moves.
    struct MoveLoop {
        explicit MoveLoop(MoveListOf<G>& moves) : picker{moves} {}
        Picker picker;
        bool scored = false;         // the moves have their ordering scores
        bool tt_move_first = false;  // the table's move is moves[0], not yet searched
        std::size_t root_index = 0;
        // Moves left for later because another thread was searching them.
        ScratchArray<Move, G::max_moves> deferred;  // the first deferred_count are set
        std::size_t deferred_count = 0, deferred_next = 0;
        ScratchArray<Move, G::max_moves> quiets_tried;  // the first quiet_count are set
        std::size_t quiet_count = 0;
        int move_count = 0;
        Score known_fail_low = -kInfinity;  // the best bound of the moves not searched
        Score best = -kInfinity;
        std::optional<Move> best_move;
        QuietContext quiet;  // for the histories of the quiet moves
    };

    Score search_moves(int depth, Score alpha, Score beta, const Node& n) {
        // Step 12 (killers ~-12 Elo ± 32, 350 games; countermoves ~0 Elo ± 45, 150 games; continuation history +25.1
        // Elo ± 16.2, 1,066 games at 10k nodes). Move ordering. The table's move goes first, before any move is scored
        // (where it refutes the node, scoring the others is wasted), then captures, killers, countermoves and history
        // (the move's own and its continuation history after the moves one and two plies before).
        MoveListOf<G> moves;
        if (n.root)
            generate_root_moves(game_, moves);
        else
            game_.generate_moves(moves);
        if (moves.empty()) return n.root ? 0 : no_moves_score(game_, n.ply);
        MoveLoop loop(moves);
        loop.scored = n.root;  // the root's moves come in the root's order
        loop.root_index = static_cast<std::size_t>(root_first_);
        loop.quiet = quiet_context(n.ply, true);
        if (!n.root && n.tt_move) {
            const auto it = std::find(moves.begin(), moves.end(), *n.tt_move);
            if (it != moves.end()) {
                std::iter_swap(moves.begin(), it);
                loop.tt_move_first = true;
            }
        }
        // Step 13 (~0 Elo ± 0, 150 games: chess has no hash_after, so the step never runs there). Enhanced
        // transposition cutoff. A child's stored bound may settle the node or its move without a search.
        if (const auto v = transposition_cutoff(depth, n.ply, alpha, beta, n.root || n.pv_node, moves, loop)) return *v;

        const Score original_alpha = alpha;
        loop.best = loop.known_fail_low;
        const bool share_work =
            shared_.thread_count > 1 && features().defer_busy_moves && HashedGame<G> && depth >= kDeferMinDepth;
        while (const auto next = next_move(n, loop)) {
            const Move m = next->move;
            if (n.excluded && m == *n.excluded) continue;
            RootMove<Move>* root_move = n.root ? enter_root_move(m) : nullptr;
            ++loop.move_count;
            const bool quiet = !is_tactical(m);
            const bool checks = quiet && gives_check(m);  // read only for quiet moves
            // Steps 14 to 16: late moves pruned, never while every move so far loses to mate.
            if (!n.root && !n.checked && loop.best > -kMateBound &&
                prune_move(depth, alpha, n, m, quiet && !checks, quiet, loop))
                continue;

            const bool killer_or_counter = features().killers && history_.is_killer(n.ply, m);
            // Keys need the parent. Off, the tables are never updated: all 0.
            const int history_score = quiet ? quiet_history(n.ply, m, loop.quiet) : 0;

            const std::uint64_t nodes_before = root_move ? nodes() : 0;  // read only at the root
            push_move(n.ply, m);
            game_.make(m);
            const auto busy_key = enter_child(depth, m, share_work, next->revisit, loop);
            if (!busy_key) continue;  // left for later: another thread is searching it
            // Step 18 (~568 Elo ± 140, 150 games). Principal variation search. After the first move a null window asks
            // only "better than alpha?"; a yes is searched again with the full window.
            const int new_depth = depth - 1 + (n.tt_move && m == *n.tt_move ? n.tt_move_extension : 0);
            Score v;
            if (loop.move_count == 1 || !features().pvs) {
                v = -search(new_depth, ply_after(n), -beta, -alpha, n.pv_node ? false : !n.cut_node);
            } else {
                const int r =
                    quiet ? late_move_reduction(depth, n, loop.move_count, killer_or_counter, checks, history_score)
                          : 0;
                v = -search(new_depth - r, ply_after(n), -alpha - 1, -alpha, true);
                if (v > alpha && r > 0) v = -search(new_depth, ply_after(n), -alpha - 1, -alpha, !n.cut_node);
                if (v > alpha && v < beta) v = -search(new_depth, ply_after(n), -beta, -alpha, false);
            }
            game_.unmake(m);
            if (*busy_key) shared_.busy.leave(*busy_key);
            if (root_move) root_move->nodes += nodes() - nodes_before;
            if (stopped()) return 0;

            if (root_move) update_root_move(*root_move, m, loop.move_count == 1, v, alpha, beta);
            if (v > loop.best && record_best(depth, m, v, alpha, beta, n, quiet, loop)) break;
            if (quiet && loop.quiet_count < loop.quiets_tried.size()) loop.quiets_tried[loop.quiet_count++] = m;
        }

        // The table's move was the only one: singular.
        if (n.excluded) return loop.move_count == 0 ? alpha : std::max(loop.best, alpha);
        // All root moves excluded (or every move known to fail low, which the table records).
        if (loop.move_count == 0 && loop.known_fail_low == -kInfinity) return n.root ? 0 : no_moves_score(game_, n.ply);
        if (loop.best == -kInfinity) loop.best = alpha;  // every move was pruned
        if (!(n.root && root_first_ > 0))
            learn_correction(depth, n, loop.best, bound_of(loop.best, original_alpha, beta), loop.best_move);
        // Step 21 (part of step 5). Storing the result. The next visit of this position, by any path or thread, starts
        // from it.
        if constexpr (HashedGame<G>) {
            if (features().transposition_table && !(n.root && root_first_ > 0)) {
                shared_.table->store(n.key, score_to_tt(loop.best, n.ply), depth,
                                     bound_of(loop.best, original_alpha, beta),
                                     oriented(loop.best_move ? loop.best_move : n.tt_move), evaluated(n.raw_eval));
            }
        }
        return loop.best;
    }

    // Step 17 (not measured). Sharing work between threads. A move another thread is searching waits, so threads
    // rarely search the same subtree at once (not the first move, as in Young Brothers Wait: its bound makes the
    // others cheap). Called with `m` made: the key to leave after its search (0: none), or nullopt with `m` unmade and
    // deferred.
    std::optional<std::uint64_t> enter_child(int depth, const Move& m, bool share_work, bool revisit, MoveLoop& loop) {
        std::uint64_t busy_key = 0;
        if constexpr (HashedGame<G>) {
            // (Games with hash_after had every child's bucket prefetched already.)
            if constexpr (!HashAfterGame<G>) shared_.table->prefetch(game_.hash(), depth - 1);
            if (share_work) {
                busy_key = game_.hash();
                if (!revisit && loop.move_count > 1 && shared_.busy.busy(busy_key)) {
                    game_.unmake(m);
                    loop.deferred[loop.deferred_count++] = m;
                    --loop.move_count;
                    return std::nullopt;
                }
                shared_.busy.enter(busy_key);
            }
        }
        return busy_key;
    }

    // A move better than the best so far: the new best, alpha and the PV;
    // true on a cutoff.
    bool record_best(int depth, const Move& m, Score v, Score& alpha, Score beta, const Node& n, bool quiet,
                     MoveLoop& loop) {
        loop.best = v;
        if (v <= alpha) return false;
        loop.best_move = m;
        alpha = v;
        if (!n.root) pv_.update(n.ply, m);
        if (v < beta) return false;
        // Step 20 (~150 Elo ± 50, 150 games). Learning from the cutoff. The quiet move that refuted the node is tried
        // early in its siblings (killers, countermoves, history); a capture, before captures that failed (capture
        // history).
        if (quiet)
            history_.reward(game_, n.ply, depth, m, previous_key(n.ply), previous_moves(n.ply),
                            loop.quiets_tried.data(), loop.quiet_count, features(), loop.quiet.threats);
        return true;
    }

    static int ply_after(const Node& n) { return n.ply + 1; }

    struct NextMove {
        Move move;
        bool revisit;  // a deferred move, now searched whatever other threads do
    };
    // The root's moves in the root's order; elsewhere the table's move, then
    // by ordering score; then the moves deferred for other threads.
    std::optional<NextMove> next_move(const Node& n, MoveLoop& loop) {
        std::optional<Move> next;
        if (n.root) {
            if (loop.root_index < root_moves_.size()) next = root_moves_[loop.root_index++].move;
        } else if (loop.tt_move_first) {
            next = loop.picker.moves[0];
            loop.picker.next = 1;
            loop.tt_move_first = false;
        } else {
            if (!loop.scored) {
                score_moves(loop.picker, n.ply, n.tt_move, loop.quiet);
                loop.scored = true;
            }
            next = loop.picker.pick();
        }
        if (next) return NextMove{*next, false};
        if (loop.deferred_next < loop.deferred_count) return NextMove{loop.deferred[loop.deferred_next++], true};
        return std::nullopt;
    }

    RootMove<Move>* enter_root_move(const Move& m) {
        const auto it = std::find_if(root_moves_.begin() + root_first_, root_moves_.end(),
                                     [&](const RootMove<Move>& rm) { return rm.move == m; });
        if (on_root_move) on_root_move(root_depth_, m, static_cast<int>(it - root_moves_.begin()) + 1);
        return &*it;
    }
    // A root move's score and line when it is the first or beats alpha; -inf otherwise. One that beats alpha is the
    // iteration's best so far.
    void update_root_move(RootMove<Move>& rm, const Move& m, bool first, Score v, Score alpha, Score beta) {
        if (first || v > alpha) {
            rm.score = v;
            pv_.update(0, m);
            pv_.copy_line(0, rm.pv);
            if (v > alpha) iteration_best_ = IterationBest{m, v, bound_of(v, alpha, beta), rm.pv};
        } else {
            rm.score = -kInfinity;
        }
    }

    // Prefetches every child's bucket (games with hash_after) and, off the
    // PV, reads them: a child whose stored bound refutes it for the
    // opponent proves this node fails high, whichever move the order would
    // have tried first; a child whose bound proves the move fails low is not
    // searched at all, only its bound counts towards the best.
    std::optional<Score> transposition_cutoff(int depth, int ply, Score alpha, Score beta, bool on_pv,
                                              MoveListOf<G>& moves, MoveLoop& loop) {
        if constexpr (HashAfterGame<G>) {
            if (!features().transposition_table) return std::nullopt;
            // Every child's bucket at once: the loads overlap instead of
            // stalling one child after another.
            std::array<std::uint64_t, G::max_moves> child_keys;
            for (std::size_t i = 0; i < moves.size(); ++i) {
                child_keys[i] = game_.hash_after(moves[i]);
                shared_.table->prefetch(child_keys[i], depth - 1);
            }
            if (!features().enhanced_transposition_cutoff || on_pv) return std::nullopt;
            std::size_t kept = 0;
            for (std::size_t i = 0; i < moves.size(); ++i) {
                const auto hit = shared_.table->probe(child_keys[i], depth - 1);
                if (hit && hit->depth >= depth - 1) {
                    const Score v = -score_from_tt(hit->score, ply + 1);  // a bound on the move's value
                    if (hit->bound != Bound::Lower && v >= beta) return v;
                    if (hit->bound != Bound::Upper && v <= alpha) {
                        loop.known_fail_low = std::max(loop.known_fail_low, v);
                        if (i == 0) loop.tt_move_first = false;
                        continue;
                    }
                }
                moves[kept++] = moves[i];
            }
            moves.resize(kept);
        }
        return std::nullopt;
    }

    // Steps 14 to 16 (pruning.hpp): whether a late move is left unsearched.
    bool prune_move(int depth, Score alpha, const Node& n, const Move& m, bool plain, bool quiet,
                    const MoveLoop& loop) const;

    // Step 19 (pruning.hpp).
    int late_move_reduction(int depth, const Node& n, int move_count, bool killer_or_counter, bool checks,
                            int history_score) const;

    Score quiescence(int ply, Score alpha, Score beta);  // quiescence.hpp

    SharedState<Move>& shared_;
    G game_;
    std::vector<RootMove<Move>> root_moves_;
    int root_first_ = 0;
    int root_depth_ = 1;
    bool superseded_ = false;
    std::optional<IterationBest> iteration_best_;
    std::atomic<std::uint64_t> nodes_{0};
    int seldepth_ = 0;
    classic::PvTable<Move> pv_;
    MoveHistory<G>& history_;             // the engine's for this thread, kept between searches
    CorrectionHistory<G>& correction_;    // the same
    const retro::Endgames<G>& endgames_;  // the engine's
    std::array<std::optional<Move>, kMaxPly + 1> stack_{};
    std::array<std::optional<std::size_t>, kMaxPly + 1> key_stack_{};
    std::array<std::optional<std::size_t>, kMaxPly + 1> piece_key_stack_{};
    std::array<Score, kMaxPly + 1> eval_stack_{};
    std::array<std::optional<Move>, kMaxPly + 1> excluded_{};  // a singular search's left-out move, per ply
};

}  // namespace ply::engine

#include <ply/search/engine/pruning.hpp>
#include <ply/search/engine/quiescence.hpp>
