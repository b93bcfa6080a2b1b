// What `ply datagen` and `ply tune` ask of a game whose evaluation is a sum
// of weights times counts, each weight a middlegame/endgame pair blended by
// the game's phase. Its folder specializes Tuning<G>:
//
//   template <>
//   struct Tuning<MyGame> {
//       static constexpr std::size_t kPackedSize = 32;    // bytes of a packed position
//       static void pack(const MyGame& g, std::span<std::byte, kPackedSize> out);
//       static MyGame unpack(std::span<const std::byte, kPackedSize> in);  // throws ParseError
//       static bool first_player_to_move(const MyGame& g);
//       static LinearEval linear(const MyGame& g);          // with the weights in use
//       static std::vector<std::string> weight_names();     // "group[index]"
//       static std::vector<WeightPair> weights();           // in use
//       static void set_weights(const std::vector<WeightPair>& w);
//       static std::string weights_text(const std::vector<WeightPair>& w);  // the weights file
//       static std::vector<WeightPair> parse_weights(std::string_view text);  // throws ParseError
//       static std::string weights_cpp(const std::vector<WeightPair>& w);   // the defaults' source
//   };
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>

namespace ply {

using WeightPair = std::array<int, 2>;  // middlegame, endgame

using WeightCounts = std::vector<std::pair<std::uint32_t, std::int16_t>>;  // weight, count

// A danger grows faster than what causes it (chess: a lone attacker of a
// king is harmless, three are deadly). A danger term sums its weights times
// counts, s per half, and costs max(s, 0)^2 / mg_divisor in the middlegame
// and max(s, 0) / eg_divisor in the endgame, the divisors the game's own.
// Its weights are tuned with the others: the tuner differentiates through
// the square.
struct DangerSum {
    WeightCounts counts;
    double sign = -1;  // -1: the danger is the first player's
    int mg_divisor = 1, eg_divisor = 1;
};

// A position's evaluation as a function of the weights, from the first
// player's point of view, in two halves:
//   mg = fixed_mg + sum over counts of count * mg weight + sum over dangers of sign * danger cost
//   eg = the same with the endgame halves, then + sign(eg) * max(C, -|eg|)
//   value = mg * mg_share + eg * eg_share
// where C, the complexity, sums the endgame halves of its counts' weights:
// how winnable the ending is, which can move the endgame value toward 0
// but not past it. No complexity counts: C is 0 and changes nothing.
struct LinearEval {
    WeightCounts counts;                // first player's count - second's
    std::vector<DangerSum> dangers;     // none in a purely linear evaluation
    WeightCounts complexity;            // counts of the position, not of a side
    double mg_share = 1;                // the middlegame's part of the blend
    double eg_share = 0;                // the endgame's, endgame scaling included
    double fixed_mg = 0, fixed_eg = 0;  // what no weight explains
};

// Left undefined for a game without tunable weights.
template <class G>
struct Tuning;

template <class G>
concept TunableGame = NotatedGame<G> && described<G>() &&
    requires(const G cg, std::span<std::byte, Tuning<G>::kPackedSize> out,
             std::span<const std::byte, Tuning<G>::kPackedSize> in, const std::vector<WeightPair>& w,
             std::string_view text) {
    {Tuning<G>::pack(cg, out)};
    { Tuning<G>::unpack(in) } -> std::same_as<G>;
    { Tuning<G>::first_player_to_move(cg) } -> std::same_as<bool>;
    { Tuning<G>::linear(cg) } -> std::same_as<LinearEval>;
    { Tuning<G>::weight_names() } -> std::same_as<std::vector<std::string>>;
    { Tuning<G>::weights() } -> std::same_as<std::vector<WeightPair>>;
    {Tuning<G>::set_weights(w)};
    { Tuning<G>::weights_text(w) } -> std::same_as<std::string>;
    { Tuning<G>::parse_weights(text) } -> std::same_as<std::vector<WeightPair>>;
    { Tuning<G>::weights_cpp(w) } -> std::same_as<std::string>;
};

}  // namespace ply
