// Checkers' moves on whole bitboards, for the counts and proofs that need
// them fast (perft.cpp, solve.cpp): every man of a side steps with one shift.
// The same rules as Checkers::generate_legal, in another order.
#pragma once

#include <bit>
#include <cstdint>

#include <ply/games/checkers/checkers.hpp>

namespace ply::checkers::bitboard {

// ---- Steps on whole bitboards ------------------------------------------------
// Square 4r + k holds column 2k + 1 on even rows and 2k on odd ones, so one
// step changes the square by 3, 4 or 5 depending on the row's parity; the
// masks drop the pieces on the edge a step would leave the board from.

inline constexpr std::uint32_t kEvenRows = 0x0F0F0F0Fu;
inline constexpr std::uint32_t kOddRows = 0xF0F0F0F0u;
inline constexpr std::uint32_t kLeftEdge = 0x10101010u;   // column 0 (odd rows)
inline constexpr std::uint32_t kRightEdge = 0x08080808u;  // column 7 (even rows)

// Direction d as in checkers.hpp: 0, 1 towards row 7; 2, 3 towards row 0.
constexpr std::uint32_t step(int d, std::uint32_t s) {
    switch (d) {
        case 0:
            return ((s & kEvenRows) << 4) | ((s & kOddRows & ~kLeftEdge) << 3);
        case 1:
            return ((s & kEvenRows & ~kRightEdge) << 5) | ((s & kOddRows) << 4);
        case 2:
            return ((s & kEvenRows) >> 4) | ((s & kOddRows & ~kLeftEdge) >> 5);
        default:
            return ((s & kEvenRows & ~kRightEdge) >> 3) | ((s & kOddRows) >> 4);
    }
}
constexpr int opposite(int d) { return 3 - d; }

constexpr bool steps_match_the_tables() {
    for (int s = 0; s < 32; ++s)
        for (int d = 0; d < 4; ++d) {
            const int to = kTables.step[s][d];
            if (step(d, bit(s)) != (to == kNone ? 0 : bit(to))) return false;
        }
    return true;
}
static_assert(steps_match_the_tables());

// A man's directions (Black's towards row 7); a king adds the other two.
template <int Us>
constexpr int kForward = Us == Black ? 0 : 2;
template <int Us>
constexpr int kBackward = Us == Black ? 2 : 0;

struct Board {
    std::uint32_t pieces[2];
    std::uint32_t kings;
};

// The pieces of `movers` that can jump in direction d.
constexpr std::uint32_t jumpers(int d, std::uint32_t movers, std::uint32_t theirs, std::uint32_t empty) {
    return movers & step(opposite(d), theirs & step(opposite(d), empty));
}

template <int Us>
inline std::uint32_t all_jumpers(const Board& b, std::uint32_t empty) {
    const std::uint32_t mine = b.pieces[Us], theirs = b.pieces[1 - Us], kings = mine & b.kings;
    return jumpers(kForward<Us>, mine, theirs, empty) | jumpers(kForward<Us> + 1, mine, theirs, empty) |
           jumpers(kBackward<Us>, kings, theirs, empty) | jumpers(kBackward<Us> + 1, kings, theirs, empty);
}

// Every route on from `at` (one bit) after taking `taken`; a route that
// cannot go on is a move, given to `found`. Taken pieces stay until the
// move ends: they block and cannot be taken twice.
template <int Us, bool King, class Found>
void extend(std::uint32_t at, std::uint32_t takeable, std::uint32_t empty, std::uint32_t taken, Found& found) {
    bool extended = false;
    for (int d = King ? 0 : kForward<Us>; d < (King ? 4 : kForward<Us> + 2); ++d) {
        const std::uint32_t over = step(d, at) & takeable;
        const std::uint32_t land = step(d, over) & empty;
        if (!land) continue;
        extended = true;
        if (!King && (land & kCrowningRow[Us]))
            found(land, taken | over);  // crowned: the move ends here
        else
            extend<Us, King>(land, takeable & ~over, empty, taken | over, found);
    }
    if (!extended) found(at, taken);
}

template <int Us, class Found>
void each_jump(const Board& b, std::uint32_t movers, std::uint32_t empty, Found&& found) {
    for (; movers; movers &= movers - 1) {
        const std::uint32_t from = movers & (0u - movers);
        auto landed = [&](std::uint32_t to, std::uint32_t taken) { found(from, to, taken); };
        // The mover's own square is empty once it has left.
        if (b.kings & from)
            extend<Us, true>(from, b.pieces[1 - Us], empty | from, 0, landed);
        else
            extend<Us, false>(from, b.pieces[1 - Us], empty | from, 0, landed);
    }
}

template <int Us>
inline std::uint64_t count_quiet(const Board& b, std::uint32_t empty) {
    const std::uint32_t mine = b.pieces[Us], kings = mine & b.kings;
    return static_cast<std::uint64_t>(
        std::popcount(step(kForward<Us>, mine) & empty) + std::popcount(step(kForward<Us> + 1, mine) & empty) +
        std::popcount(step(kBackward<Us>, kings) & empty) + std::popcount(step(kBackward<Us> + 1, kings) & empty));
}

template <int Us>
inline Board after(const Board& b, std::uint32_t from, std::uint32_t to, std::uint32_t taken) {
    Board n = b;
    n.pieces[Us] = (n.pieces[Us] & ~from) | to;  // not a flip: a king's round may end where it began
    n.pieces[1 - Us] &= ~taken;
    n.kings &= ~taken;
    if (b.kings & from)
        n.kings = (n.kings & ~from) | to;
    else
        n.kings |= to & kCrowningRow[Us];
    return n;
}

// Every move of the side to move, jumps if there are any, as
// found(from, to, taken).
template <int Us, class Found>
void each_move(const Board& b, Found&& found) {
    const std::uint32_t empty = ~(b.pieces[0] | b.pieces[1]);
    if (const std::uint32_t jumping = all_jumpers<Us>(b, empty)) return each_jump<Us>(b, jumping, empty, found);
    const std::uint32_t mine = b.pieces[Us], kings = mine & b.kings;
    const auto play = [&](int d, std::uint32_t movers) {
        for (std::uint32_t to = step(d, movers) & empty; to; to &= to - 1) {
            const std::uint32_t target = to & (0u - to);
            found(step(opposite(d), target), target, std::uint32_t{0});
        }
    };
    play(kForward<Us>, mine);
    play(kForward<Us> + 1, mine);
    play(kBackward<Us>, kings);
    play(kBackward<Us> + 1, kings);
}

}  // namespace ply::checkers::bitboard
