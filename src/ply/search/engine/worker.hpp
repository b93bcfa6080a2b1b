// One thread of the production search: principal variation search with a
// transposition table, quiescence, pruning and reductions, over any Game.
// Features the game cannot support (no hash, no null move...) compile away.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <vector>

#include <ply/search/classic/common.hpp>
#include <ply/search/engine/busy.hpp>
#include <ply/search/engine/history.hpp>
#include <ply/search/engine/limits.hpp>
#include <ply/search/engine/parameters.hpp>
#include <ply/search/engine/tt.hpp>
#include <ply/search/sort.hpp>

namespace ply::engine {

// Shared by all threads of one search.
template <class Move>
struct SharedState {
    TranspositionTable<Move>* table = nullptr;
    Features features;
    std::atomic<bool> stop{false};
    std::optional<std::uint64_t> node_limit;  // checked exactly by a lone thread
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

// Aligned to a cache line: two threads' workers never share one.
template <Game G>
class alignas(64) Worker {
public:
    using Move = typename G::Move;

    Worker(SharedState<Move>& shared, const G& root) : shared_(shared), game_(root) {}

    // Copied into this worker's own list, whose storage a kept worker reuses.
    void start(const G& root, const std::vector<RootMove<Move>>& root_moves) {
        game_ = root;
        root_moves_ = root_moves;
        nodes_.store(0, std::memory_order_relaxed);
        seldepth_ = 0;
        history_.clear();
    }

    // An iteration to `depth` begins: only a deeper completed one drops it.
    void begin_iteration(int depth) {
        root_depth_ = depth;
        superseded_ = false;
    }

    // Searches the root moves from index `first` with the window (alpha, beta)
    // and re-orders them by score, best first. Returns the best score.
    Score search_root(int depth, int first, Score alpha, Score beta) {
        root_first_ = first;
        root_depth_ = depth;
        const Score v = search(depth, 0, alpha, beta, false);
        if (!stopped())
            insertion_sort(root_moves_.begin() + first, root_moves_.end(),
                           [](const RootMove<Move>& a, const RootMove<Move>& b) { return a.score > b.score; });
        return v;
    }

    [[nodiscard]] std::vector<RootMove<Move>>& root_moves() { return root_moves_; }
    [[nodiscard]] std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    [[nodiscard]] int seldepth() const { return seldepth_; }
    [[nodiscard]] bool stopped() const { return superseded_ || shared_.stop.load(std::memory_order_relaxed); }
    // The iteration was dropped because another thread completed its depth.
    [[nodiscard]] bool superseded() const { return superseded_; }
    void reset_seldepth(int to = 0) { seldepth_ = to; }
    // Called every 1024 nodes by the thread that owns the clock.
    std::function<void()> poll;
    // Called before each root move is searched: depth, move, its 1-based number.
    std::function<void(int, const Move&, int)> on_root_move;

private:
    static constexpr SearchParameters kParams = parameters_of<G>;  // the game's margins and reductions
    const Features& features() const { return shared_.features; }
    // Late move reductions by depth and move number, computed once.
    using ReductionTable = std::array<std::array<int, 64>, kMaxPly>;
    static const ReductionTable& reductions() {
        static const ReductionTable table = [] {
            ReductionTable t{};
            for (int d = 1; d < kMaxPly; ++d)
                for (int m = 1; m < 64; ++m)
                    t[static_cast<std::size_t>(d)][static_cast<std::size_t>(m)] =
                        static_cast<int>(kParams.lmr_base + std::log(d) * std::log(m) / kParams.lmr_divisor);
            return t;
        }();
        return table;
    }

    void count_node(int ply) {
        if (stopped()) return;  // a node limit is exact: nothing counts after it
        const std::uint64_t n = nodes_.load(std::memory_order_relaxed) + 1;
        nodes_.store(n, std::memory_order_relaxed);
        seldepth_ = std::max(seldepth_, ply + 1);
        if (shared_.node_limit && shared_.thread_count == 1 && n >= *shared_.node_limit)
            shared_.stop.store(true, std::memory_order_relaxed);
        if ((n & 1023) == 0) {
            if (poll) poll();
            superseded_ = shared_.completed_depth.load(std::memory_order_relaxed) >= root_depth_;
        }
    }

