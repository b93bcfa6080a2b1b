// Shapes around the last move that a playout should answer: hane and cuts
// in contact with it and their forms on the first line, in the spirit of
// MoGo's 3x3 patterns (Gelly, Wang, Munos and Teytaud, 2006), which made
// playouts play local, sequence-like Go instead of random stones.
//
// A point's neighbourhood is 16 bits, two per neighbour (Empty, Black,
// White, Edge) in the order NW N NE W E SW S SE; a table of 65,536 bits,
// built once, says whether the shape is urgent. It is the same for either
// player: a cut or a hane is urgent for both.
#pragma once

#include <cstdint>

#include <ply/games/go/board.hpp>

namespace ply::go {

// The neighbourhood code of p (p's own colour is not part of it).
inline std::uint16_t neighbourhood(const Board& b, Point p) {
    constexpr int offsets[8] = {-kStride - 1, -kStride, -kStride + 1, -1, 1, kStride - 1, kStride, kStride + 1};
    std::uint16_t code = 0;
    for (int i = 0; i < 8; ++i) code = static_cast<std::uint16_t>(code << 2 | b.at(static_cast<Point>(p + offsets[i])));
    return code;
}

// Whether an empty point with this neighbourhood is an urgent shape.
bool is_urgent_shape(std::uint16_t neighbourhood);

}  // namespace ply::go
