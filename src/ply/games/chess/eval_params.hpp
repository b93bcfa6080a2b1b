// What each weight of the chess evaluation means, and the constants that are
// not tuned. Every tuned weight is a pair: its value in the middlegame and in
// the endgame; the evaluation blends the two by the material left (the phase).
// Each one adds to the value linearly (weight x count), which is what lets
// `ply tune` fit them all at once. Units are centipawns. The values are in
// default_weights.hpp; a weights file (weights_file.hpp) replaces them at run
// time.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

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

// --- The tuned weights --------------------------------------------------------
// Only pairs, in one block: the tuner numbers them in declaration order
// (for_each_weight below lists them in that order; a test checks it).
struct Weights {
    std::array<Pair, 6> material;             // by piece type; the king's is 0
    std::array<std::array<Pair, 64>, 6> pst;  // [piece][square]: White's side, rank 8 first
    // Mobility, by the number of safe squares the piece reaches: squares that
    // hold no own pawn or king and no enemy pawn attacks.
    std::array<Pair, 9> knight_mobility;
    std::array<Pair, 14> bishop_mobility;
    std::array<Pair, 15> rook_mobility;
    std::array<Pair, 28> queen_mobility;
    // Pawn structure. Connected: side by side or defended by a pawn, by relative rank.
    Pair isolated, doubled, backward;
    std::array<Pair, 8> connected;
    // An isolated or backward pawn with no enemy pawn in front on its file:
    // the enemy's rooks attack it down the file.
    Pair isolated_exposed, backward_exposed;
    // Added to isolated by the file's distance from the edge (a, h: 0 to d, e:
    // 3); added to connected for a pawn beside another, by relative rank.
    std::array<Pair, 4> isolated_by_file;
    std::array<Pair, 8> phalanx;
    // Not passed, but no enemy pawn in front on its file and at least as many
    // own pawns beside or behind it on the files next to it as enemy pawns in
    // front on them: it can become passed. By relative rank.
    std::array<Pair, 8> candidate_passed;
    // Passed pawns by relative rank; per square of each king's distance to
    // the square in front (own king near helps, the enemy's near stops it);
    // a piece standing in front; no enemy piece controlling the path.
    std::array<Pair, 8> passed;
    std::array<Pair, 8> passed_own_king_distance;
    std::array<Pair, 8> passed_enemy_king_distance;
    Pair passed_blocked;
    std::array<Pair, 8> passed_free_path;
    // The square in front empty and not attacked by the enemy, by relative
    // rank; a rook of ours, or of the enemy's, behind the passer on its file.
    std::array<Pair, 8> passed_safe_push;
    Pair rook_behind_passer, enemy_rook_behind_passer;
    // Added to passed by the file's distance from the edge (a, h: 0).
    std::array<Pair, 4> passed_by_file;
    // Pieces. Bad bishop: per own pawn on the bishop's colour. Outpost:
    // defended by a pawn, no enemy pawn can chase it. Seventh: with enemy
    // pawns there or the king behind them.
    Pair bishop_pair, bad_bishop_pawn, knight_outpost, bishop_outpost;
    // Per own pawn on the bishop's colour blocked by an enemy pawn; a bishop
    // that sees two centre squares through the pawns (a long diagonal).
    Pair bishop_rammed_pawn, bishop_long_diagonal;
    // Knights like closed positions, rooks open ones: by how closed the
    // pawns make the board (0 to 8, see the evaluation's closedness()).
    std::array<Pair, 9> knight_closedness, rook_closedness;
    // A knight or bishop right behind a pawn (either side's): shielded from the front.
    Pair minor_behind_pawn;
    // Per safe central square behind the pawn front (space in eval).
    Pair space;
    // The same squares again, by how many knights, bishops, rooks and queens
    // we have (at most 7): space matters while there are pieces to use it.
    std::array<Pair, 8> space_by_pieces;
    Pair rook_open_file, rook_semi_open_file, rook_on_seventh, queen_open_file;
    // A knight that reaches an outpost square next move; a rook or queen on
    // the enemy king's file with no own pawn on it; a rook hemmed in beside
    // its uncastled king (3 safe squares or fewer); a queen that an enemy
    // bishop or rook would hit if one piece moved (a pin or a discovery).
    Pair knight_reachable_outpost, major_on_king_file, rook_trapped, queen_relative_pin;
    // Per enemy pawn on a bishop's diagonals (through any piece); a bishop
    // (through pawns only) or a rook (on its file) aimed at the enemy king's
    // zone it does not attack yet; a rook on a queen's file; a queen in the
    // enemy half on a square no enemy pawn can ever attack. (A knight's
    // distance to the enemy king, and attacks on the squares of the king's
    // wing in its five ranks, tuned to 0 in the same round and were dropped.)
    Pair bishop_xray_pawns, bishop_on_king_ring, rook_on_king_ring;
    Pair rook_on_queen_file, queen_infiltration;
    // King shelter on the king's file and its neighbours, by the relative rank
    // of the nearest own pawn (0: none on the file); enemy pawns storming
    // them, by their rank from our side; a file next to the king with no pawn.
    std::array<Pair, 8> shelter;
    std::array<Pair, 8> storm;
    Pair king_open_file;
    // Added to shelter and storm by the file's distance from the edge (a and
    // h: 0, d and e: 3) and the rank, [distance * 8 + rank]; the king's own
    // file's shelter by rank; a storming pawn that ours blocks, by rank.
    std::array<Pair, 32> shelter_by_file, storm_by_file;
    std::array<Pair, 8> shelter_king_file, storm_blocked;
    // Per square between a knight and its own king (a bishop's distance
    // tuned to 0 in the same round and was dropped).
    Pair knight_king_distance;
    // Own pawns, knights and bishops in the king's zone (at most 11).
    std::array<Pair, 12> king_defenders;
    // No pawn on the king's wing (a-d, c-f or e-h by its file); per square
    // from the king to its nearest own pawn.
    Pair pawnless_wing, king_pawn_distance;
    // King danger, summed for each king where enough enemy pieces hit its
    // zone (the king's square, its neighbours and one rank further): each
    // such piece by type; each square of the zone attacked; each attacked
    // zone square only the king or the queen defends; each safe check by the
    // checking piece's type; no enemy queen. The sum costs its square in the
    // middlegame (core/tuning.hpp's danger term), so it is not added directly.
    std::array<Pair, 6> danger_attacker;
    Pair danger_zone_square, danger_weak_square;
    std::array<Pair, 6> danger_safe_check;
    Pair danger_unsafe_check;  // per piece type that can check only on a defended square
    Pair danger_no_queen;
    // Threats: a piece attacked by a pawn; by a minor or a rook, by the type
    // attacked; a piece attacked and not defended; by the king; a safe pawn
    // push that would attack a piece.
    Pair threat_by_pawn;
    std::array<Pair, 6> threat_by_minor;
    std::array<Pair, 6> threat_by_rook;
    Pair hanging, threat_by_king, safe_pawn_push;
    // Squares from which a knight, or a bishop or rook, could attack the
    // enemy's lone queen next move, safely; squares both sides attack that
    // the enemy does not hold strongly (its pieces are restricted there).
    Pair knight_on_queen, slider_on_queen, restricted;
    // An enemy piece (not a pawn) that we attack once and it defends once:
    // its one defender is overloaded.
    Pair threat_overloaded;
    Pair tempo;
    // Complexity: how winnable the ending is. Their sum C (endgame halves
    // only) moves the endgame value E toward the side ahead by C, or back
    // toward a draw by -C, never past 0: E + sign(E) * max(C, -|E|). Per
    // pawn on the board; pawns on both wings; pawns alone (no other piece);
    // a king in the enemy's half; and always. (The kings' distance in files
    // minus that in ranks, outflanking, tuned to 0 and was dropped.)
    Pair complexity_pawns, complexity_both_wings, complexity_pawn_ending, complexity_infiltration, complexity_base;
};

