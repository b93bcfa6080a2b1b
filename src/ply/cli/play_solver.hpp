// Perfect play in `ply play` where a solve is quick (a game that declares
// describe::play_solve_seconds, Connect Four): before each of the engine's
// moves the exact solver gets that long; a finished solve's best move keeps
// the game's value (a win stays a win, the quickest; a loss is made to last).
// Only when it does not finish does the engine search. The solver's table
// is kept for the whole session, so a solve stopped early still helps the
// next one.
#pragma once

#include <cstdint>
#include <optional>

#include <ply/cli/solve_watch.hpp>
#include <ply/search/solve/solver.hpp>

namespace ply::cli {

template <NotatedGame G>
class QuickSolver {
public:
    using Move = typename G::Move;
    struct Found {
        Move move;
        Score score;  // exact, for the side to move
        std::uint64_t nodes;
    };

    explicit QuickSolver(double seconds) : seconds_(seconds) {}

    // A best move of `game`, if a solve finishes in time.
    std::optional<Found> best(const G& game) {
        solver_.control().budget.restart();  // the last solve may have been stopped
        SolveWatch watch(solver_.control(), seconds_);
        const auto s = solver_.solve(game);
        watch.finish();
        if (!s.complete || !s.best) return std::nullopt;
        return Found{*s.best, s.score, s.nodes};
    }

private:
    solve::Solver<G> solver_;
    double seconds_;
};

// What a session has in its place when the game does not solve in play.
struct NoQuickSolver {};

}  // namespace ply::cli
