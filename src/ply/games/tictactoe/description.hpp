// Tic-tac-toe as the front ends and the searches know it: its facts, and a
// check of every capability (core/game.hpp) it claims. The facts serve
// every m,n,k board (Mnk), the checks the 3x3 game.
#pragma once

#include <ply/core/board_view.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>
#include <ply/games/tictactoe/tictactoe.hpp>

namespace ply {

template <int W, int H, int K>
struct Description<tictactoe::Mnk<W, H, K>> {
    static constexpr GameFacts facts{
        .name = tictactoe::Mnk<W, H, K>::name,
        .summary = "tic-tac-toe (positions as 9 cells of x, o and .)",
        .default_depth = 9,
        .match_depth = 9,
        .solvable = true,
    };
};

namespace tictactoe {

static_assert(HashedGame<TicTacToe> && KeyedMoveGame<TicTacToe>);
static_assert(NotatedGame<TicTacToe> && BoardGame<TicTacToe>);

}  // namespace tictactoe
}  // namespace ply
