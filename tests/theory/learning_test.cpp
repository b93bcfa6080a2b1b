// Fictitious play and regret matching converge: the exploitability of their
// average strategies falls below a bound, and the value lies between what
// those strategies guarantee.
#include <gtest/gtest.h>

#include <random>

#include <ply/theory/iterative.hpp>
#include <ply/theory/lp.hpp>

using namespace ply::theory;

TEST(MatrixLearning, EveryLearnerConvergesOnRockPaperScissors) {
    const auto g = make_matrix_game({{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}});
    for (auto l : {Learner::FictitiousPlay, Learner::RegretMatching, Learner::RegretMatchingPlus}) {
        const auto r = learn(g, l, {20'000, 0});
        EXPECT_EQ(r.rounds, 20'000u);
        EXPECT_LT(r.exploitability, 0.02) << learner_name(l);
        EXPECT_LE(r.lower, 1e-12);
        EXPECT_GE(r.upper, -1e-12);
        for (double p : r.row_strategy) EXPECT_NEAR(p, 1.0 / 3, 0.01) << learner_name(l);
        EXPECT_EQ(r.trace.front().round, 1u);
        EXPECT_EQ(r.trace.back().round, r.rounds);
    }
}

TEST(MatrixLearning, RandomGamesReachTheTargetAndBracketTheValue) {
    std::mt19937 rng(11);
    std::uniform_int_distribution<int> entry(-100, 100);
    std::vector<std::vector<double>> a(12, std::vector<double>(15));
    for (auto& row : a)
        for (double& v : row) v = entry(rng) / 100.0;
    const auto g = make_matrix_game(a);
    const double value = solve_mixed(g).value;
    for (auto l : {Learner::FictitiousPlay, Learner::RegretMatching, Learner::RegretMatchingPlus}) {
        const auto r = learn(g, l, {200'000, 1e-2});
        EXPECT_LE(r.exploitability, 1e-2) << learner_name(l);
        EXPECT_LT(r.rounds, 200'000u) << learner_name(l);
        EXPECT_LE(r.lower, value + 1e-9) << learner_name(l);
        EXPECT_GE(r.upper, value - 1e-9) << learner_name(l);
        // The exploitability again, from the average strategies alone.
        EXPECT_NEAR(column_guarantee(g, r.col_strategy) - row_guarantee(g, r.row_strategy), r.exploitability, 1e-9)
            << learner_name(l);
    }
    // Regret matching+ is the fastest of the three here.
    EXPECT_LT(learn(g, Learner::RegretMatchingPlus, {200'000, 1e-3}).rounds,
              learn(g, Learner::RegretMatching, {200'000, 1e-3}).rounds);
}

TEST(MatrixLearning, RoundsAreBoundedByTheirWork) {
    const auto g = make_matrix_game(std::vector<std::vector<double>>(1000, std::vector<double>(1000, 1.0)));
    EXPECT_LT(round_limit(g, Learner::RegretMatching), 20'000u);
    EXPECT_GT(round_limit(g, Learner::FictitiousPlay), 1'000'000u);
    EXPECT_THROW(learn(g, Learner::RegretMatchingPlus, {100'000'000, 0}), ply::ParseError);
    EXPECT_NO_THROW(check_rounds(g, Learner::FictitiousPlay, 1'000'000));
}
