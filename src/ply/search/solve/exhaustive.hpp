// Exact game values by exhaustive alpha-beta with a transposition table:
// the solver of games the probing driver (probes.hpp) does not take, and
// the reference its tests compare with, being as plain as it can be.
//
// For games small enough to search to the end (tic-tac-toe, Connect Four
// positions, explicit trees). Scores count plies to the end, so the value
// also says how fast the win (or how slow the loss) is with perfect play.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/search/classic/common.hpp>
#include <ply/search/solve/control.hpp>

namespace ply::solve {

template <class Move>
struct SolveResult {
    Score score = 0;                 // exact, for the side to move
    Outcome result = Outcome::Draw;  // Win, Loss or Draw for the side to move
    int plies = 0;                   // length of the game with perfect play
    std::optional<Move> best;        // first of best_moves
    std::vector<Move> best_moves;    // every move that keeps the exact value
    std::vector<Move> pv;            // one perfect line to the end
    std::uint64_t nodes = 0;
    // False when a Control stopped the solve. The value then lies in
    // [lower, upper] (+-kInfinity: no bound); where they differ it is not
    // known (result: Ongoing, the rest empty), where they meet it is
    // (score, result) but best_moves and pv may lack moves, and `plies`
    // is known only for a win or a loss.
    bool complete = true;
    Score lower = 0, upper = 0;
};

template <Game G>
class ExhaustiveSolver {
public:
    using Move = typename G::Move;

    // `table_bits`: log2 of the transposition table entries (games with
    // hash()); `control`: a watcher's (nullptr: none), read every 1024 nodes.
    explicit ExhaustiveSolver(G root, int table_bits = 20, Control* control = nullptr)
        : game_(std::move(root)), control_(control) {
        if constexpr (HashedGame<G>) table_.resize(std::size_t{1} << table_bits);
    }

    SolveResult<Move> solve() {
        SolveResult<Move> r;
        stopped_ = control_ && control_->stopped();
        r.score = value(0);
        r.nodes = nodes_;
        if (stopped_) {  // the best of the root's moves searched to the end is all it knows
            r.complete = false;
            r.result = Outcome::Ongoing;
            r.lower = root_lower_;
            r.upper = kInfinity;
            return r;
        }
        r.lower = r.upper = r.score;
        r.result = r.score > 0 ? Outcome::Win : r.score < 0 ? Outcome::Loss : Outcome::Draw;
        if (!is_over(game_.outcome())) {
            MoveListOf<G> moves;
            game_.generate_moves(moves);
            for (const auto& m : moves)
                if (keeps_value(m, r.score, 0) && !stopped_) r.best_moves.push_back(m);
        }
        if (!r.best_moves.empty()) r.best = r.best_moves.front();
        if (!stopped_) r.pv = principal_variation(r.score);
        r.plies = is_mate(r.score) ? mate_plies(r.score) : stopped_ ? 0 : static_cast<int>(r.pv.size());
        r.nodes = nodes_;
        r.complete = !stopped_;
        return r;
    }

private:
    struct Entry {
        std::uint64_t key = 0;
        Score value = 0;
        enum : std::uint8_t { None, Exact, Lower, Upper } bound = None;
        Move move{};
    };

    // Where the game proves a best possible value, one null-window search
    // asks first whether it is reached (3x3 Go: does Black take the whole
    // board?): far fewer nodes than a full window when it is.
    Score value(int ply) {
        if constexpr (ProvenBoundGame<G>) {
            if (const auto upper = game_.proven_upper_bound()) {
                const Score most = score_from_tt(*upper, ply);
                if (search(ply, most - 1, most) >= most && !stopped_) return most;
            }
        }
        return search(ply, -kInfinity, kInfinity);
    }

    // Does `m` keep the value v of the current node (a child worth exactly -v)?
    bool keeps_value(const Move& m, Score v, int ply) {
        game_.make(m);
        const Score child = search(ply + 1, -v, -v + 1);  // null window: is child <= -v?
        game_.unmake(m);
        return child <= -v;
    }

