// The classic searches against independent truth: textbook trees with known
// values and node counts, and thousands of random trees on which every
// algorithm must agree with plain minimax.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <ply/games/tree/tree.hpp>
#include <ply/search/classic/alphabeta.hpp>
#include <ply/search/classic/minimax.hpp>
#include <ply/search/classic/negamax.hpp>
#include "support/nim.hpp"
#include "support/random_tree.hpp"

using namespace ply;
using namespace ply::classic;
using tree::TreeGame;

namespace {

constexpr const char* kTextbook = "((3 5 2) (4 6 1) (7 9 8))";
// Russell & Norvig, AIMA 3rd ed., figure 5.5: alpha-beta never looks at the
// second and third leaves of the middle MIN node (4 and 6).
constexpr const char* kAima = "((3 12 8) (2 4 6) (14 5 2))";

}  // namespace

TEST(ClassicTextbookTree, MinimaxFindsSevenByMoveThree) {
    const auto r = minimax(TreeGame::parse(kTextbook), 2);
    EXPECT_EQ(r.score, 7);
    ASSERT_TRUE(r.best);
    EXPECT_EQ(*r.best, 3);
    EXPECT_EQ(r.pv, (std::vector<TreeGame::Move>{3, 1}));
    EXPECT_EQ(r.nodes, 13u);  // root + 3 MIN nodes + 9 leaves
    EXPECT_EQ(r.leaves, 9u);
}

TEST(ClassicTextbookTree, NegamaxAgreesWithMinimax) {
    const auto r = negamax(TreeGame::parse(kTextbook), 2);
    EXPECT_EQ(r.score, 7);
    EXPECT_EQ(*r.best, 3);
    EXPECT_EQ(r.nodes, 13u);
    EXPECT_EQ(r.leaves, 9u);
}

TEST(ClassicTextbookTree, AlphaBetaOnTextbookTreeNeedsEveryLeaf) {
    // Worked by hand, left to right: the first MIN node yields 2; the second
    // sees 4 and 6 (both above 2) before its 1, the third never drops to 2.
    // So no cut happens on this tree: all 9 leaves are evaluated.
    for (Bounds b : {Bounds::FailHard, Bounds::FailSoft}) {
        const auto r = alphabeta(TreeGame::parse(kTextbook), 2, {.bounds = b});
        EXPECT_EQ(r.score, 7);
        EXPECT_EQ(*r.best, 3);
        EXPECT_EQ(r.nodes, 13u);
        EXPECT_EQ(r.leaves, 9u);
    }
}

TEST(ClassicTextbookTree, AlphaBetaPrunesTheAimaLeaves) {
    const auto full = minimax(TreeGame::parse(kAima), 2);
    EXPECT_EQ(full.score, 3);
    EXPECT_EQ(full.leaves, 9u);
    for (Bounds b : {Bounds::FailHard, Bounds::FailSoft}) {
        const auto r = alphabeta(TreeGame::parse(kAima), 2, {.bounds = b});
        EXPECT_EQ(r.score, 3);
        EXPECT_EQ(*r.best, 1);
        EXPECT_EQ(r.leaves, 7u);  // 4 and 6 pruned
        EXPECT_EQ(r.nodes, 11u);
    }
}

TEST(ClassicTextbookTree, TiesGoToTheFirstMoveInOrder) {
    const auto game = TreeGame::parse("((1 5) (5 9) 5 (6 5))");
    // Values by move: 1, 5, 5, 5. Move 2 is the first of the tied best.
    EXPECT_EQ(*minimax(game, 3).best, 2);
    EXPECT_EQ(*negamax(game, 3).best, 2);
    EXPECT_EQ(*alphabeta(game, 3, {.bounds = Bounds::FailHard}).best, 2);
    EXPECT_EQ(*alphabeta(game, 3, {.bounds = Bounds::FailSoft}).best, 2);
}

TEST(ClassicTextbookTree, DepthLimitScoresInnerNodesByTheirHeuristic) {
    // Inner nodes of explicit trees have no heuristic value: 0.
    const auto r = minimax(TreeGame::parse("((3 5) (-4 6))"), 1);
    EXPECT_EQ(r.score, 0);
    EXPECT_EQ(r.leaves, 2u);
    const auto leaf = negamax(TreeGame::parse("-8"), 5);
    EXPECT_EQ(leaf.score, -8);
    EXPECT_FALSE(leaf.best);
}

