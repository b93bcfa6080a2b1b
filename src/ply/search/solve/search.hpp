// One thread of the exact solver: alpha-beta to the end of the game with
// a transposition table and nothing that could skip a move or cut a line
// short. What the game knows about forced lines, proven bounds, winning
// parity, move scores and mirror images makes it prune and order; nothing
// else does (killers, history and countermoves cost Connect Four 1.4x to
// 5x the nodes: they come before the game's own move scores).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/core/uninitialized_array.hpp>
#include <ply/search/engine/busy.hpp>
#include <ply/search/node_end.hpp>
#include <ply/search/solve/book.hpp>
#include <ply/search/solve/control.hpp>
#include <ply/search/solve/parameters.hpp>
#include <ply/search/solve/table.hpp>
#include <ply/search/sort.hpp>

namespace ply::solve {

// Switches of the solver, to measure what each is worth.
struct Options {
    bool pvs = true;  // null windows after the first move
    // Children's table entries read before any is searched (games with hash_after only).
    bool enhanced_transposition_cutoff = true;
    bool defer_busy_moves = true;  // threads leave a move another thread is searching for later
};

// Shared by the threads of one solve.
template <class Move>
struct Shared {
    SolveTable<Move>* table = nullptr;
    Options options;
    std::atomic<bool> stop{false};  // the first thread to answer a probe stops the others
    int thread_count = 1;
    engine::BusyPositions busy;
    const SolvedBook* book = nullptr;  // positions whose values are known (none: nullptr)
    Control* control = nullptr;        // a watcher's (none: nullptr)
};

template <class Move>
struct RootMove {
    Move move;
    Score score = -kInfinity;  // the last probe's; -inf where it failed low
};

// A position's depth: deep enough to reach the end of any game Ply solves.
// Games of bounded length are searched to depth kBase + the plies left: the
// depth then falls by one a ply exactly as the plies left do, so a position
// has the same depth from every root. A later solve from another root (the
// next position of a batch, the next step of a line, each move of an
// analysis) can then use the table's exact results. The base keeps every
// depth below it for entries of the same key from another search.
inline constexpr int kDepth = 200;
inline constexpr int kBase = 100;

template <HashedGame G>
class alignas(64) Searcher {
public:
    using Move = typename G::Move;

    Searcher(Shared<Move>& shared, const G& root) : shared_(shared), game_(root) {}

    void start(const G& root, const std::vector<RootMove<Move>>& root_moves) {
        game_ = root;
        root_moves_ = root_moves;
        nodes_ = 0;
    }

    // Searches every root move with the window (alpha, beta) to `depth` and
    // re-orders them by score, best first. Returns the best score (fail-soft).
    Score search_root(int depth, Score alpha, Score beta) {
        const Score v = search(depth, 0, alpha, beta);
        if (!stopped())
            insertion_sort(root_moves_.begin(), root_moves_.end(),
                           [](const RootMove<Move>& a, const RootMove<Move>& b) { return a.score > b.score; });
        return v;
    }

