// The production search: iterative deepening with aspiration windows over
// Worker threads that share one transposition table (Lazy SMP), time
// management, MultiPV, and reports through a callback. Knows no game.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include <ply/search/engine/worker.hpp>

namespace ply::engine {

template <Game G>
class Engine {
public:
    using Move = typename G::Move;
    using Clock = std::chrono::steady_clock;

    explicit Engine(std::size_t hash_mb = 16) : table_(hash_mb) { shared_.table = &table_; }

    // All or nothing: OutOfMemory leaves the table as it was.
    void set_hash(std::size_t mb) { table_.resize(mb); }
    [[nodiscard]] std::size_t hash_megabytes() const { return table_.megabytes(); }
    void clear() { table_.clear(); }  // a new game
    void set_threads(int n) { threads_ = std::clamp(n, 1, 256); }
    Features& features() { return shared_.features; }
    // Values known in advance for solve() (nullptr: none); the book must
    // outlive every solve that uses it.
    void set_book(const SolvedBook* book) { shared_.book = book; }
    [[nodiscard]] int hashfull() const { return table_.hashfull(); }

    // Called after every completed iteration (and on aspiration fail low/high).
    std::function<void(const Report<Move>&)> on_report;
    // Called as the main thread starts each root move, once the search has run
    // for kCurrentMoveDelay (GUIs show it; earlier it would flood them).
    std::function<void(int depth, const Move&, int number)> on_current_move;
    static constexpr std::chrono::milliseconds kCurrentMoveDelay{3000};

    // Asynchronous controls, from another thread (the UCI reader).
    void stop() {
        std::lock_guard lock(mutex_);
        shared_.stop.store(true);
        infinite_ = false;
        wake_.notify_all();
    }
    // The predicted move was played: the search goes on under normal time control.
    void ponderhit() {
        std::lock_guard lock(mutex_);
        start_ns_.store(Clock::now().time_since_epoch().count());
        infinite_ = false;
        wake_.notify_all();
    }

    // Searches `root` within `limits`; blocks until done (or stopped).
    Result<Move> think(const G& root, const Limits<Move>& limits) {
        arm(limits);
        return run(root);
    }

    // think() in two steps for front ends that search on another thread:
    // arm() on the caller's thread first, so that a stop() sent right after
    // starting the search is never lost, then run() on the search thread.
    void arm(const Limits<Move>& limits) {
        std::lock_guard lock(mutex_);
        start_ns_.store(Clock::now().time_since_epoch().count());
        limits_ = limits;
        infinite_ = limits.infinite;
        shared_.stop.store(false);
    }

    Result<Move> run(const G& root) {
        const Limits<Move>& limits = limits_;
        shared_.node_limit = limits.nodes;
        shared_.thread_count = threads_;
        table_.new_search();
        set_time_budget();

        std::vector<RootMove<Move>> root_moves;
        {
            MoveListOf<G> moves;
            generate_root_moves(root, moves);
            for (const auto& m : moves)
                if (limits.search_moves.empty() ||
                    std::find(limits.search_moves.begin(), limits.search_moves.end(), m) != limits.search_moves.end())
                    root_moves.push_back({m, -kInfinity, -kInfinity, {m}});
        }
        Result<Move> result;
        if (root_moves.empty()) {  // no legal move: report and wait as asked
            wait_while_infinite();
            return result;
        }

        workers_.clear();
        for (int i = 0; i < threads_; ++i) {
            workers_.push_back(std::make_unique<Worker<G>>(shared_, root));
            workers_.back()->start(root, root_moves);
        }
        workers_[0]->poll = [this] { check_limits(); };
        if (on_current_move)
            workers_[0]->on_root_move = [this](int depth, const Move& m, int number) {
                if (elapsed() >= kCurrentMoveDelay) on_current_move(depth, m, number);
            };

        deepest_ = {};
        shared_.completed_depth.store(0);
        std::vector<std::thread> helpers;
        for (int i = 1; i < threads_; ++i) helpers.emplace_back([this, i] { iterate(*workers_[i], i); });
        iterate(*workers_[0], 0);
        wait_while_infinite();
        shared_.stop.store(true);
        for (auto& t : helpers) t.join();

        // The answer is the deepest iteration any thread completed (the
        // main thread's on a tie, and always with one thread); one a helper
        // finished last is reported like the main thread's own.
        if (deepest_.depth > completed_depth_) {
            workers_[0]->root_moves() = deepest_.moves;
            workers_[0]->reset_seldepth(deepest_.seldepth);
            completed_depth_ = deepest_.depth;
            const int lines = std::clamp(limits.multipv, 1, static_cast<int>(deepest_.moves.size()));
            for (int i = 0; i < lines; ++i) report(*workers_[0], completed_depth_, i, Bound::Exact);
        }
        const auto& ranked = deepest_.moves.empty() ? workers_[0]->root_moves() : deepest_.moves;
        const auto& best = ranked.front();
        for (std::size_t i = 0; i < ranked.size() && i < static_cast<std::size_t>(limits.multipv); ++i)
            if (ranked[i].previous_score != -kInfinity)
                result.lines.push_back({ranked[i].move, ranked[i].previous_score});
        result.best = best.move;
        if (best.pv.size() > 1) result.ponder = best.pv[1];
        result.score = best.previous_score;
        result.depth = completed_depth_;
        result.nodes = total_nodes();
        return result;
    }

