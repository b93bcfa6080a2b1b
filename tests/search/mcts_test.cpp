// Monte Carlo tree search against known values: Nim's (a multiple of 4 is
// lost), tic-tac-toe's (a draw), and minimax on random explicit trees.
#include <gtest/gtest.h>

#include <random>

#include <ply/games/tictactoe/tictactoe.hpp>
#include <ply/games/tree/tree.hpp>
#include <ply/search/classic/minimax.hpp>
#include <ply/search/mcts/mcts.hpp>
#include "support/nim.hpp"
#include "support/random_tree.hpp"

namespace {

using ply::mcts::Limits;
using ply::mcts::Options;
using ply::mcts::Proof;
using ply::mcts::Searcher;
using ply::test::Nim;
using ply::tictactoe::TicTacToe;
using ply::tree::TreeGame;

Proof proof_of_value(ply::Score s) { return s > 0 ? Proof::Win : s < 0 ? Proof::Loss : Proof::Draw; }

TEST(Mcts, TheSolverProvesNimAndTakesTheWinningStones) {
    Searcher<Nim> mcts;
    for (int stones = 1; stones <= 13; ++stones) {
        const auto r = mcts.search(Nim(stones), Limits{.iterations = 100'000});
        if (stones % 4 == 0) {
            EXPECT_EQ(r.proof, Proof::Loss) << stones;
        } else {
            EXPECT_EQ(r.proof, Proof::Win) << stones;
            ASSERT_TRUE(r.best);
            EXPECT_EQ(*r.best, stones % 4) << stones;
        }
        EXPECT_LT(r.iterations, 100'000u) << "a proof ends the search early";
    }
}

TEST(Mcts, TicTacToeIsADraw) {
    const auto r = Searcher<TicTacToe>().search(TicTacToe{}, Limits{.iterations = 2'000'000});
    EXPECT_EQ(r.proof, Proof::Draw);
    EXPECT_LT(r.iterations, 2'000'000u);
}

TEST(Mcts, AForcedWinIsProvenAndPlayed) {
    // X to move completes the top row; O threatens the middle row.
    const auto g = TicTacToe::from_position("XX.OO....");
    const auto r = Searcher<TicTacToe>().search(g, Limits{.iterations = 10'000});
    EXPECT_EQ(r.proof, Proof::Win);
    ASSERT_TRUE(r.best);
    EXPECT_EQ(g.move_to_string(*r.best), "3");
}

// Without proofs, UCT's most visited move converges to the minimax choice.
TEST(Mcts, UctAloneFindsTheOnlyMoveThatDoesNotLose) {
    const auto g = TicTacToe::from_position("XX.OO....");
    Options options;
    options.solver = false;
    const auto r = Searcher<TicTacToe>(options).search(g, Limits{.iterations = 20'000});
    EXPECT_EQ(r.proof, Proof::None);
    ASSERT_TRUE(r.best);
    EXPECT_EQ(g.move_to_string(*r.best), "3");
    EXPECT_GT(r.mean, 0.9);
}

// The proof agrees with the sign of the minimax value on random trees.
TEST(Mcts, ProofsAgreeWithMinimaxOnRandomTrees) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 200; ++i) {
        const auto text = ply::testing::random_tree_text(rng, 3, 5, 3);
        const auto tree = TreeGame::parse(text);
        const auto truth = ply::classic::minimax(tree, 10);
        const auto r = Searcher<TreeGame>().search(tree, Limits{.iterations = 100'000});
        EXPECT_EQ(r.proof, proof_of_value(truth.score)) << text;
    }
}

TEST(Mcts, ASeedGivesTheSameSearch) {
    Options options;
    options.solver = false;
    const auto a = Searcher<TicTacToe>(options).search(TicTacToe{}, Limits{.iterations = 3000});
    const auto b = Searcher<TicTacToe>(options).search(TicTacToe{}, Limits{.iterations = 3000});
    ASSERT_EQ(a.moves.size(), b.moves.size());
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        EXPECT_EQ(a.moves[i].move, b.moves[i].move);
        EXPECT_EQ(a.moves[i].visits, b.moves[i].visits);
    }
    options.seed = 2;
    const auto c = Searcher<TicTacToe>(options).search(TicTacToe{}, Limits{.iterations = 3000});
    bool same = a.moves.size() == c.moves.size();
    for (std::size_t i = 0; same && i < a.moves.size(); ++i) same = a.moves[i].move == c.moves[i].move;
    EXPECT_FALSE(same) << "another seed shuffles the moves differently";
}

TEST(Mcts, AFullTreeStopsGrowingAndTheSearchGoesOn) {
    Options options;
    options.max_nodes = 100;
    const auto r = Searcher<TicTacToe>(options).search(TicTacToe{}, Limits{.iterations = 5000});
    EXPECT_LE(r.nodes, 100u);
    EXPECT_EQ(r.iterations, 5000u);
    EXPECT_TRUE(r.best);
}

TEST(Mcts, AFinishedGameHasNoMove) {
    const auto r = Searcher<TicTacToe>().search(TicTacToe::from_position("XXXOO...."), Limits{});
    EXPECT_FALSE(r.best);
    EXPECT_EQ(r.proof, Proof::Loss) << "O to move has lost";
}

}  // namespace
