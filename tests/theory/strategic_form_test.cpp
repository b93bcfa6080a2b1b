// Trees in strategic form: a pure saddle point whose value is the tree's
// minimax value (Zermelo, Kuhn), for explicit trees and tic-tac-toe.
#include <gtest/gtest.h>

#include <ply/games/tictactoe/tictactoe.hpp>
#include <ply/games/tree/tree.hpp>
#include <ply/theory/pure.hpp>
#include <ply/theory/strategic_form.hpp>

using namespace ply::theory;

namespace {

template <class G>
void expect_saddle_equals_minimax(const G& game, double minimax, std::size_t rows = 0, std::size_t cols = 0) {
    const auto tree = extensive_form(game);
    const auto form = strategic_form(tree);
    if (rows > 0) {
        EXPECT_EQ(form.rows, rows);
    }
    if (cols > 0) {
        EXPECT_EQ(form.cols, cols);
    }
    const auto p = analyse_pure(form);
    ASSERT_FALSE(p.saddle_points.empty());
    EXPECT_EQ(p.maxmin, minimax);
    EXPECT_EQ(p.minmax, minimax);
    EXPECT_EQ(backward_induction(tree), minimax);
}

}  // namespace

TEST(MatrixStrategicForm, TextbookTrees) {
    using ply::tree::TreeGame;
    // Max picks a subtree, min a leaf: 3 plans against 3^3.
    expect_saddle_equals_minimax(TreeGame::parse("((3 5 2) (4 6 1) (7 9 8))"), 7, 3, 27);
    expect_saddle_equals_minimax(TreeGame::parse("((3 12 8) (2 4 6) (14 5 2))"), 3, 3, 27);
    // Deeper: max, min, max; max has 1 + 4 nodes.
    expect_saddle_equals_minimax(TreeGame::parse("(((1 4) (2 6)) ((8 3) (5 7)))"), 7, 2 * 16, 4);
    const auto form = strategic_form(extensive_form(TreeGame::parse("((3 5 2) (4 6 1) (7 9 8))")));
    EXPECT_EQ(form.row_name(2), "3");
    EXPECT_EQ(form.col_name(0), "1/1/1");
    EXPECT_EQ(form.at(2, 0), 7);
}

TEST(MatrixStrategicForm, TicTacToeNearTheEnd) {
    using ply::tictactoe::TicTacToe;
    // X to move with three cells left: c1 completes the right-hand column.
    expect_saddle_equals_minimax(TicTacToe::from_position("XOXOOX..."), 1);
    // O to move, and X threatens two lines: whatever O does, X wins.
    expect_saddle_equals_minimax(TicTacToe::from_position("X.X.O.X.O"), -1);
    // O to move completes the middle column.
    expect_saddle_equals_minimax(TicTacToe::from_position("XOXXOO..X"), 1);
    // O must block at a3 (else X's left-hand column): a draw.
    expect_saddle_equals_minimax(TicTacToe::from_position("XOXXOO.X."), 0, 2, 1);
}

TEST(MatrixStrategicForm, LargeTreesAreRefused) {
    using ply::tictactoe::TicTacToe;
    EXPECT_THROW(strategic_form(extensive_form(TicTacToe::from_position(""))), ply::ParseError);
}
