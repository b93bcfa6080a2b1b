// The production search: iterative deepening with aspiration windows over
// Worker threads that share one transposition table (Lazy SMP), time
// management, MultiPV, and reports through a callback. Knows no game.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <ply/core/threads.hpp>
#include <ply/search/engine/capabilities.hpp>
#include <ply/search/engine/limits.hpp>
#include <ply/search/engine/worker.hpp>

namespace ply::engine {

template <Game G>
class Engine {
    static_assert(check_capabilities<G>());  // the rules of capabilities.hpp, stated for G

public:
    using Move = typename G::Move;
    using Clock = std::chrono::steady_clock;

    explicit Engine(std::size_t hash_mb = 16) : table_(table_megabytes(hash_mb)) {
        shared_.table = &table_;
        shared_.set_parameters(parameters_of<G>);
    }

    // All or nothing: OutOfMemory leaves the table as it was.
    void set_hash(std::size_t mb) { table_.resize(table_megabytes(mb)); }
    [[nodiscard]] std::size_t hash_megabytes() const { return table_.megabytes(); }
    void clear() {  // a new game
        table_.clear();
        for (auto& m : memories_) m->clear();
    }
    void set_threads(int n) { threads_ = std::clamp(n, 1, 256); }
    // After run(): why it searched with fewer threads than set, or "".
    [[nodiscard]] const std::string& thread_shortfall() const { return shortfall_; }
    Features& features() { return shared_.features; }
    // Endgame databases probed below the root (nullptr: none); they must
    // outlive every search.
    void set_endgames(typename retro::Endgames<G>::Tables* tables) { endgames_.set(tables); }
    // The margins and reductions: the game's (parameters_of) unless set, as a match's player may
    // (divisors_positive()); not during a search.
    [[nodiscard]] const SearchParameters& parameters() const { return shared_.params; }
    void set_parameters(const SearchParameters& p) { shared_.set_parameters(p); }
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
        shared_.budget.stop();
        infinite_ = false;
        wake_.notify_all();
    }
    // The predicted move was played: the search goes on under normal time control.
    void ponderhit() {
        std::lock_guard lock(mutex_);
        const auto now = Clock::now();
        start_ns_.store(now.time_since_epoch().count());
        if (time_.hard) shared_.budget.set_deadline(now + *time_.hard);
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
        const auto now = Clock::now();
        start_ns_.store(now.time_since_epoch().count());
        limits_ = limits;
        infinite_ = limits.infinite;
        // The clock's soft limit ends iterating (after_iteration); its hard
        // limit is the budget's deadline, which pondering and `go infinite`
        // only get at a ponder hit.
        time_ = timing::limits_for(limits);
        Budget& budget = shared_.budget;
        budget.restart();
        budget.nodes = limits.nodes;
        if (time_.hard && !infinite_) budget.set_deadline(now + *time_.hard);
    }