// Calls f(name, span of pairs) for each field of Weights, in declaration
// order; the tables of the piece-square array one piece at a time.
template <class W, class F>
constexpr void for_each_weight(W& w, F&& f) {
    f("material", std::span(w.material));
    constexpr std::string_view kPieces[6] = {"pst_pawn", "pst_knight", "pst_bishop",
                                             "pst_rook", "pst_queen",  "pst_king"};
    for (std::size_t t = 0; t < 6; ++t) f(kPieces[t], std::span(w.pst[t]));
    f("knight_mobility", std::span(w.knight_mobility));
    f("bishop_mobility", std::span(w.bishop_mobility));
    f("rook_mobility", std::span(w.rook_mobility));
    f("queen_mobility", std::span(w.queen_mobility));
    f("isolated", std::span(&w.isolated, 1));
    f("doubled", std::span(&w.doubled, 1));
    f("backward", std::span(&w.backward, 1));
    f("connected", std::span(w.connected));
    f("isolated_exposed", std::span(&w.isolated_exposed, 1));
    f("backward_exposed", std::span(&w.backward_exposed, 1));
    f("isolated_by_file", std::span(w.isolated_by_file));
    f("phalanx", std::span(w.phalanx));
    f("candidate_passed", std::span(w.candidate_passed));
    f("passed", std::span(w.passed));
    f("passed_own_king_distance", std::span(w.passed_own_king_distance));
    f("passed_enemy_king_distance", std::span(w.passed_enemy_king_distance));
    f("passed_blocked", std::span(&w.passed_blocked, 1));
    f("passed_free_path", std::span(w.passed_free_path));
    f("passed_safe_push", std::span(w.passed_safe_push));
    f("rook_behind_passer", std::span(&w.rook_behind_passer, 1));
    f("enemy_rook_behind_passer", std::span(&w.enemy_rook_behind_passer, 1));
    f("passed_by_file", std::span(w.passed_by_file));
    f("bishop_pair", std::span(&w.bishop_pair, 1));
    f("bad_bishop_pawn", std::span(&w.bad_bishop_pawn, 1));
    f("knight_outpost", std::span(&w.knight_outpost, 1));
    f("bishop_outpost", std::span(&w.bishop_outpost, 1));
    f("bishop_rammed_pawn", std::span(&w.bishop_rammed_pawn, 1));
    f("bishop_long_diagonal", std::span(&w.bishop_long_diagonal, 1));
    f("knight_closedness", std::span(w.knight_closedness));
    f("rook_closedness", std::span(w.rook_closedness));
    f("minor_behind_pawn", std::span(&w.minor_behind_pawn, 1));
    f("space", std::span(&w.space, 1));
    f("space_by_pieces", std::span(w.space_by_pieces));
    f("rook_open_file", std::span(&w.rook_open_file, 1));
    f("rook_semi_open_file", std::span(&w.rook_semi_open_file, 1));
    f("rook_on_seventh", std::span(&w.rook_on_seventh, 1));
    f("queen_open_file", std::span(&w.queen_open_file, 1));
    f("knight_reachable_outpost", std::span(&w.knight_reachable_outpost, 1));
    f("major_on_king_file", std::span(&w.major_on_king_file, 1));
    f("rook_trapped", std::span(&w.rook_trapped, 1));
    f("queen_relative_pin", std::span(&w.queen_relative_pin, 1));
    f("bishop_xray_pawns", std::span(&w.bishop_xray_pawns, 1));
    f("bishop_on_king_ring", std::span(&w.bishop_on_king_ring, 1));
    f("rook_on_king_ring", std::span(&w.rook_on_king_ring, 1));
    f("rook_on_queen_file", std::span(&w.rook_on_queen_file, 1));
    f("queen_infiltration", std::span(&w.queen_infiltration, 1));
    f("shelter", std::span(w.shelter));
    f("storm", std::span(w.storm));
    f("king_open_file", std::span(&w.king_open_file, 1));
    f("shelter_by_file", std::span(w.shelter_by_file));
    f("storm_by_file", std::span(w.storm_by_file));
    f("shelter_king_file", std::span(w.shelter_king_file));
    f("storm_blocked", std::span(w.storm_blocked));
    f("knight_king_distance", std::span(&w.knight_king_distance, 1));
    f("king_defenders", std::span(w.king_defenders));
    f("pawnless_wing", std::span(&w.pawnless_wing, 1));
    f("king_pawn_distance", std::span(&w.king_pawn_distance, 1));
    f("danger_attacker", std::span(w.danger_attacker));
    f("danger_zone_square", std::span(&w.danger_zone_square, 1));
    f("danger_weak_square", std::span(&w.danger_weak_square, 1));
    f("danger_safe_check", std::span(w.danger_safe_check));
    f("danger_unsafe_check", std::span(&w.danger_unsafe_check, 1));
    f("danger_no_queen", std::span(&w.danger_no_queen, 1));
    f("threat_by_pawn", std::span(&w.threat_by_pawn, 1));
    f("threat_by_minor", std::span(w.threat_by_minor));
    f("threat_by_rook", std::span(w.threat_by_rook));
    f("hanging", std::span(&w.hanging, 1));
    f("threat_by_king", std::span(&w.threat_by_king, 1));
    f("safe_pawn_push", std::span(&w.safe_pawn_push, 1));
    f("knight_on_queen", std::span(&w.knight_on_queen, 1));
    f("slider_on_queen", std::span(&w.slider_on_queen, 1));
    f("restricted", std::span(&w.restricted, 1));
    f("threat_overloaded", std::span(&w.threat_overloaded, 1));
    f("tempo", std::span(&w.tempo, 1));
    f("complexity_pawns", std::span(&w.complexity_pawns, 1));
    f("complexity_both_wings", std::span(&w.complexity_both_wings, 1));
    f("complexity_pawn_ending", std::span(&w.complexity_pawn_ending, 1));
    f("complexity_infiltration", std::span(&w.complexity_infiltration, 1));
    f("complexity_base", std::span(&w.complexity_base, 1));
}

