// Search efficiency against the Knuth-Moore theory: generated uniform trees
// know their own minimax values, alpha-beta with perfect ordering evaluates
// exactly the minimal tree, the walked minimal tree agrees with the formula,
// and no algorithm that proves the value ever evaluates fewer leaves.
#include <gtest/gtest.h>

#include <random>

#include <ply/games/connect4/connect4.hpp>
#include <ply/games/tictactoe/tictactoe.hpp>
#include <ply/games/tree/tree.hpp>
#include <ply/games/uniform/uniform_tree.hpp>
#include <ply/search/classic/algorithm.hpp>
#include <ply/search/classic/minimal_tree.hpp>
#include <ply/search/classic/ordering.hpp>
#include "support/random_tree.hpp"

using namespace ply;
using namespace ply::classic;
using uniform::Ordering;
using uniform::Shape;
using uniform::UniformTree;

namespace {

constexpr Algorithm kExact[] = {Algorithm::Minimax,       Algorithm::Negamax, Algorithm::AlphaBeta,
                                Algorithm::AlphaBetaHard, Algorithm::Pvs,     Algorithm::Mtdf};

Shape shape(int b, int d, std::uint64_t seed, Ordering o) { return {b, d, seed, o}; }

}  // namespace

TEST(UniformTree, EveryAlgorithmFindsTheBuiltInValue) {
    for (const Ordering o : {Ordering::Best, Ordering::Random, Ordering::Worst})
        for (int b = 1; b <= 5; ++b)
            for (int d = 0; d <= 6; ++d)
                for (std::uint64_t seed = 1; seed <= 3; ++seed) {
                    const UniformTree t(shape(b, d, seed, o));
                    const auto truth = minimax(t, d);
                    ASSERT_EQ(truth.score, t.evaluate()) << t.position();
                    for (const Algorithm a : kExact) {
                        ASSERT_EQ(search_once(a, t, d).score, truth.score) << algorithm_name(a) << " " << t.position();
                        ASSERT_EQ(search_iterative(a, t, d).score, truth.score)
                            << algorithm_name(a) << " " << t.position();
                    }
                    if (d > 0 && b > 1) {
                        const auto bns = best_node_search(t, d);
                        UniformTree child = t;
                        child.make(*bns.best);
                        ASSERT_EQ(-child.evaluate(), truth.score) << "BNS's move in " << t.position();
                    }
                }
}

TEST(UniformTree, PerfectOrderingGivesAlphaBetaExactlyTheMinimalTree) {
    for (int b = 2; b <= 8; ++b)
        for (int d = 1; d <= 7 && std::pow(b, d) <= 300000; ++d) {
            const UniformTree t(shape(b, d, static_cast<std::uint64_t>(b * 10 + d), Ordering::Best));
            const auto km = static_cast<std::uint64_t>(knuth_moore_leaves(b, d));
            EXPECT_EQ(alphabeta(t, d).leaves, km) << t.position();
            EXPECT_EQ(pvs(t, d).leaves, km) << t.position();
            EXPECT_EQ(pvs(t, d).researches, 0u) << "with the best move first no scout fails high";
        }
}

TEST(UniformTree, WorstOrderingCostsAlphaBetaMostAndRandomLiesBetween) {
    for (int b = 2; b <= 5; ++b)
        for (int d = 2; d <= 6; ++d) {
            const auto leaves = [&](Ordering o) { return alphabeta(UniformTree(shape(b, d, 7, o)), d).leaves; };
            EXPECT_LE(leaves(Ordering::Best), leaves(Ordering::Random)) << "b=" << b << " d=" << d;
            EXPECT_LE(leaves(Ordering::Random), leaves(Ordering::Worst)) << "b=" << b << " d=" << d;
        }
}

TEST(MinimalTree, WalkAgreesWithTheKnuthMooreFormula) {
    for (const Ordering o : {Ordering::Best, Ordering::Random, Ordering::Worst})
        for (int b = 1; b <= 5; ++b)
            for (int d = 0; d <= 6; ++d) {
                const UniformTree t(shape(b, d, 3, o));
                const auto size = measure_tree(t, d, 1'000'000);
                ASSERT_TRUE(size);
                EXPECT_EQ(double(size->minimal_leaves), knuth_moore_leaves(b, d)) << t.position();
                EXPECT_EQ(double(size->all_leaves), std::pow(b, d)) << t.position();
            }
}

