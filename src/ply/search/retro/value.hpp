// A database value: the result for the side to move with perfect play and
// how many plies it takes to reach the end (a draw: none), in the 16-bit
// code the builder computes and the files store.
#pragma once

#include <cstdint>

#include <ply/core/outcome.hpp>

namespace ply::retro {

using Code = std::uint16_t;

struct Value {
    Outcome result = Outcome::Draw;  // Win, Loss or Draw for the side to move
    int plies = 0;
    friend bool operator==(const Value&, const Value&) = default;
};

// 0 a draw; win in n plies 2n+1, loss in n plies 2n+2. The two largest
// codes exist only while a slice is built.
inline constexpr Code draw_code = 0;
inline constexpr Code unknown_code = 0xFFFF;      // not settled yet
inline constexpr Code not_counted_code = 0xFFFE;  // the index names no position
inline constexpr int max_plies = (not_counted_code - 3) / 2;

constexpr Code win_code(int plies) { return Code(2 * plies + 1); }
constexpr Code loss_code(int plies) { return Code(2 * plies + 2); }
constexpr bool is_settled(Code c) { return c < not_counted_code; }

constexpr Value decode(Code c) {
    if (c == draw_code) return {Outcome::Draw, 0};
    return {(c & 1) ? Outcome::Win : Outcome::Loss, (c - 1) / 2};
}

constexpr Code encode(Value v) {
    switch (v.result) {
        case Outcome::Win:
            return win_code(v.plies);
        case Outcome::Loss:
            return loss_code(v.plies);
        default:
            return draw_code;
    }
}

}  // namespace ply::retro
