// The openings a game's tournaments are played from, where they play set
// openings rather than from the start (checkers: the ACF three-move ballots).
// The game's folder specializes OpeningDeck<G>, and its description includes
// that, with
//
//   // The deck the arena plays when given no openings: each a line of moves
//   // from the standard start, in the game's notation.
//   static std::vector<std::vector<std::string>> standard();
//   // One line of an opening file in the deck's own format: its moves, or
//   // nothing for a line that is not in play; throws ParseError.
//   static std::optional<std::vector<std::string>> read_line(std::string_view line);
#pragma once

#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/describe.hpp>

namespace ply {

// Left undefined for a game whose matches start from its start position.
template <class G>
struct OpeningDeck;

template <class G>
concept DeckGame = described<G>() && requires(std::string_view line) {
    { OpeningDeck<G>::standard() } -> std::same_as<std::vector<std::vector<std::string>>>;
    { OpeningDeck<G>::read_line(line) } -> std::same_as<std::optional<std::vector<std::string>>>;
};

}  // namespace ply
