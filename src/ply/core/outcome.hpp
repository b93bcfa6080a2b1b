// The state of a game from the point of view of the side to move.
#pragma once

#include <cstdint>
#include <string_view>

#include <ply/core/score.hpp>

namespace ply {

enum class Outcome : std::uint8_t {
    Ongoing,
    Win,   // the side to move has won
    Loss,  // the side to move has lost (checkmated, opponent made four...)
    Draw,
    Scored,  // over, and evaluate() is the exact value (leaves of explicit trees)
};

constexpr bool is_over(Outcome o) { return o != Outcome::Ongoing; }

constexpr std::string_view to_string(Outcome o) {
    switch (o) {
        case Outcome::Ongoing:
            return "ongoing";
        case Outcome::Win:
            return "win";
        case Outcome::Loss:
            return "loss";
        case Outcome::Draw:
            return "draw";
        case Outcome::Scored:
            return "scored";
    }
    return "?";
}

// The score of a finished game `ply` plies from the root, for the side to
// move. `exact` is the game's evaluate(), used only for Outcome::Scored.
constexpr Score terminal_score(Outcome o, int ply, Score exact) {
    switch (o) {
        case Outcome::Win:
            return mate_in_plies(ply);
        case Outcome::Loss:
            return mated_in_plies(ply);
        case Outcome::Scored:
            return exact;
        default:
            return 0;
    }
}

}  // namespace ply