TEST(ClassicRandomTrees, AllAlgorithmsReturnTheMinimaxValue) {
    std::mt19937_64 rng(1);
    for (int i = 0; i < 3000; ++i) {
        const int depth = 1 + static_cast<int>(rng() % 8);
        int branching = 1 + static_cast<int>(rng() % 6);
        while (branching > 1 && std::pow(branching, depth) > 5000) --branching;
        const auto game = TreeGame::parse(ply::testing::random_tree_text(rng, branching, depth));
        const auto mm = minimax(game, depth);
        const auto nm = negamax(game, depth);
        const auto hard = alphabeta(game, depth, {.bounds = Bounds::FailHard});
        const auto soft = alphabeta(game, depth, {.bounds = Bounds::FailSoft});
        ASSERT_EQ(nm.score, mm.score) << game.position();
        ASSERT_EQ(hard.score, mm.score) << game.position();
        ASSERT_EQ(soft.score, mm.score) << game.position();
        ASSERT_EQ(nm.best, mm.best);
        ASSERT_EQ(hard.best, mm.best) << game.position();
        ASSERT_EQ(soft.best, mm.best) << game.position();
        ASSERT_EQ(nm.nodes, mm.nodes);
        ASSERT_LE(hard.leaves, mm.leaves);
        ASSERT_LE(soft.leaves, mm.leaves);
        ASSERT_EQ(soft.leaves, hard.leaves) << "same cuts, only the returned bounds differ";
    }
}

TEST(ClassicRandomTrees, PrincipalVariationLeadsToTheValue) {
    std::mt19937_64 rng(2);
    for (int i = 0; i < 500; ++i) {
        const auto game = TreeGame::parse(ply::testing::random_tree_text(rng, 4, 5));
        for (const auto& r : {minimax(game, 8), negamax(game, 8), alphabeta(game, 8)}) {
            TreeGame g = game;
            for (auto m : r.pv) g.make(m);
            ASSERT_EQ(g.outcome(), Outcome::Scored) << "PV ends at a leaf of " << game.position();
            const Score leaf_for_root = g.maximiser_to_move() ? g.evaluate() : -g.evaluate();
            ASSERT_EQ(leaf_for_root, r.score) << game.position();
        }
    }
}

TEST(ClassicRandomTrees, WindowedResultsRespectTheirBounds) {
    std::mt19937_64 rng(3);
    std::uniform_int_distribution<int> edge(-25, 25);
    for (int i = 0; i < 3000; ++i) {
        const auto game = TreeGame::parse(ply::testing::random_tree_text(rng, 4, 5));
        const Score truth = minimax(game, 8).score;
        Score alpha = edge(rng), beta = edge(rng);
        if (alpha > beta) std::swap(alpha, beta);
        if (alpha == beta) ++beta;
        const Score soft = alphabeta(game, 8, {.bounds = Bounds::FailSoft, .alpha = alpha, .beta = beta}).score;
        const Score hard = alphabeta(game, 8, {.bounds = Bounds::FailHard, .alpha = alpha, .beta = beta}).score;
        for (Score v : {soft, hard}) {
            if (v <= alpha) {
                ASSERT_LE(truth, v) << "fail low must be an upper bound";
            } else if (v >= beta) {
                ASSERT_GE(truth, v) << "fail high must be a lower bound";
            } else {
                ASSERT_EQ(truth, v);
            }
        }
        ASSERT_GE(hard, alpha);
        ASSERT_LE(hard, beta);
        // Fail-soft is never looser than fail-hard.
        if (hard == alpha) {
            ASSERT_LE(soft, alpha);
        }
        if (hard == beta) {
            ASSERT_GE(soft, beta);
        }
    }
}

// Nim (tests/support/nim.hpp): lost exactly when the stones are a multiple
// of 4, a classic, independently known result; no hash, no notation.
using ply::test::Nim;
static_assert(!HashedGame<Nim>);

TEST(ClassicGenericGame, NimWinsAreFoundAtTheRightDistance) {
    for (int stones = 1; stones <= 13; ++stones) {
        const auto r = alphabeta(Nim{stones}, 20);
        if (stones % 4 == 0) {
            EXPECT_LT(r.score, 0) << stones;
        } else {
            // The winner takes stones % 4 and needs ceil(stones/4) own moves.
            EXPECT_EQ(r.score, mate_in_plies(2 * ((stones + 3) / 4) - 1)) << stones;
            EXPECT_EQ(*r.best, stones % 4);
        }
        EXPECT_EQ(minimax(Nim{stones}, 20).score, r.score);
    }
}
