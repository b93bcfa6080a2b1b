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

// The next number of Vigna's splitmix64 sequence from `state`: compile-time
// pseudo-random keys (Zobrist tables) from a fixed seed.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace ply
