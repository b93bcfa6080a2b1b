// Checkers' endgame slices for retrograde analysis (core/slices.hpp): a
// slice is a material signature, each side's kings and men.
//
// The colours are folded: a position and its colour-swapped image (the board
// turned 180 degrees, square n becoming 33 - n, colours and the side to move
// swapped) share one index, and the value, for the side to move, is the
// same. Every position is stored as if Black were to move. A move turns "A to
// move against B" into "B to move against A", so a slice holds one unordered
// pair {A, B} with both sides to move: for A != B the first half of its
// indices has A to move, the second half B; for A == B one half is all there
// is. Summed over the slices of n pieces, the indices number the placements
// of n pieces (men never on their own crowning row), OEIS A055213: 120,
// 6,972, 261,224, 7,092,774, 148,688,232, 2,503,611,964 for n = 1 to 6.
// Every index is a position: none is left unused.
//
// Names read like chess's "KQvK": each side as its kings then its men, the
// stronger side first (more pieces, then more kings), a side with nothing
// "0": "1Kv1K", "2K1Mv1K2M", "1Mv0". One spelling per slice, so that a name
// is a file name too; parse() takes exactly what name() writes.
//
// Within a side to move: the men first (Black's on squares 1-28, White's on
// 5-32, both as combinations ranked in colex order, grouped by how many of
// Black's stand on squares 1-4, where White's cannot go), then Black's kings
// among the empty squares, then White's among those left. No history is
// indexed: the databases ignore repetition and the 40-move rule.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/slices.hpp>
#include <ply/games/checkers/checkers.hpp>

namespace ply::checkers {

struct Material {
    int kings = 0;
    int men = 0;
    [[nodiscard]] constexpr int pieces() const { return kings + men; }
    friend constexpr auto operator<=>(const Material&, const Material&) = default;
};

struct Slice {
    Material first;   // the stronger side: more pieces, then more kings
    Material second;  // the other
    [[nodiscard]] constexpr int pieces() const { return first.pieces() + second.pieces(); }
    friend constexpr auto operator<=>(const Slice&, const Slice&) = default;
};

// Indices exist up to this many pieces (the largest databases built for
// checkers are of 10; these of 8 stay within 64-bit indices comfortably).
inline constexpr int kMostSlicePieces = 8;

}  // namespace ply::checkers

namespace ply {

template <>
struct SliceIndex<checkers::Checkers> {
    using Slice = checkers::Slice;
    // Every slice of 1 to `pieces` pieces, by piece count and then by the
    // number of men (a crowning leads to one man fewer); throws
    // std::out_of_range beyond kMostSlicePieces.
    static std::vector<Slice> slices(int pieces);
    static std::string name(const Slice& slice);
    static std::optional<Slice> parse(std::string_view name);
    static int pieces(const Slice& slice) { return slice.pieces(); }
    // 0 for a slice that slices() does not list (too many pieces, the weaker side first).
    static std::uint64_t size(const Slice& slice);
    // Sets `out` to the position at `index`, Black to move; false past the end.
    static bool position(const Slice& slice, std::uint64_t index, checkers::Checkers& out);
    // The slices a move may lead into, by material alone (a superset): the
    // mover may crown a man and take any of the other side's pieces.
    static std::vector<Slice> successors(const Slice& slice);
    // Nullopt for an empty board or more than kMostSlicePieces pieces.
    static std::optional<SliceAddress<Slice>> address(const checkers::Checkers& game);
    // Steps taken back (captures and crownings lead in from other slices),
    // where the side that stepped had no capture due.
    static void unmoves(const Slice& slice, const checkers::Checkers& g, std::vector<std::uint64_t>& out);
};

}  // namespace ply
