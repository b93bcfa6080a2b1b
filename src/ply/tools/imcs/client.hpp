// The client side of an IMCS session: greeting, login, offers, and the
// reply that starts a game. The game itself is played by play_game
// (game_session.hpp) for any game with the server's notation (ImcsGame);
// the moves come from a chooser (the command line plugs in the production
// engine), so this knows the protocol and nothing about searching. Every
// surprise from the server is an ImcsError. Sides are 0 for White (the
// server's W), 1 for Black (B).
#pragma once

#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <ply/tools/imcs/connection.hpp>
#include <ply/tools/imcs/transcript.hpp>

namespace ply::imcs {

enum class GameResult { Win, Loss, Draw };

struct GameReport {
    int us = 0;  // 0 White, 1 Black
    GameResult result = GameResult::Draw;
    std::string summary;             // the server's code line, "231 W wins"
    std::vector<std::string> moves;  // both sides', in order
};

std::string result_name(GameResult r);         // "win", "loss", "draw"
std::string side_name(int side);               // "White", "Black"
std::string in_quotes(std::string_view line);  // 'line', printable

class Client {
public:
    // `out` gets a line per event of the session (moves, the result).
    Client(LineConnection& connection, Transcript& log, std::ostream& out) : conn_(connection), log_(log), out_(out) {}

    // Reads "100 imcs 2.5"; another version or another greeting is an error.
    void greet();
    // "me NAME PASSWORD": 201 or 202, anything else (400, 401) an error.
    void login(const std::string& user, const std::string& password);
    // The open offers, one line each ("<id> <name> <color> <time> <time> <rating>").
    std::vector<std::string> list();
    // Offers a game (colour "W", "B" or "?", seconds for each side if given)
    // and waits up to `wait` (none: for ever) for an opponent; our colour.
    int offer(const std::string& color, std::optional<int> seconds, LineConnection::Timeout wait);
    // Accepts offer `id` (colour "W", "B" or "" for the other side's choice); our colour.
    int accept(const std::string& id, const std::string& color);
    // Says goodbye ("quit", then 200 or the server closing); a server that
    // does neither is not worth an error once our business is done.
    void quit();
    // A move is rejected this many times in one position: the server and we
    // disagree about the game, so stop rather than loop.
    static constexpr int kMaxRejections = 3;
    // A reply the server sends at once (greeting, login, offer, accept).
    static constexpr std::chrono::seconds kReplyTimeout{30};
    // Added to the opponent's clock while we wait for its move.
    static constexpr std::chrono::seconds kGrace{30};
    // White's first move is not charged but must come within this.
    static constexpr std::chrono::seconds kFirstMoveLimit{60};

    // For play_game (game_session.hpp).
    // The next line, logged; an error naming `waiting_for` if it does not come.
    std::string expect(LineConnection::Timeout timeout, const std::string& waiting_for);
    // Sends `line`, logged as `logged` (the password stays out of the log).
    void send(const std::string& line, const std::optional<std::string>& logged = std::nullopt);
    std::ostream& out() { return out_; }
    Transcript& log() { return log_; }
    void close() { conn_.close(); }

private:
    int game_start(const std::string& line, const std::string& what);

    LineConnection& conn_;
    Transcript& log_;
    std::ostream& out_;
};

}  // namespace ply::imcs
