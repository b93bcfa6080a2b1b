// The games that come with Ply: the one list that feeds the `ply` command,
// the arena, and everything else that offers a choice of game. A game is its
// folder under games/ and one line here; front ends learn the rest from the
// game itself (core/describe.hpp and the capabilities of core/game.hpp).
#pragma once

#include <ply/games/chess/epd.hpp>
#include <ply/games/chess/perft.hpp>
#include <ply/games/chess/position.hpp>
#include <ply/games/chess/protocol.hpp>
#include <ply/games/chess/tuning.hpp>
#include <ply/games/connect4/connect4.hpp>
#include <ply/games/go/go.hpp>
#include <ply/games/go/protocol.hpp>
#include <ply/games/minichess/minichess.hpp>
#include <ply/games/tictactoe/tictactoe.hpp>
#include <ply/games/tree/tree.hpp>
#include <ply/games/uniform/uniform_tree.hpp>
#include <ply/registry/game_list.hpp>

namespace ply::registry {

// One line per game, in the order `ply --help` lists them.
// clang-format off
using BuiltinGames = GameList<
    PLY_GAME(tictactoe::TicTacToe),
    PLY_GAME(connect4::Connect4),
    PLY_GAME(chess::Position),
    PLY_GAME(minichess::Minichess),
    PLY_GAME(go::Go),
    PLY_GAME(tree::TreeGame),
    PLY_GAME(uniform::UniformTree)>;
// clang-format on

}  // namespace ply::registry