    // A finished game or a rule draw at this node, if any (never at the root).
    std::optional<Score> rule_end(int ply) const {
        if constexpr (DrawRuleGame<G>) {
            if (game_.is_rule_draw()) return Score{0};
            return std::nullopt;
        } else {
            const Outcome o = game_.outcome();
            if (is_over(o)) return terminal_score(o, ply, o == Outcome::Scored ? Score(game_.evaluate()) : 0);
            return std::nullopt;
        }
    }

    // Scored when the move list is empty: mate, stalemate, a full board...
    Score no_moves_score(int ply) const {
        const Outcome o = game_.outcome();
        return terminal_score(o, ply, o == Outcome::Scored ? Score(game_.evaluate()) : 0);
    }

    // The evaluation where the game goes on, the exact score where it is over.
    Score static_score(int ply) const {
        MoveListOf<G> any;
        game_.generate_moves(any);
        return any.empty() ? no_moves_score(ply) : Score(game_.evaluate());
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

    // Orders moves by score, best first, one selection step at a time.
    struct Picker {
        MoveListOf<G>& moves;
        std::array<int, G::max_moves> scores;
        std::size_t next = 0;
        std::optional<Move> pick() {
            if (next >= moves.size()) return std::nullopt;
            std::size_t best = next;
            for (std::size_t i = next + 1; i < moves.size(); ++i)
                if (scores[i] > scores[best]) best = i;
            std::swap(moves[best], moves[next]);
            std::swap(scores[best], scores[next]);
            return moves[next++];
        }
    };

    void score_moves(Picker& p, int ply, const std::optional<Move>& tt_move) const {
        const std::optional<Move> counter =
            features().countermoves ? history_.counter(previous_key(ply)) : std::nullopt;
        for (std::size_t i = 0; i < p.moves.size(); ++i) {
            const Move& m = p.moves[i];
            int s;
            if (tt_move && m == *tt_move) {
                s = 1 << 30;
            } else if (is_tactical(m)) {
                int order = 0;
                if constexpr (OrderedTacticsGame<G>) order = game_.tactical_score(m);
                s = (see_ge(m, 0) ? (1 << 28) : -(1 << 20)) + order;
            } else if (const int k = features().killers ? history_.killer_rank(ply, m) : 0) {
                s = (1 << 27) + k;
            } else if (counter && m == *counter) {
                s = 1 << 26;
            } else {
                s = features().history ? history_.score(game_, ply, m) : 0;  // off: all 0
            }
            p.scores[i] = s;
        }
    }

    std::optional<Move> previous_move(int ply) const {
        return ply > 0 ? stack_[static_cast<std::size_t>(ply - 1)] : std::nullopt;
    }
    std::optional<std::size_t> previous_key(int ply) const {
        return ply > 0 ? key_stack_[static_cast<std::size_t>(ply - 1)] : std::nullopt;
    }
    // Records the move about to be made at `ply` (nullopt: a null move).
    void push_move(int ply, const std::optional<Move>& m) {
        if (!features().null_move && !features().countermoves) return;  // the only readers
        stack_[static_cast<std::size_t>(ply)] = m;
        std::optional<std::size_t> key;
        if constexpr (KeyedMoveGame<G>) {
            if (m && features().countermoves) key = game_.move_key(*m);  // read only for countermoves
        }
        key_stack_[static_cast<std::size_t>(ply)] = key;
    }

    Score search(int depth, int ply, Score alpha, Score beta, bool cut_node) {
        const auto on = [this](bool Features::*feature) { return features().*feature; };
        const bool pv_node = beta - alpha > 1;
        const bool root = ply == 0;
        if (depth <= 0) return quiescence(ply, alpha, beta);
        count_node(ply);
        pv_.clear(ply);
        if (stopped() && !root) return 0;

        if (!root) {
            if (auto end = rule_end(ply)) return *end;
            if (ply >= kMaxPly - 1) return game_.evaluate();
            if (features().mate_distance_pruning) {
                alpha = std::max(alpha, mated_in_plies(ply));
                beta = std::min(beta, mate_in_plies(ply + 1));
                if (alpha >= beta) return alpha;
            }
        }

        MoveListOf<G> moves;
        // Bounds the game proves without search.
        if constexpr (ProvenBoundGame<G>) {
            if (!root) {
                if (const auto bound = game_.proven_upper_bound()) {
                    const Score v = score_from_tt(*bound, ply);
                    if (v <= alpha) return v;
                }
                if (const auto bound = game_.proven_lower_bound()) {
                    const Score v = score_from_tt(*bound, ply);
                    if (v >= beta) return v;
                }
            }
        }

        // Transposition table: a deep enough bound ends the node outside the PV.
        std::optional<Move> tt_move;
        std::uint64_t key = 0;
        if constexpr (HashedGame<G>) {
            if (features().transposition_table) {
                key = game_.hash();
                if (auto hit = shared_.table->probe(key, depth)) {
                    tt_move = oriented(hit->move);
                    const Score v = score_from_tt(hit->score, ply);
                    if (!pv_node && !root && hit->depth >= depth && bound_settles(hit->bound, v, alpha, beta)) return v;
                }
            }
        }

        const bool checked = in_check();
        // Beyond the iteration's depth only the principal variation keeps
        // extending, and never past twice that depth: the endless checks of a
        // queen against a bare king would otherwise grow every line (depth 18
        // of KQ-K took 126M nodes without finding the mate, 2.3M with this).
        const bool may_extend = ply < root_depth_ || (pv_node && ply < 2 * root_depth_);
        if (checked && on(&Features::check_extension) && may_extend) ++depth;
        // Only pruning and the improving flag read the static evaluation; with
        // all of them off it is not worth computing at every node.
        const bool uses_eval = on(&Features::reverse_futility) || on(&Features::razoring) || on(&Features::null_move) ||
                               on(&Features::futility) || on(&Features::improving);
        const Score static_eval = checked || !uses_eval ? -kInfinity : Score(game_.evaluate());
        eval_stack_[static_cast<std::size_t>(ply)] = static_eval;
        // Improving: better than two plies ago, so cutoffs are likelier and
        // pruning can be bolder when it is not.
        // With the feature off, neither flag is set: no margin or count depends on it.
        const bool improving = on(&Features::improving) && !checked && ply >= 2 &&
                               static_eval > eval_stack_[static_cast<std::size_t>(ply - 2)];
        const bool declining = on(&Features::improving) && !improving;

        if (!pv_node && !checked && !root) {
            // Reverse futility: so far above beta that a quiet move will not fall below it.
            if (on(&Features::reverse_futility) && depth <= kParams.reverse_futility_depth &&
                std::abs(beta) < kMateBound &&
                static_eval - kParams.reverse_futility_margin * (depth - improving) >= beta)
                return static_eval;

            // Razoring: so far below alpha that only a capture could help; ask quiescence.
            if constexpr (TacticalGame<G>) {
                if (on(&Features::razoring) && on(&Features::quiescence) && depth <= kParams.razoring_depth &&
                    std::abs(alpha) < kMateBound && static_eval + kParams.razoring_margin * depth < alpha) {
                    const Score v = quiescence(ply, alpha, alpha + 1);
                    if (stopped()) return 0;
                    if (v <= alpha) return v;
                }
            }

            // Null move: if passing still fails high, a real move will too. Not
            // right after another null move, nor where zugzwang is likely.
            if constexpr (NullMoveGame<G>) {
                bool guard_ok = true;
                if constexpr (ZugzwangGuardGame<G>) guard_ok = game_.zugzwang_unlikely();
                if (on(&Features::null_move) && guard_ok && depth >= kParams.null_move_min_depth &&
                    static_eval >= beta && previous_move(ply) && std::abs(beta) < kMateBound) {
                    const int r = kParams.null_move_base_reduction + depth / kParams.null_move_depth_divisor;
                    push_move(ply, std::nullopt);
                    game_.make_null();
                    const Score v = -search(depth - 1 - r, ply + 1, -beta, -beta + 1, !cut_node);
                    game_.unmake_null();
                    if (stopped()) return 0;
                    if (v >= beta) return v >= kMateBound ? beta : v;
                }
            }
        }

        // Internal iterative reduction: an expected cut node with no hash move is
        // likely new and badly ordered; search it shallower and let the next
        // iteration redo it.
        // (Without a table there is never a hash move, so it would apply everywhere.)
        if (on(&Features::internal_iterative_reduction) && features().transposition_table && HashedGame<G> && !root &&
            !tt_move && depth >= kParams.iir_min_depth && cut_node)
            --depth;

        if (root)
            generate_root_moves(game_, moves);
        else
            game_.generate_moves(moves);
        if (moves.empty()) return root ? 0 : no_moves_score(ply);
        Picker picker{moves, {}};
        // The table's move goes first, before any move is scored: where it
        // refutes the node, scoring the others would be wasted.
        bool tt_move_first = false;
        if (!root && tt_move) {
            const auto it = std::find(moves.begin(), moves.end(), *tt_move);
            if (it != moves.end()) {
                std::iter_swap(moves.begin(), it);
                tt_move_first = true;
            }
        }
        bool scored = root;                 // the root's moves come in the root's order
        Score known_fail_low = -kInfinity;  // the best bound of the moves not searched
        if constexpr (HashAfterGame<G>) {
            if (features().transposition_table) {
                // Every child's bucket at once: the loads overlap instead of
                // stalling one child after another.
                std::array<std::uint64_t, G::max_moves> child_keys;
                for (std::size_t i = 0; i < moves.size(); ++i) {
                    child_keys[i] = game_.hash_after(moves[i]);
                    shared_.table->prefetch(child_keys[i], depth - 1);
                }
                // Enhanced transposition cutoff: a child whose stored bound
                // already refutes it for the opponent proves this node fails
                // high, whichever move the order would have tried first. A
                // child whose bound proves the move fails low is not searched
                // at all: only its bound counts towards the best.
                if (features().enhanced_transposition_cutoff && !root && !pv_node) {
                    std::size_t kept = 0;
                    for (std::size_t i = 0; i < moves.size(); ++i) {
                        const auto hit = shared_.table->probe(child_keys[i], depth - 1);
                        if (hit && hit->depth >= depth - 1) {
                            const Score v = -score_from_tt(hit->score, ply + 1);  // a bound on the move's value
                            if (hit->bound != Bound::Lower && v >= beta) return v;
                            if (hit->bound != Bound::Upper && v <= alpha) {
                                known_fail_low = std::max(known_fail_low, v);
                                if (i == 0) tt_move_first = false;
                                continue;
                            }
                        }
                        moves[kept++] = moves[i];
                    }
                    moves.resize(kept);
                }
            }
        }

        const Score original_alpha = alpha;
        Score best = known_fail_low;
        std::optional<Move> best_move;
        std::array<Move, G::max_moves> quiets_tried;  // the first quiet_count are set
        std::size_t quiet_count = 0;
        int move_count = 0;
        std::size_t root_index = static_cast<std::size_t>(root_first_);
        // Moves left for later because another thread was searching them.
        std::array<Move, G::max_moves> deferred;  // the first deferred_count are set
        std::size_t deferred_count = 0, deferred_next = 0;
        const bool share_work =
            shared_.thread_count > 1 && features().defer_busy_moves && HashedGame<G> && depth >= param::kDeferMinDepth;

        while (true) {
            Move m{};
            RootMove<Move>* root_move = nullptr;
            bool revisit = false;
            std::optional<Move> next;
            if (root) {
                if (root_index < root_moves_.size()) next = root_moves_[root_index++].move;
            } else if (tt_move_first) {
                next = moves[0];
                picker.next = 1;
                tt_move_first = false;
            } else {
                if (!scored) {
                    score_moves(picker, ply, tt_move);
                    scored = true;
                }
                next = picker.pick();
            }
            if (next) {
                m = *next;
            } else if (deferred_next < deferred_count) {
                m = deferred[deferred_next++];
                revisit = true;
            } else {
                break;
            }
            if (root) {
                const auto it = std::find_if(root_moves_.begin() + root_first_, root_moves_.end(),
                                             [&](const RootMove<Move>& rm) { return rm.move == m; });
                root_move = &*it;
                if (on_root_move) on_root_move(root_depth_, m, static_cast<int>(it - root_moves_.begin()) + 1);
            }
            ++move_count;
            const bool quiet = !is_tactical(m);
            const bool killer_or_counter = on(&Features::killers) && history_.is_killer(ply, m);
            const bool checks = quiet && gives_check(m);  // read only for quiet moves

            // Pruning of late moves, never while every move so far loses to mate.
            if (!root && !checked && best > -kMateBound) {
                if (quiet && !checks && on(&Features::late_move_pruning) && depth <= kParams.late_move_pruning_depth &&
                    static_cast<int>(quiet_count) >= (3 + depth * depth) / (declining ? 2 : 1))
                    continue;
                if (quiet && !checks && on(&Features::futility) && depth <= kParams.futility_depth && !pv_node &&
                    static_eval + kParams.futility_base + kParams.futility_per_ply * depth <= alpha)
                    continue;
                if (on(&Features::see_pruning) && depth <= kParams.see_pruning_depth &&
                    !see_ge(m, (quiet ? kParams.see_quiet_margin : kParams.see_tactical_margin) * depth))
                    continue;
            }

            // Keys need the parent. Off, the table is never updated: all 0.
            const int history_score = quiet && on(&Features::history) ? history_.score(game_, ply, m) : 0;
            push_move(ply, m);
            game_.make(m);
            std::uint64_t busy_key = 0;
            if constexpr (HashedGame<G>) {
                // (Games with hash_after had every child's bucket prefetched above.)
                if constexpr (!HashAfterGame<G>) shared_.table->prefetch(game_.hash(), depth - 1);
                // The first move alone, as in Young Brothers Wait: its bound
                // is what makes the others' searches cheap.
                if (share_work) {
                    busy_key = game_.hash();
                    if (!revisit && move_count > 1 && shared_.busy.busy(busy_key)) {
                        game_.unmake(m);
                        deferred[deferred_count++] = m;
                        --move_count;
                        continue;
                    }
                    shared_.busy.enter(busy_key);
                }
            }
            Score v;
            if (move_count == 1 || !features().pvs) {
                v = -search(depth - 1, ply + 1, -beta, -alpha, pv_node ? false : !cut_node);
            } else {
                // Late move reductions, then a null window: is it better than alpha at all?
                int r = 0;
                if (on(&Features::late_move_reductions) && depth >= kParams.lmr_min_depth && quiet && !checks &&
                    move_count > 2) {
                    r = reductions()[static_cast<std::size_t>(std::min(depth, kMaxPly - 1))]
                                    [static_cast<std::size_t>(std::min(move_count, 63))];
                    if (pv_node) --r;
                    if (killer_or_counter) --r;
                    if (cut_node) ++r;
                    if (declining) ++r;
                    r -= history_score / 8192;
                    r = std::clamp(r, 0, depth - 2);
                }
                v = -search(depth - 1 - r, ply + 1, -alpha - 1, -alpha, true);
                if (v > alpha && r > 0) v = -search(depth - 1, ply + 1, -alpha - 1, -alpha, !cut_node);
                if (v > alpha && v < beta) v = -search(depth - 1, ply + 1, -beta, -alpha, false);
            }
            game_.unmake(m);
            if (busy_key) shared_.busy.leave(busy_key);
            if (stopped()) return 0;

            if (root_move) {
                if (move_count == 1 || v > alpha) {
                    root_move->score = v;
                    pv_.update(ply, m);
                    pv_.copy_line(ply, root_move->pv);
                } else {
                    root_move->score = -kInfinity;
                }
            }
            if (v > best) {
                best = v;
                if (v > alpha) {
                    best_move = m;
                    alpha = v;
                    if (!root) pv_.update(ply, m);
                    if (v >= beta) {
                        if (quiet)
                            history_.reward(game_, ply, depth, m, previous_key(ply), quiets_tried.data(), quiet_count,
                                            features());
                        break;
                    }
                }
            }
            if (quiet && quiet_count < quiets_tried.size()) quiets_tried[quiet_count++] = m;
        }

        // All root moves excluded (or every move known to fail low, which the table records).
        if (move_count == 0 && known_fail_low == -kInfinity) return root ? 0 : no_moves_score(ply);
        if (best == -kInfinity) best = alpha;  // every move was pruned
        if constexpr (HashedGame<G>) {
            if (features().transposition_table && !(root && root_first_ > 0)) {
                shared_.table->store(key, score_to_tt(best, ply), depth, bound_of(best, original_alpha, beta),
                                     oriented(best_move ? best_move : tt_move));
            }
        }
        return best;
    }

    Score quiescence(int ply, Score alpha, Score beta) {
        count_node(ply);
        pv_.clear(ply);
        if (stopped()) return 0;
        if (auto end = rule_end(ply)) return *end;
        if (ply >= kMaxPly - 1) return game_.evaluate();
        if constexpr (!TacticalGame<G>) {
            return static_score(ply);
        } else {
            if (!features().quiescence) return static_score(ply);
            const bool pv_node = beta - alpha > 1;
            std::optional<Move> tt_move;
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
                    }
                }
            }
            const Score original_alpha = alpha;
            std::optional<Move> best_move;
            const bool checked = in_check();
            Score best = -kInfinity;
            Score stand_pat = -kInfinity;
            if (!checked) {
                // Standing pat: the side to move need not capture.
                stand_pat = game_.evaluate();
                if (stand_pat >= beta) return stand_pat;
                alpha = std::max(alpha, stand_pat);
                best = stand_pat;
            }
            MoveListOf<G> moves;
            game_.generate_tactical(moves);  // all evasions when in check
            if (checked && moves.empty()) return no_moves_score(ply);
            Picker picker{moves, {}};
            score_moves(picker, ply, tt_move);
            while (auto next = picker.pick()) {
                const Move m = *next;
                // Static exchange and delta: skip captures that lose material or
                // cannot lift the score to alpha even with a margin (unless they
                // check: a mate is worth more than any margin).
                if (!checked) {
                    const Score needed = std::max<Score>(0, alpha - stand_pat - kParams.delta_margin + 1);
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
            if constexpr (HashedGame<G>) {
                // Depth 0, and never over an entry of the main search.
                if (features().transposition_table && best > -kInfinity && !deeper_entry) {
                    shared_.table->store(key, score_to_tt(best, ply), 0, bound_of(best, original_alpha, beta),
                                         oriented(best_move ? best_move : tt_move));
                }
            }
            return best;
        }
    }

    SharedState<Move>& shared_;
    G game_;
    std::vector<RootMove<Move>> root_moves_;
    int root_first_ = 0;
    int root_depth_ = 1;
    bool superseded_ = false;
    std::atomic<std::uint64_t> nodes_{0};
    int seldepth_ = 0;
    classic::PvTable<Move> pv_;
    MoveHistory<G> history_;
    std::array<std::optional<Move>, kMaxPly + 1> stack_{};
    std::array<std::optional<std::size_t>, kMaxPly + 1> key_stack_{};
    std::array<Score, kMaxPly + 1> eval_stack_{};
};

}  // namespace ply::engine