    [[nodiscard]] const std::vector<RootMove<Move>>& root_moves() const { return root_moves_; }
    [[nodiscard]] std::uint64_t nodes() const { return nodes_; }
    [[nodiscard]] bool stopped() const { return shared_.stop.load(std::memory_order_relaxed); }

private:
    void count_node() {
        ++nodes_;
        if ((nodes_ & 1023) != 0) return;
        // The table's part in use grows with the tree (SolveTable::use_first).
        if (nodes_ * static_cast<std::uint64_t>(shared_.thread_count) >
            shared_.table->entries_in_use() * param::kSolveNodesPerEntry)
            shared_.table->grow();
        if (Control* c = shared_.control) {
            c->nodes.fetch_add(1024, std::memory_order_relaxed);
            // Every searcher stops, as when another answers the probe.
            if (c->stopped()) shared_.stop.store(true);
        }
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

    // Bounds the node has before it looks at any move: the end of the game,
    // mate distance, forced lines, the book and proven bounds. A score ends
    // the node; otherwise the window is narrowed and `moves` may hold the
    // moves left to search (forced lines generate them).
    std::optional<Score> bound_node(int ply, Score& alpha, Score& beta, MoveListOf<G>& moves);

    // The table's move first, then the game's move scores; ties keep the
    // game's order.
    using Picker = MovePicker<G>;
    void score_moves(Picker& p, const std::optional<Move>& tt_move) const {
        for (std::size_t i = 0; i < p.moves.size(); ++i) {
            int s = 0;
            if (tt_move && p.moves[i] == *tt_move) {
                s = 1 << 30;
            } else if constexpr (ForcedLineGame<G>) {
                s = game_.move_score(p.moves[i]) << 20;
            }
            p.scores[i] = s;
        }
    }

    // Enhanced transposition cutoff, with every child's bucket prefetched.
    std::optional<Score> read_children(int depth, int ply, Score alpha, Score beta, bool cutoffs, MoveListOf<G>& moves,
                                       Score& known_fail_low, bool& tt_move_first);

    Score search(int depth, int ply, Score alpha, Score beta);
    // The moves of a node the bounds and the table did not settle.
    Score search_moves(int depth, int ply, Score alpha, Score beta, std::uint64_t key, MoveListOf<G>& moves,
                       const std::optional<Move>& tt_move, bool tt_move_first, Score known_fail_low);

    Shared<Move>& shared_;
    G game_;
    std::vector<RootMove<Move>> root_moves_;
    std::uint64_t nodes_ = 0;  // read by the driver once the threads are joined
};

template <HashedGame G>
std::optional<Score> Searcher<G>::bound_node(int ply, Score& alpha, Score& beta, MoveListOf<G>& moves) {
    // With forced lines in a game of bounded length no node is over: its
    // move did not win (it came from generate_non_losing, the root's too),
    // and nodes with two plies or fewer left end below before they move.
    if constexpr (!(ForcedLineGame<G> && BoundedLengthGame<G>)) {
        if (auto end = rule_end_score(game_, ply)) return *end;
    }
    if (ply >= kMaxPly - 1) return Score(game_.evaluate());
    // Mate distance: nothing here beats winning at the next ply.
    alpha = std::max(alpha, mated_in_plies(ply));
    beta = std::min(beta, mate_in_plies(ply + 1));
    if (alpha >= beta) return alpha;
    if constexpr (ForcedLineGame<G>) {
        // The mover cannot win with its next stone (its last move was not
        // losing): at best it wins with its next move but one.
        beta = std::min(beta, mate_in_plies(ply + 3));
        if (alpha >= beta) return beta;
    }
    if constexpr (BoundedLengthGame<G>) {
        if (shared_.book && shared_.book->may_hold(game_.max_plies_left())) {
            if (const auto known = shared_.book->find(game_.hash())) return score_from_tt(*known, ply);
        }
    }
    // The forced lines come before the table: they end many nodes near the
    // leaves without its help (Middle-Easy: 2% fewer instructions).
    if constexpr (ForcedLineGame<G>) {
        game_.generate_non_losing(moves);
        if (moves.empty()) return mated_in_plies(ply + 2);  // every move lets the opponent win at once
        // Neither side wins with its next move: with two plies or fewer
        // left, the game ends drawn.
        if constexpr (BoundedLengthGame<G>) {
            if (game_.max_plies_left() <= 2) return Score{0};
        }
        // Otherwise the opponent wins with its second move at the soonest.
        alpha = std::max(alpha, mated_in_plies(ply + 4));
        if (alpha >= beta) return alpha;
    }
    // Bounds the game proves without search (after the forced lines, which
    // end many nodes more cheaply).
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

template <HashedGame G>
std::optional<Score> Searcher<G>::read_children(int depth, int ply, Score alpha, Score beta, bool cutoffs,
                                                MoveListOf<G>& moves, Score& known_fail_low, bool& tt_move_first) {
    if constexpr (HashAfterGame<G>) {
        // Every child's bucket at once: the loads overlap instead of
        // stalling one child after another.
        std::array<std::uint64_t, G::max_moves> child_keys;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            child_keys[i] = game_.hash_after(moves[i]);
            shared_.table->prefetch(child_keys[i], depth - 1);
        }
        // A child whose stored bound refutes it for the opponent proves this
        // node fails high, whichever move the order would have tried first
        // (Middle-Medium: 19% fewer nodes, about 10% more time). A child
        // whose bound proves the move fails low (an earlier probe left it)
        // is not searched: only its bound counts (5% to 10% fewer nodes).
        if (!cutoffs) return std::nullopt;
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
    return std::nullopt;
}

template <HashedGame G>
Score Searcher<G>::search(int depth, int ply, Score alpha, Score beta) {
    const bool pv_node = beta - alpha > 1;
    const bool root = ply == 0;
    count_node();
    if (depth <= 0) {  // only a game longer than the solver's depth gets here
        if (auto end = rule_end_score(game_, ply)) return *end;
        MoveListOf<G> any;
        game_.generate_moves(any);
        return any.empty() ? no_moves_score(game_, ply) : Score(game_.evaluate());
    }
    MoveListOf<G> moves;
    if (!root) {
        if (stopped()) return 0;
        if (const auto settled = bound_node(ply, alpha, beta, moves)) return *settled;
    }

    // Transposition table: a deep enough bound ends the node (exact values
    // have no path-dependent scores to protect the PV from).
    std::optional<Move> tt_move;
    const std::uint64_t key = game_.hash();
    if (auto hit = shared_.table->probe(key, depth)) {
        tt_move = oriented(hit->move);
        const Score v = score_from_tt(hit->score, ply);
        if (!root && hit->depth >= depth && engine::bound_settles(hit->bound, v, alpha, beta)) return v;
    }

    if (root) {
        for (const auto& rm : root_moves_) moves.push_back(rm.move);
    } else if constexpr (!ForcedLineGame<G>) {
        game_.generate_moves(moves);
    }
    if (moves.empty()) return root ? 0 : no_moves_score(game_, ply);
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
    Score known_fail_low = -kInfinity;  // the best bound of the moves not searched
    const bool cutoffs = shared_.options.enhanced_transposition_cutoff && !root && !pv_node;
    if (const auto refuted = read_children(depth, ply, alpha, beta, cutoffs, moves, known_fail_low, tt_move_first))
        return *refuted;
    return search_moves(depth, ply, alpha, beta, key, moves, tt_move, tt_move_first, known_fail_low);
}

template <HashedGame G>
Score Searcher<G>::search_moves(int depth, int ply, Score alpha, Score beta, std::uint64_t key, MoveListOf<G>& moves,
                                const std::optional<Move>& tt_move, bool tt_move_first, Score known_fail_low) {
    const bool root = ply == 0;
    const Score original_alpha = alpha;
    Score best = known_fail_low;
    std::optional<Move> best_move;
    int move_count = 0;
    Picker picker{moves};
    bool scored = root;  // the root's moves come in the root's order: equal scores
    if (root) std::fill_n(picker.scores.data(), moves.size(), 0);
    // Moves left for later because another thread was searching them (the
    // first move never is: as in Young Brothers Wait, its bound is what
    // makes the others' searches cheap).
    ScratchArray<Move, G::max_moves> deferred;  // the first deferred_count are set
    std::size_t deferred_count = 0, deferred_next = 0;
    const bool share_work =
        shared_.thread_count > 1 && shared_.options.defer_busy_moves && depth >= engine::kDeferMinDepth;
    while (true) {
        Move m{};
        bool revisit = false;
        if (tt_move_first) {
            m = moves[0];
            picker.next = 1;
            tt_move_first = false;
        } else {
            if (!scored) {
                score_moves(picker, tt_move);
                scored = true;
            }
            if (auto next = picker.pick()) {
                m = *next;
            } else if (deferred_next < deferred_count) {
                m = deferred[deferred_next++];
                revisit = true;
            } else {
                break;
            }
        }
        ++move_count;
        game_.make(m);
        if constexpr (!HashAfterGame<G>) shared_.table->prefetch(game_.hash(), depth - 1);
        std::uint64_t busy_key = 0;
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
        Score v;
        if (move_count == 1 || !shared_.options.pvs) {
            v = -search(depth - 1, ply + 1, -beta, -alpha);
        } else {  // a null window first: is it better than alpha at all?
            v = -search(depth - 1, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && v < beta) v = -search(depth - 1, ply + 1, -beta, -alpha);
        }
        game_.unmake(m);
        if (busy_key) shared_.busy.leave(busy_key);
        if (stopped()) return 0;
        if (root) {
            auto& rm =
                *std::find_if(root_moves_.begin(), root_moves_.end(), [&](const auto& r) { return r.move == m; });
            rm.score = move_count == 1 || v > alpha ? v : -kInfinity;
        }
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                alpha = v;
                if (v >= beta) break;
            }
        }
    }
    // Every move known to fail low: the table records their best bound.
    if (move_count == 0 && known_fail_low == -kInfinity) return root ? 0 : no_moves_score(game_, ply);
    shared_.table->store(key, score_to_tt(best, ply), depth, engine::bound_of(best, original_alpha, beta),
                         oriented(best_move ? best_move : tt_move));
    return best;
}

}  // namespace ply::solve
