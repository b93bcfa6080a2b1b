// The engine's side of `ply play`: one player type for each way of choosing
// a move (the production search, Monte Carlo tree search), and the
// opponent, which asks the exact solver first where the game solves quickly.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <type_traits>

#include <ply/cli/endgame_tables.hpp>
#include <ply/cli/play_record.hpp>
#include <ply/cli/play_solver.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/search/mcts/parallel.hpp>
#include <ply/tools/lines.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

struct PlaySettings {
    int depth = 8;                  // used when no time is given
    std::optional<double> seconds;  // per engine move: iterative deepening to the deadline
    bool engine_first = false;
    bool show_info = false;     // print the search's lines as it deepens
    bool mcts = false;          // Monte Carlo tree search for --time seconds, not the alpha-beta engine
    std::string position_file;  // --position's file, which `save` may not replace
    std::string egtb;           // a folder of endgame tables (`ply egtb build`), checked by run_play
};

template <class Move>
engine::Limits<Move> play_limits(const PlaySettings& s) {
    engine::Limits<Move> limits;
    if (s.seconds) {
        // Whole milliseconds, and at least one, so that any positive time searches;
        // capped at a day, as `ply play --time` is, so that nothing overflows.
        const double seconds = std::min(*s.seconds, 86400.0);
        const auto ms = std::max<long long>(1, std::llround(seconds * 1000.0));
        limits.move_time = std::chrono::milliseconds(ms);
    } else {
        limits.depth = s.depth;
    }
    return limits;
}

// One line of search information, scores from the engine's side.
template <NotatedGame G>
std::string play_info_line(const G& root, const engine::Report<typename G::Move>& r) {
    return "  depth " + std::to_string(r.depth) + "  score " + describe::score_text<G>(r.score) + "  nodes " +
           std::to_string(r.nodes) + "  time " + seconds_text(std::chrono::duration<double>(r.time).count()) + "  pv " +
           line_text(root, r.pv);
}

// The engine's move for a position, how it was found (" (score +35, depth
// 9, 12345 nodes)"), and its evaluation for the game record.
template <class Move>
struct Choice {
    std::optional<Move> best;
    std::string how;
    arena::SearchInfo info;
};

inline arena::SearchInfo play_evaluation(Score score, int depth, std::uint64_t nodes) {
    arena::SearchInfo info;
    info.depth = depth;
    info.nodes = nodes;
    if (is_mate(score))
        info.mate = mate_in(score);
    else
        info.cp = score;
    return info;
}

// The production search, one engine for the whole game: its hash table
// carries over between moves. With `show_info` on, each completed
// iteration is printed to `out`.
template <NotatedGame G>
class EnginePlayer {
public:
    using Move = typename G::Move;

    EnginePlayer(const PlaySettings& settings, std::ostream& out, const bool& show_info)
        : limits_(play_limits<Move>(settings)) {
        if constexpr (SlicedGame<G>) {
            if (!settings.egtb.empty()) {
                tables_ = std::make_shared<Tables>(settings.egtb, std::string(G::name));
                engine_.set_endgames(tables_.get());
            }
        }
        engine_.on_report = [this, &out, &show_info](const engine::Report<Move>& r) {
            // Only completed iterations; aspiration re-searches are partial lines.
            if (show_info && r.bound == engine::Bound::Exact) out << play_info_line(*root_, r) << "\n" << std::flush;
        };
    }

    Choice<Move> choose(const G& g) {
        root_ = &g;
        const auto r = engine_.think(g, limits_);
        return {r.best, summary(r, database_text(tables_.get(), g)), play_evaluation(r.score, r.depth, r.nodes)};
    }
    void new_game() { engine_.clear(); }  // the old game's table goes

private:
    // A search stopped before its first iteration has no score worth showing.
    static std::string summary(const engine::Result<Move>& r, const std::string& database) {
        std::string s = " (" + (database.empty() ? "" : database + ", ");
        if (r.depth > 0) s += "score " + describe::score_text<G>(r.score) + ", depth " + std::to_string(r.depth) + ", ";
        return s + std::to_string(r.nodes) + " nodes)";
    }

    using Tables = typename retro::Endgames<G>::Tables;
    std::shared_ptr<Tables> tables_;  // before the engine, which probes them
    engine::Engine<G> engine_;
    engine::Limits<Move> limits_;
    const G* root_ = nullptr;  // the position being searched, for the info lines
};

// Monte Carlo tree search for the move time (else its default iterations):
// one searcher for the game, its tree reused.
template <NotatedGame G>
class MctsPlayer {
public:
    using Move = typename G::Move;

    explicit MctsPlayer(const PlaySettings& settings) {
        limits_.time = play_limits<Move>(settings).move_time;
        searcher_.emplace();
    }

    Choice<Move> choose(const G& g) {
        const auto r = searcher_->search(g, limits_);
        std::ostringstream s;
        s << " (mean " << std::lround(r.mean * 100) << "%, " << r.iterations << " iterations)";
        return {r.best, s.str(), {}};
    }
    void new_game() { searcher_.emplace(); }  // a fresh tree and seeds

private:
    mcts::Limits limits_;
    std::optional<mcts::ParallelSearcher<G>> searcher_;
};

// Whoever plays the person: perfect play first where the game solves
// quickly (play_solver.hpp), else MCTS when asked, else the engine.
template <NotatedGame G>
class Opponent {
public:
    using Move = typename G::Move;

    Opponent(const PlaySettings& settings, std::ostream& out, const bool& show_info)
        : solving_(quick_solver(settings)) {
        if (settings.mcts)
            mcts_.emplace(settings);
        else
            engine_.emplace(settings, out, show_info);
    }

    Choice<Move> choose(const G& g) {
        if constexpr (kSolveSeconds.has_value()) {
            if (const auto found = solving_.best(g))
                return {found->move,
                        " (solved: " + describe::score_text<G>(found->score) + ", " + std::to_string(found->nodes) +
                            " nodes)",
                        play_evaluation(found->score, 0, found->nodes)};
        }
        return mcts_ ? mcts_->choose(g) : engine_->choose(g);
    }
    void new_game() {
        if (engine_) engine_->new_game();
        if (mcts_) mcts_->new_game();
    }

private:
    static constexpr auto kSolveSeconds = describe::play_solve_seconds<G>();
    using Solving = std::conditional_t<kSolveSeconds.has_value(), QuickSolver<G>, NoQuickSolver>;
    static Solving quick_solver(const PlaySettings& settings) {
        if constexpr (kSolveSeconds.has_value())
            return QuickSolver<G>(std::min(*kSolveSeconds, settings.seconds.value_or(*kSolveSeconds)));
        else
            return NoQuickSolver{};
    }

    Solving solving_;
    std::optional<EnginePlayer<G>> engine_;  // one of the two
    std::optional<MctsPlayer<G>> mcts_;
};

}  // namespace ply::cli
