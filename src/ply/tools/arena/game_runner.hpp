// Plays one game between two players under the referee: runs the clocks
// (measured by the arena, never trusted from the engines), checks every move,
// applies adjudication, and scores forfeits: an illegal move, a flag fallen
// beyond the margin, a crash or an engine that stops answering loses.
#pragma once

#include <atomic>
#include <functional>
#include <string>

#include <ply/tools/arena/adjudication.hpp>
#include <ply/tools/arena/game_record.hpp>
#include <ply/tools/arena/openings.hpp>
#include <ply/tools/arena/player.hpp>
#include <ply/tools/arena/referee.hpp>

namespace ply::arena {

struct GameSettings {
    Limits white_limits, black_limits;
    double margin = 0.1;  // seconds a clock may go below zero before the flag falls
    double timeout = 30;  // seconds to wait for a move without a clock (nodes, depth)
    Adjudication adjudication;
    int max_plies = 1000;  // a game longer than this is a draw (no rule ends it otherwise)
    // The score of a finished position, GTP's way (GameSupport::gtp_score):
    // a game the rules end is counted, and GTP engines are asked to agree.
    std::string (*score)(const std::string& position) = nullptr;
    const std::atomic<bool>* interrupt = nullptr;
    std::function<void(const std::string&)> log;  // problems worth telling the user
};

// `record` comes with index, names and engine numbers filled in.
void play_game(Player& white, Player& black, Referee& referee, const Opening& opening, const GameSettings& settings,
               GameRecord& record);

}  // namespace ply::arena