    // The exact value of `root` with perfect play, searched to the end of the
    // game with every safe feature on and nothing that could skip a move or
    // cut a line short. Strong: the value itself, found with null windows
    // narrowing the range of possible values (MTD style, Pons' driver);
    // weak: only win, draw or loss (one window around the draw).
    struct Solution {
        Score score = 0;
        std::optional<Move> best;
        std::uint64_t nodes = 0;
        int probes = 0;
    };
    // The exact score of `root` (weak: -1, 0 or 1 for loss, draw or win)
    // with the production search run to the end of the game.
    Solution solve(const G& root, bool weak = false) {
        Solution out = solve_root(root, weak);
        if (weak) out.score = out.score > 0 ? 1 : out.score < 0 ? -1 : 0;
        return out;
    }

    [[nodiscard]] std::uint64_t total_nodes() const {
        std::uint64_t n = 0;
        for (const auto& w : workers_) n += w->nodes();
        return n;
    }

private:
    Solution solve_root(const G& root, bool weak) {
        if (const Outcome over = root.outcome(); is_over(over))
            return {terminal_score(over, 0, over == Outcome::Scored ? Score(root.evaluate()) : 0), {}, 0, 0};
        // The features and the mode come back whichever way this returns.
        struct Restore {
            SharedState<Move>& shared;
            Features saved;
            ~Restore() {
                shared.table->use_all();
                shared.solving = false;
                shared.features = saved;
            }
        } restore{shared_, shared_.features};
        Features& f = shared_.features;
        f.aspiration = f.null_move = f.reverse_futility = f.futility = f.late_move_reductions = false;
        f.late_move_pruning = f.see_pruning = f.razoring = f.internal_iterative_reduction = f.improving = false;
        f.check_extension = f.quiescence = false;
        f.transposition_table = f.mate_distance_pruning = true;
        // Killers and countermoves come before the game's own move scores
        // and cost Connect Four 1.6x to 5x the nodes; history as their tie
        // break costs 1.4x on Pons' Middle-Medium set.
        f.killers = f.countermoves = f.history = false;
        shared_.solving = true;
        shared_.completed_depth.store(0);  // no earlier search's iteration supersedes this one
        arm(Limits<Move>{});
        set_time_budget();  // none: no clock of an earlier search may stop this one
        shared_.node_limit.reset();
        shared_.thread_count = threads_;
        table_.new_search();
        // A root searched with the full window (see below) has a small tree.
        std::size_t start_kb = param::kSolveTableStartKb;
        if constexpr (BoundedLengthGame<G>) {
            if (root.max_plies_left() <= param::kSolveFullWindowPliesLeft) start_kb = param::kSolveSmallTableKb;
            // Depth is a function of the position only where it counts plies left.
            table_.keep_near(kSolveBase + param::kSolveNearPliesLeft + 1, param::kSolveNearKb);
        }
        table_.use_first(start_kb);

        Solution out;
        solve_depth_ = kSolveDepth;
        if constexpr (BoundedLengthGame<G>)
            solve_depth_ = kSolveBase + std::clamp(root.max_plies_left(), 0, 150);  // the table keeps depths < 255
        MoveListOf<G> moves;
        root.generate_moves(moves);
        if constexpr (ForcedLineGame<G>) {
            // The root as any other node: a win now ends it, lost moves go.
            if (!moves.empty() && root.can_win_next()) {
                for (const auto& m : moves) {
                    G child = root;
                    child.make(m);
                    if (child.outcome() == Outcome::Loss) {
                        out.best = m;
                        break;
                    }
                }
                out.score = mate_in_plies(1);
                return out;
            }
            MoveListOf<G> safe;
            root.generate_non_losing(safe);
            if (safe.empty() && !moves.empty()) {  // every move loses at once
                out.best = moves[0];
                out.score = mated_in_plies(2);
                return out;
            }
            if constexpr (BoundedLengthGame<G>) {
                // Neither side wins with its next stone and the game ends
                // before a third: a draw (as at every node of the search).
                if (!safe.empty() && root.max_plies_left() <= 2) {
                    out.best = safe[0];
                    return out;
                }
            }
            moves = safe;
        }
        // Kept between solves, so that a batch of short solves allocates nothing.
        std::vector<RootMove<Move>>& root_moves = solve_root_moves_;
        root_moves.resize(moves.size());
        for (std::size_t i = 0; i < moves.size(); ++i) {
            root_moves[i].move = moves[i];
            root_moves[i].score = root_moves[i].previous_score = -kInfinity;
            root_moves[i].pv.assign(1, moves[i]);
        }
        if constexpr (MoveScoreGame<G>) {
            // The game's move scores, each computed once, order the root's moves.
            for (auto& rm : root_moves) rm.score = root.move_score(rm.move);
            insertion_sort(root_moves.begin(), root_moves.end(),
                           [](const auto& a, const auto& b) { return a.score > b.score; });
            for (auto& rm : root_moves) rm.score = -kInfinity;
        }
        if (root_moves.empty()) {
            out.score = terminal_score(root.outcome(), 0, 0);
        } else {
            // Workers are kept between solves, so a batch allocates nothing.
            while (static_cast<int>(workers_.size()) < threads_)
                workers_.push_back(std::make_unique<Worker<G>>(shared_, root));
            workers_.resize(static_cast<std::size_t>(threads_));
            for (auto& w : workers_) {
                w->start(root, root_moves);
                w->poll = nullptr;  // a kept worker's callbacks belong to the searches that set them
                w->on_root_move = nullptr;
            }
            std::optional<Move> last_best;  // the best move of the last probe
            const auto probe = [&](Score alpha, Score beta) {
                ++out.probes;
                const Probe p = probe_in_parallel(alpha, beta);
                last_best = p.best;
                return p.value;
            };
            // Null-window probes bisect the values the root can have. A weak
            // solve runs the same probes and stops once the sign is known:
            // proving "a win within n plies" first, as the bisection does, is
            // far cheaper than "any win" where quick wins abound (Pons'
            // Begin-Easy set: 9x fewer nodes than probing "not lost?" then
            // "won?").
            const ValueScale scale = possible_values(root);
            int length = 0;  // 0: the game's length is not bounded
            if constexpr (BoundedLengthGame<G>) length = std::clamp(root.max_plies_left(), 1, kMaxPly - 1);
            int lo = scale.lowest(), hi = scale.highest();  // value(lo) <= score <= value(hi)
            const auto sign_known = [&] {
                return scale.value(lo) > 0 || scale.value(hi) < 0 || (scale.value(lo) >= 0 && scale.value(hi) <= 0);
            };
            bool best_proves_lo = false;
            // A root with few plies left is searched once, with a window
            // that holds every value it can have: in a tree that small, the
            // probes' repeated visits of the same nodes cost more than the
            // wide window (Pons' End-Easy set: 47 -> 32 nodes a position).
            // A weak solve's window holds the draw alone: the sign is all it asks.
            if (length > 0 && length <= param::kSolveFullWindowPliesLeft) {
                const Score v = weak ? probe(-1, 1) : probe(scale.value(lo) - 1, scale.value(hi) + 1);
                if (!weak || v >= 0) {  // exact; or, weak, a draw or a win worth at least v
                    lo = scale.at_least(v);
                    if (!weak || v == 0) hi = lo;
                    out.best = last_best;
                    best_proves_lo = true;
                } else {
                    hi = scale.at_most(v);  // weak: a loss
                }
            }
            while (lo < hi && !(weak && sign_known())) {
                if (hi - lo < param::kSolveWindowValues) {
                    // Few values left: one search whose window holds them all
                    // says which it is, for fewer nodes than the null windows
                    // that would bisect them, each of which revisits the tree.
                    const Score v = probe(scale.value(lo), scale.value(hi));
                    if (v > scale.value(lo)) {  // the best move reaches the value
                        out.best = last_best;
                        best_proves_lo = true;
                    }
                    lo = hi = v <= scale.value(lo) ? lo : v >= scale.value(hi) ? hi : scale.at_least(v);
                    break;
                }
                const int t = next_probe(scale, lo, hi, length);
                const Score test = scale.value(t), below = t > 0 ? scale.value(t - 1) : test - 1;
                const Score v = probe(below, below + 1);  // is the score above the next lower value?
                if (v > below) {
                    lo = scale.at_least(v);
                    out.best = last_best;  // it failed high
                    best_proves_lo = true;
                } else {
                    hi = scale.at_most(v);
                }
            }
            // Weak: a bound of the right sign (solve() keeps only the sign).
            out.score = !weak || scale.value(lo) > 0 ? scale.value(lo) : scale.value(hi) < 0 ? scale.value(hi) : 0;
            if (!best_proves_lo) {
                // Every probe failed low: find a move that reaches the value
                // (a weak loss has none to find: every move loses).
                if (!(weak && out.score < 0)) probe(out.score - 1, out.score);
                out.best = last_best;
            }
        }
        out.nodes = total_nodes();
        return out;
    }

