// Sliding-piece attacks. With BMI2 (chosen at build time: -march=native on a
// CPU that has it) the occupancy index is a single PEXT; otherwise magic
// bitboards, whose magic numbers are searched at start-up with a fixed seed.
// Both use the same relevant-occupancy masks.
#pragma once

#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include <ply/games/chess/bitboard.hpp>

namespace ply::chess {

namespace attacks {

struct Slider {
    Bitboard mask = 0;   // relevant occupancy (edges excluded)
    Bitboard magic = 0;  // unused with PEXT
    const Bitboard* table = nullptr;
    unsigned shift = 0;

    std::size_t index(Bitboard occupied) const {
#if defined(__BMI2__)
        return _pext_u64(occupied, mask);
#else
        return ((occupied & mask) * magic) >> shift;
#endif
    }
};

extern Slider rook[64];
extern Slider bishop[64];

// Fills the tables; idempotent and thread-safe. Position calls it, so code
// that only uses Position never needs to.
void init();

// The magic-multiplication variant, always available (built on first use) so
// that tests can check it on a machine that uses PEXT.
Bitboard magic_rook_attacks(Square s, Bitboard occupied);
Bitboard magic_bishop_attacks(Square s, Bitboard occupied);

constexpr bool uses_pext() {
#if defined(__BMI2__)
    return true;
#else
    return false;
#endif
}

}  // namespace attacks

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const attacks::Slider& e = attacks::rook[s];
    return e.table[e.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const attacks::Slider& e = attacks::bishop[s];
    return e.table[e.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}

// Attacks of a piece of type `t` (not a pawn) on `s`.
inline Bitboard piece_attacks(PieceType t, Square s, Bitboard occupied) {
    switch (t) {
        case Knight:
            return knight_attacks(s);
        case Bishop:
            return bishop_attacks(s, occupied);
        case Rook:
            return rook_attacks(s, occupied);
        case Queen:
            return queen_attacks(s, occupied);
        case King:
            return king_attacks(s);
        default:
            return 0;
    }
}

}  // namespace ply::chess
