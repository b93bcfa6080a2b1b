// How long a search under a clock thinks (mcts::keep_thinking): early stops
// checked against the move choice itself, extensions on close choices only.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include <ply/search/mcts/thinking_time.hpp>

namespace {

using ply::mcts::choose_move;
using ply::mcts::keep_thinking;
using ply::mcts::MoveStats;
using ply::mcts::Proof;

using RootMoves = std::vector<MoveStats<int>>;

MoveStats<int> root_move(int m, std::uint64_t visits, double mean, Proof proof = Proof::None) {
    MoveStats<int> s;
    s.move = m;
    s.visits = visits;
    s.mean = mean;
    s.proof = proof;
    return s;
}

TEST(ThinkingTime, StopsBeforeThePlanOnceTheChoiceCannotChange) {
    const RootMoves moves{root_move(0, 900, 0.6), root_move(1, 100, 0.5)};
    EXPECT_FALSE(keep_thinking(moves, 0.5, 1.0, 2.5, 1000)) << "500 iterations left cannot make up 800";
    EXPECT_TRUE(keep_thinking(moves, 0.5, 1.0, 2.5, 2000)) << "1000 can";
}

TEST(ThinkingTime, RunsPastThePlanOnlyWhileTheChoiceIsClose) {
    EXPECT_TRUE(keep_thinking(RootMoves{root_move(0, 600, 0.6), root_move(1, 400, 0.55)}, 1.0, 1.0, 2.5, 1000));
    EXPECT_TRUE(keep_thinking(RootMoves{root_move(0, 700, 0.55), root_move(1, 300, 0.6)}, 1.0, 1.0, 2.5, 1000))
        << "the runner-up's mean is higher";
    EXPECT_FALSE(keep_thinking(RootMoves{root_move(0, 800, 0.6), root_move(1, 200, 0.55)}, 1.0, 1.0, 2.5, 1000));
    EXPECT_FALSE(keep_thinking(RootMoves{root_move(0, 600, 0.6), root_move(1, 400, 0.55)}, 2.5, 1.0, 2.5, 1000))
        << "the most";
    EXPECT_FALSE(keep_thinking(RootMoves{root_move(0, 6000, 0.6), root_move(1, 4000, 0.55)}, 2.0, 1.0, 2.5, 1000))
        << "close, but 500 iterations left cannot make up 2000";
}

TEST(ThinkingTime, AProvenWinOrALoneMoveEndsTheThinking) {
    EXPECT_FALSE(
        keep_thinking(RootMoves{root_move(0, 10, 1.0, Proof::Loss), root_move(1, 990, 0.6)}, 0.1, 1.0, 2.5, 1000));
    EXPECT_FALSE(keep_thinking(RootMoves{root_move(0, 10, 0.5)}, 0.1, 1.0, 2.5, 1000));
    EXPECT_FALSE(keep_thinking(RootMoves{}, 0.1, 1.0, 2.5, 1000));
    EXPECT_FALSE(
        keep_thinking(RootMoves{root_move(0, 990, 0.5), root_move(1, 10, 0.0, Proof::Win)}, 0.1, 1.0, 2.5, 1000))
        << "the only other move loses: nothing to weigh";
}

// Wherever it stops before the plan, no move given every iteration the plan
// had left would have been chosen instead.
TEST(ThinkingTime, AnEarlyStopNeverChangesTheMoveTheFullPlanWouldPlay) {
    std::mt19937 rng(7);
    int stops = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        RootMoves moves;
        const int count = std::uniform_int_distribution(2, 6)(rng);
        for (int m = 0; m < count; ++m)
            moves.push_back(root_move(m, std::uniform_int_distribution<std::uint64_t>(0, 2000)(rng),
                                      std::uniform_real_distribution(0.0, 1.0)(rng)));
        const double planned = 1.0, elapsed = std::uniform_real_distribution(0.0, 1.0)(rng);
        const double rate = std::uniform_real_distribution(100.0, 3000.0)(rng);
        if (keep_thinking(moves, elapsed, planned, 2.5, rate)) continue;
        ++stops;
        const auto chosen = choose_move(moves);
        const auto left = static_cast<std::uint64_t>(std::floor(rate * (planned - elapsed)));
        for (std::size_t j = 0; j < moves.size(); ++j) {
            RootMoves more = moves;
            more[j].visits += left;
            EXPECT_EQ(choose_move(more), chosen) << "trial " << trial << ", move " << j;
        }
    }
    EXPECT_GT(stops, 1000) << "the test should see early stops";
}

}  // namespace
