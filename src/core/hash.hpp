// Hashing helpers shared by the games.
#pragma once

#include <cstdint>

namespace ply {

// A bijective 64-bit mixer (the MurmurHash3 finaliser): spreads a perfect key
// over all bits without creating collisions.
constexpr std::uint64_t mix64(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

}  // namespace ply
