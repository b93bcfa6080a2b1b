// Checkers' endgame slices (games/checkers/slices.hpp) and the values the
// retrograde builder finds in them, against independent truth: the
// placements counted in OEIS A055213, Ed Trice's 1 king against 1 king
// slice, the exact solver's forward search (games/checkers/solve.hpp) and the
// classic First Position.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <random>
#include <set>
#include <vector>

#include <ply/games/checkers/description.hpp>
#include <ply/search/retro/build.hpp>

namespace {

using ply::checkers::Checkers;
using ply::checkers::Slice;
using Slicing = ply::SliceIndex<Checkers>;
using ply::retro::Code;

// OEIS A055213: placements of n pieces, men never on their own crowning row.
constexpr std::uint64_t kA055213[7] = {1, 120, 6972, 261224, 7092774, 148688232, 2503611964};

// The board turned half round (square n to 33 - n), colours and the side to
// move swapped, square by square.
Checkers colour_swapped(const Checkers& g) {
    const auto turn = [](std::uint32_t b) {
        std::uint32_t out = 0;
        for (int q = 0; q < 32; ++q)
            if (b & (1u << q)) out |= 1u << (31 - q);
        return out;
    };
    Checkers out;
    out.set_board(turn(g.pieces(ply::checkers::White)), turn(g.pieces(ply::checkers::Black)), turn(g.kings()),
                  g.side_to_move() == ply::checkers::Black ? ply::checkers::White : ply::checkers::Black);
    return out;
}

// Whether `g` is a placement the slice may hold: no man on its crowning row,
// the material of the slice with one side or the other to move.
bool fits(const Checkers& g, const Slice& s) {
    using ply::checkers::kCrowningRow;
    const std::uint32_t black = g.pieces(ply::checkers::Black), white = g.pieces(ply::checkers::White);
    const std::uint32_t kings = g.kings();
    if ((black & white) || (kings & ~(black | white))) return false;
    if ((black & ~kings & kCrowningRow[0]) || (white & ~kings & kCrowningRow[1])) return false;
    const auto side = [&](std::uint32_t b) {
        return ply::checkers::Material{std::popcount(b & kings), std::popcount(b & ~kings)};
    };
    const auto mover = side(g.pieces(g.side_to_move()));
    const auto other =
        side(g.pieces(g.side_to_move() == ply::checkers::Black ? ply::checkers::White : ply::checkers::Black));
    return (mover == s.first && other == s.second) || (mover == s.second && other == s.first);
}

// Every index of the slice names a placement of its material, stored where
// address() finds it, and so does the position's colour-swapped image.
void expect_round_trip(const Slice& s, std::uint64_t i) {
    Checkers g;
    ASSERT_TRUE(Slicing::position(s, i, g)) << Slicing::name(s) << " " << i;
    ASSERT_TRUE(fits(g, s)) << Slicing::name(s) << " " << i << ": " << g.fen();
    const ply::SliceAddress<Slice> want{s, i};
    ASSERT_EQ(Slicing::address(g), want) << g.fen();
    ASSERT_EQ(Slicing::address(colour_swapped(g)), want) << colour_swapped(g).fen();
}

}  // namespace

TEST(CheckersSlices, NamesReadBackAndBadOnesAreRefused) {
    std::set<std::string> names;
    for (const Slice& s : Slicing::slices(ply::checkers::kMostSlicePieces)) {
        const std::string name = Slicing::name(s);
        EXPECT_EQ(Slicing::parse(name), s) << name;
        EXPECT_TRUE(names.insert(name).second) << name;
    }
    EXPECT_EQ(Slicing::name(Slice{{1, 0}, {1, 0}}), "1Kv1K");
    EXPECT_EQ(Slicing::name(Slice{{2, 1}, {1, 2}}), "2K1Mv1K2M");
    EXPECT_EQ(Slicing::name(Slice{{0, 1}, {0, 0}}), "1Mv0");
    for (const char* bad : {"", "v", "0v0", "1K", "1Kv", "v1K", "1Kv2K", "1M1Kv2M", "0Kv1K", "01Kv1K", "1kv1k",
                            "1Kv1K ", " 1Kv1K", "2Kv-1K", "1Mv1K", "5Kv4K", "1K1K1v0", "1Kx1K", "99999999999Kv0"})
        EXPECT_FALSE(Slicing::parse(bad).has_value()) << bad;
    EXPECT_THROW(Slicing::slices(ply::checkers::kMostSlicePieces + 1), std::out_of_range);
    // Slices made by hand rather than parsed: none of these is indexed.
    Checkers g;
    for (const Slice& s : {Slice{{5, 0}, {4, 0}}, Slice{{0, 1}, {1, 0}}, Slice{{-1, 2}, {0, 0}}, Slice{}}) {
        EXPECT_EQ(Slicing::size(s), 0u);
        EXPECT_FALSE(Slicing::position(s, 0, g));
    }
}

