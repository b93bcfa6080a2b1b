// The GTP front end (Go Text Protocol, version 2): Ply as an engine for Go
// GUIs, servers and match programs, its moves chosen by Monte Carlo tree
// search. GTP text never reaches the search, which gets mcts::Limits. It
// names no game: GtpGame says what a game provides (EngineProtocol<G> of
// core/protocol.hpp, specialized in the game's own folder).
//
// Behaviour where the specification leaves a choice:
//   - `play` or `genmove` for the colour not to move: the other colour
//     passes first (an inserted pass, taken back with the move by `undo`);
//   - after two passes in a row the game is over by the rules: stones are
//     illegal moves, passes are accepted, `genmove` passes;
//   - `genmove` passes at once when the opponent has just passed and the
//     board as it stands wins (area count), else searches; before any pass
//     it takes the opponent's dead stones off the board (cleanup_move), so
//     that the final count agrees with programs that remove dead stones; it resigns when
//     the search proves a loss or, after enough iterations, expects one
//     (mean reward below Options::resign_below);
//   - `boardsize` and `clear_board` keep the komi (and clear the handicap);
//     `komi` keeps the moves;
//   - `kgs-genmove_cleanup` after both passed plays on (KGS's cleanup
//     phase), never resigns, and passes only when no dead stone of the
//     opponent is left in its area;
//   - an analysis (`lz-analyze`, analysis.hpp) runs until the next line
//     arrives, whatever it holds; its response ends before that line's.
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/core/protocol.hpp>
#include <ply/gtp/analysis.hpp>
#include <ply/gtp/board_commands.hpp>
#include <ply/gtp/clock.hpp>
#include <ply/gtp/parse.hpp>
#include <ply/search/mcts/parallel.hpp>

namespace ply::gtp {

// What GTP needs of a game: empty boards of a size and komi, GTP vertices,
// the pass, who is ahead on the board as it stands, `final_score` and
// `showboard`. Black is the side that moves first (side_to_move() 0).
template <class G>
concept GtpGame = NotatedGame<G> &&
    described<G>() && TurnNumberedGame<G> && std::default_initializable<G> &&  // G(): before boardsize
    requires(const G cg, G g, typename G::Move m, std::string_view text) {
    { EngineProtocol<G>::min_board_size } -> std::convertible_to<int>;
    { EngineProtocol<G>::max_board_size } -> std::convertible_to<int>;
    { EngineProtocol<G>::pass } -> std::convertible_to<typename G::Move>;
    { EngineProtocol<G>::empty_board(9, 7.5) } -> std::same_as<G>;  // throws ParseError for a bad komi
    { EngineProtocol<G>::board_size(cg) } -> std::convertible_to<int>;
    { EngineProtocol<G>::komi(cg) } -> std::convertible_to<double>;
    { EngineProtocol<G>::vertex(cg, text) } -> std::same_as<std::optional<typename G::Move>>;
    { EngineProtocol<G>::vertex_text(m) } -> std::convertible_to<std::string>;
    { EngineProtocol<G>::mover_ahead(cg) } -> std::same_as<bool>;
    { EngineProtocol<G>::cleanup_move(cg, std::uint64_t{1}) } -> std::same_as<std::optional<typename G::Move>>;
    { EngineProtocol<G>::final_score(cg) } -> std::convertible_to<std::string>;
    { EngineProtocol<G>::showboard(cg) } -> std::convertible_to<std::string>;
    // Set-up: handicap stones, records, the status of stones at the end.
    { EngineProtocol<G>::with_komi(cg, 7.5) } -> std::same_as<G>;
    { EngineProtocol<G>::with_handicap(cg, std::vector<typename G::Move>{}) } -> std::same_as<G>;
    { EngineProtocol<G>::board_empty(cg) } -> std::same_as<bool>;
    { EngineProtocol<G>::fixed_handicap(cg, 2) } -> std::same_as<std::vector<typename G::Move>>;
    { EngineProtocol<G>::free_handicap(cg, 2) } -> std::same_as<std::vector<typename G::Move>>;
    { EngineProtocol<G>::sgf_main_line(text) } -> std::same_as<std::pair<G, std::vector<typename G::Move>>>;
    { EngineProtocol<G>::record(cg) } -> std::convertible_to<std::string>;
    {EngineProtocol<G>::final_status_list(cg, text, std::uint64_t{1})};
    {EngineProtocol<G>::resume(g)};
};

struct Options {
    // Seconds a move without a clock (time_settings); 1 when neither this
    // nor iterations is given.
    std::optional<double> seconds;
    std::optional<std::uint64_t> iterations;  // a cap on every search
    std::uint64_t seed = 1;
    // UCT's C for play: below the search's own 0.2 with RAVE, which keeps
    // small boards' proofs quick; 0.1 won games against 0.2 and 0 (docs/go.md).
    double exploration = 0.1;
    int threads = 1;  // threads growing the tree together
    std::uint32_t prior_visits = mcts::Options{}.prior_visits;
    double rave_equivalence = mcts::Options{}.rave_equivalence;
    bool last_good_reply = false;  // the playouts remember replies that won (mcts::Options::learn_playouts)
    // Search on in the opponent's time, from each move played to the next
    // command; the next search keeps that tree (and --iterations adds to it).
    bool ponder = false;
    bool resign = true;
    double resign_below = 0.1;                      // the best move's mean reward
    std::uint64_t resign_after_iterations = 1'000;  // fewer tell too little
    bool write_files = true;                        // off: `printsgf FILE` is refused (fuzzing as root)
};

// The engine's state between commands; handle() is the protocol, one line
// at a time, testable without a process.
template <GtpGame G>
class Session {
public:
    explicit Session(Options options = {});

