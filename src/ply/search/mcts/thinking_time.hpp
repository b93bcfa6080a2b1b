// How long a search under a clock thinks, judged from the root's moves as
// it goes: it stops before the planned time once the move it would choose
// can no longer change, and runs on past the plan, up to the most the
// clock allows, while the choice is close. Time saved on clear moves is
// spent on unclear ones (Huang, Coulom and Lin, "Time management for
// Monte-Carlo tree search applied to the game of Go", 2010).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include <ply/search/mcts/types.hpp>

namespace ply::mcts {

// The runner-up is close when it has more than this share of the chosen
// move's visits, or a higher mean.
inline constexpr double kCloseRunnerUp = 0.5;

// Whether to go on after `elapsed` seconds of a move planned to take
// `planned` and never more than `most`, at `rate` iterations a second.
template <class Move>
bool keep_thinking(const std::vector<MoveStats<Move>>& moves, double elapsed, double planned, double most,
                   double rate) {
    if (elapsed >= most) return false;
    const std::optional<std::size_t> chosen = choose_move(moves);
    if (!chosen || moves[*chosen].proof == Proof::Loss) return false;  // the opponent's loss: a proven win
    std::optional<std::size_t> runner_up;
    for (std::size_t i = 0; i < moves.size(); ++i)
        if (i != *chosen && moves[i].proof != Proof::Win && (!runner_up || moves[i].visits > moves[*runner_up].visits))
            runner_up = i;
    if (!runner_up) return false;
    const MoveStats<Move>& best = moves[*chosen];
    const MoveStats<Move>& next = moves[*runner_up];
    // Could the runner-up still pass the chosen move if it got every iteration?
    const double lead = static_cast<double>(best.visits) - static_cast<double>(next.visits);
    const auto can_change = [&](double until) { return lead <= rate * (until - elapsed); };
    if (elapsed < planned) return can_change(planned);
    const bool close =
        static_cast<double>(next.visits) > kCloseRunnerUp * static_cast<double>(best.visits) || next.mean > best.mean;
    return close && can_change(most);
}

}  // namespace ply::mcts
