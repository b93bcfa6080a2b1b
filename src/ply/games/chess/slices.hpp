// Chess endgames offered to retrograde analysis (core/slices.hpp): one slice
// per material signature, named as Syzygy names its tables ("KQvK", "KRPvKR":
// the stronger side first). Positions are counted as the Syzygy generator's
// statistics count them, so that the two can be compared: once per board
// symmetry, both sides to move, the side not to move never in check, no
// castling or en passant rights.
//
// A pawn pushed two squares that can be taken en passant leaves a position
// stored as the same one without that right: aliased, valued by the builder
// as a node of its own and by a probe through one ply of search.
//
// A slice's side 0 is its stronger side, and White in the positions it
// returns. A position whose White is the weaker side is stored as its colour
// flip (board turned top to bottom, colours and side to move swapped): the
// value for the side to move is the same. With equal material both sides to
// move are stored as they stand.
//
// An index, most significant first: the side to move (0: side 0); the two
// kings (side 0's king in the a1-d1-d4 triangle without pawns, 462 pairs;
// on files a-d with pawns, 1806 pairs); each pawn (side 0's, then side 1's)
// among the 48 squares of ranks 2-7 not taken by earlier pawns; each other
// piece (side 0's Q, R, B, N, then side 1's) among the squares still free.
// Like pieces go in ascending squares, and a position with both kings on the
// long diagonal takes the smaller index of itself and its mirror in that
// diagonal: position() names every other index not counted.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/slices.hpp>
#include <ply/games/chess/position.hpp>

namespace ply::chess {

// A material signature: each side's men beyond its king, side 0 the stronger
// as Syzygy orders sides (more men; with as many, the stronger pieces first
// in the order Q R B N P at the first difference).
struct Material {
    static constexpr int max_pieces = 5;                 // kings included
    std::array<std::array<std::uint8_t, 5>, 2> count{};  // [side][Pawn .. Queen]
    friend auto operator<=>(const Material&, const Material&) = default;
};

}  // namespace ply::chess

namespace ply {

template <>
struct SliceIndex<chess::Position> {
    using Slice = chess::Material;
    // Every signature of 2 to min(pieces, Material::max_pieces) pieces, by
    // number of pieces, then of pawns: captures and promotions lead earlier.
    static std::vector<Slice> slices(int pieces);
    // The slices a move may lead into: a capture of any of the other side's
    // pieces, a promotion, both at once (ply egtb build --for).
    static std::vector<Slice> successors(const Slice& slice);
    static std::string name(const Slice& slice);
    // The signature of a name as name() writes it; nullopt for anything else
    // ("KvKQ", "KNBvK", more than max_pieces pieces).
    static std::optional<Slice> parse(std::string_view name);
    static int pieces(const Slice& slice);
    static std::uint64_t size(const Slice& slice);
    static bool position(const Slice& slice, std::uint64_t index, chess::Position& out);
    // nullopt for castling rights, more than max_pieces pieces, kings
    // touching or a pawn on a back rank.
    static std::optional<SliceAddress<Slice>> address(const chess::Position& pos);
    // Quiet moves and pushes taken back (captures and promotions lead in
    // from other slices); a predecessor may leave the side to move in check:
    // its index is then not counted.
    static void unmoves(const Slice& slice, const chess::Position& g, std::vector<std::uint64_t>& out);
    // An en passant right: stored as the position without it.
    static bool aliased(const chess::Position& pos);
};

}  // namespace ply
