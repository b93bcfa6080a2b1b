// What front ends need to know about a game beyond its rules and notation.
//
// The facts: one GameFacts a game, stated in its own games/<g>/description.hpp
// as Description<G>::facts, beside the compile-time checks of everything the
// game claims (capabilities of core/game.hpp, traits such as EngineProtocol or
// PerftCounter, whose headers that file includes). A unit that reads a game's
// facts or asks for one of its traits without the description does not
// compile (described() below), rather than seeing the game without them.
//
//   template <>
//   struct Description<Nim> {
//       static constexpr GameFacts facts{
//           .name = Nim::name,
//           .summary = "Nim: take 1 to 3 stones",
//           .start_position = "10",
//           .default_depth = 12,
//       };
//   };
//
// and, for readers, where the game's own notation is not what people read,
// members of the game itself:
//
//   std::string display_move(Move) const;        // chess: SAN (default: move_to_string)
//   std::string move_number(bool first) const;   // chess: "12. ", "12... " (default: none)
//   static std::string format_score(Score);      // chess: "+1.25" pawns (default: "+125")
//   std::string end_reason() const;              // "checkmate" (default: none)
//   int full_depth() const;                      // a tree's height: search it all
//   int published_score(Score) const;            // Connect Four: Pons' score, named by
//   static constexpr std::string_view published_score_name;   // ... this (JSON key)
//   Score value_of_published_score(int) const;   // ... and back (books, benchmark sets)
//   static std::string set_position(std::string_view, const SetFormat&);  // sets' own notation
//   using RecordBookMaker = ...;                 // chess: Polyglot books from recorded games
//   static constexpr bool moves_are_columns;     // moves are columns 1..width()
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <ply/core/score.hpp>

namespace ply {

// A game's facts, as the command line, the web page and the Python module
// read them. Only name and summary have no default.
struct GameFacts {
    std::string_view name{};     // as commands name it: the game's G::name
    std::string_view summary{};  // one line for `ply --help`
    // The sides' names, the first to move first ("White", "Black"); none:
    // "First", "Second".
    std::array<std::string_view, 2> players{};
    std::string_view start_position{};        // where commands start when given none ("": G's own)
    bool needs_position = false;              // no single start (a tree): --position is required
    std::string_view position_alias{};        // the game's other name for --position (chess: "fen")
    int position_lines = 1;                   // more than one: --position names a file, or "-"
    std::string_view move_hint{};             // how a player enters moves, beyond the notation
    int default_depth = kMaxPly - 1;          // `ply search` without --depth (small games: to the end)
    int match_depth = 0;                      // a Ply player in `ply match` (0: default_depth)
    std::optional<double> default_seconds{};  // `ply play`'s time a move (none: default_depth)
    bool plays_by_mcts = false;               // `ply play` searches by MCTS by default (Go)
    bool solvable = false;                    // small enough to solve exactly: `ply solve` tries it
    // How long `ply play` lets the exact solver try before each of the engine's
    // moves, in a solvable game where a solve soon becomes quick (Connect Four
    // from its middle game on): a finished solve's best move is played, else
    // the engine's. None: the engine alone.
    std::optional<double> play_solve_seconds{};
    bool uci_engines = false;  // UCI and xboard engines play it in the arena (FEN, UCI moves)
    bool pgn_native = false;   // PGN's own game: no Variant tag, SetUp/FEN tags (tools/arena/pgn.hpp)
    // A draughts game's GameType in PDN, PGN's dialect for draughts (English
    // draughts: "21"): its games are written and read as PDN.
    std::string_view pdn_game_type{};
};

// Left undefined: games/<g>/description.hpp specializes it with
// `static constexpr GameFacts facts`; a game of one's own does so beside it.
template <class G>
struct Description;

// True, or no compile: every trait's concept and every read of a game's facts
// asks this first, so that a unit without the game's description fails here.
template <class G>
consteval bool described() {
    static_assert(
        requires { Description<G>::facts; },
        "this unit uses a game whose description it did not include: include its "
        "games/<game>/description.hpp (for a game of one's own, specialize ply::Description<G>)");
    return true;
}

}  // namespace ply

namespace ply::describe {

template <class G>
constexpr const GameFacts& facts() {
    static_assert(described<G>());
    return Description<G>::facts;
}

template <class G>
constexpr std::string_view summary() {
    return facts<G>().summary.empty() ? facts<G>().name : facts<G>().summary;
}

template <class G>
constexpr std::string_view start_position() {
    return facts<G>().start_position;
}

template <class G>
constexpr bool needs_position() {
    return facts<G>().needs_position;
}

template <class G>
constexpr int default_depth() {
    return facts<G>().default_depth;
}

// Whether people play it against Monte Carlo tree search by default
// (alpha-beta has no evaluation to search Go by).
template <class G>
constexpr bool plays_by_mcts() {
    return facts<G>().plays_by_mcts;
}

template <class G>
constexpr int match_depth() {
    return facts<G>().match_depth > 0 ? facts<G>().match_depth : default_depth<G>();
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

template <class G>
constexpr bool solvable() {
    return facts<G>().solvable;
}

template <class G>
constexpr int position_lines() {
    return facts<G>().position_lines;
}

template <class G>
constexpr std::optional<double> default_seconds() {
    return facts<G>().default_seconds;
}

template <class G>
constexpr std::optional<double> play_solve_seconds() {
    return solvable<G>() ? facts<G>().play_solve_seconds : std::nullopt;
}

template <class G>
constexpr std::string_view position_alias() {
    return facts<G>().position_alias;
}

template <class G>
constexpr std::string_view move_hint() {
    return facts<G>().move_hint;
}

template <class G>
constexpr bool names_players() {
    return !facts<G>().players[0].empty();
}

// "White", "Black" where the game names its sides, else "First", "Second".
template <class G>
std::string side_name(int side) {
    if (!names_players<G>()) return side == 0 ? "First" : "Second";
    return std::string(facts<G>().players[static_cast<std::size_t>(side)]);
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
