// A point's 3x3 neighbourhood: the move patterns of MoGo (Gelly, Wang,
// Munos and Teytaud, 2006) and of Coulom (2007) are read from it
// (features.hpp).
//
// A point's neighbourhood is 16 bits, two per neighbour (Empty, Black,
// White, Edge) in the order NW N NE W E SW S SE.
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

}  // namespace ply::go
