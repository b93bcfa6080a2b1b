// The xboard / CECP (version 2) front end of the engine. Unlike UCI,
// the engine keeps the game: it is told the moves one by one, plays a side
// of its own and sends its move when ready, so the session owns the position
// and its history (for undo). The search runs on its own thread, as in
// uci::Session, so that `?`, `ping`, `force` and the rest are answered while
// it thinks; xboard text never reaches the search (it gets Limits and
// reports through a callback). It names no game: XboardGame says what a
// game provides (EngineProtocol<G> of core/protocol.hpp, specialized in the
// game's own folder).
#pragma once

#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/core/protocol.hpp>
#include <ply/search/engine/engine.hpp>

namespace ply::xboard {

// What xboard needs of a game: positions as `setboard` sends them, the side
// to move as `white` / `black` sets it, the result line of a finished game,
// and which bare words are moves. Moves are the game's notation (parse_move);
// the thinking output shows them as people read them (core/describe.hpp).
template <class G>
concept XboardGame = NotatedGame<G> && described<G>() && std::default_initializable<G> &&  // G(): `new`'s position
    requires(const G cg, std::string_view text) {
    { EngineProtocol<G>::from_xboard(text) } -> std::same_as<G>;  // throws ParseError
    { EngineProtocol<G>::first_to_move(cg) } -> std::same_as<bool>;
    { EngineProtocol<G>::with_first_to_move(cg, true) } -> std::same_as<G>;
    { EngineProtocol<G>::result_line(cg) } -> std::convertible_to<std::string>;
    { EngineProtocol<G>::looks_like_move(text) } -> std::same_as<bool>;
    { cg.fullmove_number() } -> std::convertible_to<int>;
};

// The engine's state between commands; handle() is the protocol, one line at
// a time, testable without a terminal.
template <XboardGame G>
class Session {
public:
    explicit Session(std::ostream& out);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Answers one command line; false after `quit`. Never throws on bad
    // input: errors are one line (`Error (...): command`, `Illegal move: m`).
    bool handle(const std::string& line);
    // The game as the session knows it (its own moves included once played).
    const G& position() const { return pos_; }
    // Waits for the engine to finish thinking on its move and plays it
    // (tests, end of input); an analysis is stopped.
    void wait();

private:
    using Move = typename G::Move;
    using Protocol = EngineProtocol<G>;
    using Engine = engine::Engine<G>;
    using Limits = engine::Limits<Move>;
    using Ms = std::chrono::milliseconds;
    enum class Search { None, Thinking, Analyzing };

    // Commands, grouped by what they touch.
    bool dispatch(const std::string& command, std::istream& args, const std::string& line);
    bool configure(const std::string& command, std::istream& args, const std::string& line);
    void cmd_protover(std::istream& args);
    void cmd_new();
    void cmd_setboard(const std::string& fen, const std::string& line);
    void cmd_usermove(const std::string& text);
    void cmd_go();
    void cmd_side(bool first_to_move, const std::string& line);
    void cmd_undo(int plies, const std::string& line);
    void cmd_level(std::istream& args, const std::string& line);
    void cmd_memory(std::istream& args, const std::string& line);
    void cmd_cores(std::istream& args, const std::string& line);
    void cmd_option(std::istream& args, const std::string& line);
    void cmd_status() const;

    // The search thread: only these start, stop or join it.
    void start_search(Search kind);
    void search_and_send(Search kind);  // on the search thread: runs, then sends the move
    void settle();                      // joins a search that has ended by itself
    void cancel_search();               // stops it; a move already sent is still played
    void move_now();                    // stops it and plays its move
    void finish_thinking();             // lets the engine's own search end and plays its move
    void join_search();
    void think_if_our_turn();
    void restart_analysis();
    Limits think_limits() const;

    void play(Move m);  // on the board, remembered for undo
    void print_report(const engine::Report<Move>& r, bool analysis);
    void say(const std::string& text) const;  // whole lines, one writer at a time
    void error(const std::string& reason, const std::string& line) const;

    std::ostream& out_;
    mutable std::mutex out_mutex_;

    // The game.
    G pos_;
    std::vector<Move> moves_;  // since `new` or `setboard`, for undo
    bool force_ = false;
    bool engine_first_ = false;  // the engine plays the side that moves first
    bool analyzing_ = false;
    std::atomic<bool> post_{false};  // read by the search thread

    // Time control, as the GUI last set it (xboard's default: 40 moves in 5 minutes).
    int moves_per_session_ = 40;
    Ms base_{5 * 60 * 1000};
    Ms increment_{0};
    std::optional<Ms> move_time_;     // `st`
    std::optional<int> max_depth_;    // `sd`
    std::optional<Ms> engine_clock_;  // `time`

    // The search and what it hands back.
    Engine engine_;
    int hash_mb_ = 16;  // the table's size, restored if a resize fails
    std::thread search_thread_;
    Search search_ = Search::None;
    G search_root_;
    std::atomic<bool> search_ended_{false};
    std::mutex move_mutex_;     // the search thread sends its move under it
    bool discard_ = false;      // guarded by move_mutex_: send no move
    std::optional<Move> sent_;  // the move the search thread sent, read after join
    struct Progress {
        int depth = 0;
        std::uint64_t nodes = 0;
        Ms time{0};
    };
    mutable std::mutex progress_mutex_;
    Progress progress_;  // the last report, for `.`
};

// Reads xboard commands from `in` until `quit` or end of input; returns the
// exit code. The `xboard` line itself is optional, so that a UCI loop which
// has read it can hand over the rest of its input.
template <XboardGame G>
int run_xboard(std::istream& in, std::ostream& out);

}  // namespace ply::xboard