    // Deep enough to reach the end of any game Ply solves.
    static constexpr int kSolveDepth = 200;
    // Games of bounded length are searched to depth kSolveBase + the plies
    // left: the depth then falls by one a ply exactly as the plies left do,
    // so a position's depth is the same from every root. A later solve from
    // another root (the next position of a batch, the next step of a line,
    // each move of an analysis) can then use the table's exact results; with
    // one depth for every root, a position stored from a shallower root would
    // look too shallow. The base keeps these depths above any depth-limited
    // search's, whose results are not exact.
    static constexpr int kSolveBase = 100;
    int solve_depth_ = kSolveDepth;
    std::vector<RootMove<Move>> solve_root_moves_;

    // One null-window test of a solve, run by every worker at once: they
    // share the table and leave each other's busy positions for later, and
    // the first to finish answers for all (each answer is exact).
    struct Probe {
        Score value = 0;
        std::optional<Move> best;
    };
    Probe probe_in_parallel(Score alpha, Score beta) {
        Probe answer;
        // Claimed by the first finisher (std::call_once costs a lone thread
        // a system call per probe: half the time of a short solve).
        std::atomic<bool> answered{false};
        shared_.stop.store(false);
        const auto run = [&](Worker<G>& w) {
            w.begin_iteration(solve_depth_);
            const Score v = w.template search_root<true>(solve_depth_, 0, alpha, beta);
            if (w.stopped()) return;
            if (!answered.exchange(true)) answer = {v, w.root_moves().front().move};
            shared_.stop.store(true);
        };
        std::vector<std::thread> helpers;
        for (std::size_t i = 1; i < workers_.size(); ++i) helpers.emplace_back([&, i] { run(*workers_[i]); });
        run(*workers_.front());
        for (auto& t : helpers) t.join();
        shared_.stop.store(false);
        return answer;
    }

