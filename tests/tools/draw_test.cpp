// The recorded search tree, its DOT text and the trace, on textbook trees
// whose alpha-beta runs are worked out in the books.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include <ply/games/tictactoe/tictactoe.hpp>
#include <ply/games/tree/tree.hpp>
#include <ply/search/classic/algorithm.hpp>
#include <ply/tools/draw/search_tree.hpp>
#include "support/read_file.hpp"
#include "support/run_ply.hpp"

using namespace ply;
using ply::testing::count_occurrences;
using ply::testing::read_file;
using tree::TreeGame;

namespace {

struct Drawn {
    draw::SearchTree tree;
    std::string dot;
    std::string trace;
};

Drawn draw_search(const std::string& text, classic::Algorithm algo) {
    const TreeGame game = TreeGame::parse(text);
    const int depth = game.tree().height();
    std::ostringstream trace;
    draw::SearchRecorder<TreeGame> recorder(game, depth, &trace);
    const auto r = classic::search_once(algo, game, depth, std::nullopt, recorder);
    recorder.mark_pv(r.pv);
    Drawn d{recorder.tree("test"), "", trace.str()};
    d.dot = draw::to_dot(d.tree);
    return d;
}

}  // namespace

// AIMA figure 5.5: the second MIN node is cut after its first leaf (2 <= 3);
// its leaves 4 and 6 are pruned; the PV is the first move, then its first leaf.
TEST(DrawTree, AimaAlphaBetaHasTheBookCut) {
    const auto d = draw_search("((3 12 8) (2 4 6) (14 5 2))", classic::Algorithm::AlphaBeta);
    EXPECT_EQ(d.tree.nodes.size(), 13u);
    EXPECT_EQ(count_occurrences(d.dot, "shape=triangle"), 10u) << "the root and nine leaves are MAX nodes";
    EXPECT_EQ(count_occurrences(d.dot, "shape=invtriangle"), 3u);
    EXPECT_EQ(count_occurrences(d.dot, " -> "), 12u);
    EXPECT_EQ(count_occurrences(d.dot, "class=\"pruned\""), 2u) << d.dot;
    EXPECT_EQ(count_occurrences(d.dot, "class=\"pv\""), 2u) << d.dot;
    // The pruned leaves are drawn with their values, greyed.
    EXPECT_NE(d.dot.find("label=\"4\", class=\"max pruned\""), std::string::npos) << d.dot;
    EXPECT_NE(d.dot.find("label=\"6\", class=\"max pruned\""), std::string::npos) << d.dot;
    EXPECT_EQ(count_occurrences(d.dot, "alpha cut 2 <= 3"), 2u) << "nodes 2 and 3 are cut: " << d.dot;
    EXPECT_NE(d.trace.find("MIN 2 = 2 <= alpha 3: alpha cutoff, 2 of 3 moves pruned"), std::string::npos) << d.trace;
}

// The textbook tree ((3 5 2) (4 6 1) (7 9 8)) in its natural order gives
// alpha-beta no cut at all, and minimax never cuts.
TEST(DrawTree, TextbookTreeHasNoPrunedEdgesAndItsPv) {
    for (const auto algo : {classic::Algorithm::Minimax, classic::Algorithm::AlphaBeta}) {
        const auto d = draw_search("((3 5 2) (4 6 1) (7 9 8))", algo);
        EXPECT_EQ(d.tree.nodes.size(), 13u);
        EXPECT_EQ(count_occurrences(d.dot, "class=\"pruned\""), 0u) << d.dot;
        EXPECT_EQ(count_occurrences(d.dot, "class=\"pv\""), 2u);
        EXPECT_NE(d.dot.find("n0 -> n3 [label=\"3\", class=\"pv\""), std::string::npos) << d.dot;
        EXPECT_NE(d.dot.find("n3 -> n10 [label=\"1\", class=\"pv\""), std::string::npos) << d.dot;
    }
}

TEST(DrawTree, PvsTraceNamesItsResearches) {
    // The second move beats the first: its null-window scout fails high.
    const auto d = draw_search("((1 2) (5 6))", classic::Algorithm::Pvs);
    EXPECT_NE(d.trace.find("the null-window scout of 2 failed high"), std::string::npos) << d.trace;
    // The re-search enters the second MIN node and its first leaf again.
    EXPECT_EQ(count_occurrences(d.dot, "x2"), 2u) << d.dot;
    EXPECT_NE(d.dot.find("n2 [shape=invtriangle, label=\"5\", class=\"min visited pv\""), std::string::npos) << d.dot;
}

TEST(DrawTree, MtdfTraceShowsItsPasses) {
    const auto d = draw_search("((3 12 8) (2 4 6) (14 5 2))", classic::Algorithm::Mtdf);
    EXPECT_GE(count_occurrences(d.trace, "pass "), 2u) << d.trace;
    EXPECT_NE(d.trace.find("pass 1 with the window [-1, 0]"), std::string::npos) << d.trace;
}

TEST(DrawTree, RealGameDrawsPrunedMovesAsStubs) {
    const auto game = tictactoe::TicTacToe::from_position("x.o.x....");
    draw::SearchRecorder<tictactoe::TicTacToe> recorder(game, 2);
    const auto r = classic::search_once(classic::Algorithm::AlphaBeta, game, 2, std::nullopt, recorder);
    recorder.mark_pv(r.pv);
    const auto tree = recorder.tree("ttt");
    std::size_t visited = 0;
    for (const auto& n : tree.nodes) visited += n.visited ? 1 : 0;
    EXPECT_EQ(visited, r.nodes) << "every node the search counted is drawn as visited";
    EXPECT_EQ(tree.nodes[0].children.size(), 6u) << "the root shows all six moves";
}

TEST(DrawCli, TraceDotAndSvg) {
    const std::string dir = ::testing::TempDir();
    const auto r =
        ply::testing::run_ply("tree '((3 12 8) (2 4 6) (14 5 2))' --algo alphabeta --trace --dot " + dir + "/aima.dot");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("MIN 2 = 2 <= alpha 3: alpha cutoff"), std::string::npos) << r.out;
    EXPECT_EQ(count_occurrences(read_file(dir + "/aima.dot"), "class=\"pruned\""), 2u);
    const auto svg =
        ply::testing::run_ply("search tictactoe --position x.o.x.... --depth 2 --draw " + dir + "/ttt.svg");
    if (std::system("command -v dot > /dev/null 2>&1") != 0) {
        EXPECT_NE(svg.exit_code, 0);
        EXPECT_NE(svg.out.find("apt-get install -y graphviz"), std::string::npos) << svg.out;
        return;
    }
    ASSERT_EQ(svg.exit_code, 0) << svg.out;
    EXPECT_NE(read_file(dir + "/ttt.svg").find("<svg"), std::string::npos);
}

TEST(DrawCli, BigSearchesAreRefusedWithAReason) {
    const auto r = ply::testing::run_ply("search chess --depth 4 --dot " + ::testing::TempDir() + "/big.dot");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("lower --depth"), std::string::npos) << r.out;
}