    std::vector<Move> principal_variation(Score v) {
        std::vector<Move> line;
        while (!is_over(game_.outcome()) && static_cast<int>(line.size()) < kMaxPly - 1) {
            MoveListOf<G> moves;
            game_.generate_moves(moves);
            const int ply = static_cast<int>(line.size());
            bool found = false;
            for (const auto& m : moves) {
                if (!keeps_value(m, v, ply) || stopped_) continue;
                game_.make(m);
                line.push_back(m);
                v = -v;
                found = true;
                break;
            }
            if (!found) break;
        }
        for (auto it = line.rbegin(); it != line.rend(); ++it) game_.unmake(*it);
        return line;
    }

    Score search(int ply, Score alpha, Score beta) {
        ++nodes_;
        if ((nodes_ & 1023) == 0 && control_) {
            control_->nodes.fetch_add(1024, std::memory_order_relaxed);
            stopped_ = stopped_ || control_->stopped();
        }
        if (stopped_) return 0;  // no value: nothing is stored on the way up
        if (auto leaf = classic::leaf_score(game_, kMaxPly, ply)) return *leaf;
        // Mate distance bounds: nothing here beats winning at the next ply.
        alpha = std::max(alpha, mated_in_plies(ply));
        beta = std::min(beta, mate_in_plies(ply + 1));
        if (alpha >= beta) return alpha;

        Entry* entry = nullptr;
        std::optional<Move> hash_move;
        if constexpr (HashedGame<G>) {
            const std::uint64_t key = game_.hash();
            entry = &table_[key & (table_.size() - 1)];
            if (entry->bound != Entry::None && entry->key == key) {
                const Score v = score_from_tt(entry->value, ply);
                if (entry->bound == Entry::Exact) return v;
                if (entry->bound == Entry::Lower && v >= beta) return v;
                if (entry->bound == Entry::Upper && v <= alpha) return v;
                hash_move = entry->move;
            }
        }

        if constexpr (ProvenBoundGame<G>) {  // the most or least the game allows from here
            if (const auto upper = game_.proven_upper_bound(); upper && score_from_tt(*upper, ply) <= alpha)
                return score_from_tt(*upper, ply);
            if (const auto lower = game_.proven_lower_bound(); lower && score_from_tt(*lower, ply) >= beta)
                return score_from_tt(*lower, ply);
        }

        MoveListOf<G> moves;
        game_.generate_moves(moves);
        if (hash_move) {  // try the move that was best before first
            for (auto& m : moves)
                if (m == *hash_move) {
                    std::swap(m, moves[0]);
                    break;
                }
        }
        const Score original_alpha = alpha;
        Score best = -kInfinity;
        Move best_move{};  // set by the first move: every score beats -kInfinity
        for (const auto& m : moves) {
            game_.make(m);
            const Score v = -search(ply + 1, -beta, -alpha);
            game_.unmake(m);
            if (stopped_) return 0;
            if (v > best) {
                best = v;
                best_move = m;
            }
            // The root's window is full: its best move so far has an exact value.
            if (ply == 0) root_lower_ = best;
            alpha = std::max(alpha, v);
            if (alpha >= beta) break;
        }
        if constexpr (HashedGame<G>) {
            entry->key = game_.hash();
            entry->value = score_to_tt(best, ply);
            entry->bound = best <= original_alpha ? Entry::Upper : best >= beta ? Entry::Lower : Entry::Exact;
            entry->move = best_move;
        }
        return best;
    }

    G game_;
    std::vector<Entry> table_;
    std::uint64_t nodes_ = 0;
    Control* control_ = nullptr;
    bool stopped_ = false;
    Score root_lower_ = -kInfinity;  // the value of the root's best move searched so far
};

// `table_bits`: log2 of the table's entries (2^20 entries take 24 MB).
template <Game G>
SolveResult<typename G::Move> exhaustive(const G& game, int table_bits = 20, Control* control = nullptr) {
    return ExhaustiveSolver<G>(game, table_bits, control).solve();
}

}  // namespace ply::solve
