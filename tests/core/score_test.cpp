#include <gtest/gtest.h>

#include <array>
#include <string>
#include <type_traits>

#include <ply/core/move_list.hpp>
#include <ply/core/outcome.hpp>
#include <ply/core/score.hpp>
#include <ply/core/uninitialized_array.hpp>

using namespace ply;

TEST(Score, ShorterMatesScoreHigher) {
    EXPECT_GT(mate_in_plies(1), mate_in_plies(3));
    EXPECT_LT(mated_in_plies(2), mated_in_plies(4));
    EXPECT_GT(mated_in_plies(kMaxPly), -kInfinity);
    EXPECT_TRUE(is_mate(mate_in_plies(kMaxPly - 1)));
    EXPECT_FALSE(is_mate(kMaxEval));
    EXPECT_FALSE(is_mate(-kMaxEval));
}

TEST(Score, MateInCountsFullMovesWithSign) {
    // Mate delivered on our 1st move is 1 ply away; on our 3rd, 5 plies.
    EXPECT_EQ(mate_in(mate_in_plies(1)), 1);
    EXPECT_EQ(mate_in(mate_in_plies(5)), 3);
    // Mated after our move and the reply: 2 plies, "mate -1".
    EXPECT_EQ(mate_in(mated_in_plies(2)), -1);
    EXPECT_EQ(mate_in(mated_in_plies(0)), 0);  // already checkmated
    EXPECT_EQ(mate_plies(mated_in_plies(6)), 6);
}

TEST(Score, TranspositionTableConversionRoundTrips) {
    // A mate 7 plies from the root found at ply 3 is 4 plies from that node.
    const Score root_relative = mate_in_plies(7);
    const Score stored = score_to_tt(root_relative, 3);
    EXPECT_EQ(stored, mate_in_plies(4));
    // Probed again at ply 5 (another path), it is 9 plies from the root.
    EXPECT_EQ(score_from_tt(stored, 5), mate_in_plies(9));
    EXPECT_EQ(score_from_tt(score_to_tt(mated_in_plies(10), 6), 6), mated_in_plies(10));
    for (Score s : {0, 150, -150, kMaxEval, -kMaxEval})
        EXPECT_EQ(score_to_tt(s, 17), s) << "ordinary scores are stored unchanged";
}

TEST(Outcome, TerminalScores) {
    EXPECT_EQ(terminal_score(Outcome::Loss, 4, 0), mated_in_plies(4));
    EXPECT_EQ(terminal_score(Outcome::Win, 3, 0), mate_in_plies(3));
    EXPECT_EQ(terminal_score(Outcome::Draw, 3, 99), 0);
    EXPECT_EQ(terminal_score(Outcome::Scored, 3, 42), 42);
}

TEST(MoveList, FixedCapacityBehavesLikeAContainer) {
    MoveList<int, 4> list;
    EXPECT_TRUE(list.empty());
    list.push_back(3);
    list.push_back(1);
    EXPECT_EQ(list.size(), 2u);
    EXPECT_TRUE(list.contains(1));
    EXPECT_FALSE(list.contains(2));
    int sum = 0;
    for (int m : list) sum += m;
    EXPECT_EQ(sum, 4);
    list.clear();
    EXPECT_TRUE(list.empty());
}

TEST(MoveList, PushBackIfAppendsOnlyTheMovesKept) {
    MoveList<int, 4> list;
    list.push_back_if(1, false);
    list.push_back_if(2, true);
    list.push_back_if(3, false);
    list.push_back_if(4, true);
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list[0], 2);
    EXPECT_EQ(list[1], 4);
}

TEST(MoveList, CopiesHoldTheSameMoves) {
    MoveList<int, 8> a;
    for (int m : {5, 7, 2}) a.push_back(m);
    const MoveList<int, 8> copy = a;
    MoveList<int, 8> assigned;
    assigned.push_back(9);
    assigned = a;
    auto& self = assigned;
    assigned = self;
    for (const MoveList<int, 8>* list : {&copy, static_cast<const MoveList<int, 8>*>(&assigned)}) {
        ASSERT_EQ(list->size(), 3u);
        EXPECT_EQ((*list)[0], 5);
        EXPECT_EQ((*list)[1], 7);
        EXPECT_EQ((*list)[2], 2);
    }
    a.resize(1);  // shrinking keeps the front
    EXPECT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0], 5);
}

// A game's move may be a class of its own: the list then keeps a std::array,
// and raw bytes only for moves that need no constructor.
static_assert(std::is_same_v<ScratchArray<int, 4>, UninitializedArray<int, 4>>);
static_assert(std::is_same_v<ScratchArray<std::string, 4>, std::array<std::string, 4>>);

TEST(MoveList, MovesOfAClassOfTheirOwnAreCopiedWhole) {
    MoveList<std::string, 4> a;
    for (const char* m : {"e2e4", "a long move name that no small-string buffer holds"}) a.push_back(m);
    MoveList<std::string, 4> copy = a;
    a[0] = "d2d4";
    ASSERT_EQ(copy.size(), 2u);
    EXPECT_EQ(copy[0], "e2e4");
    EXPECT_EQ(copy[1], "a long move name that no small-string buffer holds");
    copy = a;
    EXPECT_EQ(copy[0], "d2d4");
}
