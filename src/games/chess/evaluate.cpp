// A first evaluation: material plus piece-square tables, blended between the
// middlegame and the endgame by the material left. Later issues replace it.
#include <algorithm>

#include "games/chess/position.hpp"

namespace ply::chess {

namespace {

constexpr Score kMaterial[6] = {100, 310, 330, 500, 950, 0};

// Bonuses for White, written as the board is seen (rank 8 at the top).
using Table = int[64];
// clang-format off
constexpr Table kPawn = {
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    12, 14, 20, 28, 28, 20, 14, 12,
     6,  6, 12, 24, 24, 12,  6,  6,
     0,  0,  8, 20, 20,  8,  0,  0,
     4, -2, -4,  4,  4, -4, -2,  4,
     4,  8,  8,-18,-18,  8,  8,  4,
     0,  0,  0,  0,  0,  0,  0,  0};
constexpr Table kKnight = {
   -50,-36,-28,-28,-28,-28,-36,-50,
   -36,-18,  0,  2,  2,  0,-18,-36,
   -28,  2, 10, 14, 14, 10,  2,-28,
   -28,  4, 14, 20, 20, 14,  4,-28,
   -28,  0, 14, 20, 20, 14,  0,-28,
   -28,  4, 10, 14, 14, 10,  4,-28,
   -36,-18,  0,  4,  4,  0,-18,-36,
   -50,-36,-28,-28,-28,-28,-36,-50};
constexpr Table kBishop = {
   -18, -8, -8, -8, -8, -8, -8,-18,
    -8,  0,  0,  0,  0,  0,  0, -8,
    -8,  0,  4,  8,  8,  4,  0, -8,
    -8,  4,  4,  8,  8,  4,  4, -8,
    -8,  0,  8,  8,  8,  8,  0, -8,
    -8,  8,  8,  8,  8,  8,  8, -8,
    -8,  4,  0,  0,  0,  0,  4, -8,
   -18, -8, -8, -8, -8, -8, -8,-18};
constexpr Table kRook = {
     0,  0,  0,  2,  2,  0,  0,  0,
     6, 10, 10, 10, 10, 10, 10,  6,
    -4,  0,  0,  0,  0,  0,  0, -4,
    -4,  0,  0,  0,  0,  0,  0, -4,
    -4,  0,  0,  0,  0,  0,  0, -4,
    -4,  0,  0,  0,  0,  0,  0, -4,
    -4,  0,  0,  0,  0,  0,  0, -4,
     0,  0,  2,  6,  6,  2,  0,  0};
constexpr Table kQueen = {
   -18,-10,-10, -4, -4,-10,-10,-18,
   -10,  0,  0,  0,  0,  0,  0,-10,
   -10,  0,  4,  4,  4,  4,  0,-10,
    -4,  0,  4,  4,  4,  4,  0, -4,
    -2,  0,  4,  4,  4,  4,  0, -4,
   -10,  4,  4,  4,  4,  4,  0,-10,
   -10,  0,  4,  0,  0,  0,  0,-10,
   -18,-10,-10, -4, -4,-10,-10,-18};
constexpr Table kKingMiddle = {
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -20,-30,-30,-40,-40,-30,-30,-20,
   -10,-20,-20,-20,-20,-20,-20,-10,
    16, 16,  0,  0,  0,  0, 16, 16,
    18, 28, 10,  0,  0, 10, 28, 18};
constexpr Table kKingEnd = {
   -50,-36,-28,-20,-20,-28,-36,-50,
   -28,-18, -8,  0,  0, -8,-18,-28,
   -28, -8, 18, 28, 28, 18, -8,-28,
   -28, -8, 28, 38, 38, 28, -8,-28,
   -28, -8, 28, 38, 38, 28, -8,-28,
   -28, -8, 18, 28, 28, 18, -8,-28,
   -28,-28,  0,  0,  0,  0,-28,-28,
   -50,-28,-28,-28,-28,-28,-28,-50};

// clang-format on
constexpr const Table* kTables[5] = {&kPawn, &kKnight, &kBishop, &kRook, &kQueen};

// Table index of square `s` for a piece of colour `c` (tables are drawn rank 8 first).
constexpr int index_for(Color c, Square s) { return c == White ? s ^ 56 : s; }

}  // namespace

Score Position::evaluate() const {
    Score score[2] = {0, 0};
    int phase = 0;  // 24 with every minor and major piece on the board
    for (Color c : {White, Black}) {
        for (int t = Pawn; t <= Queen; ++t) {
            for (Bitboard b = pieces(c, PieceType(t)); b;) {
                const Square s = pop_lsb(b);
                score[c] += kMaterial[t] + (*kTables[t])[index_for(c, s)];
            }
        }
        phase += popcount(pieces(c, Knight) | pieces(c, Bishop)) + 2 * popcount(pieces(c, Rook)) +
                 4 * popcount(pieces(c, Queen));
    }
    phase = std::min(phase, 24);
    for (Color c : {White, Black}) {
        const int k = index_for(c, king_square(c));
        score[c] += (kKingMiddle[k] * phase + kKingEnd[k] * (24 - phase)) / 24;
    }
    const Score s = score[side_] - score[~side_] + 10;  // a small bonus for the move
    return std::clamp(s, -kMaxEval + 1, kMaxEval - 1);
}

}  // namespace ply::chess
