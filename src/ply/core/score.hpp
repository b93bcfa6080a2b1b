// Scores shared by every game and every search.
//
// A Score is side-relative: positive is good for the side to move. Game ends
// are encoded by distance so that searches prefer the quickest win and the
// slowest loss: a win `ply` plies from the root scores `MATE - ply`.
#pragma once

#include <cstdint>
#include <cstdlib>

namespace ply {

using Score = std::int32_t;

inline constexpr int kMaxPly = 256;                   // deepest ply any search reaches
inline constexpr Score kInfinity = 32000;             // strictly above every real score
inline constexpr Score kMate = 31000;                 // a win right now (ply 0)
inline constexpr Score kMateBound = kMate - kMaxPly;  // |score| >= this is a mate

// Largest magnitude a game's evaluation (or a tree leaf) may take: keeps
// heuristic values clear of the mate band.
inline constexpr Score kMaxEval = kMateBound - 1;

constexpr Score mate_in_plies(int ply) { return kMate - ply; }
constexpr Score mated_in_plies(int ply) { return -kMate + ply; }

constexpr bool is_mate(Score s) { return s >= kMateBound || s <= -kMateBound; }

// Plies to the end of the game encoded in a mate score (always positive).
constexpr int mate_plies(Score s) { return s > 0 ? kMate - s : kMate + s; }

// Signed full moves to mate, as UCI prints it: +N the side to move mates in N
// moves, -N it is mated in N. Only meaningful when is_mate(s).
constexpr int mate_in(Score s) { return s > 0 ? (mate_plies(s) + 1) / 2 : -(mate_plies(s) / 2); }

// A transposition table is shared by nodes at different distances from the
// root, so mate scores are stored relative to the node (distance from the
// node to the mate) and converted back relative to the root on probe.
constexpr Score score_to_tt(Score s, int ply) {
    if (s >= kMateBound) return s + ply;
    if (s <= -kMateBound) return s - ply;
    return s;
}

constexpr Score score_from_tt(Score s, int ply) {
    if (s >= kMateBound) return s - ply;
    if (s <= -kMateBound) return s + ply;
    return s;
}

}  // namespace ply
