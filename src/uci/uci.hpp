// The UCI front end of the chess engine. For now a minimal loop: identification,
// options (UCI_Chess960), positions, `go perft N` in Stockfish's format, and the
// `d` debug command. Search commands arrive with the engine (later issues).
#pragma once

#include <iosfwd>
#include <string>

#include "games/chess/position.hpp"

namespace ply::uci {

// The engine's state between commands; handle() is the protocol, one line at
// a time, testable without threads or a terminal.
class Session {
public:
    Session();
    // Answers one command line on `out`; false after `quit`. Never throws on
    // bad input: errors are reported as `info string ...`.
    bool handle(const std::string& line, std::ostream& out);
    const chess::Position& position() const { return pos_; }

private:
    void cmd_position(std::istream& args, std::ostream& out);
    void cmd_setoption(std::istream& args, std::ostream& out);
    void cmd_go(std::istream& args, std::ostream& out);
    void cmd_display(std::ostream& out) const;

    chess::Position pos_;
    bool chess960_ = false;
};

// Reads UCI commands from `in` until `quit` or end of input; returns the exit code.
int run(std::istream& in, std::ostream& out);

}  // namespace ply::uci
