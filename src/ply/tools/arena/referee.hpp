// The referee: the rules of the game being played, independent of the
// players. It checks every move, knows whose turn it is, ends the game
// (for chess: checkmate, stalemate, threefold repetition, fifty moves,
// insufficient material) and writes moves for the record (SAN for chess).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ply::arena {

inline constexpr std::string_view kStandardChessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct GameEnd {
    int winner = -1;     // 0: the first player (White), 1: the second, -1: draw
    std::string reason;  // "White mates", "Draw by 3-fold repetition", ...
};

class Referee {
public:
    virtual ~Referee() = default;
    [[nodiscard]] virtual std::string game() const = 0;
    // Starts over from `position` (FEN for chess; "" = the standard start).
    // Throws ply::ParseError for a bad position.
    virtual void reset(const std::string& position) = 0;
    // The position the game started from, as players get it ("" when it is
    // the standard start of a game other than chess; always a FEN for chess).
    [[nodiscard]] virtual std::string start_position() const = 0;
    // The legal move written `text` (any notation the game accepts: UCI or
    // SAN for chess) in canonical form, or nothing if it is illegal or malformed.
    [[nodiscard]] virtual std::optional<std::string> canonical(const std::string& text) const = 0;
    // How a legal canonical move is written in the record (SAN for chess).
    [[nodiscard]] virtual std::string notation(const std::string& move) const = 0;
    // Plays a legal canonical move.
    virtual void play(const std::string& move) = 0;
    [[nodiscard]] virtual std::vector<std::string> legal_moves() const = 0;
    [[nodiscard]] virtual int side_to_move() const = 0;  // 0: first player (White)
    [[nodiscard]] virtual int fullmove_number() const = 0;
    [[nodiscard]] virtual std::optional<GameEnd> end() const = 0;
    [[nodiscard]] virtual std::string position() const = 0;           // the current position, as text
    [[nodiscard]] virtual std::string side_name(int side) const = 0;  // "White", "Black" / "First", "Second"
};

// A referee for `game` (chess, connect4, tictactoe), or nullptr if unknown.
std::unique_ptr<Referee> make_referee(std::string_view game);

}  // namespace ply::arena
