// How a node ends without being searched, the same for the production search
// and the exact solver.
#pragma once

#include <optional>

#include <ply/core/game.hpp>

namespace ply {

// The value of a node whose move list is empty (mate, stalemate, a full
// board), from its outcome; a Scored end takes the evaluation as exact.
template <Game G>
Score no_moves_score(const G& game, int ply) {
    const Outcome o = game.outcome();
    return terminal_score(o, ply, o == Outcome::Scored ? Score(game.evaluate()) : 0);
}

// The value of a node a rule has ended (a draw by repetition, a won game),
// or nothing: the game's cheap draw test where it has one, so that outcome()
// is only asked where no move is left.
template <Game G>
std::optional<Score> rule_end_score(const G& game, int ply) {
    if constexpr (DrawRuleGame<G>) {
        if (game.is_rule_draw()) return Score{0};
        return std::nullopt;
    } else {
        const Outcome o = game.outcome();
        if (is_over(o)) return terminal_score(o, ply, o == Outcome::Scored ? Score(game.evaluate()) : 0);
        return std::nullopt;
    }
}

}  // namespace ply
