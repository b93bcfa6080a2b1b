// The exhaustive solver against independent truth: published tic-tac-toe
// facts, hand-analysed positions, Pascal Pons' Connect Four end-game set, and
// brute-force minimax on random positions.
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include <ply/games/connect4/connect4.hpp>
#include <ply/games/connect4/pons.hpp>
#include <ply/games/tictactoe/tictactoe.hpp>
#include <ply/games/tree/tree.hpp>
#include <ply/search/classic/alphabeta.hpp>
#include <ply/search/classic/minimax.hpp>
#include <ply/search/solve/exhaustive.hpp>
#include "support/random_tree.hpp"

using namespace ply;
using connect4::Connect4;
using tictactoe::TicTacToe;

TEST(SolverTicTacToe, TheStartIsADrawAndEveryFirstMoveKeepsIt) {
    const auto r = solve::exhaustive(TicTacToe::from_position(""));
    EXPECT_EQ(r.result, Outcome::Draw);
    EXPECT_EQ(r.score, 0);
    EXPECT_EQ(r.plies, 9);               // a drawn game fills the board
    EXPECT_EQ(r.best_moves.size(), 9u);  // no first move loses (well known)
    EXPECT_EQ(r.pv.size(), 9u);
    // Brute force agrees: plain minimax over the whole game tree.
    EXPECT_EQ(classic::minimax(TicTacToe::from_position(""), 9).score, 0);
}

TEST(SolverTicTacToe, ImmediateWin) {
    // X X .      X to move completes the top row at once.
    // O O .
    // . . .
    const auto r = solve::exhaustive(TicTacToe::from_position("XX.OO...."));
    EXPECT_EQ(r.result, Outcome::Win);
    EXPECT_EQ(r.plies, 1);
    EXPECT_EQ(r.score, mate_in_plies(1));
    ASSERT_EQ(r.best_moves.size(), 1u);
    EXPECT_TRUE(r.best_moves[0] == TicTacToe::from_position("XX.OO....").parse_move("c3"));
}

TEST(SolverTicTacToe, ForkWinsOnTheThirdPly) {
    // X . .      O threatens the diagonal through the top-right corner; X must
    // . O .      take it, and that move threatens both the top row and the
    // O . X      right column: a fork, won on the third ply.
    const auto game = TicTacToe::from_position("X...O.O.X");
    const auto r = solve::exhaustive(game);
    EXPECT_EQ(r.result, Outcome::Win);
    EXPECT_EQ(r.plies, 3);
    ASSERT_EQ(r.best_moves.size(), 1u);
    EXPECT_TRUE(r.best_moves[0] == game.parse_move("c3"));
    EXPECT_EQ(r.pv.size(), 3u);
    EXPECT_EQ(classic::minimax(game, 9).score, r.score);
}

TEST(SolverTicTacToe, LossIsDelayedAsLongAsPossible) {
    // O to move after X's fork: every reply loses on the next X move.
    auto game = TicTacToe::from_position("X.X.O.O.X");
    const auto r = solve::exhaustive(game);
    EXPECT_EQ(r.result, Outcome::Loss);
    EXPECT_EQ(r.plies, 2);
    EXPECT_EQ(r.score, mated_in_plies(2));
}

TEST(SolverTicTacToe, AgreesWithMinimaxOnEveryReachablePosition) {
    // Depth-first over all positions reachable in up to 4 plies.
    auto check = [](auto& self, TicTacToe& g, int plies) -> void {
        const auto r = solve::exhaustive(g, 10);
        ASSERT_EQ(r.score, classic::minimax(g, 9).score) << g.position();
        if (plies == 0 || is_over(g.outcome())) return;
        MoveListOf<TicTacToe> moves;
        g.generate_moves(moves);
        for (auto m : moves) {
            g.make(m);
            self(self, g, plies - 1);
            g.unmake(m);
        }
    };
    auto start = TicTacToe::from_position("");
    check(check, start, 3);
}

TEST(SolverTree, ExactValueOfRandomTrees) {
    std::mt19937_64 rng(11);
    for (int i = 0; i < 500; ++i) {
        const auto game = tree::TreeGame::parse(ply::testing::random_tree_text(rng, 4, 6));
        const auto r = solve::exhaustive(game, 10);
        ASSERT_EQ(r.score, classic::minimax(game, kMaxPly).score) << game.position();
        ASSERT_FALSE(r.best_moves.empty());
        for (auto m : r.best_moves) {
            auto child = game;
            child.make(m);
            ASSERT_EQ(-classic::minimax(child, kMaxPly).score, r.score);
        }
    }
}

TEST(SolverConnect4, PonsEndGameSetScoresExactly) {
    std::ifstream in(PLY_DATA_DIR "/connect4/Test_L3_R1");
    ASSERT_TRUE(in) << "missing data/connect4/Test_L3_R1";
    std::string sequence;
    int expected = 0, checked = 0;
    while (in >> sequence >> expected) {
        const auto game = Connect4::from_position(sequence);
        const auto r = solve::exhaustive(game, 14);
        ASSERT_EQ(connect4::pons_score(42, game.moves_played(), r.result, r.plies), expected) << sequence;
        ++checked;
    }
    EXPECT_EQ(checked, 1000);
}

TEST(SolverConnect4, AlphaBetaAgreesWithBruteForceOnRandomLatePositions) {
    std::mt19937_64 rng(5);
    int checked = 0;
    while (checked < 60) {
        Connect4 g;
        // A random game to between 30 and 34 stones, if it lasts that long.
        const int target = 30 + static_cast<int>(rng() % 5);
        while (g.moves_played() < target && !is_over(g.outcome())) {
            MoveListOf<Connect4> moves;
            g.generate_moves(moves);
            g.make(moves[rng() % moves.size()]);
        }
        if (is_over(g.outcome())) continue;
        const auto brute = classic::minimax(g, kMaxPly);
        ASSERT_EQ(classic::alphabeta(g, kMaxPly).score, brute.score) << g.position();
        ASSERT_EQ(classic::alphabeta(g, kMaxPly, {.bounds = classic::Bounds::FailHard}).score, brute.score);
        ASSERT_EQ(solve::exhaustive(g, 14).score, brute.score) << g.position();
        ++checked;
    }
}
