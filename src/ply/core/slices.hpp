// Where a game offers its endgames to retrograde analysis (search/retro):
// positions grouped into slices by material, each slice's positions numbered
// densely from 0, the game's symmetries folded so that a position and its
// mirror images share one index. Its folder specializes SliceIndex<G>:
//
//   template <>
//   struct SliceIndex<MyGame> {
//       using Slice = ...;  // a material signature: regular, ordered
//       // Every slice of at most `pieces` pieces, each after every slice
//       // that a move out of it (a capture, a promotion) leads into.
//       static std::vector<Slice> slices(int pieces);
//       static std::string name(const Slice&);                   // "KQvK", "2Kv1K"
//       static std::optional<Slice> parse(std::string_view name);  // nullopt: no such slice
//       static int pieces(const Slice&);
//       static std::uint64_t size(const Slice&);                    // indices 0 .. size-1
//       // The position stored at `index`, set into `out`; false when the
//       // index names no position counted (illegal, or a mirror image of
//       // another index): then `out` is unspecified.
//       static bool position(const Slice&, std::uint64_t index, MyGame& out);
//       // Where a position is stored; nullopt when no slice holds it (too
//       // many pieces, castling rights, a rule draw pending...). For every
//       // counted index i, address(position(s, i)) == {s, i}.
//       static std::optional<SliceAddress<Slice>> address(const MyGame&);
//       // Optional: false for a position whose value the files do not keep
//       // (checkers: a capture pending), found by one ply of search when
//       // probed (search/retro/table_set.hpp). Chains of such positions end.
//       static bool stored(const MyGame&);
//   };
//
// Optional: `static std::vector<Slice> successors(const Slice&)`, the slices
// a move may lead into (a superset will do), so that a build for one
// position makes only the slices it needs (`ply egtb build --for`).
//
// Optional, for a build in a few bytes a position instead of four a move:
// `static void unmoves(const Slice&, const MyGame& g, std::vector<std::uint64_t>& out)`
// appends the index of every position of the slice with a move that leads
// to g (g as position() sets it) and stays in the slice, duplicates and
// indices not counted allowed; not a move whose result is aliased (below).
//
// Optional: `static bool aliased(const MyGame&)`, true for a position that
// address() stores as another one it differs from in a way the index drops
// (chess: a pawn that may be taken en passant). Its value is not the
// stored one: a build gives it a node of its own, a probe searches it.
//
// A stored value is the position's value for the side to move, so a game may
// fold the colours too (checkers stores one side to move, the other is its
// colour-swapped image). A trait rather than members of G, as PerftCounter:
// the indexing tables stay out of the game's hot header.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/game.hpp>

namespace ply {

template <class Slice>
struct SliceAddress {
    Slice slice;
    std::uint64_t index = 0;
    friend bool operator==(const SliceAddress&, const SliceAddress&) = default;
};

// Left undefined for a game without endgame slices.
template <class G>
struct SliceIndex;

template <class G>
concept SlicedGame = Game<G> && requires(const G cg, G& g, const typename SliceIndex<G>::Slice s, std::uint64_t i,
                                         std::string_view text, int pieces) {
    requires std::regular<typename SliceIndex<G>::Slice>;
    requires std::totally_ordered<typename SliceIndex<G>::Slice>;
    { SliceIndex<G>::slices(pieces) } -> std::same_as<std::vector<typename SliceIndex<G>::Slice>>;
    { SliceIndex<G>::name(s) } -> std::convertible_to<std::string>;
    { SliceIndex<G>::parse(text) } -> std::same_as<std::optional<typename SliceIndex<G>::Slice>>;
    { SliceIndex<G>::pieces(s) } -> std::convertible_to<int>;
    { SliceIndex<G>::size(s) } -> std::convertible_to<std::uint64_t>;
    { SliceIndex<G>::position(s, i, g) } -> std::same_as<bool>;
    { SliceIndex<G>::address(cg) } -> std::same_as<std::optional<SliceAddress<typename SliceIndex<G>::Slice>>>;
};

template <SlicedGame G>
using SliceOf = typename SliceIndex<G>::Slice;

template <class G>
concept SuccessorSlicesGame = SlicedGame<G> && requires(const SliceOf<G> s) {
    { SliceIndex<G>::successors(s) } -> std::same_as<std::vector<SliceOf<G>>>;
};

template <class G>
concept UnmovesGame = SlicedGame<G> && requires(const SliceOf<G> s, const G g, std::vector<std::uint64_t>& out) {
    SliceIndex<G>::unmoves(s, g, out);
};

template <class G>
concept AliasingGame = SlicedGame<G> && requires(const G g) {
    { SliceIndex<G>::aliased(g) } -> std::same_as<bool>;
};

template <SlicedGame G>
bool is_aliased(const G& g) {
    if constexpr (AliasingGame<G>)
        return SliceIndex<G>::aliased(g);
    else
        return false;
}

}  // namespace ply
