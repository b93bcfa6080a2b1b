// Moves, scores and engine lines as a person reads them, shared by `ply play`,
// `ply analyse` and the web server, in each game's notation for readers
// (core/describe.hpp: SAN with move numbers for chess). The games keep their
// protocol notation as move_to_string, so the choice is made here, above them.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>
#include <ply/tools/number_text.hpp>

namespace ply {

// Whether `m` can be written in `game`: SAN is only defined for legal moves,
// so lines are printed only as far as they stay legal.
template <NotatedGame G>
bool is_playable(const G& game, const typename G::Move& m) {
    MoveListOf<G> moves;
    // A game ended by a rule (chess's draws) hides its moves; notation still needs them.
    if constexpr (RuleEndedGame<G>)
        game.generate_legal(moves);
    else
        game.generate_moves(moves);
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// A line of moves played from `game`, numbered where the game numbers its
// moves: "12. Nxe5 Qxe5 13. Bf4", or "12... Qxe5 13. Bf4" when Black starts.
template <NotatedGame G>
std::string line_text(G game, const std::vector<typename G::Move>& line) {
    std::string out;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (!is_playable(game, line[i])) break;
        if (!out.empty()) out += ' ';
        out += describe::move_number(game, i == 0);
        out += describe::display_move(game, line[i]);
        game.make(line[i]);
    }
    return out;
}

inline std::string seconds_text(double seconds) { return fixed(seconds, 3) + "s"; }

}  // namespace ply
