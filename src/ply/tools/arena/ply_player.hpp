// Ply's own players, in process: one of the classic searches on any game the
// arena knows, described by a spec
//   ply:game=connect4,algo=alphabeta,depth=6
//   ply:game=chess,nodes=20000        (iterative deepening until N nodes)
//   ply:game=tictactoe,algo=minimax   (the game's full depth)
// Keys: game (required), algo (minimax, negamax, alphabeta, alphabeta-hard;
// default alphabeta), depth, nodes. Without depth or nodes, the limits of the
// match apply (tc / st: iterative deepening within a share of the clock;
// depth / nodes as above), else the game's default depth.
#pragma once

#include <memory>
#include <string>

#include <ply/tools/arena/player.hpp>

namespace ply::arena {

// Throws ParseError for a bad spec.
std::unique_ptr<Player> make_ply_player(const std::string& name, const std::string& spec);

}  // namespace ply::arena