    // The values a solve can end with, ascending, so that probes bisect the
    // values that can occur rather than the gaps between them (a probe far
    // below the real values costs a weak solve of one move). Games of bounded
    // length end in a draw or a win or loss at most `length` plies away;
    // others (trees with scored leaves) may end with any score.
    class ValueScale {
    public:
        ValueScale() = default;  // any score
        explicit ValueScale(std::vector<Score> values) : values_(std::move(values)) {}
        [[nodiscard]] int lowest() const { return values_.empty() ? -kInfinity : 0; }
        [[nodiscard]] int highest() const { return values_.empty() ? kInfinity : static_cast<int>(values_.size()) - 1; }
        [[nodiscard]] Score value(int i) const {
            return values_.empty() ? Score(i) : values_[static_cast<std::size_t>(i)];
        }
        // The largest value <= s and the smallest >= s: a fail-soft bound can
        // name a score that cannot occur.
        [[nodiscard]] int at_most(Score s) const {
            if (values_.empty()) return s;
            const auto i = std::upper_bound(values_.begin(), values_.end(), s) - values_.begin();
            return std::max(static_cast<int>(i) - 1, lowest());
        }
        [[nodiscard]] int at_least(Score s) const {
            if (values_.empty()) return s;
            const auto i = std::lower_bound(values_.begin(), values_.end(), s) - values_.begin();
            return std::min(static_cast<int>(i), highest());
        }

