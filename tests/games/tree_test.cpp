#include <gtest/gtest.h>

#include <ply/core/error.hpp>
#include <ply/games/tree/tree.hpp>
#include "support/generic_game_suite.hpp"

using namespace ply;
using tree::TreeGame;

namespace {

std::string parse_error(std::string_view text) {
    try {
        TreeGame::parse(text);
    } catch (const ParseError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(TreeGame, ParsesNestedParentheses) {
    const auto g = TreeGame::parse("((3 5 2) (4 6 1) (7 9 8))");
    EXPECT_EQ(g.tree().nodes.size(), 13u);
    EXPECT_EQ(g.tree().height(), 2);
    EXPECT_EQ(g.position(), "((3 5 2) (4 6 1) (7 9 8))");
    const auto odd = TreeGame::parse(" ( (3,\n -5) +2 ) ");
    EXPECT_EQ(odd.position(), "((3 -5) 2)");
}

TEST(TreeGame, LeafValuesAreSideRelative) {
    auto g = TreeGame::parse("((3 5) -4)");
    EXPECT_EQ(g.outcome(), Outcome::Ongoing);
    g.make(2);  // the leaf -4 with the minimiser to move
    EXPECT_EQ(g.outcome(), Outcome::Scored);
    EXPECT_EQ(g.evaluate(), 4);
    g.unmake(2);
    g.make(1);
    g.make(2);  // the leaf 5 with the maximiser to move
    EXPECT_EQ(g.evaluate(), 5);
    EXPECT_EQ(g.position(), "((3 5) -4) @ 1.2");
}

TEST(TreeGame, ParseErrorsNameLineAndColumn) {
    EXPECT_EQ(parse_error("((3 5) (4 x))"), "tree: line 1, column 11: unexpected 'x': expected a number or '('");
    EXPECT_EQ(parse_error("((3 5)\n (4 6"), "tree: line 2, column 6: missing ')' for the '(' at line 2, column 2");
    EXPECT_EQ(parse_error("(3 5))"), "tree: line 1, column 6: unexpected ')' after the end of the tree");
    EXPECT_EQ(parse_error(""), "tree: line 1, column 1: empty tree: expected a number or '('");
    EXPECT_EQ(parse_error("(1 ())"), "tree: line 1, column 5: empty '()': an inner node needs at least one child");
    EXPECT_EQ(parse_error("(1 2x)"), "tree: line 1, column 5: unexpected 'x' in a number");
    EXPECT_NE(parse_error("(1 99999999999999999999)").find("out of range"), std::string::npos);
    EXPECT_NE(parse_error(std::string(300, '(') + "1" + std::string(300, ')')).find("deeper"), std::string::npos);
}

TEST(TreeGame, MovesAreChildNumbers) {
    const auto g = TreeGame::parse("((1 2) 3)");
    EXPECT_EQ(g.parse_move("2"), 2);
    EXPECT_THROW((void)g.parse_move("3"), ParseError);
    EXPECT_THROW((void)g.parse_move("0"), ParseError);
    EXPECT_THROW((void)g.parse_move("one"), ParseError);
    EXPECT_THROW(TreeGame::from_position("((1 2) 3) @ 2.1"), ParseError);  // 3 is a leaf
    EXPECT_EQ(TreeGame::from_position("((1 2) 3) @ 1.2").evaluate(), 2);
}

namespace ply::testing {
template <>
struct GameSamples<TreeGame> {
    static std::vector<TreeGame> starts() {
        return {TreeGame::parse("((3 5 2) (4 6 1) (7 9 8))"), TreeGame::parse("7"),
                TreeGame::parse("(((1 2) (3 (4 5))) 6 ((7) (8 9 10)))")};
    }
    static int playouts() { return 20; }
    static int max_plies() { return 10; }
};
INSTANTIATE_TYPED_TEST_SUITE_P(Tree, GenericGame, ::testing::Types<TreeGame>);
}  // namespace ply::testing
