// Chess for `ply datagen` and `ply tune` (core/tuning.hpp): a position packed
// in 32 bytes, and the evaluation as a function of its weights: linear but
// for the king danger, whose sum is squared.
#pragma once

#include <ply/core/tuning.hpp>
#include <ply/games/chess/position.hpp>

namespace ply {

template <>
struct Tuning<chess::Position> {
    using Position = chess::Position;
    // Bytes 0-7: occupied squares (bit n: square n, a1 = 0); 8-23: a nibble
    // per occupied square in that order (White's pieces 0-5, Black's 6-11,
    // pawn to king); 24: Black to move (bit 0) and castling KQkq (bits 1-4);
    // 25: en passant square or 64; 26: halfmove clock; 27-28: move number;
    // 29-31: zero.
    static constexpr std::size_t kPackedSize = 32;
    static void pack(const Position& pos, std::span<std::byte, kPackedSize> out);
    static Position unpack(std::span<const std::byte, kPackedSize> in);
    static bool first_player_to_move(const Position& pos) { return pos.side_to_move() == chess::White; }

    static LinearEval linear(const Position& pos);
    static std::vector<std::string> weight_names();
    static std::vector<WeightPair> weights();
    static void set_weights(const std::vector<WeightPair>& weights);
    static std::string weights_text(const std::vector<WeightPair>& weights);
    // Over the default weights: a file that lists some weights sets those.
    static std::vector<WeightPair> parse_weights(std::string_view text);
    static std::string weights_cpp(const std::vector<WeightPair>& weights);
};

}  // namespace ply