    private:
        std::vector<Score> values_;
    };

    static ValueScale possible_values(const G& root) {
        if constexpr (BoundedLengthGame<G>) {
            const int length = std::clamp(root.max_plies_left(), 1, kMaxPly - 1);
            constexpr bool parity = WinByMovingGame<G>;
            // The root neither wins at once nor loses to the next move (solve
            // has already answered those).
            const int first_win = ForcedLineGame<G> ? 2 : 1, first_loss = ForcedLineGame<G> ? 3 : 1;
            std::vector<Score> values;
            values.reserve(static_cast<std::size_t>(length) + 1);
            for (int p = first_loss; p <= length; ++p)
                if (!parity || p % 2 == 0) values.push_back(mated_in_plies(p));
            values.push_back(0);
            for (int p = length; p >= first_win; --p)
                if (!parity || p % 2 == 1) values.push_back(mate_in_plies(p));
            return ValueScale(std::move(values));
        } else {
            return ValueScale();
        }
    }

    // The next null-window test: an index in (lo, hi], bisecting with a pull
    // towards the draw, where most values lie (Pons' driver). The bisection
    // runs over plies to the end, as if every distance could occur: that
    // sequence of tests costs fewer nodes on Pons' sets than one over the
    // possible values alone; the test is then the possible value it names.
    static int next_probe(const ValueScale& scale, int lo, int hi, int length) {
        if (length == 0) {  // any score: bisect the scores themselves
            int mid = lo + (hi - lo) / 2;
            if (mid <= 0 && lo / 2 < mid)
                mid = lo / 2;
            else if (mid >= 0 && hi / 2 > mid)
                mid = hi / 2;
            return std::clamp(mid, lo + 1, hi);
        }
        // Plies as an order: 0 the draw, +-1 the slowest win or loss,
        // +-length the quickest; +-(length + 1) for nothing known yet.
        const auto ordinal = [&](int index, int unknown) {
            if (index == unknown) return unknown == 0 ? -(length + 1) : length + 1;
            const Score v = scale.value(index);
            if (v == 0) return 0;
            return (v > 0 ? 1 : -1) * std::clamp(length + 1 - mate_plies(v), 1, length);
        };
        const int a = ordinal(lo, 0), b = ordinal(hi, scale.highest());
        int mid = a + (b - a) / 2;
        if (mid <= 0 && a / 2 < mid)
            mid = a / 2;
        else if (mid >= 0 && b / 2 > mid)
            mid = b / 2;
        mid = std::clamp(mid, a + 1, b);
        const Score named = mid == 0 ? 0 : mid > 0 ? mate_in_plies(length + 1 - mid) : mated_in_plies(length + 1 + mid);
        return std::clamp(scale.at_least(named), lo + 1, hi);
    }

