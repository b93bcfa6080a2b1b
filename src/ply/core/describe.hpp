// What front ends need to know about a game beyond its rules and notation.
// A game declares these as static members beside its rules, and only those
// that differ from the defaults here:
//
//   static constexpr std::string_view summary = "Nim: take 1 to 3 stones";
//   static constexpr std::string_view start_position = "10";  // default: ""
//   static constexpr bool needs_position = true;  // no single start: --position is required
//   static constexpr int default_depth = 12;    // `ply search` without --depth
//   static constexpr int match_depth = 8;       // a Ply player in `ply match`
//   int full_depth() const;                     // a tree's height: search it all
//   static constexpr bool solvable = true;      // `ply solve` may try it
//   static constexpr int position_lines = 7;    // a position spans 7 lines
//   static constexpr double default_seconds = 1;  // `ply play` thinks this long by default
//   static constexpr bool plays_by_mcts = true;   // `ply play` searches by MCTS by default (Go)
//   static constexpr double play_solve_seconds = 1;  // `ply play` solves exactly first (solvable games)
//   static constexpr std::string_view position_alias = "fen";  // --fen is --position
//   static constexpr std::string_view move_hint = "SAN such as Nf3";  // how to enter moves
//
// and, for readers, where the game's own notation is not what people read:
//
//   std::string display_move(Move) const;        // chess: SAN (default: move_to_string)
//   std::string move_number(bool first) const;   // chess: "12. ", "12... " (default: none)
//   static std::string format_score(Score);      // chess: "+1.25" pawns (default: "+125")
//   std::string end_reason() const;              // "checkmate" (default: none)
//   int published_score(Score) const;            // Connect Four: Pons' score, named by
//   static constexpr std::string_view published_score_name;   // ... this (JSON key)
//   Score value_of_published_score(int) const;   // ... and back (books, benchmark sets)
//   static std::string set_position(std::string_view, const SetFormat&);  // sets' own notation
//   using RecordBookMaker = ...;                 // chess: Polyglot books from recorded games
//   static constexpr bool moves_are_columns;     // moves are columns 1..width()
#pragma once

#include <concepts>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <ply/core/score.hpp>

