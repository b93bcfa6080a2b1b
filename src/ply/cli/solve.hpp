// `ply solve <game>`: the exact value of a position with perfect play.
#pragma once

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <ply/cli/positions.hpp>
#include <ply/cli/solvable.hpp>
#include <ply/cli/solve_batch.hpp>
#include <ply/cli/solve_own.hpp>
#include <ply/cli/solve_stopped.hpp>
#include <ply/cli/solve_watch.hpp>
#include <ply/cli/solved_book.hpp>
#include <ply/search/solve/solver.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

struct SolveOptions {
    std::string game;
    std::optional<std::string> position;
    BatchOptions settings;          // the solver's settings (and --batch's, for benchmark sets)
    std::optional<double> seconds;  // --time
    std::string egtb;               // a folder of endgame tables (checkers)
};

template <NotatedGame G>
void print_solution(const G& game, const solve::SolveResult<typename G::Move>& r, double seconds, bool json,
                    bool weak = false) {
    std::vector<std::string> best_moves;
    for (const auto& m : r.best_moves) best_moves.push_back(game.move_to_string(m));
    // The value in the convention people publish, where there is one: its name and value.
    std::optional<std::pair<std::string, int>> published;
    if constexpr (describe::PublishedScoreGame<G>)
        if (!weak) published.emplace(G::published_score_name, game.published_score(r.score));

    if (json) {
        nlohmann::json j;
        j["mode"] = weak ? "weak" : "strong";
        j["result"] = std::string(to_string(r.result));
        if (!weak) {
            add_score(j, r.score);
            j["plies"] = r.plies;
            j["pv"] = move_texts(game, r.pv);
        }
        j["best"] = r.best ? nlohmann::json(game.move_to_string(*r.best)) : nlohmann::json(nullptr);
        j["best_moves"] = best_moves;
        j["nodes"] = r.nodes;
        if (published) j[published->first] = published->second;
        std::cout << j.dump() << "\n";
        return;
    }
    std::cout << game.render();
    std::cout << "result:     " << to_string(r.result) << " for the side to move";
    if (weak) {
        std::cout << " (weak solve: the distance is not computed)\n";
    } else {
        std::cout << " in " << r.plies << (r.plies == 1 ? " ply" : " plies") << "\n"
                  << "score:      " << describe::score_text<G>(r.score) << "\n";
    }
    if (published) {
        std::string label = published->first;
        std::replace(label.begin(), label.end(), '_', ' ');
        std::cout << label << ": " << published->second << "\n";
    }
    std::cout << "best moves: " << (best_moves.empty() ? "(none: the game is over)" : join(best_moves)) << "\n";
    if (!weak) std::cout << "pv:         " << join(move_texts(game, r.pv)) << "\n";
    std::cout << "nodes:      " << r.nodes << "\n"
              << "time:       " << seconds << " s\n";
}

// The exact value of a position, with every move that keeps it and one
// perfect line (weak: the result and the moves that keep it). The time is
// the whole answer's. Stopped by `seconds` or Ctrl-C, what it proved.
template <NotatedGame G>
void solve_position(const CLI::App& cmd, const std::optional<std::string>& position, const BatchOptions& o,
                    std::optional<double> seconds) {
    solve::Solver<G> solver(o.hash_mb);
    solve::SolvedBook book;
    if constexpr (solve::Solver<G>::kProbes) {
        solver.set_threads(o.threads);
        use_book(cmd, solver, o.book, book);
    } else {
        if (o.weak) usage_error(cmd, "--weak is for games of bounded length such as connect4");
        if (!o.book.empty()) usage_error(cmd, "--book is for games of bounded length such as connect4");
    }
    const G game = load_position<G>(cmd, position);
    SolveWatch watch(solver.control(), seconds,
                     [&game](Score low, Score high) { return window_text(game, low, high); });
    const auto r = solver.solve_fully(game, o.weak);
    const double spent = watch.seconds();
    watch.finish();
    if (r.complete) return print_solution(game, r, spent, o.json, o.weak);
    print_stopped(game, r, spent, o.json, o.weak);
    exit_with(watch.stopped_by() == SolveWatch::Stop::CtrlC ? kInterrupted : kStoppedByTime);
}

template <NotatedGame G>
void run_solve(const CLI::App& cmd, const SolveOptions& opts) {
    if constexpr (OwnSolverGame<G>) {
        solve_own<G>(cmd, opts.position, opts.settings, opts.seconds, opts.egtb);
    } else if constexpr (!describe::solvable<G>()) {
        usage_error(cmd, "the game '" + opts.game + "' is too big to solve; use `ply search`");
    } else if (!opts.egtb.empty()) {
        usage_error(cmd, "--egtb is for checkers' solver (" + opts.game + " solves without tables)");
    } else if (opts.settings.file.empty()) {
        solve_position<G>(cmd, opts.position, opts.settings, opts.seconds);
    } else if constexpr (SolvedBookGame<G>) {
        solve_batch<G>(cmd, opts.settings, opts.seconds);
    } else {
        usage_error(cmd, "--batch needs a game whose sets publish scores (such as connect4)");
    }
}

}  // namespace ply::cli
