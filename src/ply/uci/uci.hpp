// The UCI front end of the engine: the whole protocol, the engine's options,
// and Stockfish-style extras (d, eval, go perft, bench). The search runs on
// its own thread so that stop, ponderhit and isready are answered while it
// thinks; UCI text never reaches the search (it gets Limits and reports
// through a callback). It names no game: UciGame says what a game provides
// (EngineProtocol<G> of core/protocol.hpp, specialized in the game's own
// folder), and the optional parts (a Chess960 switch, a WDL model, an Elo
// table, a book) add their options.
#pragma once

#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/core/protocol.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/search/engine/skill.hpp>
#include <ply/uci/options.hpp>
#include <ply/uci/own_book.hpp>

namespace ply::uci {

// What UCI needs of a game, beyond the engine's capabilities: positions as
// `position startpos|fen` sends them, moves in UCI notation, which side owns
// `wtime`, and the `bench`, `d`, `eval` and `go perft` commands.
template <class G>
concept UciGame = NotatedGame<G> && described<G>() && std::default_initializable<G> &&
    requires(G g, const G cg, std::string_view text, const std::atomic<bool>* stop) {
    { EngineProtocol<G>::start_fen } -> std::convertible_to<std::string_view>;
    { EngineProtocol<G>::from_uci(text, true) } -> std::same_as<G>;  // throws ParseError
    { EngineProtocol<G>::parse_uci(cg, text) } -> std::same_as<std::optional<typename G::Move>>;
    { EngineProtocol<G>::first_to_move(cg) } -> std::same_as<bool>;  // wtime, not btime
    { EngineProtocol<G>::bench_positions.size() } -> std::convertible_to<std::size_t>;
    { EngineProtocol<G>::bench_depth } -> std::convertible_to<int>;
    { EngineProtocol<G>::display(cg) } -> std::convertible_to<std::string>;
    { EngineProtocol<G>::describe_eval(cg) } -> std::convertible_to<std::string>;
    { EngineProtocol<G>::perft_divide(cg, 1, stop).front().second } -> std::convertible_to<std::uint64_t>;
};

// Optional parts, each adding its options to the `uci` answer.
template <class G>
concept WdlGame = UciGame<G> && requires(Score s) {
    { EngineProtocol<G>::wdl(s).win } -> std::convertible_to<int>;
    { EngineProtocol<G>::wdl(s).draw } -> std::convertible_to<int>;
    { EngineProtocol<G>::wdl(s).loss } -> std::convertible_to<int>;
};
template <class G>
concept EloGame = UciGame<G> && requires(int elo) {
    { EngineProtocol<G>::min_elo } -> std::convertible_to<int>;
    { EngineProtocol<G>::max_elo } -> std::convertible_to<int>;
    { EngineProtocol<G>::skill_level_for_elo(elo) } -> std::convertible_to<int>;
};

// The book of a game that has one; nothing otherwise.
struct NoBook {};
template <class G>
using OwnBookOf = std::conditional_t<BookGame<G>, OwnBook<G>, NoBook>;

// The engine's state between commands; handle() is the protocol, one line at
// a time, testable without threads or a terminal.
template <UciGame G>
class Session {
public:
    explicit Session(std::ostream& out);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Answers one command line; false after `quit`. Never throws on bad
    // input: errors are reported as `info string ...`.
    bool handle(const std::string& line);
    const G& position() const { return pos_; }
    // Waits for a running search to finish by itself (tests, bench).
    void wait();
    // The input has ended: as `quit`, but a `go perft` count finishes first.
    void end_of_input();

private:
    using Move = typename G::Move;
    using Engine = engine::Engine<G>;
    using Protocol = EngineProtocol<G>;

    std::vector<Option> option_table();  // every option, in the order `uci` lists them
    void add_book_options(std::vector<Option>& table) requires BookGame<G>;
    void set_endgame_path(const std::string& path);  // EndgamePath: a game with endgame slices
    void cmd_position(std::istream& args);
    void cmd_setoption(std::istream& args);
    void cmd_go(std::istream& args);
    engine::Limits<Move> parse_go(const std::vector<std::string>& words, bool& rejected,
                                  std::optional<int>& perft_depth);
    void start_search(engine::Limits<Move> limits, const engine::Skill& skill);
    void search_and_answer(const engine::Skill& skill);  // ends with the bestmove line
    void start_perft(int depth);
    void count_perft(int depth);  // on the search thread
    engine::Skill strength() const;
    std::optional<Move> book_move_for(
        const G& pos);  // the own book's move, if any  // Skill Level, or UCI_Elo with UCI_LimitStrength
    void cmd_bench(std::istream& args);
    void stop_search();  // stops and joins the search thread, if any
    void print_report(const engine::Report<Move>& r, const G& root);
    void say(const std::string& text) const;  // whole lines, one writer at a time

    std::ostream& out_;
    mutable std::mutex out_mutex_;
    G pos_;
    G search_root_;  // the position being searched
    bool chess960_ = false;
    Engine engine_;
    std::thread search_thread_;
    std::atomic<bool> perft_stop_{false};
    bool counting_ = false;  // the search thread runs `go perft`
    int multipv_ = 1;
    int move_overhead_ms_ = 10;
    int slow_mover_percent_ = 100;
    bool show_wdl_ = false;
    int skill_level_ = engine::Skill::kFull;
    bool limit_strength_ = false;
    int elo_ = 0;                                     // UCI_Elo; used with UCI_LimitStrength
    std::mt19937_64 random_{std::random_device{}()};  // a weakened player's choices
    [[no_unique_address]] OwnBookOf<G> own_book_;
    std::shared_ptr<typename retro::Endgames<G>::Tables> endgames_;  // EndgamePath's tables, if any
};

// Another protocol's loop, given the rest of the input: what `xboard` as the
// first command switches to. The caller gives it (the `ply` command, which
// knows both protocols): this front end includes no other.
using Handover = std::function<int(std::istream& in, std::ostream& out)>;

// Reads UCI commands from `in` until `quit` or end of input; returns the
// exit code. `xboard` as the first command hands the rest to `to_xboard`,
// if given (else it is an unknown command).
template <UciGame G>
int run_uci(std::istream& in, std::ostream& out, const Handover& to_xboard = {});

}  // namespace ply::uci