    // Iterative deepening for one thread. Every completed iteration is
    // offered to deepest_; a thread never searches a depth another thread
    // has completed, but takes over its root moves and goes one deeper:
    // Lazy SMP's gain in time to depth.
    void iterate(Worker<G>& w, int id) {
        const bool main = id == 0;
        const int max_depth = std::min(limits_.depth.value_or(kMaxPly - 1), kMaxPly - 1);
        const int multipv = std::clamp(limits_.multipv, 1, static_cast<int>(w.root_moves().size()));
        std::optional<Move> last_best;
        double instability = 1.0;
        if (main) completed_depth_ = 0;

        // Helper threads start one ply deeper on odd ids so that threads diverge.
        int have = 0;  // the deepest iteration this thread holds, searched or adopted
        for (int depth = 1 + (id % 2); depth <= max_depth; ++depth) {
            if (const int done = adopt_deeper(w, have); done > have) {
                have = done;
                if (main && after_iteration(w, done, multipv, last_best, instability)) break;
                if (done >= max_depth) break;
                depth = std::max(depth, done + 1);
            }
            w.reset_seldepth();
            w.begin_iteration(depth);
            for (int pv_index = 0; pv_index < multipv && !w.stopped(); ++pv_index) {
                const Score previous = w.root_moves()[static_cast<std::size_t>(pv_index)].previous_score;
                Score delta = param::kAspirationDelta;
                Score alpha = -kInfinity, beta = kInfinity;
                if (shared_.features.aspiration && depth >= param::kAspirationMinDepth && !is_mate(previous) &&
                    previous != -kInfinity) {
                    alpha = std::max<Score>(previous - delta, -kInfinity);
                    beta = std::min<Score>(previous + delta, kInfinity);
                }
                while (true) {
                    const Score v = w.search_root(depth, pv_index, alpha, beta);
                    if (w.stopped()) break;
                    // A mate score outside the window opens that side fully: mate
                    // distances differ between transpositions, and a window that
                    // creeps toward them costs a re-search per step.
                    const Bound failed = v <= alpha ? Bound::Upper : Bound::Lower;
                    if (failed == Bound::Upper) {  // fail low: widen downwards
                        beta = (alpha + beta) / 2;
                        alpha = is_mate(v) ? -kInfinity : std::max<Score>(v - delta, -kInfinity);
                    } else if (v >= beta) {
                        beta = is_mate(v) ? kInfinity : std::min<Score>(v + delta, kInfinity);
                    } else {
                        break;
                    }
                    if (main && elapsed() > kCurrentMoveDelay) report(w, depth, pv_index, failed);
                    delta += delta / 2 + 5;
                }
            }
            if (w.superseded() && !shared_.stop.load()) {
                --depth;  // take the other thread's iteration at the top of the loop
                continue;
            }
            if (w.stopped()) break;
            for (auto& rm : w.root_moves()) rm.previous_score = rm.score;
            have = depth;
            offer(w, depth);
            // A helper that completes the last depth ends the search.
            if (!main && depth >= max_depth) shared_.stop.store(true);
            if (main && after_iteration(w, depth, multipv, last_best, instability)) break;
        }
        if (main) shared_.stop.store(true);  // helpers follow the main thread
    }

    // The main thread after an iteration (its own or adopted): report it and
    // decide whether to stop (mate found, or time scaled by stability).
    bool after_iteration(Worker<G>& w, int depth, int multipv, std::optional<Move>& last_best, double& instability) {
        completed_depth_ = depth;
        for (int i = 0; i < multipv; ++i) report(w, depth, i, Bound::Exact);
        const auto& best = w.root_moves().front();
        if (last_best && !(*last_best == best.move))
            instability = std::min(instability + 0.8, 2.5);
        else
            instability = std::max(instability * 0.85, 0.6);
        last_best = best.move;
        if (limits_.mate && is_mate(best.score) && best.score > 0 && mate_in(best.score) <= *limits_.mate) return true;
        return !is_infinite() && soft_limit_ &&
               elapsed() > std::chrono::duration_cast<std::chrono::milliseconds>(*soft_limit_ * instability);
    }

