// The exact solver's driver: the value of a position with perfect play,
// found by null-window probes that narrow the range of values it can have
// (MTD style, Pons' driver), each probe a search to the end of the game by
// every thread at once on one shared table. Strong: the value itself; weak:
// only win, draw or loss (the same probes, stopped once the sign is known).
#pragma once

#include <memory>
#include <thread>

#include <ply/core/threads.hpp>
#include <ply/search/solve/control.hpp>
#include <ply/search/solve/search.hpp>
#include <ply/search/solve/values.hpp>

namespace ply::solve {

template <class Move>
struct Solution {
    Score score = 0;  // exact; weak: -1, 0 or 1 for loss, draw or win
    std::optional<Move> best;
    std::uint64_t nodes = 0;
    int probes = 0;
    // False when the solve was stopped (Control): the value then lies in
    // [lower, upper] (+-kInfinity: no bound), and `best`, if set, reaches
    // lower. Complete: lower = upper = score.
    bool complete = true;
    Score lower = 0, upper = 0;
};

template <HashedGame G>
class ProbeSolver {
public:
    using Move = typename G::Move;

    explicit ProbeSolver(std::size_t hash_mb = 16) : table_(hash_mb) { shared_.table = &table_; }

    // All or nothing: OutOfMemory leaves the table as it was.
    void set_hash(std::size_t mb) { table_.resize(mb); }
    void clear() { table_.clear(); }  // entries are facts about positions: only a new game (tree) needs this
    void set_threads(int n) { threads_ = std::clamp(n, 1, 256); }
    // Values known in advance (nullptr: none); the book must outlive every
    // solve that uses it.
    void set_book(const SolvedBook* book) { shared_.book = book; }
    Options& options() { return shared_.options; }
    // A watcher's request to stop and view of the progress (nullptr: none);
    // it must outlive the solves.
    void set_control(Control* control) { shared_.control = control; }

    // `publish`: the bounds proven go to the control as the probes narrow them.
    Solution<Move> solve(const G& root, bool weak = false, bool publish = false) {
        publish_ = publish && shared_.control;
        Solution<Move> out = solve_root(root, weak);
        if (out.complete) out.lower = out.upper = out.score;
        if (weak) {
            out.score = sign(out.score);
            out.lower = sign(out.lower);
            out.upper = sign(out.upper);
        }
        return out;
    }

private:
    static Score sign(Score s) { return s > 0 ? 1 : s < 0 ? -1 : 0; }
    [[nodiscard]] bool stop_requested() const { return shared_.control && shared_.control->stopped(); }

    Solution<Move> solve_root(const G& root, bool weak) {
        if (const Outcome over = root.outcome(); is_over(over))
            return {terminal_score(over, 0, over == Outcome::Scored ? Score(root.evaluate()) : 0), {}, 0, 0};
        shared_.thread_count = threads_;
        prepare_table(root);
        MoveListOf<G> moves;
        if (auto settled = settle_root(root, moves)) return *settled;
        order_root_moves(root, moves);
        Solution<Move> out;
        if (root_moves_.empty()) {
            out.score = terminal_score(root.outcome(), 0, 0);
            return out;
        }
        // Searchers are kept between solves, so that a batch allocates nothing.
        while (static_cast<int>(searchers_.size()) < threads_)
            searchers_.push_back(std::make_unique<Searcher<G>>(shared_, root));
        searchers_.resize(static_cast<std::size_t>(threads_));
        for (auto& s : searchers_) s->start(root, root_moves_);
        run_probes(root, weak, out);
        for (const auto& s : searchers_) out.nodes += s->nodes();
        return out;
    }

    // A root searched with the full window (run_probes) has a small tree;
    // a bigger one starts in the cache and grows (SolveTable::use_first).
    void prepare_table(const G& root) {
        table_.new_search();
        std::size_t start_kb = param::kSolveTableStartKb;
        depth_ = kDepth;
        if constexpr (BoundedLengthGame<G>) {
            if (root.max_plies_left() <= param::kSolveFullWindowPliesLeft) start_kb = param::kSolveSmallTableKb;
            // Depth is a function of the position only where it counts plies left.
            table_.keep_near(kBase + param::kSolveNearPliesLeft + 1, param::kSolveNearKb);
            depth_ = kBase + std::clamp(root.max_plies_left(), 0, 150);  // the table keeps depths < 255
        }
        table_.use_first(start_kb);
    }

