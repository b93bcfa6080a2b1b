// Checkers' exact solver for small positions (`ply solve checkers`): every
// position reachable from the root is found forwards, then the graph is
// solved backwards (a retrograde analysis of that graph alone, not of whole
// endgame classes): a side with no move has lost in 0 plies, a position
// with a move to a lost one is won in one ply more than the quickest such
// move, and one whose moves all reach won positions is lost in one ply more
// than the slowest. What is neither when nothing changes any more is a
// draw: neither side can force a win, and play could go on for ever.
//
// The values hold under the rules of the game itself with threefold
// repetition: a winner who keeps to moves that shorten the win never
// repeats a position. The 40-move rule is not applied (it would make every
// value depend on a counter, and the classic studies' wins take longer
// than 79 quiet plies): a win here may be a draw under it.
//
// Positions whose graph does not fit in the memory given are answered "not
// proven", never guessed. Given known values (endgame databases, whose
// distances count the same plies to the same end), the graph stops at every
// position they value, below the root.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

#include <ply/core/game_solver.hpp>
#include <ply/games/checkers/checkers.hpp>

namespace ply {

template <>
class GameSolver<checkers::Checkers> {
public:
    static constexpr std::size_t default_mb = 1024;
    static constexpr std::string_view rules =
        "threefold repetition draws; the 40-move rule is not applied (a win may take more than 79 quiet plies)";

    explicit GameSolver(std::size_t mb) : mb_(mb) {}

    // `stopped` is asked now and then; once it says yes, the answer is "not proven".
    [[nodiscard]] GameSolution<checkers::Move> solve(const checkers::Checkers& root,
                                                     const std::function<bool()>& stopped,
                                                     const KnownValues<checkers::Checkers>& known = {}) const;

private:
    std::size_t mb_;
};

}  // namespace ply
