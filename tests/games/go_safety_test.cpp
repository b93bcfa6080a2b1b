// Go's proven bounds and end-of-game cleanup: Benson's unconditional life
// on hand-made boards and against random play (what it counts stays the
// colour's whatever the other side does while that colour passes), the
// exact solver ended by those bounds, and dead stones taken off before a pass.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <random>
#include <string>

#include <ply/games/go/cleanup.hpp>
#include <ply/games/go/go.hpp>
#include <ply/games/go/safety.hpp>
#include <ply/games/go/status.hpp>
#include <ply/search/solve/exhaustive.hpp>

namespace {

using ply::go::Black;
using ply::go::Go;
using ply::go::kPass;
using ply::go::safe_points;
using ply::go::White;

int safe(const char* position, ply::go::Color c) { return safe_points(Go::from_position(position).board(), c); }

TEST(GoSafety, BensonOnHandMadeBoards) {
    EXPECT_EQ(safe("X.X/XXX/X.X w 0", Black), 9);  // two one-point eyes: the whole board
    EXPECT_EQ(safe("X.X/XXX/X.X w 0", White), 0);
    EXPECT_EQ(safe("XXX/X.X/XXX w 0", Black), 0);  // one eye lives by no rule
    EXPECT_EQ(safe("XX./X.X/XXX w 0", Black), 9);  // two eyes that touch only at a corner
    EXPECT_EQ(safe("X../X.X/XXX w 0", Black), 0);  // one eye of three points
    EXPECT_EQ(safe(".../.X./... w 0", Black), 0);  // a lone stone
    // A White stone in a Black eye: the chain lives (every empty point of
    // the region is its liberty) but the two-point region is not counted.
    EXPECT_EQ(safe(".OX.X/XXXXX/...../...../..... b 0", Black), 8);
    EXPECT_EQ(safe("..X.X/XXXXX/OOOOO/...../..... b 0", Black), 8);
    // Both live: Black's three eyes, White's two.
    EXPECT_EQ(safe(".X.X./XXXXX/OOOOO/O.O.O/OOOOO b 0", Black), 10);
    EXPECT_EQ(safe(".X.X./XXXXX/OOOOO/O.O.O/OOOOO b 0", White), 15);
}

// Benson's promise, tested: whatever the opponent plays while c only
// passes, c's area at the end is at least what safe_points counted.
TEST(GoSafety, WhatIsSafeStaysWhateverTheOpponentPlays) {
    std::mt19937_64 rng(7);
    int checked = 0, nonzero = 0;
    for (int game = 0; game < 3000; ++game) {
        Go g(4 + game % 2, 0);
        const int start = static_cast<int>(rng() % 40);
        for (int ply = 0; ply < start && g.outcome() == ply::Outcome::Ongoing; ++ply) g.make(g.playout_move(rng));
        if (g.outcome() != ply::Outcome::Ongoing) continue;
        const auto c = g.to_move() == Black ? White : Black;  // the side that will only pass
        const int promised = safe_points(g.board(), c);
        nonzero += promised > 0;
        for (int ply = 0; ply < 200 && g.outcome() == ply::Outcome::Ongoing; ++ply) {
            ply::MoveListOf<Go> moves;
            g.generate_moves(moves);
            const auto m = moves[static_cast<std::size_t>(rng() % moves.size())];
            g.make(m);
            if (g.outcome() == ply::Outcome::Ongoing) g.make(kPass);
        }
        std::array<ply::go::Color, ply::go::kPoints> owner{};
        g.board().area_owners(owner);
        int area = 0;
        for (const auto o : owner) area += o == c;
        ASSERT_GE(area, promised) << g.render();
        ++checked;
    }
    EXPECT_GT(checked, 2000);
    EXPECT_GT(nonzero, 100) << "the test must see living groups";
}

TEST(GoSafety, TheSolverStopsWhereTheBoardIsSettled) {
    // White to move can do nothing on Black's living board: -9 at once.
    const auto r = ply::solve::exhaustive(Go::from_position("X.X/XXX/X.X w 0"), 16);
    EXPECT_EQ(r.score, -18);
    EXPECT_LE(r.nodes, 4u);  // the root twice (a null window, then the value), its one move (pass) twice
    // 2x2 is still Black's by one point, in fewer nodes than without the bounds (1,289).
    const auto two = ply::solve::exhaustive(Go::from_position("2x2 komi 0"), 20);
    EXPECT_EQ(two.score, 2);
    EXPECT_LT(two.nodes, 1289u);
}

TEST(GoCleanup, DeadStonesComeOffBeforeAPass) {
    // A lone White stone (C7) deep in Black's area, Black to move.
    constexpr const char* kRows =
        "..X..XO../.X...XO../..O..XO../...X.XO../.....XO../..X..XO../.....XO../.X..XXO../.....XO..";
    const Go black_to_move = Go::from_position(std::string(kRows) + " b 7");
    const auto m = ply::go::dead_stone_capture(black_to_move, 1);
    ASSERT_TRUE(m.has_value());
    const int distance = std::abs(ply::go::column_of(*m) - 2) + std::abs(ply::go::row_of(*m) - 6);
    EXPECT_EQ(distance, 1) << Go::vertex(*m);
    // White has nothing of Black's to take, and with C7 gone neither has Black.
    EXPECT_FALSE(ply::go::dead_stone_capture(Go::from_position(std::string(kRows) + " w 7"), 1));
    std::string without(kRows);
    without[22] = '.';
    EXPECT_FALSE(ply::go::dead_stone_capture(Go::from_position(without + " b 7"), 1));
    // KGS's cleanup goes by the stones' status: the same move against C7,
    // nothing once it is gone, nothing for White.
    const auto attack = ply::go::dead_string_attack(black_to_move, 1);
    ASSERT_TRUE(attack.has_value());
    EXPECT_EQ(std::abs(ply::go::column_of(*attack) - 2) + std::abs(ply::go::row_of(*attack) - 6), 1);
    EXPECT_FALSE(ply::go::dead_string_attack(Go::from_position(without + " b 7"), 1));
    EXPECT_FALSE(ply::go::dead_string_attack(Go::from_position(std::string(kRows) + " w 7"), 1));
}

TEST(GoCleanup, StatusOfStones) {
    // The same board: C7 dead, the two walls alive, no seki.
    constexpr const char* kRows =
        "..X..XO../.X...XO../..O..XO../...X.XO../.....XO../..X..XO../.....XO../.X..XXO../.....XO..";
    const auto status = ply::go::stone_statuses(Go::from_position(std::string(kRows) + " b 7"), 3);
    using ply::go::StoneStatus;
    EXPECT_EQ(status[ply::go::point_at(2, 6)], StoneStatus::Dead);
    EXPECT_EQ(status[ply::go::point_at(5, 0)], StoneStatus::Alive);
    EXPECT_EQ(status[ply::go::point_at(6, 0)], StoneStatus::Alive);
    EXPECT_EQ(status[ply::go::point_at(0, 0)], StoneStatus::None) << "an empty point";
}

}  // namespace
