// The score convention of Pascal Pons' benchmark sets (and of Steininger's):
// a win scores 1 + (cells - stones on the board after the winning move) / 2,
// positive when the side to move wins, negative when it loses, 0 for a draw.
// On 7x6 that is 22 minus the number of stones the winner played.
#pragma once

#include <string>
#include <string_view>

#include <ply/core/describe.hpp>
#include <ply/core/outcome.hpp>
#include <ply/core/score.hpp>

namespace ply::connect4 {

// `stones_now`: stones on the board; `plies_to_end`: moves left with perfect play.
constexpr int pons_score(int cells, int stones_now, Outcome result, int plies_to_end) {
    if (result == Outcome::Draw) return 0;
    const int magnitude = 1 + (cells - (stones_now + plies_to_end)) / 2;
    return result == Outcome::Win ? magnitude : -magnitude;
}

// The same for an exact value of the search (a mate distance in plies, or 0).
constexpr int pons_score(int cells, int stones_now, Score value) {
    const Outcome result = value > 0 ? Outcome::Win : value < 0 ? Outcome::Loss : Outcome::Draw;
    return pons_score(cells, stones_now, result, is_mate(value) ? mate_plies(value) : 0);
}

// The search's value of a Pons score: the winner's stone ends the game, so a
// win is an odd number of plies away and a loss an even number.
constexpr Score value_of_pons_score(int cells, int stones_now, int score) {
    if (score == 0) return 0;
    const int magnitude = score > 0 ? score : -score;
    int plies = cells - stones_now - 2 * (magnitude - 1);
    if ((plies % 2 == 1) != (score > 0)) --plies;
    return score > 0 ? mate_in_plies(plies) : mated_in_plies(plies);
}

// A benchmark set's entry as a position: the moves as columns from 1 (from 0
// in Steininger's sets, up to 'a' for the tenth), on the format's board
// unless the entry names its own ("5x4:1234").
inline std::string set_position(std::string_view entry, const describe::SetFormat& format) {
    std::string text(entry);
    const std::size_t colon = text.find(':');
    const std::size_t moves = colon == std::string::npos ? 0 : colon + 1;
    if (format.zero_based)
        for (std::size_t i = moves; i < text.size(); ++i)
            if (text[i] >= '0' && text[i] <= '9') text[i] = text[i] == '9' ? 'a' : static_cast<char>(text[i] + 1);
    if (format.board.empty() || colon != std::string::npos) return text;
    return format.board + ":" + text;
}

}  // namespace ply::connect4