    // The root as any other node with forced lines: a win now ends it, a
    // loss to every move too, and lost moves go. Returns the answer where
    // no probe is needed; else `moves` holds the root's moves to search.
    std::optional<Solution<Move>> settle_root(const G& root, MoveListOf<G>& moves) {
        root.generate_moves(moves);
        if constexpr (ForcedLineGame<G>) {
            if (!moves.empty() && root.can_win_next()) {
                Solution<Move> out{mate_in_plies(1), {}, 0, 0};
                for (const auto& m : moves) {
                    G child = root;
                    child.make(m);
                    if (child.outcome() == Outcome::Loss) {
                        out.best = m;
                        break;
                    }
                }
                return out;
            }
            MoveListOf<G> safe;
            root.generate_non_losing(safe);
            if (safe.empty() && !moves.empty()) return Solution<Move>{mated_in_plies(2), moves[0], 0, 0};
            if constexpr (BoundedLengthGame<G>) {
                // Neither side wins with its next stone and the game ends
                // before a third: a draw (as at every node of the search).
                if (!safe.empty() && root.max_plies_left() <= 2) return Solution<Move>{0, safe[0], 0, 0};
            }
            moves = safe;
        }
        return std::nullopt;
    }

    // Kept between solves, so that a batch of short solves allocates nothing.
    void order_root_moves(const G& root, const MoveListOf<G>& moves) {
        root_moves_.resize(moves.size());
        for (std::size_t i = 0; i < moves.size(); ++i) root_moves_[i] = {moves[i], -kInfinity};
        if constexpr (ForcedLineGame<G>) {
            // The game's move scores, each computed once, order the root's moves.
            for (auto& rm : root_moves_) rm.score = root.move_score(rm.move);
            insertion_sort(root_moves_.begin(), root_moves_.end(),
                           [](const auto& a, const auto& b) { return a.score > b.score; });
            for (auto& rm : root_moves_) rm.score = -kInfinity;
        }
    }

    void run_probes(const G& root, bool weak, Solution<Move>& out);

    // One null-window test, run by every searcher at once: they share the
    // table and leave each other's busy positions for later, and the first
    // to finish answers for all (each answer is exact). No answer: the
    // control stopped the solve.
    struct Probe {
        Score value = 0;
        std::optional<Move> best;
    };
    std::optional<Probe> probe_in_parallel(Score alpha, Score beta) {
        if (stop_requested()) return std::nullopt;
        Probe answer;
        // Claimed by the first finisher (std::call_once costs a lone thread
        // a system call per probe: half the time of a short solve).
        std::atomic<bool> answered{false};
        shared_.stop.store(false);
        const auto run = [&](Searcher<G>& s) {
            const Score v = s.search_root(depth_, alpha, beta);
            if (s.stopped()) return;
            if (!answered.exchange(true)) answer = {v, s.root_moves().front().move};
            shared_.stop.store(true);
        };
        std::vector<std::thread> helpers;
        // Fewer helpers if the system refuses some threads: the first to finish answers anyway.
        start_threads(helpers, 1, static_cast<int>(searchers_.size()),
                      [&](int i) { run(*searchers_[static_cast<std::size_t>(i)]); });
        run(*searchers_.front());
        for (auto& t : helpers) t.join();
        shared_.stop.store(false);
        if (!answered.load()) return std::nullopt;
        return answer;
    }