    Result<Move> run(const G& root) {
        const Limits<Move>& limits = limits_;
        shared_.thread_count = threads_;
        table_.new_search();

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

        const int ready = make_workers(root, root_moves);
        workers_[0]->poll = [this] { check_limits(); };
        if (on_current_move)
            workers_[0]->on_root_move = [this](int depth, const Move& m, int number) {
                if (elapsed() >= kCurrentMoveDelay) on_current_move(depth, m, number);
            };

        deepest_ = {};
        shared_.completed_depth.store(0);
        std::vector<std::thread> helpers;
        const int started = 1 + start_threads(
                                    helpers, 1, ready, [this](int i) { iterate(*workers_[i], i); }, &shortfall_why_);
        shortfall_ = started < threads_ ? threads_shortfall(started, threads_, shortfall_why_) : "";
        iterate(*workers_[0], 0);
        wait_while_infinite();
        shared_.budget.stop();
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
        auto& ranked = deepest_.moves.empty() ? workers_[0]->root_moves() : deepest_.moves;
        if (shared_.features.partial_iteration && limits.multipv <= 1) prefer_iteration_best(ranked);
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

    [[nodiscard]] std::uint64_t total_nodes() const {
        std::uint64_t n = 0;
        for (const auto& w : workers_) n += w->nodes();
        return n;
    }

private:
    // A worker for each thread, as many as memory allows (the first always);
    // returns how many.
    int make_workers(const G& root, const std::vector<RootMove<Move>>& root_moves) {
        workers_.clear();
        shortfall_why_.clear();
        for (int i = 0; i < threads_; ++i) {
            try {
                if (memories_.size() <= static_cast<std::size_t>(i))
                    memories_.push_back(std::make_unique<ThreadMemory<G>>());
                workers_.push_back(
                    std::make_unique<Worker<G>>(shared_, root, *memories_[static_cast<std::size_t>(i)], endgames_));
            } catch (const std::bad_alloc&) {
                if (i == 0) throw;
                shortfall_why_ = "not enough memory";
                return i;
            }
            workers_.back()->start(root, root_moves);
        }
        return threads_;
    }

    // A game without hash() never reads the table: it gets the smallest one.
    static std::size_t table_megabytes(std::size_t asked) { return HashedGame<G> ? asked : 1; }

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
                Score delta = shared_.params.aspiration_delta;
                Score alpha = -kInfinity, beta = kInfinity;
                if (shared_.features.aspiration && depth >= shared_.params.aspiration_min_depth && !is_mate(previous) &&
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
                    delta += delta / 2 + shared_.params.aspiration_widen;
                }
                // A later line may score above an earlier one (each has its own
                // window): the lines searched so far are kept best first.
                if (!w.stopped()) {
                    auto& moves = w.root_moves();
                    std::stable_sort(
                        moves.begin(), moves.begin() + pv_index + 1,
                        [](const RootMove<Move>& a, const RootMove<Move>& b) { return a.score > b.score; });
                }
            }
            if (w.superseded() && !shared_.budget.stopped()) {
                --depth;  // take the other thread's iteration at the top of the loop
                continue;
            }
            if (w.stopped()) break;
            for (auto& rm : w.root_moves()) rm.previous_score = rm.score;
            have = depth;
            offer(w, depth);
            // A helper that completes the last depth ends the search.
            if (!main && depth >= max_depth) shared_.budget.stop();
            if (main && after_iteration(w, depth, multipv, last_best, instability)) break;
        }
        if (main) shared_.budget.stop();  // helpers follow the main thread
    }

    // The main thread after an iteration (its own or adopted): report it and
    // decide whether to stop (mate found, or time scaled by stability).
    bool after_iteration(Worker<G>& w, int depth, int multipv, std::optional<Move>& last_best, double& instability) {
        completed_depth_ = depth;
        for (int i = 0; i < multipv; ++i) report(w, depth, i, Bound::Exact);
        const auto& best = w.root_moves().front();
        instability = timing::next_instability(instability, last_best && !(*last_best == best.move));
        last_best = best.move;
        if (limits_.mate && is_mate(best.score) && best.score > 0 && mate_in(best.score) <= *limits_.mate) return true;
        if (is_infinite() || !time_.soft) return false;
        return timing::past_soft_limit(elapsed(), *time_.soft, instability);
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

    // A search stopped inside an iteration: a root move that the main thread's unfinished iteration proved better
    // than the best of the deepest completed one (it beat alpha there, one ply deeper) goes first, with its score and
    // line. A move that only failed low is never known to be better.
    void prefer_iteration_best(std::vector<RootMove<Move>>& ranked) {
        const Worker<G>& main = *workers_[0];
        const auto& found = main.iteration_best();
        if (!found || main.iteration_depth() <= deepest_.depth || found->move == ranked.front().move) return;
        const auto it = std::find_if(ranked.begin(), ranked.end(),
                                     [&](const RootMove<Move>& rm) { return rm.move == found->move; });
        if (it == ranked.end()) return;
        std::rotate(ranked.begin(), it, it + 1);
        ranked.front().score = ranked.front().previous_score = found->score;
        ranked.front().pv = found->pv;
        report(ranked.front(), main.iteration_depth(), main.seldepth(), 0, found->bound);
    }

    void report(Worker<G>& w, int depth, int pv_index, Bound bound) {
        report(w.root_moves()[static_cast<std::size_t>(pv_index)], depth, w.seldepth(), pv_index, bound);
    }
    void report(const RootMove<Move>& rm, int depth, int seldepth, int pv_index, Bound bound) {
        if (!on_report) return;
        Report<Move> r;
        r.depth = depth;
        r.seldepth = seldepth;
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

    // The clock never stops the first iteration (it takes microseconds): a
    // search stopped before it would play a move it never looked at.
    void check_limits() {
        Budget& budget = shared_.budget;
        if (budget.over_nodes(total_nodes())) budget.stop();
        if (shared_.completed_depth.load(std::memory_order_relaxed) > 0 && budget.past_deadline()) budget.stop();
    }

    // `go infinite` and pondering never end on their own: wait for stop or ponderhit.
    void wait_while_infinite() {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return !infinite_; });
    }

    TranspositionTable<Move> table_;
    SharedState<Move> shared_;
    std::vector<std::unique_ptr<ThreadMemory<G>>> memories_;  // one per thread, kept between searches
    std::vector<std::unique_ptr<Worker<G>>> workers_;
    retro::Endgames<G> endgames_;
    int threads_ = 1;
    std::string shortfall_, shortfall_why_;
    Limits<Move> limits_;
    std::atomic<Clock::rep> start_ns_{0};  // reset by ponderhit from another thread
    timing::TimeLimits time_;              // the clock's, set by arm()
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
