// What the arena needs of the game a match is played at, as plain values and
// function pointers, so that the rest of the arena is no template: made for
// any game by support_for<G>() (game_support_for.hpp), which the command line
// calls once for the game it was given.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <ply/tools/arena/game_record.hpp>
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
    // GTP engines (proto=gtp) play it: the GTP commands that set up a
    // position (the game's notation, "" its start; throws ParseError), and
    // the score of a finished position as GTP's final_score writes it
    // ("B+3.5"). Null for a game that speaks no GTP.
    std::vector<std::string> (*gtp_setup)(const std::string& position) = nullptr;
    std::string (*gtp_score)(const std::string& position) = nullptr;
    // CheckerBoard engine libraries (cb=LIB.so) play it: a player of the
    // library at a path, with its `set` options. Null for a game they do not play.
    std::unique_ptr<Player> (*make_cb_player)(const std::string& name, const std::string& path,
                                              const std::vector<std::pair<std::string, std::string>>& options) =
        nullptr;
    // A played game as a record of the game's own (SGF for Go), one a game;
    // null for a game without one.
    std::string (*record)(const GameRecord& game) = nullptr;
};

}  // namespace ply::arena
