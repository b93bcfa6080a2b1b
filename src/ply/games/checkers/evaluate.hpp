// The checkers evaluation (its terms in eval_weights.hpp) and the weights it
// reads, which a weights file or the tuner may replace.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/score.hpp>
#include <ply/games/checkers/checkers.hpp>
#include <ply/games/checkers/eval_weights.hpp>

namespace ply::checkers::eval {

// The weights the evaluation reads: kDefaultWeights until set_weights().
// Never while a search runs.
const Weights& weights();
void set_weights(const Weights& weights);

// Each term's count, Black's minus White's, and the phase (pieces on the
// board, at most kPhaseMax): what the evaluation multiplies by the weights.
struct Trace {
    std::array<int, static_cast<std::size_t>(kWeightCount)> counts{};
    int phase = 0;
};
Trace trace(const Checkers& g);

// The evaluation for the side to move, with `w`.
Score evaluate(const Checkers& g, const Weights& w);

// "man", "man_row[3]", ... in the tuner's order: kWeightCount names.
std::vector<std::string> weight_names();
std::string weights_text(const Weights& weights);
// `base` with the pairs the text lists; throws ParseError naming the line.
Weights parse_weights(std::string_view text, const Weights& base = kDefaultWeights);

}  // namespace ply::checkers::eval
