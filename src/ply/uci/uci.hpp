// The UCI front end of the chess engine: the whole protocol, the engine's
// options, and Stockfish-style extras (d, eval, go perft, bench). The search
// runs on its own thread so that stop, ponderhit and isready are answered
// while it thinks; UCI text never reaches the search (it gets Limits and
// reports through a callback).
#pragma once

#include <atomic>
#include <iosfwd>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <ply/games/chess/position.hpp>
#include <ply/games/chess/strength.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/search/engine/skill.hpp>
#include <ply/uci/own_book.hpp>

namespace ply::uci {

// The engine's state between commands; handle() is the protocol, one line at
// a time, testable without threads or a terminal.
class Session {
public:
    explicit Session(std::ostream& out);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Answers one command line; false after `quit`. Never throws on bad
    // input: errors are reported as `info string ...`.
    bool handle(const std::string& line);
    const chess::Position& position() const { return pos_; }
    // Waits for a running search to finish by itself (tests, bench).
    void wait();
    // The input has ended: as `quit`, but a `go perft` count finishes first.
    void end_of_input();

private:
    using Engine = engine::Engine<chess::Position>;

    void cmd_position(std::istream& args);
    void cmd_setoption(std::istream& args);
    void cmd_go(std::istream& args);
    engine::Limits<chess::Move> parse_go(const std::vector<std::string>& words, bool& rejected,
                                         std::optional<int>& perft_depth);
    void start_search(const engine::Limits<chess::Move>& limits, const engine::Skill& skill);
    void start_perft(int depth);
    engine::Skill strength() const;  // Skill Level, or UCI_Elo with UCI_LimitStrength
    void cmd_bench(std::istream& args);
    void cmd_display() const;
    void stop_search();  // stops and joins the search thread, if any
    void print_report(const engine::Report<chess::Move>& r, const chess::Position& root);
    void say(const std::string& text) const;  // whole lines, one writer at a time

    std::ostream& out_;
    mutable std::mutex out_mutex_;
    chess::Position pos_;
    chess::Position search_root_;  // the position being searched
    bool chess960_ = false;
    Engine engine_;
    std::thread search_thread_;
    std::atomic<bool> perft_stop_{false};
    bool counting_ = false;  // the search thread runs `go perft`
    int multipv_ = 1;
    int move_overhead_ms_ = 10;
    bool show_wdl_ = false;
    int skill_level_ = engine::Skill::kFull;
    bool limit_strength_ = false;
    int elo_ = chess::kMaxElo;                        // UCI_Elo; used with UCI_LimitStrength
    std::mt19937_64 random_{std::random_device{}()};  // a weakened player's choices
    OwnBook own_book_;
};

// Reads UCI commands from `in` until `quit` or end of input; returns the exit code.
int run(std::istream& in, std::ostream& out);

}  // namespace ply::uci
