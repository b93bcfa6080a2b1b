// Every search of Ply for one game, answering in Python objects: the
// templates behind ply.search, ply.compare, ply.Engine.search, ply.solve and
// ply.mcts, shared by the built-in games (bind_game.hpp) and the games
// written in Python (python_game.hpp).
//
// The GIL is released while a built-in game is searched, so that other
// Python threads run (and may stop the engine), and Ctrl-C stops it
// (interrupt.hpp); a game written in Python is searched on one thread,
// holding the GIL.
#pragma once

#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>

#include <ply/core/describe.hpp>
#include <ply/core/stopwatch.hpp>
#include <ply/python/api.hpp>
#include <ply/python/interrupt.hpp>
#include <ply/python/moves.hpp>
#include <ply/search/classic/algorithm.hpp>
#include <ply/search/classic/minimal_tree.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/search/mcts/parallel.hpp>
#include <ply/search/solve/solver.hpp>
#include <ply/tools/draw/search_tree.hpp>

namespace ply::python {

// The checks of the arguments every game shares (searches.cpp).
classic::Algorithm algorithm_named(const std::string& name);
int checked_depth(std::optional<int> depth, int fallback, int lowest);
std::optional<std::chrono::milliseconds> checked_seconds(std::optional<double> seconds);
void check_at_least(const char* what, long long value, long long lowest, long long highest);
// Python says "none" where nothing is proven.
inline std::string proof_text(mcts::Proof proof) {
    const char* name = mcts::proof_name(proof);
    return name ? name : "none";
}
// The recorded tree as Python reads it (trace.cpp).
Trace trace_of(const draw::SearchTree& tree);
// The exact solver's table.
inline constexpr std::size_t kSolverHashMb = 64;
// Past this many nodes the minimal tree is not measured (as `ply compare`).
inline constexpr std::uint64_t kMaxMeasuredNodes = 20'000'000;
// ... and for a game written in Python, whose nodes cost microseconds each.
inline constexpr std::uint64_t kMaxMeasuredPythonNodes = 1'000'000;

template <NotatedGame G>
SearchResult classic_search(const G& root, const SearchArgs& args) {
    const auto algorithm = algorithm_named(args.algorithm);
    const int depth = checked_depth(args.depth, describe::search_depth(root), 0);
    classic::SearchResult<typename G::Move> r;
    std::optional<draw::SearchRecorder<G>> recorder;
    if (args.trace) recorder.emplace(root, depth);
    std::atomic<bool> stop = false;
    const auto search = [&](auto& inner) {
        Watched<std::remove_reference_t<decltype(inner)>> observer{inner, stop};
        r = args.iterative ? classic::search_iterative(algorithm, root, depth, observer)
                           : classic::search_once(algorithm, root, depth, std::nullopt, observer);
    };
    const Stopwatch clock;
    run_search<G>(
        [&] {
            classic::NoObserver nothing;
            if (recorder)
                search(*recorder);
            else
                search(nothing);
        },
        [&] { stop = true; });
    if (recorder) recorder->mark_pv(r.pv);
    throw_if_failed(root);
    SearchResult out;
    out.seconds = clock.seconds();
    out.algorithm = args.algorithm;
    out.depth = depth;
    out.iterative = args.iterative;
    out.value = r.score;
    out.value_text = describe::score_text<G>(r.score);
    if (r.best) out.best_move = move_object(root, *r.best);
    out.pv = line_object(root, r.pv);
    out.nodes = r.nodes;
    out.leaves = r.leaves;
    out.researches = r.researches;
    if (recorder) {
        out.trace = trace_of(recorder->tree(std::string(G::name) + ", " + args.algorithm));
    }
    return out;
}

template <NotatedGame G>
Comparison compare(const G& root, const CompareArgs& args) {
    std::vector<std::string> names = args.algorithms;
    if (names.empty()) names = {"minimax", "negamax", "alphabeta", "pvs", "mtdf", "bns"};
    for (const auto& name : names) algorithm_named(name);  // every name checked before any search
    Comparison out;
    out.depth = checked_depth(args.depth, describe::search_depth(root), 0);
    for (const auto& name : names)
        out.rows.push_back(classic_search(root, {.algorithm = name, .depth = out.depth, .iterative = args.iterative}));
    std::optional<classic::TreeSize> size;
    std::atomic<bool> stop = false;
    run_search<G>(
        [&] {
            size = classic::measure_tree(root, out.depth, CallsPython<G> ? kMaxMeasuredPythonNodes : kMaxMeasuredNodes,
                                         classic::Deadline::when_set(stop));
        },
        [&] { stop = true; });
    throw_if_failed(root);
    if (size) {
        out.minimal_leaves = static_cast<double>(size->minimal_leaves);
        out.all_leaves = static_cast<double>(size->all_leaves);
    }
    return out;
}

template <Game G>
engine::Limits<typename G::Move> engine_limits(const EngineArgs& args) {
    engine::Limits<typename G::Move> limits;
    if (args.depth) limits.depth = checked_depth(args.depth, 1, 1);
    if (args.nodes) {
        check_at_least("nodes", static_cast<long long>(std::min<std::uint64_t>(*args.nodes, 1ULL << 62)), 1, 1LL << 62);
        limits.nodes = args.nodes;
    }
    limits.move_time = checked_seconds(args.seconds);
    check_at_least("multipv", args.multipv, 1, engine::kMaxThreads);
    limits.multipv = args.multipv;
    // Without limits, as `ply play` thinks: the game's time, else its depth.
    if (!limits.depth && !limits.nodes && !limits.move_time) {
        if (const auto seconds = describe::default_seconds<G>())
            limits.move_time = checked_seconds(*seconds);
        else
            limits.depth = describe::default_depth<G>();
    }
    return limits;
}

template <Game G>
Info info_of(const G& root, const engine::Report<typename G::Move>& report) {
    Info info;
    info.depth = report.depth;
    info.seldepth = report.seldepth;
    info.multipv = report.multipv;
    info.value = report.score;
    info.value_text = describe::score_text<G>(report.score);
    info.bound = report.bound == engine::Bound::Exact   ? "exact"
                 : report.bound == engine::Bound::Lower ? "lower"
                                                        : "upper";
    info.nodes = report.nodes;
    info.seconds = std::chrono::duration<double>(report.time).count();
    info.hashfull = report.hashfull;
    info.pv = line_object(root, report.pv);
    return info;
}

template <Game G>
EngineResult think(EngineBox& box, const G& root, const void* game_key, const EngineArgs& args) {
    using Engine = engine::Engine<G>;
    const auto limits = engine_limits<G>(args);
    if (const Outcome o = root.outcome(); is_over(o)) {  // no move to find: the game's own value
        const Score value = terminal_score(o, 0, o == Outcome::Scored ? Score(root.evaluate()) : 0);
        throw_if_failed(root);
        EngineResult out;
        out.value = value;
        out.value_text = describe::score_text<G>(value);
        return out;
    }
    EngineBox::Search search(box);
    Engine& engine = search.engine_for<Engine>(game_key);
    if constexpr (CallsPython<G>) {
        engine.clear();         // a Python game's move numbers hold for one search only
        engine.set_threads(1);  // its calls take turns on the GIL anyway
    }
    // An exception of the info callback ends the search and is raised after it.
    std::optional<py::error_already_set> callback_error;
    engine.on_report = nullptr;
    if (!args.on_info.is_none())
        engine.on_report = [&](const engine::Report<typename G::Move>& report) {
            const py::gil_scoped_acquire gil;
            if (callback_error) return;
            try {
                args.on_info(info_of(root, report));
            } catch (py::error_already_set& e) {
                callback_error = std::move(e);
                engine.stop();
            }
        };
    engine.arm(limits);
    search.on_stop([&engine] { engine.stop(); });
    on_failure(root, [&engine] { engine.stop(); });
    const Stopwatch clock;
    engine::Result<typename G::Move> r;
    run_search<G>([&] { r = engine.run(root); }, [&engine] { engine.stop(); });
    engine.on_report = nullptr;
    on_failure(root, nullptr);
    if (callback_error) throw std::move(*callback_error);
    throw_if_failed(root);
    EngineResult out;
    out.seconds = clock.seconds();
    out.stopped = search.stopped();
    if (r.best) out.best_move = move_object(root, *r.best);
    if (r.ponder && r.best) {
        G after = root;
        after.make(*r.best);
        out.ponder = move_object(after, *r.ponder);
    }
    if (r.depth > 0) {  // else no iteration ended: the engine holds no score
        out.value = r.score;
        out.value_text = describe::score_text<G>(r.score);
    } else {
        out.value_text = "none";
    }
    out.depth = r.depth;
    out.nodes = r.nodes;
    for (const auto& line : r.lines)
        out.lines.push_back({move_object(root, line.move), line.score, describe::score_text<G>(line.score)});
    return out;
}

template <Game G>
Solution solve(const G& root, bool weak) {
    if constexpr (!describe::solvable<G>()) {
        throw Error("the game '" + std::string(G::name) + "' is too big to solve; use ply.search or ply.Engine");
    } else {
        const Stopwatch clock;
        solve::SolveResult<typename G::Move> r;
        if constexpr (CallsPython<G>) {  // its move numbers hold for one search only
            r = solve::Solver<G>(kSolverHashMb).solve_fully(root, weak);
        } else {
            // One solver a game and kind, made when first asked and kept:
            // what it proved serves the next position.
            static std::mutex mutex;
            static std::unique_ptr<solve::Solver<G>> solvers[2];
            std::unique_lock lock(mutex, std::defer_lock);
            {
                const py::gil_scoped_release release;  // another thread's solve may hold it long
                lock.lock();
            }
            auto& solver = solvers[weak];
            if (!solver) solver = std::make_unique<solve::Solver<G>>(kSolverHashMb);
            solver->control().budget.restart();
            run_search<G>([&] { r = solver->solve_fully(root, weak); }, [&] { solver->control().budget.stop(); });
        }
        throw_if_failed(root);
        Solution out;
        out.seconds = clock.seconds();
        out.value = r.score;
        out.value_text = weak ? std::string(to_string(r.result)) : describe::score_text<G>(r.score);
        out.result = r.result;
        out.plies = r.plies;
        for (const auto& m : r.best_moves) out.best_moves.append(move_object(root, m));
        out.pv = line_object(root, r.pv);
        out.nodes = r.nodes;
        if constexpr (describe::PublishedScoreGame<G>)
            if (!weak) out.published_score = py::int_(root.published_score(r.score));
        return out;
    }
}

template <Game G>
MctsResult mcts_search(const G& root, const MctsArgs& args) {
    check_at_least("threads", args.threads, 1, engine::kMaxThreads);
    mcts::Limits limits;
    if (args.iterations) {
        check_at_least("iterations", static_cast<long long>(std::min<std::uint64_t>(*args.iterations, 1ULL << 62)), 1,
                       1LL << 62);
        limits.iterations = args.iterations;
    }
    limits.time = checked_seconds(args.seconds);
    mcts::Options options;
    options.seed = args.seed;
    const Stopwatch clock;
    mcts::Result<typename G::Move> r;
    std::atomic<bool> stop = false;
    limits.stop = &stop;
    run_search<G>(
        [&] {
            mcts::ParallelSearcher<G> searcher(options, CallsPython<G> ? 1 : args.threads);
            r = searcher.search(root, limits);
        },
        [&] { stop = true; });
    throw_if_failed(root);
    MctsResult out;
    out.seconds = clock.seconds();
    if (r.best) out.best_move = move_object(root, *r.best);
    out.mean = r.mean;
    out.proof = proof_text(r.proof);
    out.iterations = r.iterations;
    out.nodes = r.nodes;
    for (const auto& m : r.moves)
        out.moves.push_back({move_object(root, m.move), m.visits, m.mean, proof_text(m.proof)});
    out.pv = line_object(root, r.pv);
    return out;
}

}  // namespace ply::python