TEST(MinimalTree, NoAlgorithmThatProvesTheValueEvaluatesFewerLeaves) {
    std::mt19937_64 rng(5);
    for (int i = 0; i < 1500; ++i) {
        const int depth = 1 + static_cast<int>(rng() % 6);
        const auto t = tree::TreeGame::parse(ply::testing::random_tree_text(rng, 4, depth));
        const auto size = measure_tree(t, depth, 1'000'000);
        ASSERT_TRUE(size) << t.position();
        EXPECT_LE(size->minimal_leaves, size->all_leaves);
        for (const Algorithm a : kExact)
            ASSERT_GE(search_once(a, t, depth).leaves, size->minimal_leaves)
                << algorithm_name(a) << " " << t.position();
        // With the best move first everywhere alpha-beta comes close to it.
        const Reordered<tree::TreeGame> best(t, MoveOrdering::Best, depth);
        ASSERT_GE(alphabeta(best, depth).leaves, size->minimal_leaves) << t.position();
    }
}

TEST(MinimalTree, TooBigATreeIsReportedNotWalked) {
    const UniformTree t(shape(10, 8, 1, Ordering::Random));
    EXPECT_FALSE(measure_tree(t, 8, 10'000));
}

TEST(Reordering, KeepsValuesAndOrdersByThem) {
    std::mt19937_64 rng(9);
    for (int i = 0; i < 500; ++i) {
        const int depth = 1 + static_cast<int>(rng() % 5);
        const auto t = tree::TreeGame::parse(ply::testing::random_tree_text(rng, 4, depth));
        const Score truth = minimax(t, depth).score;
        for (const MoveOrdering o :
             {MoveOrdering::Natural, MoveOrdering::Best, MoveOrdering::Worst, MoveOrdering::Random}) {
            const Reordered<tree::TreeGame> r(t, o, depth, 3);
            ASSERT_EQ(alphabeta(r, depth).score, truth) << t.position();
            ASSERT_EQ(pvs(r, depth).score, truth) << t.position();
        }
        // Best first: the first move at the root has the root's value.
        const Reordered<tree::TreeGame> best(t, MoveOrdering::Best, depth);
        MoveListOf<Reordered<tree::TreeGame>> moves;
        best.generate_moves(moves);
        if (moves.empty()) continue;
        tree::TreeGame child = t;
        child.make(moves[0]);
        ASSERT_EQ(-minimax(child, depth - 1).score, truth) << t.position();
    }
}

TEST(Reordering, RealGamesKeepTheirValues) {
    const connect4::Connect4 c4 = connect4::Connect4::from_position("4453");
    const auto t3 = tictactoe::TicTacToe::from_position("x...o....");
    for (const MoveOrdering o : {MoveOrdering::Best, MoveOrdering::Worst, MoveOrdering::Random}) {
        EXPECT_EQ(alphabeta(Reordered(c4, o, 6), 6).score, minimax(c4, 6).score);
        EXPECT_EQ(search_once(Algorithm::Mtdf, Reordered(t3, o, 7), 7).score, minimax(t3, 7).score);
    }
    EXPECT_LE(alphabeta(Reordered(c4, MoveOrdering::Best, 6), 6).leaves,
              alphabeta(Reordered(c4, MoveOrdering::Worst, 6), 6).leaves);
}

TEST(UniformShape, ParsesAndRejects) {
    const Shape s = Shape::parse("b=6, d=8,seed=42,order=worst");
    EXPECT_EQ(s.branching, 6);
    EXPECT_EQ(s.depth, 8);
    EXPECT_EQ(s.seed, 42u);
    EXPECT_EQ(s.ordering, Ordering::Worst);
    EXPECT_EQ(Shape::parse(s.to_string()).to_string(), s.to_string());
    for (const char* bad : {"", "b=6", "d=3", "b=0,d=3", "b=65,d=3", "b=2,d=-1", "b=2,d=3,order=sideways",
                            "b=2,d=3,color=red", "b=x,d=3", "b=2;d=3"})
        EXPECT_THROW(Shape::parse(bad), ParseError) << bad;
    EXPECT_THROW(UniformTree::from_position("b=2,d=2 @ 3"), ParseError);
    EXPECT_THROW(UniformTree::from_position("b=2,d=1 @ 1.1"), ParseError);
    EXPECT_EQ(UniformTree::from_position("b=3,d=4,seed=5 @ 2.3").position(), "b=3,d=4,seed=5,order=random @ 2.3");
}
