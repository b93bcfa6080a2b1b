// The static evaluation of a chess position, term by term. Position::evaluate()
// is the fast path; evaluate_traced() fills a Trace with every term per side
// and phase for the `eval` command and for tests. Both run the same code.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include <ply/core/score.hpp>
#include <ply/games/chess/eval_params.hpp>

namespace ply::chess {
class Position;
}

namespace ply::chess::eval {

enum Term : int {
    Material,
    PieceSquares,
    Mobility,
    PawnStructure,
    PassedPawns,
    KingSafety,
    Pieces,
    Threats,
    Endgame,  // driving a bare king to the edge
    Tempo,
    Complexity,  // for the side ahead in the endgame
    TermCount
};
inline constexpr const char* kTermNames[TermCount] = {"Material",     "Piece squares", "Mobility",  "Pawn structure",
                                                      "Passed pawns", "King safety",   "Pieces",    "Threats",
                                                      "Endgame",      "Tempo",         "Complexity"};

struct Trace {
    Pair terms[TermCount][2]{};  // [term][colour], each from that colour's point of view
    // For the tuner: how many times each weight counted for each colour (in
    // for_each_weight's order), and the part of the value no weight explains.
    std::array<std::array<std::int16_t, 2>, kWeightCount> counts{};
    Pair fixed[2]{};
    int phase = 0;          // kPhaseMax: opening material, 0: bare kings and pawns
    int scale = kScaleMax;  // applied to the endgame part
    Score white = 0;        // the final value from White's point of view
};

// The weights the evaluation reads: kDefaultWeights until set_weights()
// (a weights file, the tuner). Never while a search runs.
const Weights& weights();
void set_weights(const Weights& weights);

// Side-relative value (positive: good for the side to move).
Score evaluate(const Position& pos);
Score evaluate_traced(const Position& pos, Trace& trace);

// The table that `eval` prints: every term for each side, middlegame and endgame.
std::string describe(const Position& pos);

}  // namespace ply::chess::eval