    // The response to one line of input, blank line included; "" for a
    // line that holds no command (empty, a comment). Never throws on bad
    // input. Any line ends a running analysis first.
    std::string handle(std::string_view line);
    // Where streamed responses (analysis) go as they are made; without
    // one, they wait and come first in handle()'s next return.
    void set_output(std::function<void(const std::string&)> write) { write_ = std::move(write); }
    // Ends a running analysis (at the end of input); returns what is left to write.
    std::string finish();
    // `quit` was answered.
    [[nodiscard]] bool done() const { return done_; }
    [[nodiscard]] const G& game() const { return game_; }

private:
    using Move = typename G::Move;
    using Protocol = EngineProtocol<G>;
    struct Step {
        Move move;
        bool inserted;         // a pass put in so that the other colour could move
        bool resumed = false;  // played after both had passed (kgs-genmove_cleanup)
    };
    struct Answer : Reply {
        bool streamed = false;  // written already, through emit()
    };

    Answer dispatch(const std::string& command, const std::vector<std::string>& args);
    Answer boardsize(const std::vector<std::string>& args);
    Answer komi(const std::vector<std::string>& args);
    Answer play(const std::vector<std::string>& args);
    Answer genmove(const std::vector<std::string>& args, bool commit);
    Answer cleanup_genmove(const std::vector<std::string>& args);
    Answer undo();
    Answer time_settings(const std::vector<std::string>& args);
    Answer kgs_time_settings(const std::vector<std::string>& args);
    Answer time_left(const std::vector<std::string>& args);
    Answer analyze(const AnalyzeCommand& command, const std::vector<std::string>& args);
    // A new board from a set-up command (board_commands.hpp), or its error.
    Answer set_up(BoardOrError<G> board);

    // Plays a pass for the side to move unless `side` is to move.
    void align(int side);
    void play_step(Move m, bool inserted);
    void take_back_to(std::size_t steps);
    // `start` becomes the start position, and `steps` are played from it.
    void rebuild(const G& start, const std::vector<Step>& steps);
    bool legal(Move m) const;
    // The move to play; `stream`: reported as the search goes (genmove_analyze).
    Move choose(bool& resign, const AnalyzeRequest* stream = nullptr);
    mcts::Result<Move> search(const mcts::Limits& limits, const AnalyzeRequest* stream,
                              const std::optional<MoveTime>& plan);
    Move pass_or_cleanup() const;  // a pass, or first a move that takes dead stones off
    mcts::ParallelSearcher<G>& searcher();
    void ponder();  // after our move, until the next line (Options::ponder)
    std::string report_line(const mcts::Result<Move>& r, const AnalyzeRequest& request) const;
    // Streamed text: to the output, or kept for handle() to return.
    void emit(const std::string& text);
    std::string take_pending();

    Options options_;
    G start_;  // the position the moves start from: an empty board, handicap stones, a record's set-up
    G game_;
    std::vector<Step> steps_;
    GtpClock clock_;
    // Kept from move to move: a search from two plies below the last one
    // keeps its subtree (mcts::Options::reuse_tree).
    std::unique_ptr<mcts::ParallelSearcher<G>> searcher_;
    bool done_ = false;
    bool cleaning_up_ = false;  // kgs-genmove_cleanup: no pass while a dead string is left
    std::string id_;            // the command's id, for streamed responses
    std::function<void(const std::string&)> write_;
    std::mutex pending_mutex_;
    std::string pending_;
    Background analysis_;   // last: stopped before the rest goes
    Background pondering_;  // the same
};

// GTP's commands, in the order `list_commands` gives them.
std::vector<std::string> command_names();

// Reads GTP commands from `in` until `quit` or end of input; returns the
// exit code.
template <GtpGame G>
int run_gtp(std::istream& in, std::ostream& out, const Options& options);

}  // namespace ply::gtp
