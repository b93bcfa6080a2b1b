// Moves, scores and engine lines as a person reads them, shared by `ply play`
// and `ply analyse`: SAN with move numbers for chess, each game's own notation
// for the others. The games keep UCI as their move_to_string (the protocols
// need it), so the choice of SAN is made here, in the front end.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

#include <ply/cli/games.hpp>
#include <ply/games/chess/notation.hpp>

namespace ply::cli {

template <class G>
inline constexpr bool kIsChess = std::is_same_v<G, chess::Position>;

// Whether `m` can be written in `game`: SAN is only defined for legal moves,
// so lines are printed only as far as they stay legal.
template <NotatedGame G>
bool is_playable(const G& game, const typename G::Move& m) {
    MoveListOf<G> moves;
    // Chess hides its moves once a draw by rule is reached; notation still needs them.
    if constexpr (kIsChess<G>)
        game.generate_legal(moves);
    else
        game.generate_moves(moves);
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// One move as people write it: SAN for chess, the game's notation otherwise.
template <NotatedGame G>
std::string move_text(const G& game, const typename G::Move& m) {
    if constexpr (kIsChess<G>)
        return chess::to_san(game, m);
    else
        return game.move_to_string(m);
}

// A line of moves played from `game`. Chess numbers its moves the way books
// do: "12. Nxe5 Qxe5 13. Bf4", or "12... Qxe5 13. Bf4" when Black starts.
template <NotatedGame G>
std::string line_text(G game, const std::vector<typename G::Move>& line) {
    std::string out;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (!is_playable(game, line[i])) break;
        if (!out.empty()) out += ' ';
        if constexpr (kIsChess<G>) {
            const std::string number = std::to_string(game.fullmove_number());
            if (game.side_to_move() == chess::White)
                out += number + ". ";
            else if (i == 0)
                out += number + "... ";
        }
        out += move_text(game, line[i]);
        game.make(line[i]);
    }
    return out;
}

// "+1.23" (pawns) for chess, the raw score for other games; mates as "#3"
// (the side to move mates in 3) or "#-2" (it is mated in 2).
template <class G>
std::string score_text(Score s) {
    if (is_mate(s)) return "#" + std::to_string(mate_in(s));
    if constexpr (kIsChess<G>) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%+.2f", s / 100.0);
        return buffer;
    } else {
        return (s > 0 ? "+" : "") + std::to_string(s);
    }
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

// Why a finished chess or minichess game ended; empty for other games, whose
// outcome says all there is.
template <NotatedGame G>
std::string end_reason(const G& game) {
    if constexpr (kIsChess<G>) {
        chess::Position::MoveList moves;
        game.generate_legal(moves);
        if (moves.empty()) return game.in_check() ? "checkmate" : "stalemate";
        switch (game.game_ending_draw()) {
            case chess::Position::DrawRule::FiftyMoves:
                return "the fifty-move rule";
            case chess::Position::DrawRule::Repetition:
                return "threefold repetition";
            case chess::Position::DrawRule::Material:
                return "insufficient material";
            case chess::Position::DrawRule::None:
                break;
        }
    }
    if constexpr (std::is_same_v<G, minichess::Minichess>) {
        if (!game.has_king(game.side_to_move())) return "the king is taken";
        if (game.max_plies_left() <= 0) return "the 40-move limit";
        return "no legal move";
    }
    return "";
}

}  // namespace ply::cli
