// Moves, scores and engine lines as a person reads them, shared by `ply play`
// and `ply analyse`, in each game's notation for readers (core/describe.hpp:
// SAN with move numbers for chess). The games keep their protocol notation
// as move_to_string, so the choice is made here, in the front end.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>

namespace ply::cli {

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

// One move as people write it.
template <NotatedGame G>
std::string move_text(const G& game, const typename G::Move& m) {
    return describe::display_move(game, m);
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
        out += move_text(game, line[i]);
        game.make(line[i]);
    }
    return out;
}

template <class G>
std::string score_text(Score s) {
    return describe::score_text<G>(s);
}

// UCI's wording, familiar to engine users: "cp +35", "mate 3", "mate -2".
inline std::string cp_or_mate(Score s) {
    if (is_mate(s)) return "mate " + std::to_string(mate_in(s));
    return std::string("cp ") + (s > 0 ? "+" : "") + std::to_string(s);
}

inline std::string seconds_text(double seconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3fs", seconds);
    return buffer;
}

template <NotatedGame G>
std::string end_reason(const G& game) {
    return describe::end_reason(game);
}

}  // namespace ply::cli