namespace ply::describe {

template <class G>
constexpr std::string_view summary() {
    if constexpr (requires { G::summary; })
        return G::summary;
    else
        return G::name;
}

// The position a command starts from when none is given.
template <class G>
constexpr std::string_view start_position() {
    if constexpr (requires { G::start_position; })
        return G::start_position;
    else
        return "";
}

// A game with no single start (a tree must be given): commands need --position.
template <class G>
constexpr bool needs_position() {
    if constexpr (requires { G::needs_position; })
        return G::needs_position;
    else
        return false;
}

template <class G>
constexpr int default_depth() {
    if constexpr (requires { G::default_depth; })
        return G::default_depth;
    else
        return kMaxPly - 1;  // small games: to the end
}

// Whether people play it against Monte Carlo tree search by default
// (alpha-beta has no evaluation to search Go by).
template <class G>
constexpr bool plays_by_mcts() {
    if constexpr (requires { G::plays_by_mcts; })
        return G::plays_by_mcts;
    else
        return false;
}

template <class G>
constexpr int match_depth() {
    if constexpr (requires { G::match_depth; })
        return G::match_depth;
    else
        return default_depth<G>();
}

// How deep `ply search` goes in this position when no depth is given: the
// whole tree where the game knows its height (explicit and generated trees).
template <class G>
constexpr int search_depth(const G& game) {
    if constexpr (requires { game.full_depth(); })
        return game.full_depth();
    else
        return default_depth<G>();
}

// Small enough to solve exactly (to the end of the game).
template <class G>
constexpr bool solvable() {
    if constexpr (requires { G::solvable; })
        return G::solvable;
    else
        return false;
}

// Lines of text one position takes: more than one means --position names a
// file, or "-" for standard input (minichess's IMCS boards).
template <class G>
constexpr int position_lines() {
    if constexpr (requires { G::position_lines; })
        return G::position_lines;
    else
        return 1;
}

// Seconds `ply play` gives the engine a move when no depth or time is given
// (none: it searches to default_depth).
template <class G>
constexpr std::optional<double> default_seconds() {
    if constexpr (requires { G::default_seconds; })
        return G::default_seconds;
    else
        return std::nullopt;
}

// How long `ply play` lets the exact solver try before each of the
// engine's moves, in a solvable game where a solve soon becomes quick
// (Connect Four from its middle game on): a finished solve's best move is
// played, else the engine's. None: the engine alone.
template <class G>
constexpr std::optional<double> play_solve_seconds() {
    if constexpr (requires { G::play_solve_seconds; })
        return solvable<G>() ? std::optional<double>(G::play_solve_seconds) : std::nullopt;
    else
        return std::nullopt;
}

// The game's other name for --position (chess: --fen), or "".
template <class G>
constexpr std::string_view position_alias() {
    if constexpr (requires { G::position_alias; })
        return G::position_alias;
    else
        return "";
}

// How a player enters moves, beyond the game's notation ("" if nothing more).
template <class G>
constexpr std::string_view move_hint() {
    if constexpr (requires { G::move_hint; })
        return G::move_hint;
    else
        return "";
}

// An exact value in a convention people publish (Connect Four: Pons' score),
// with its name, and back: what lets files of solved positions (books,
// benchmark sets) hold one integer a position.
template <class G>
concept PublishedScoreGame = requires(const G g, Score s, int published) {
    { G::published_score_name } -> std::convertible_to<std::string_view>;
    { g.published_score(s) } -> std::convertible_to<int>;
    { g.value_of_published_score(published) } -> std::convertible_to<Score>;
};

// How a benchmark set writes its positions when that is not the game's own
// notation: the board they are played on, columns counted from 0.
struct SetFormat {
    std::string board;  // "" for the game's default
    bool zero_based = false;
};

// A game whose benchmark sets have a notation of their own (Connect Four:
// Pons' and Steininger's move strings): the position an entry stands for,
// in the game's notation. Other games' sets hold positions as they are.
template <class G>
concept SetNotationGame = requires(std::string_view entry, const SetFormat& format) {
    { G::set_position(entry, format) } -> std::convertible_to<std::string>;
};

// Who won a recorded game (a PGN Result tag).
enum class RecordResult { FirstPlayerWins, Draw, SecondPlayerWins };

// What a book made from recorded games holds.
struct RecordBookSummary {
    std::size_t moves = 0, positions = 0, games = 0;
};

// A game whose opening books are made from recorded games (chess: Polyglot).
// G::RecordBookMaker is default-constructible and offers
//   void add_game(const G& start, std::span<const Move> moves, RecordResult, int max_ply);
//   std::string bytes(int min_game) const;               // the book file
//   RecordBookSummary summary(int min_game) const;
template <class G>
concept RecordBookGame = requires {
    typename G::RecordBookMaker;
};

// Games whose moves are columns 1..width() (Connect Four): a solver's values
// are shown as a row under the columns.
template <class G>
concept ColumnMoveGame = requires(const G g) {
    requires G::moves_are_columns;
    { g.width() } -> std::convertible_to<int>;
};

// One move as people write it.
template <class G>
std::string display_move(const G& game, const typename G::Move& m) {
    if constexpr (requires { game.display_move(m); })
        return game.display_move(m);
    else
        return game.move_to_string(m);
}

// What goes before a move in a printed line: "12. " or, for the first move
// of a line that starts with Black, "12... "; nothing in most games.
template <class G>
std::string move_number(const G& game, bool first_of_line) {
    if constexpr (requires { game.move_number(first_of_line); })
        return game.move_number(first_of_line);
    else
        return "";
}

// A score as every command prints it; mates as "#3" (the side to move mates
// in 3) or "#-2" (it is mated in 2). Beyond a mate now is no score but a
// search's bound (kInfinity): "+inf" or "-inf", never a mate in hundreds.
template <class G>
std::string score_text(Score s) {
    if (s > kMate || s < -kMate) return s > 0 ? "+inf" : "-inf";
    if (is_mate(s)) return "#" + std::to_string(mate_in(s));
    if constexpr (requires { G::format_score(s); })
        return G::format_score(s);
    else
        return (s > 0 ? "+" : "") + std::to_string(s);
}

// Why a finished game ended, where its outcome does not say it all.
template <class G>
std::string end_reason(const G& game) {
    if constexpr (requires { game.end_reason(); })
        return game.end_reason();
    else
        return "";
}

}  // namespace ply::describe
