// Checkers for `ply datagen` and `ply tune` (core/tuning.hpp): a position
// packed in 16 bytes, and the evaluation (evaluate.hpp), linear in its weights.
#pragma once

#include <ply/core/tuning.hpp>
#include <ply/games/checkers/checkers.hpp>

namespace ply {

template <>
struct Tuning<checkers::Checkers> {
    using Checkers = checkers::Checkers;
    // Bytes 0-3: Black's pieces (bit n: square n + 1), 4-7: White's, 8-11:
    // the kings, little-endian; 12: White to move (bit 0); 13-15: zero (the
    // evaluation reads neither the quiet plies nor the move number).
    static constexpr std::size_t kPackedSize = 16;
    static void pack(const Checkers& g, std::span<std::byte, kPackedSize> out);
    static Checkers unpack(std::span<const std::byte, kPackedSize> in);
    static bool first_player_to_move(const Checkers& g) { return g.side_to_move() == checkers::Black; }

    static LinearEval linear(const Checkers& g);
    static std::vector<std::string> weight_names();
    static std::vector<WeightPair> weights();
    static void set_weights(const std::vector<WeightPair>& weights);
    static std::string weights_text(const std::vector<WeightPair>& weights);
    // Over the default weights: a file that lists some weights sets those.
    static std::vector<WeightPair> parse_weights(std::string_view text);
    static std::string weights_cpp(const std::vector<WeightPair>& weights);
};

}  // namespace ply
