// Bitboards: one bit per square (a1 = bit 0), the basic set operations, and the
// tables that need no occupancy (leaper attacks, lines and segments between
// squares). All tables here are computed at compile time.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include <ply/games/chess/types.hpp>

namespace ply::chess {

using Bitboard = std::uint64_t;

inline constexpr Bitboard FileA = 0x0101010101010101ULL;
inline constexpr Bitboard FileH = FileA << 7;
inline constexpr Bitboard Rank1 = 0xFFULL;
inline constexpr Bitboard Rank8 = Rank1 << 56;

constexpr Bitboard file_bb(int f) { return FileA << f; }
constexpr Bitboard rank_bb(int r) { return Rank1 << (8 * r); }
constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr Square lsb(Bitboard b) { return std::countr_zero(b); }
constexpr Square msb(Bitboard b) { return 63 - std::countl_zero(b); }
constexpr Square pop_lsb(Bitboard& b) {
    const Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shifts toward a direction, dropping bits that would wrap around a board edge.
enum Direction : int {
    North = 8,
    South = -8,
    East = 1,
    West = -1,
    NorthEast = 9,
    NorthWest = 7,
    SouthEast = -7,
    SouthWest = -9
};

template <int D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == North)
        return b << 8;
    else if constexpr (D == South)
        return b >> 8;
    else if constexpr (D == East)
        return (b & ~FileH) << 1;
    else if constexpr (D == West)
        return (b & ~FileA) >> 1;
    else if constexpr (D == NorthEast)
        return (b & ~FileH) << 9;
    else if constexpr (D == NorthWest)
        return (b & ~FileA) << 7;
    else if constexpr (D == SouthEast)
        return (b & ~FileH) >> 7;
    else
        return (b & ~FileA) >> 9;
}

// Pawn helpers from the point of view of colour `C`.
template <Color C>
constexpr int Up = C == White ? North : South;
template <Color C>
constexpr int UpLeft = C == White ? NorthWest : SouthEast;  // toward file a for White
template <Color C>
constexpr int UpRight = C == White ? NorthEast : SouthWest;

template <Color C>
constexpr Bitboard pawn_attacks_set(Bitboard pawns) {
    return shift<UpLeft<C>>(pawns) | shift<UpRight<C>>(pawns);
}

namespace detail {

constexpr bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

constexpr Bitboard leaper(Square s, const int (&df)[8], const int (&dr)[8], int n) {
    Bitboard b = 0;
    for (int i = 0; i < n; ++i) {
        const int f = file_of(s) + df[i], r = rank_of(s) + dr[i];
        if (on_board(f, r)) b |= square_bb(make_square(f, r));
    }
    return b;
}

// Sliding attacks by walking rays: slow, used for tables and as a reference.
constexpr Bitboard ray_attacks(Square s, Bitboard occupied, bool diagonal) {
    constexpr int df[2][4] = {{1, -1, 0, 0}, {1, 1, -1, -1}};
    constexpr int dr[2][4] = {{0, 0, 1, -1}, {1, -1, 1, -1}};
    Bitboard b = 0;
    for (int d = 0; d < 4; ++d) {
        int f = file_of(s) + df[diagonal][d], r = rank_of(s) + dr[diagonal][d];
        while (on_board(f, r)) {
            const Square t = make_square(f, r);
            b |= square_bb(t);
            if (occupied & square_bb(t)) break;
            f += df[diagonal][d];
            r += dr[diagonal][d];
        }
    }
    return b;
}

struct StaticTables {
    Bitboard knight[64]{};
    Bitboard king[64]{};
    Bitboard pawn[2][64]{};
    Bitboard between[64][64]{};  // squares strictly between two aligned squares
    Bitboard line[64][64]{};     // the whole line through two aligned squares
};

constexpr StaticTables make_static_tables() {
    StaticTables t;
    constexpr int nf[8] = {1, 2, 2, 1, -1, -2, -2, -1}, nr[8] = {2, 1, -1, -2, -2, -1, 1, 2};
    constexpr int kf[8] = {1, 1, 1, 0, 0, -1, -1, -1}, kr[8] = {1, 0, -1, 1, -1, 1, 0, -1};
    constexpr int wf[8] = {-1, 1}, wr[8] = {1, 1}, bf[8] = {-1, 1}, br[8] = {-1, -1};
    for (Square s = 0; s < 64; ++s) {
        t.knight[s] = leaper(s, nf, nr, 8);
        t.king[s] = leaper(s, kf, kr, 8);
        t.pawn[White][s] = leaper(s, wf, wr, 2);
        t.pawn[Black][s] = leaper(s, bf, br, 2);
    }
    // Walk the eight rays from each square: the squares passed so far lie
    // between, and the line is the ray together with its opposite.
    constexpr int df[8] = {1, -1, 0, 0, 1, 1, -1, -1}, dr[8] = {0, 0, 1, -1, 1, -1, 1, -1};
    for (Square a = 0; a < 64; ++a) {
        for (int d = 0; d < 8; ++d) {
            Bitboard line = square_bb(a);
            for (int sign : {1, -1})
                for (int f = file_of(a) + sign * df[d], r = rank_of(a) + sign * dr[d]; on_board(f, r);
                     f += sign * df[d], r += sign * dr[d])
                    line |= square_bb(make_square(f, r));
            Bitboard passed = 0;
            for (int f = file_of(a) + df[d], r = rank_of(a) + dr[d]; on_board(f, r); f += df[d], r += dr[d]) {
                const Square b = make_square(f, r);
                t.between[a][b] = passed;
                t.line[a][b] = line;
                passed |= square_bb(b);
            }
        }
    }
    return t;
}

inline constexpr StaticTables tables = make_static_tables();

}  // namespace detail

inline Bitboard knight_attacks(Square s) { return detail::tables.knight[s]; }
inline Bitboard king_attacks(Square s) { return detail::tables.king[s]; }
inline Bitboard pawn_attacks(Color c, Square s) { return detail::tables.pawn[c][s]; }
inline Bitboard between_bb(Square a, Square b) { return detail::tables.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return detail::tables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

}  // namespace ply::chess
