// The referee: the rules of the game being played, independent of the
// players. It checks every move, knows whose turn it is, ends the game by
// the game's own rules and writes moves for the record as people read them.
// The arena sees every game through this interface, made for a game by
// make_referee<G>() (game_referee.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ply::arena {

struct GameEnd {
    int winner = -1;     // 0: the first player (White), 1: the second, -1: draw
    std::string reason;  // "White mates", "Draw by 3-fold repetition", ...
};

class Referee {
public:
    virtual ~Referee() = default;
    [[nodiscard]] virtual std::string game() const = 0;
    // Starts over from `position` (the game's notation; "" = its standard
    // start). Throws ply::ParseError for a bad position.
    virtual void reset(const std::string& position) = 0;
    // The position the game started from, as players get it: "" for the
    // standard start, but always a position for games that UCI and xboard
    // engines play (they are given a FEN).
    [[nodiscard]] virtual std::string start_position() const = 0;
    // The legal move written `text` (any notation the game accepts) in
    // canonical form, or nothing if it is illegal or malformed.
    [[nodiscard]] virtual std::optional<std::string> canonical(const std::string& text) const = 0;
    // Why `text` is not a legal move, in the game's words ("" if it is one).
    [[nodiscard]] virtual std::string refusal(const std::string& text) const = 0;
    // How a legal canonical move is written in the record (describe::display_move).
    [[nodiscard]] virtual std::string notation(const std::string& move) const = 0;
    // Plays a legal canonical move.
    virtual void play(const std::string& move) = 0;
    [[nodiscard]] virtual std::vector<std::string> legal_moves() const = 0;
    [[nodiscard]] virtual int side_to_move() const = 0;  // 0: first player (White)
    [[nodiscard]] virtual int fullmove_number() const = 0;
    [[nodiscard]] virtual std::optional<GameEnd> end() const = 0;
    [[nodiscard]] virtual std::string position() const = 0;           // the current position, as text
    [[nodiscard]] virtual std::string side_name(int side) const = 0;  // "White", "Black" / "First", "Second"
    // PGN is the game's own notation: no Variant tag, and a start other than
    // the standard one as SetUp and FEN tags.
    [[nodiscard]] virtual bool pgn_native() const = 0;
    // Opening books hold positions, one a line (book_position reads one),
    // rather than lines of moves from the start.
    [[nodiscard]] virtual bool books_hold_positions() const = 0;
    // The position of one line of an opening book; throws ply::ParseError.
    [[nodiscard]] virtual std::string book_position(const std::string& line) const = 0;
    // The moves of one line of an opening book of move lines: its words, or
    // as the game's deck writes its lines (OpeningDeck<G>::read_line);
    // nothing for a line not in play. Throws ply::ParseError.
    [[nodiscard]] virtual std::optional<std::vector<std::string>> book_line(const std::string& line) const = 0;
    // The openings the game's matches are played from when given none (the
    // game's OpeningDeck<G>), lines of moves from the start; none for most games.
    [[nodiscard]] virtual std::vector<std::vector<std::string>> standard_openings() const = 0;
    // PDN's GameType where the game's records are PDN ("21": checkers), else "".
    [[nodiscard]] virtual std::string pdn_game_type() const = 0;
};

}  // namespace ply::arena
