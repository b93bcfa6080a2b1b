// A player of arena games: an external engine behind a protocol adapter, or
// one of Ply's own searches in process. The arena asks for one move at a
// time; the player answers with a move in the game's canonical notation
// (UCI for chess) or says why it could not.
#pragma once

#include <atomic>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include <ply/tools/arena/process.hpp>
#include <ply/tools/arena/time_control.hpp>

namespace ply::arena {

// What an engine said about its search (the last `info` / thinking line).
struct SearchInfo {
    std::optional<int> cp;    // centipawns (or game units), for the side to move
    std::optional<int> mate;  // moves to mate, negative when mated
    int depth = 0;
    std::uint64_t nodes = 0;
};

enum class ReplyStatus {
    Move,         // `move` holds the engine's move (not yet checked for legality)
    Resign,       // the engine resigned
    Timeout,      // no move before the deadline
    Crashed,      // the process died or closed its output
    Interrupted,  // the arena is stopping (Ctrl-C)
};

struct Reply {
    ReplyStatus status = ReplyStatus::Move;
    std::string move;
    SearchInfo info;
    std::string detail;  // why, for anything but Move
};

// Everything a player needs to choose a move.
struct TurnRequest {
    std::string start_position;        // the game's start (FEN for chess); "" = the standard start
    std::vector<std::string> moves;    // every move since then (opening included), canonical notation
    Limits limits;                     // the player's limits
    double my_time = 0, opp_time = 0;  // seconds left on the clocks (with a clock)
    double my_inc = 0, opp_inc = 0;
    int moves_to_go = 0;         // 0: sudden death
    bool white = true;           // the player moves first in the game (White)
    Clock::time_point deadline;  // give up waiting then
    const std::atomic<bool>* interrupt = nullptr;
};

// The game a turn request describes: its start and the moves played since,
// in a player's hands (the referee checked them; a player that cannot read
// them resigns: cannot_follow).
template <class G>
G replay(const TurnRequest& req) {
    G game;
    if (!req.start_position.empty()) game = G::from_position(req.start_position);
    for (const auto& m : req.moves) game.make(game.parse_move(m));
    return game;
}
inline Reply cannot_follow(const std::exception& e) {
    return {ReplyStatus::Resign, {}, {}, std::string("cannot follow the game: ") + e.what()};
}

class Player {
public:
    virtual ~Player() = default;
    [[nodiscard]] virtual const std::string& name() const = 0;
    // Starts the engine and completes the protocol handshake; "" or an error.
    virtual std::string start() = 0;
    // Prepares for a new game (ucinewgame, new...); "" or an error.
    virtual std::string new_game(const std::string& start_position, const Limits& limits, bool white) = 0;
    virtual Reply go(const TurnRequest& request) = 0;
    // The game is over (result as in PGN: "1-0", "0-1", "1/2-1/2", "*").
    virtual void game_over(const std::string& result) { (void)result; }
    // The engine's own count of the finished game (GTP's final_score), told
    // the moves it has not heard yet; nothing from players that give none.
    virtual std::optional<std::string> final_score(const std::vector<std::string>& moves) {
        (void)moves;
        return std::nullopt;
    }
    // Quits (politely, then by force).
    virtual void shut_down() = 0;
    // False once the player must be restarted before it can play again
    // (crashed, or stopped answering).
    [[nodiscard]] virtual bool healthy() const = 0;
    // How the process ended, if it crashed.
    [[nodiscard]] virtual std::string exit_description() const { return {}; }
};

}  // namespace ply::arena