TEST(CheckersSlices, IndicesNumberThePlacementsOfA055213) {
    std::map<int, std::uint64_t> total;
    for (const Slice& s : Slicing::slices(6)) total[s.pieces()] += Slicing::size(s);
    for (int n = 1; n <= 6; ++n) EXPECT_EQ(total[n], kA055213[n]) << n << " pieces";
}

// Round trips over every index of up to 4 pieces: with the counts above, the
// indices are exactly the placements, each once.
TEST(CheckersSlices, EveryIndexOfFourPiecesOrFewerRoundTrips) {
    for (const Slice& s : Slicing::slices(4))
        for (std::uint64_t i = 0; i < Slicing::size(s); ++i) {
            expect_round_trip(s, i);
            if (::testing::Test::HasFatalFailure()) return;
        }
}

TEST(CheckersSlices, SampledIndicesOfFiveToEightPiecesRoundTrip) {
    std::mt19937_64 random(76);
    for (const Slice& s : Slicing::slices(8)) {
        if (s.pieces() < 5) continue;
        const std::uint64_t size = Slicing::size(s);
        for (const std::uint64_t i : {std::uint64_t{0}, size / 2, size - 1, random() % size, random() % size}) {
            expect_round_trip(s, i);
            if (::testing::Test::HasFatalFailure()) return;
        }
        Checkers g;
        EXPECT_FALSE(Slicing::position(s, size, g));
    }
}

// Both ways on random indices of 3 to 8 pieces: a move that stays in the
// slice is one of its result's unmoves, and an unmove is one of the
// predecessor's moves (a capture due forbids a step).
TEST(CheckersSlices, UnmovesAreTheMovesTakenBack) {
    std::mt19937_64 random(76);
    auto unmoves = [](const Slice& s, std::uint64_t i) {
        Checkers g;
        EXPECT_TRUE(Slicing::position(s, i, g));
        std::vector<std::uint64_t> out;
        Slicing::unmoves(s, g, out);
        return out;
    };
    int inside = 0, back = 0;
    for (const Slice& s : Slicing::slices(8)) {
        if (s.pieces() < 3) continue;
        for (int k = 0; k < 20; ++k) {
            const std::uint64_t i = random() % Slicing::size(s);
            Checkers g;
            ASSERT_TRUE(Slicing::position(s, i, g));
            Checkers::MoveList moves;
            g.generate_moves(moves);
            for (const auto move : moves) {
                g.make(move);
                const auto at = Slicing::address(g);
                g.unmake(move);
                if (!at || at->slice != s) continue;
                ++inside;
                EXPECT_TRUE(std::ranges::count(unmoves(s, at->index), i)) << g.fen();
            }
            for (const std::uint64_t p : unmoves(s, i)) {
                ++back;
                Checkers before;
                ASSERT_TRUE(Slicing::position(s, p, before));
                Checkers::MoveList theirs;
                before.generate_moves(theirs);
                const bool leads_here = std::ranges::any_of(theirs, [&](auto move) {
                    before.make(move);
                    const bool here = Slicing::address(before) == ply::SliceAddress<Slice>{s, i};
                    before.unmake(move);
                    return here;
                });
                EXPECT_TRUE(leads_here) << before.fen() << " does not lead to " << g.fen();
            }
        }
    }
    EXPECT_GT(inside, 1000);
    EXPECT_GT(back, 1000);
}

TEST(CheckersSlices, NoSliceForAnEmptyBoardOrTooManyPieces) {
    EXPECT_FALSE(Slicing::address(Checkers::from_fen("B:W:B")).has_value());
    EXPECT_FALSE(Slicing::address(Checkers::from_fen("B:W21-25:B1-4")).has_value());
    EXPECT_TRUE(Slicing::address(Checkers::from_fen("B:W21-24:B1-4")).has_value());
}
