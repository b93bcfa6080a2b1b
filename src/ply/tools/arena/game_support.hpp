// What the arena needs of the game a match is played at, as plain values and
// function pointers, so that the rest of the arena is no template: made for
// any game by support_for<G>() (game_support_for.hpp), which the command line
// calls once for the game it was given.
#pragma once

#include <memory>
#include <string>

#include <ply/tools/arena/player.hpp>
#include <ply/tools/arena/referee.hpp>

namespace ply::arena {

struct GameSupport {
    std::string name;          // the game's name, as --game and ply: specs write it
    bool uci_engines = false;  // UCI and xboard engines play it (the others: Ply's players only)
    // A referee at the game's standard start.
    std::unique_ptr<Referee> (*make_referee)() = nullptr;
    // A Ply player from its spec (ply_player.hpp); throws ParseError.
    std::unique_ptr<Player> (*make_ply_player)(const std::string& name, const std::string& spec) = nullptr;
};

}  // namespace ply::arena
