// The games that come with Ply: the one list that feeds the `ply` command,
// the arena, and everything else that offers a choice of game. A game is its
// folder under games/, and its one description header here (its facts, the
// capabilities and traits it claims, each checked); front ends learn the rest
// from the game itself (core/describe.hpp, core/game.hpp).
#pragma once

#include <ply/games/checkers/description.hpp>
#include <ply/games/chess/description.hpp>
#include <ply/games/connect4/description.hpp>
#include <ply/games/go/description.hpp>
#include <ply/games/minichess/description.hpp>
#include <ply/games/tictactoe/description.hpp>
#include <ply/games/tree/description.hpp>
#include <ply/games/uniform/description.hpp>
#include <ply/registry/game_list.hpp>

namespace ply::registry {

// One line per game, in the order `ply --help` lists them.
// clang-format off
using BuiltinGames = GameList<
    PLY_GAME(tictactoe::TicTacToe),
    PLY_GAME(connect4::Connect4),
    PLY_GAME(checkers::Checkers),
    PLY_GAME(chess::Position),
    PLY_GAME(minichess::Minichess),
    PLY_GAME(go::Go),
    PLY_GAME(tree::TreeGame),
    PLY_GAME(uniform::UniformTree)>;
// clang-format on

}  // namespace ply::registry