    // Publishes a completed iteration if it is the deepest so far.
    void offer(Worker<G>& w, int depth) {
        std::lock_guard lock(deepest_mutex_);
        if (depth > deepest_.depth) {
            deepest_.depth = depth;
            deepest_.moves = w.root_moves();
            deepest_.seldepth = w.seldepth();
            shared_.completed_depth.store(depth);
        }
    }

    // If another thread has completed an iteration deeper than `have`, takes
    // its root moves (order, scores, lines) and returns its depth; else 0.
    int adopt_deeper(Worker<G>& w, int have) {
        std::lock_guard lock(deepest_mutex_);
        if (deepest_.depth <= have) return 0;
        w.root_moves() = deepest_.moves;
        w.reset_seldepth(deepest_.seldepth);
        return deepest_.depth;
    }

    void report(Worker<G>& w, int depth, int pv_index, Bound bound) {
        if (!on_report) return;
        const auto& rm = w.root_moves()[static_cast<std::size_t>(pv_index)];
        Report<Move> r;
        r.depth = depth;
        r.seldepth = w.seldepth();
        r.multipv = pv_index + 1;
        r.score = rm.score;
        r.bound = bound;
        r.nodes = total_nodes();
        r.time = elapsed();
        r.hashfull = table_.hashfull();
        r.pv = rm.pv;
        on_report(r);
    }

    std::chrono::milliseconds elapsed() const {
        const Clock::time_point start{Clock::duration(start_ns_.load())};
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
    }
    bool is_infinite() const {
        std::lock_guard lock(mutex_);
        return infinite_;
    }

    // Soft limit: no new iteration after it. Hard limit: abort at once.
    // Every move still to come costs the GUI's overhead, so that much is
    // kept back for each of them (as Stockfish does): in sudden death the
    // clock then never runs out, however long the game, because a move
    // with nothing left to spend costs only its depth-1 iteration.
    void set_time_budget() {
        soft_limit_.reset();
        hard_limit_.reset();
        using std::chrono::milliseconds;
        const milliseconds zero{0};
        if (limits_.move_time) {
            const auto t = std::max(zero, *limits_.move_time - limits_.overhead);
            soft_limit_ = hard_limit_ = t;
        } else if (limits_.time_left) {
            const int moves_to_go = std::clamp(limits_.moves_to_go.value_or(param::kMovesToGoSuddenDeath), 1,
                                               param::kMovesToGoSuddenDeath + 10);
            const auto pool = std::max(zero, *limits_.time_left + limits_.increment * (moves_to_go - 1) -
                                                 limits_.overhead * (moves_to_go + 2));
            const auto ideal = pool / moves_to_go;
            const auto on_clock = std::max(zero, *limits_.time_left - limits_.overhead);
            soft_limit_ = std::min<milliseconds>(ideal * 6 / 10, on_clock / 2);
            hard_limit_ = std::min<milliseconds>(ideal * 3, on_clock * 8 / 10);
        }
    }

    // The clock never stops the first iteration (it takes microseconds): a
    // search stopped before it would play a move it never looked at.
    void check_limits() {
        if (shared_.node_limit && total_nodes() >= *shared_.node_limit) shared_.stop.store(true);
        if (hard_limit_ && !is_infinite() && shared_.completed_depth.load(std::memory_order_relaxed) > 0 &&
            elapsed() >= *hard_limit_)
            shared_.stop.store(true);
    }

    // `go infinite` and pondering never end on their own: wait for stop or ponderhit.
    void wait_while_infinite() {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return !infinite_; });
    }

    TranspositionTable<Move> table_;
    SharedState<Move> shared_;
    std::vector<std::unique_ptr<Worker<G>>> workers_;
    int threads_ = 1;
    Limits<Move> limits_;
    std::atomic<Clock::rep> start_ns_{0};  // reset by ponderhit from another thread
    std::optional<std::chrono::milliseconds> soft_limit_, hard_limit_;
    int completed_depth_ = 0;
    struct Completed {
        int depth = 0;
        int seldepth = 0;
        std::vector<RootMove<Move>> moves;
    };
    Completed deepest_;  // the deepest completed iteration of any thread
    std::mutex deepest_mutex_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool infinite_ = false;
};

}  // namespace ply::engine
