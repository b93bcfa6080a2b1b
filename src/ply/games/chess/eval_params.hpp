// Every weight of the chess evaluation, in one place so that a tuner finds
// them all. Each weight is a pair: its value in the middlegame and in the
// endgame; the evaluation blends the two by the material left (the phase).
// Units are centipawns; tables are written from White's side, rank 8 first,
// as the board is seen.
#pragma once

#include <array>

namespace ply::chess::eval {

struct Pair {
    int mg = 0, eg = 0;
    constexpr Pair() = default;
    constexpr Pair(int m, int e) : mg(m), eg(e) {}
    constexpr Pair& operator+=(Pair o) { return mg += o.mg, eg += o.eg, *this; }
    constexpr Pair& operator-=(Pair o) { return mg -= o.mg, eg -= o.eg, *this; }
    friend constexpr Pair operator+(Pair a, Pair b) { return a += b; }
    friend constexpr Pair operator-(Pair a, Pair b) { return a -= b; }
    friend constexpr Pair operator-(Pair a) { return {-a.mg, -a.eg}; }
    friend constexpr Pair operator*(Pair a, int k) { return {a.mg * k, a.eg * k}; }
    friend constexpr bool operator==(Pair, Pair) = default;
};

// --- Material and phase ---------------------------------------------------
inline constexpr Pair kMaterial[6] = {{85, 115}, {330, 315}, {345, 335}, {470, 545}, {1000, 1010}, {0, 0}};
inline constexpr int kPhaseWeight[6] = {0, 1, 1, 2, 4, 0};
inline constexpr int kPhaseMax = 24;  // every minor and major piece on the board
inline constexpr int kScaleMax = 64;  // endgame scale factor: 64 is "no scaling"

// --- Piece-square tables (middlegame, endgame) ----------------------------
using Table = std::array<int, 64>;
// clang-format off
inline constexpr Table kPawnMg = {
     0,  0,  0,  0,  0,  0,  0,  0,
    40, 40, 40, 40, 40, 40, 40, 40,
     8, 10, 16, 24, 24, 16, 10,  8,
     2,  2,  8, 20, 20,  8,  2,  2,
    -2, -2,  6, 16, 16,  6, -2, -2,
     2, -2, -4,  2,  2, -4, -2,  2,
     2,  6,  6,-16,-16,  6,  6,  2,
     0,  0,  0,  0,  0,  0,  0,  0};
inline constexpr Table kPawnEg = {
     0,  0,  0,  0,  0,  0,  0,  0,
    60, 60, 55, 50, 50, 55, 60, 60,
    30, 30, 25, 20, 20, 25, 30, 30,
    14, 12, 10,  6,  6, 10, 12, 14,
     6,  4,  2,  0,  0,  2,  4,  6,
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  2,  2,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0};
inline constexpr Table kKnightMg = {
   -60,-30,-24,-20,-20,-24,-30,-60,
   -30,-16,  4,  8,  8,  4,-16,-30,
   -20,  6, 14, 20, 20, 14,  6,-20,
   -16,  6, 16, 22, 22, 16,  6,-16,
   -18,  2, 14, 16, 16, 14,  2,-18,
   -24,  0,  8, 10, 10,  8,  0,-24,
   -30,-18, -2,  2,  2, -2,-18,-30,
   -50,-26,-26,-22,-22,-26,-26,-50};
inline constexpr Table kKnightEg = {
   -40,-24,-16,-12,-12,-16,-24,-40,
   -24,-10, -4,  2,  2, -4,-10,-24,
   -16, -4,  6, 10, 10,  6, -4,-16,
   -12,  2, 10, 16, 16, 10,  2,-12,
   -12,  2, 10, 16, 16, 10,  2,-12,
   -16, -4,  4, 10, 10,  4, -4,-16,
   -24,-10, -4,  0,  0, -4,-10,-24,
   -40,-24,-16,-12,-12,-16,-24,-40};
inline constexpr Table kBishopMg = {
   -16, -8,-10,-10,-10,-10, -8,-16,
    -8,  0,  0,  0,  0,  0,  0, -8,
    -6,  4,  6,  8,  8,  6,  4, -6,
    -6,  6,  6, 10, 10,  6,  6, -6,
    -6,  4,  8, 10, 10,  8,  4, -6,
    -4,  8,  8,  6,  6,  8,  8, -4,
    -6, 10,  4,  2,  2,  4, 10, -6,
   -16, -6, -8, -6, -6, -8, -6,-16};
inline constexpr Table kBishopEg = {
   -14, -8, -8, -6, -6, -8, -8,-14,
    -8, -2,  0,  2,  2,  0, -2, -8,
    -6,  0,  4,  6,  6,  4,  0, -6,
    -6,  2,  6,  8,  8,  6,  2, -6,
    -6,  2,  6,  8,  8,  6,  2, -6,
    -6,  0,  4,  6,  6,  4,  0, -6,
    -8, -2,  0,  2,  2,  0, -2, -8,
   -14, -8, -8, -6, -6, -8, -8,-14};
inline constexpr Table kRookMg = {
     4,  4,  6,  8,  8,  6,  4,  4,
    14, 18, 18, 18, 18, 18, 18, 14,
    -4,  0,  0,  2,  2,  0,  0, -4,
    -6, -2,  0,  0,  0,  0, -2, -6,
    -8, -4, -2,  0,  0, -2, -4, -8,
    -8, -4, -2,  0,  0, -2, -4, -8,
   -10, -4, -2,  0,  0, -2, -4,-10,
    -4, -2,  2,  6,  6,  4, -4, -4};
inline constexpr Table kRookEg = {
     8,  8,  8,  8,  8,  8,  8,  8,
    10, 12, 12, 12, 12, 12, 12, 10,
     4,  4,  4,  4,  4,  4,  4,  4,
     2,  2,  2,  2,  2,  2,  2,  2,
     0,  0,  0,  0,  0,  0,  0,  0,
    -2, -2, -2, -2, -2, -2, -2, -2,
    -4, -4, -4, -4, -4, -4, -4, -4,
    -4, -2,  0,  0,  0,  0, -2, -4};
inline constexpr Table kQueenMg = {
   -14, -8, -6, -4, -4, -6, -8,-14,
    -8,-10, -2,  0,  0, -2,-10, -8,
    -6,  0,  2,  4,  4,  2,  0, -6,
    -4,  0,  4,  4,  4,  4,  0, -4,
    -4,  0,  4,  4,  4,  4,  0, -4,
    -6,  2,  4,  2,  2,  4,  2, -6,
    -8,  0,  4,  4,  4,  0,  0, -8,
   -14, -8, -6,  2,  0, -8, -8,-14};
inline constexpr Table kQueenEg = {
   -16, -8, -6, -4, -4, -6, -8,-16,
    -8,  0,  4,  6,  6,  4,  0, -8,
    -6,  4,  8, 10, 10,  8,  4, -6,
    -4,  6, 10, 14, 14, 10,  6, -4,
    -4,  6, 10, 14, 14, 10,  6, -4,
    -6,  4,  8, 10, 10,  8,  4, -6,
    -8,  0,  4,  6,  6,  4,  0, -8,
   -16, -8, -6, -4, -4, -6, -8,-16};
inline constexpr Table kKingMg = {
   -40,-44,-44,-50,-50,-44,-44,-40,
   -36,-40,-40,-46,-46,-40,-40,-36,
   -32,-36,-36,-42,-42,-36,-36,-32,
   -30,-34,-34,-40,-40,-34,-34,-30,
   -24,-28,-30,-36,-36,-30,-28,-24,
   -10,-16,-18,-24,-24,-18,-16,-10,
    14, 10, -6,-16,-16, -6, 12, 14,
    16, 30,  8,-10,  0,  6, 32, 20};
inline constexpr Table kKingEg = {
   -50,-30,-24,-18,-18,-24,-30,-50,
   -26,-10, -2,  4,  4, -2,-10,-26,
   -20,  0, 16, 22, 22, 16,  0,-20,
   -18,  4, 22, 30, 30, 22,  4,-18,
   -20,  0, 18, 26, 26, 18,  0,-20,
   -24, -6,  8, 14, 14,  8, -6,-24,
   -30,-16, -6,  0,  0, -6,-16,-30,
   -52,-36,-26,-22,-22,-26,-36,-52};
// clang-format on
inline constexpr const Table* kPstMg[6] = {&kPawnMg, &kKnightMg, &kBishopMg, &kRookMg, &kQueenMg, &kKingMg};
inline constexpr const Table* kPstEg[6] = {&kPawnEg, &kKnightEg, &kBishopEg, &kRookEg, &kQueenEg, &kKingEg};

// --- Mobility: by the number of safe squares a piece reaches --------------
// Squares count where they hold no own pawn or king and no enemy pawn attacks them.
inline constexpr Pair kKnightMobility[9] = {{-50, -60}, {-28, -36}, {-10, -18}, {-2, -6}, {4, 4},
                                            {10, 10},   {16, 14},   {20, 18},   {24, 20}};
inline constexpr Pair kBishopMobility[14] = {{-40, -56}, {-22, -34}, {-6, -18}, {2, -6},  {10, 4},  {16, 12}, {20, 18},
                                             {24, 24},   {27, 28},   {30, 32},  {33, 34}, {36, 36}, {40, 38}, {44, 40}};
inline constexpr Pair kRookMobility[15] = {{-44, -64}, {-24, -36}, {-10, -18}, {-6, -6}, {-4, 4},
                                           {0, 12},    {4, 20},    {8, 26},    {12, 32}, {14, 38},
                                           {16, 44},   {18, 48},   {20, 52},   {22, 55}, {24, 58}};
inline constexpr Pair kQueenMobility[28] = {
    {-30, -50}, {-20, -36}, {-10, -24}, {-4, -14}, {0, -6},  {4, 2},   {6, 8},   {8, 14},  {10, 20}, {12, 24},
    {14, 28},   {16, 32},   {18, 36},   {19, 40},  {20, 42}, {21, 44}, {22, 46}, {23, 48}, {24, 50}, {25, 52},
    {26, 54},   {27, 56},   {28, 58},   {29, 60},  {30, 62}, {31, 64}, {32, 66}, {33, 68}};

// --- Pawn structure ---------------------------------------------------------
inline constexpr Pair kIsolated = {-10, -14};
inline constexpr Pair kDoubled = {-8, -22};
inline constexpr Pair kBackward = {-8, -10};
// Connected pawns (side by side or defended by a pawn), by relative rank.
inline constexpr Pair kConnected[8] = {{0, 0}, {4, 2}, {6, 4}, {10, 8}, {18, 16}, {32, 30}, {50, 50}, {0, 0}};
// Passed pawns by relative rank, and in the endgame by how far each king is
// from the square in front of the pawn (own king near helps, enemy king near stops it).
inline constexpr Pair kPassed[8] = {{0, 0}, {2, 8}, {4, 12}, {8, 24}, {24, 44}, {48, 84}, {80, 130}, {0, 0}};
inline constexpr int kPassedOwnKingDistance[8] = {0, 0, 0, 2, 5, 8, 10, 0};      // eg, per square, by rank
inline constexpr int kPassedEnemyKingDistance[8] = {0, 0, 0, 5, 10, 16, 20, 0};  // eg, per square, by rank
inline constexpr Pair kPassedBlocked = {-6, -14};                            // a piece stands on the square in front
inline constexpr int kPassedFreePathBonus[8] = {0, 0, 0, 6, 12, 24, 40, 0};  // eg: no enemy piece controls the path
// A passed pawn that the enemy king cannot catch in a pawn ending (the rule of the square).
inline constexpr int kUnstoppablePassed = 600;

// --- Pieces -----------------------------------------------------------------
inline constexpr Pair kBishopPair = {30, 55};
inline constexpr Pair kBadBishopPawn = {-2, -5};  // per own pawn on the bishop's colour
inline constexpr Pair kKnightOutpost = {24, 12};  // defended by a pawn, no enemy pawn can chase it
inline constexpr Pair kBishopOutpost = {14, 6};
inline constexpr Pair kRookOpenFile = {40, 12};
inline constexpr Pair kRookSemiOpenFile = {16, 8};
inline constexpr Pair kRookOnSeventh = {6, 24};  // with enemy pawns there or the king behind them
inline constexpr Pair kQueenOpenFile = {6, 4};

// --- King safety ----------------------------------------------------------
// Attack units: each piece that hits the king zone adds its weight; squares
// attacked in the zone, weak squares and safe checks add more. The penalty
// grows with the square of the units (a lone attacker is harmless).
inline constexpr int kKingAttackWeight[6] = {0, 20, 20, 40, 80, 0};
inline constexpr int kKingZoneSquareUnits = 8;
inline constexpr int kKingWeakSquareUnits = 12;
inline constexpr int kSafeCheckUnits[6] = {0, 80, 60, 90, 70, 0};
inline constexpr int kNoQueenUnits = -120;
inline constexpr int kKingDangerDivisorMg = 256;  // mg penalty = units^2 / divisor
inline constexpr int kKingDangerDivisorEg = 12;   // eg penalty = units / divisor
inline constexpr int kKingDangerMax = 1200;       // units are capped here
// Pawn shelter on the king's file and its neighbours, by the relative rank of
// the nearest own pawn (0: none on the file), and enemy pawns storming them.
inline constexpr int kShelter[8] = {-36, 10, 4, -8, -18, -24, -30, -36};
inline constexpr int kStorm[8] = {0, 0, -30, -20, -10, -4, 0, 0};  // by the enemy pawn's relative rank (from us)
inline constexpr int kKingOpenFile = -16;                          // mg: no pawn at all on a file next to the king

// --- Threats --------------------------------------------------------------
inline constexpr Pair kThreatByPawn = {50, 40};  // a piece attacked by a pawn
inline constexpr Pair kThreatByMinor[6] = {{4, 18}, {18, 24}, {24, 28}, {44, 46}, {40, 50}, {0, 0}};
inline constexpr Pair kThreatByRook[6] = {{2, 20}, {12, 24}, {12, 24}, {0, 12}, {40, 30}, {0, 0}};
inline constexpr Pair kHanging = {30, 20};  // attacked and not defended
inline constexpr Pair kThreatByKing = {4, 20};
inline constexpr Pair kSafePawnPush = {12, 10};  // a pawn push that would attack a piece

inline constexpr Pair kTempo = {18, 10};

// --- Endgame scaling (out of kScaleMax) -------------------------------------
inline constexpr int kScaleOppositeBishops = 32;  // bishops of opposite colours and pawns only
inline constexpr int kScaleNoPawnsMinorUp = 0;    // no pawns and at most a minor piece ahead
inline constexpr int kScaleNoPawnsRookUp = 16;    // no pawns, about a rook vs a minor

}  // namespace ply::chess::eval
