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
//   - `boardsize` and `clear_board` keep the komi; `komi` keeps the moves.
#pragma once

#include <concepts>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/core/protocol.hpp>
#include <ply/gtp/clock.hpp>
#include <ply/search/mcts/parallel.hpp>

namespace ply::gtp {

// What GTP needs of a game: empty boards of a size and komi, GTP vertices,
// the pass, who is ahead on the board as it stands, `final_score` and
// `showboard`. Black is the side that moves first (side_to_move() 0).
template <class G>
concept GtpGame = NotatedGame<G> &&
    described<G>() && TurnNumberedGame<G> && std::default_initializable<G> &&  // G(): before boardsize
    requires(const G cg, typename G::Move m, std::string_view text) {
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
};

struct Options {
    // Seconds a move without a clock (time_settings); 1 when neither this
    // nor iterations is given.
    std::optional<double> seconds;
    std::optional<std::uint64_t> iterations;  // a cap on every search
    std::uint64_t seed = 1;
    std::optional<double> exploration;  // UCT's C; none: the search's own (smaller with RAVE)
    int threads = 1;                    // threads growing the tree together
    bool resign = true;
    double resign_below = 0.1;                      // the best move's mean reward
    std::uint64_t resign_after_iterations = 1'000;  // fewer tell too little
};

// The engine's state between commands; handle() is the protocol, one line
// at a time, testable without a process.
template <GtpGame G>
class Session {
public:
    explicit Session(Options options = {});

    // The response to one line of input, blank line included; "" for a
    // line that holds no command (empty, a comment). Never throws on bad input.
    std::string handle(std::string_view line);
    // `quit` was answered.
    [[nodiscard]] bool done() const { return done_; }
    [[nodiscard]] const G& game() const { return game_; }

private:
    using Move = typename G::Move;
    using Protocol = EngineProtocol<G>;
    struct Step {
        Move move;
        bool inserted;  // a pass put in so that the other colour could move
    };
    struct Answer {
        bool ok;
        std::string text;
    };

    Answer dispatch(const std::string& command, const std::vector<std::string>& args);
    Answer boardsize(const std::vector<std::string>& args);
    Answer komi(const std::vector<std::string>& args);
    Answer play(const std::vector<std::string>& args);
    Answer genmove(const std::vector<std::string>& args, bool commit);
    Answer undo();
    Answer time_settings(const std::vector<std::string>& args);
    Answer time_left(const std::vector<std::string>& args);

    // Plays a pass for the side to move unless `side` is to move.
    void align(int side);
    void play_step(Move m, bool inserted);
    // Starts over on an empty board, then plays `steps` again.
    void rebuild(int size, double komi, const std::vector<Step>& steps);
    bool legal(Move m) const;
    Move choose(bool& resign);
    Move pass_or_cleanup() const;  // a pass, or first a move that takes dead stones off

    Options options_;
    G game_;
    std::vector<Step> steps_;
    GtpClock clock_;
    // Kept from move to move: a search from two plies below the last one
    // keeps its subtree (mcts::Options::reuse_tree).
    std::unique_ptr<mcts::ParallelSearcher<G>> searcher_;
    bool done_ = false;
};

// GTP's commands, in the order `list_commands` gives them.
std::vector<std::string> command_names();

// Reads GTP commands from `in` until `quit` or end of input; returns the
// exit code.
template <GtpGame G>
int run_gtp(std::istream& in, std::ostream& out, const Options& options);

}  // namespace ply::gtp
