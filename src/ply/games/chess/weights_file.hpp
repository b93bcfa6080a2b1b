// The evaluation's weights as text: the file `ply tune` writes and the engine
// loads (UCI option EvalFile), and the C++ of default_weights.hpp.
//
// A weights file has one line per pair, `name[index] mg eg` (a field that is a
// single pair has no index: `tempo 18 10`); names and indexes are those of
// for_each_weight (eval_params.hpp). '#' starts a comment. A file may list
// only some weights: the others keep the values it is read over.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <ply/games/chess/eval_params.hpp>

namespace ply::chess::eval {

// "material[1]", "tempo", ... in the tuner's order: kWeightCount names.
std::vector<std::string> weight_names();

std::string weights_text(const Weights& weights);
// `base` with the pairs the text lists; throws ParseError naming the line.
Weights parse_weights(std::string_view text, const Weights& base);
// The body of default_weights.hpp for these values.
std::string weights_cpp(const Weights& weights);

}  // namespace ply::chess::eval
