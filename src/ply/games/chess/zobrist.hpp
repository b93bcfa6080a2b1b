// Zobrist keys, generated at compile time by splitmix64 from a fixed seed.
#pragma once

#include <cstdint>

#include <ply/core/hash.hpp>
#include <ply/games/chess/types.hpp>

namespace ply::chess::zobrist {

struct Keys {
    std::uint64_t piece[12][64]{};
    std::uint64_t castling[16]{};   // indexed by the whole rights mask
    std::uint64_t en_passant[8]{};  // by file
    std::uint64_t side = 0;         // xored in when Black is to move
};

constexpr Keys make_keys() {
    Keys k;
    std::uint64_t state = 0x5EED0F91A7C4E55ULL;
    auto next = [&state] { return splitmix64(state); };
    for (auto& row : k.piece)
        for (auto& key : row) key = next();
    // Each right has its own key; a mask's key is the xor of its rights' keys.
    std::uint64_t right[4] = {next(), next(), next(), next()};
    for (int mask = 0; mask < 16; ++mask)
        for (int r = 0; r < 4; ++r)
            if (mask & (1 << r)) k.castling[mask] ^= right[r];
    for (auto& key : k.en_passant) key = next();
    k.side = next();
    return k;
}

inline constexpr Keys keys = make_keys();

}  // namespace ply::chess::zobrist