inline constexpr std::size_t kWeightCount = sizeof(Weights) / sizeof(Pair);
static_assert(sizeof(Weights) % sizeof(Pair) == 0);

// The number (for_each_weight's order, Trace::counts' index) of `weight`,
// a member of `weights`.
inline std::size_t weight_index(const Weights& weights, const Pair& weight) {
    return static_cast<std::size_t>(reinterpret_cast<const std::byte*>(&weight) -
                                    reinterpret_cast<const std::byte*>(&weights)) /
           sizeof(Pair);
}

// --- Fixed: the phase, the endgame scale ----------------------------------------
inline constexpr int kPhaseWeight[6] = {0, 1, 1, 2, 4, 0};
inline constexpr int kPhaseMax = 24;  // every minor and major piece on the board
inline constexpr int kScaleMax = 64;  // endgame scale factor: 64 is "no scaling"
// Material as the endgame scale counts it (what is enough to win), not tuned.
inline constexpr int kScaleMaterial[6] = {85, 330, 345, 470, 1000, 0};

// A passed pawn that the enemy king cannot catch in a pawn ending (the rule of the square).
inline constexpr int kUnstoppablePassed = 600;

// What a king's danger of s (the sum of its weights times counts, 0 if
// negative) costs: s * s / kDangerMgDivisor in the middlegame, s /
// kDangerEgDivisor in the endgame. A lone attacker is harmless, three are deadly.
inline constexpr int kDangerMgDivisor = 256;
inline constexpr int kDangerEgDivisor = 16;

// The king-danger weights, first and last: their numbers are the danger
// term's (the tuner takes their counts apart from the linear ones).
inline constexpr std::size_t kDangerFirst = offsetof(Weights, danger_attacker) / sizeof(Pair);
inline constexpr std::size_t kDangerEnd = offsetof(Weights, danger_no_queen) / sizeof(Pair) + 1;

// The complexity weights, first and last: the tuner takes them through the
// clamp (core/tuning.hpp's complexity term).
inline constexpr std::size_t kComplexityFirst = offsetof(Weights, complexity_pawns) / sizeof(Pair);
inline constexpr std::size_t kComplexityEnd = offsetof(Weights, complexity_base) / sizeof(Pair) + 1;

// --- Endgame scaling (out of kScaleMax) -------------------------------------
inline constexpr int kScaleOppositeBishops = 32;  // bishops of opposite colours and pawns only
inline constexpr int kScaleNoPawnsMinorUp = 0;    // no pawns and at most a minor piece ahead
inline constexpr int kScaleNoPawnsRookUp = 16;    // no pawns, about a rook vs a minor

}  // namespace ply::chess::eval