    SolveTable<Move> table_;
    Shared<Move> shared_;
    std::vector<std::unique_ptr<Searcher<G>>> searchers_;
    std::vector<RootMove<Move>> root_moves_;
    int threads_ = 1;
    int depth_ = kDepth;
    bool publish_ = false;
};

// Null-window probes bisect the values the root can have. A weak solve runs
// the same probes and stops once the sign is known: proving "a win within n
// plies" first, as the bisection does, is far cheaper than "any win" where
// quick wins abound (Pons' Begin-Easy set: 9x fewer nodes than probing "not
// lost?" then "won?"). Stopped by the control, it keeps what the probes
// answered so far: value(lo) <= score <= value(hi).
template <HashedGame G>
void ProbeSolver<G>::run_probes(const G& root, bool weak, Solution<Move>& out) {
    std::optional<Move> last_best;  // the best move of the last probe
    const auto probe = [&](Score alpha, Score beta) -> std::optional<Score> {
        ++out.probes;
        const auto p = probe_in_parallel(alpha, beta);
        if (!p) return std::nullopt;
        last_best = p->best;
        return p->value;
    };
    const ValueScale scale = possible_values(root);
    const int length = plies_left(root);
    int lo = scale.lowest(), hi = scale.highest();  // value(lo) <= score <= value(hi)
    const auto sign_known = [&] {
        return scale.value(lo) > 0 || scale.value(hi) < 0 || (scale.value(lo) >= 0 && scale.value(hi) <= 0);
    };
    const auto stopped = [&] {
        out.complete = false;
        out.lower = scale.value(lo);
        out.upper = scale.value(hi);
        if (publish_) shared_.control->prove(out.lower, out.upper);
    };
    bool best_proves_lo = false;
    // A root with few plies left is searched once, with a window that holds
    // every value it can have: in a tree that small, the probes' repeated
    // visits of the same nodes cost more than the wide window (Pons'
    // End-Easy set: 47 -> 32 nodes a position). A weak solve's window holds
    // the draw alone: the sign is all it asks.
    if (length > 0 && length <= param::kSolveFullWindowPliesLeft) {
        const auto v = weak ? probe(-1, 1) : probe(scale.value(lo) - 1, scale.value(hi) + 1);
        if (!v) return stopped();
        if (!weak || *v >= 0) {  // exact; or, weak, a draw or a win worth at least v
            lo = scale.at_least(*v);
            if (!weak || *v == 0) hi = lo;
            out.best = last_best;
            best_proves_lo = true;
        } else {
            hi = scale.at_most(*v);  // weak: a loss
        }
    }
    while (lo < hi && !(weak && sign_known())) {
        if (publish_) shared_.control->prove(scale.value(lo), scale.value(hi));
        if (hi - lo < param::kSolveWindowValues) {
            // Few values left: one search whose window holds them all says
            // which it is, for fewer nodes than the null windows would take.
            const auto v = probe(scale.value(lo), scale.value(hi));
            if (!v) return stopped();
            if (*v > scale.value(lo)) {  // the best move reaches the value
                out.best = last_best;
                best_proves_lo = true;
            }
            lo = hi = *v <= scale.value(lo) ? lo : *v >= scale.value(hi) ? hi : scale.at_least(*v);
            break;
        }
        const int t = next_probe(scale, lo, hi, length);
        const Score test = scale.value(t), below = t > 0 ? scale.value(t - 1) : test - 1;
        const auto v = probe(below, below + 1);  // is the score above the next lower value?
        if (!v) return stopped();
        if (*v > below) {
            lo = scale.at_least(*v);
            out.best = last_best;  // it failed high
            best_proves_lo = true;
        } else {
            hi = scale.at_most(*v);
        }
    }
    if (publish_) shared_.control->prove(scale.value(lo), scale.value(hi));
    // Weak: a bound of the right sign (solve() keeps only the sign).
    out.score = !weak || scale.value(lo) > 0 ? scale.value(lo) : scale.value(hi) < 0 ? scale.value(hi) : 0;
    // Every probe failed low: find a move that reaches the value (a weak
    // loss has none to find: every move loses).
    if (!best_proves_lo) {
        if (!(weak && out.score < 0) && !probe(out.score - 1, out.score)) {
            out.complete = false;  // the value is known, not a move that keeps it
            out.lower = out.upper = out.score;
            return;
        }
        out.best = last_best;
    }
}

}  // namespace ply::solve
