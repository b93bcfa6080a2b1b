// The recorded search tree, its DOT text and the trace, on textbook trees
// whose alpha-beta runs are worked out in the books.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include <ply/games/tictactoe/description.hpp>
#include <ply/games/tree/description.hpp>
#include <ply/search/classic/algorithm.hpp>
#include <ply/tools/draw/search_tree.hpp>
#include "support/random_tree.hpp"
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

// The line of the DOT text that declares node `id`, with its whole label.
std::string node_line(const std::string& dot, int id) {
    const std::string start = "\n  n" + std::to_string(id) + " [";
    const auto at = dot.find(start);
    if (at == std::string::npos) return "";
    return dot.substr(at + 1, dot.find('\n', at + 1) - at - 1);
}

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

constexpr const char* kMaxGlyph = "&#9650;";
constexpr const char* kMinGlyph = "&#9660;";

}  // namespace

// AIMA figure 5.5: the second MIN node is cut after its first leaf (2 <= 3);
// its leaves 4 and 6 are pruned; the PV is the first move, then its first leaf.
// The third MIN node reaches 2 only with its last leaf: it fails low, and
// nothing is pruned there.
TEST(DrawTree, AimaAlphaBetaHasTheBookCut) {
    const auto d = draw_search("((3 12 8) (2 4 6) (14 5 2))", classic::Algorithm::AlphaBeta);
    ASSERT_EQ(d.tree.nodes.size(), 13u);
    EXPECT_EQ(count_occurrences(d.dot, " -> "), 12u);
    EXPECT_EQ(count_occurrences(d.dot, "class=\"pruned\""), 2u) << d.dot;
    EXPECT_EQ(count_occurrences(d.dot, "class=\"pv\""), 2u) << d.dot;
    // The pruned leaves are drawn with their values, greyed.
    EXPECT_NE(node_line(d.dot, 8).find("class=\"max leaf pruned\""), std::string::npos) << d.dot;
    EXPECT_NE(node_line(d.dot, 8).find(">4<"), std::string::npos) << node_line(d.dot, 8);
    EXPECT_NE(node_line(d.dot, 9).find(">6<"), std::string::npos) << node_line(d.dot, 9);
    // Exactly one cut, where moves were pruned.
    EXPECT_EQ(count_occurrences(d.dot, "alpha cut: "), 1u) << d.dot;
    EXPECT_EQ(count_occurrences(d.dot, "beta cut: "), 0u) << d.dot;
    EXPECT_NE(node_line(d.dot, 2).find("alpha cut: 2 of 3 pruned"), std::string::npos) << node_line(d.dot, 2);
    EXPECT_NE(node_line(d.dot, 3).find("fails low, nothing pruned"), std::string::npos) << node_line(d.dot, 3);
    EXPECT_EQ(count_occurrences(d.trace, "cutoff"), 1u) << d.trace;
    EXPECT_NE(d.trace.find("MIN 2 = 2 <= alpha 3: alpha cutoff, 2 of 3 moves pruned"), std::string::npos) << d.trace;
    EXPECT_NE(d.trace.find("MIN 3 = 2 <= alpha 3 (fails low on the last reply: nothing pruned)"), std::string::npos)
        << d.trace;
}

// Each window is part of its own node's label, never a floating xlabel:
// MIN 2's label holds [3, +inf], and leaf 4's (pruned) none.
TEST(DrawTree, WindowsAreInsideTheirNodesLabels) {
    const auto d = draw_search("((3 12 8) (2 4 6) (14 5 2))", classic::Algorithm::AlphaBeta);
    EXPECT_EQ(d.dot.find("xlabel"), std::string::npos) << d.dot;
    const std::string min2 = node_line(d.dot, 2);
    EXPECT_NE(min2.find("class=\"min visited\""), std::string::npos) << min2;
    EXPECT_NE(min2.find("<B>2</B>"), std::string::npos) << min2;
    EXPECT_NE(min2.find("[3, +inf]"), std::string::npos) << min2;
    EXPECT_NE(node_line(d.dot, 7).find("[3, +inf]"), std::string::npos) << "leaf 2 under it";
    EXPECT_EQ(node_line(d.dot, 8).find("+inf]"), std::string::npos) << "pruned leaf 4 has no window";
    EXPECT_NE(node_line(d.dot, 11).find("[3, 14]"), std::string::npos) << node_line(d.dot, 11);
}

// Inner nodes are triangles (up for MAX, down for MIN); leaves are boxes.
TEST(DrawTree, LeavesAreDrawnAsLeaves) {
    const auto d = draw_search("((3 12 8) (2 4 6) (14 5 2))", classic::Algorithm::AlphaBeta);
    EXPECT_EQ(count_occurrences(d.dot, " leaf "), 9u) << d.dot;
    EXPECT_NE(node_line(d.dot, 0).find(kMaxGlyph), std::string::npos) << node_line(d.dot, 0);
    for (const int id : {1, 2, 3}) {
        const std::string line = node_line(d.dot, id);
        EXPECT_NE(line.find(kMinGlyph), std::string::npos) << line;
        EXPECT_EQ(line.find(" leaf "), std::string::npos) << line;
    }
    for (int id = 4; id <= 12; ++id) {
        const std::string line = node_line(d.dot, id);
        EXPECT_NE(line.find(" leaf "), std::string::npos) << line;
        EXPECT_NE(line.find("<TD BORDER="), std::string::npos) << "a box: " << line;
        EXPECT_EQ(line.find(kMaxGlyph), std::string::npos) << line;
        EXPECT_EQ(line.find(kMinGlyph), std::string::npos) << line;
    }
}

// A legend explains the marks the drawing uses, and only those.
TEST(DrawTree, TheLegendExplainsTheMarks) {
    const auto d = draw_search("((3 12 8) (2 4 6) (14 5 2))", classic::Algorithm::AlphaBeta);
    const std::string graph = d.dot.substr(0, d.dot.find("\n  n0 ["));
    for (const char* part : {"MAX, the player to move at the root", "MIN, the opponent", "a leaf", "[alpha, beta]",
                             "principal variation", "pruned, never searched", "alpha/beta cut", "fails low/high"})
        EXPECT_NE(graph.find(part), std::string::npos) << part << " in " << graph;
    EXPECT_NE(graph.find(kMaxGlyph), std::string::npos);
    EXPECT_NE(graph.find(kMinGlyph), std::string::npos);
    EXPECT_EQ(graph.find("searched twice"), std::string::npos) << "no node was searched twice";
}

// The textbook tree ((3 5 2) (4 6 1) (7 9 8)) in its natural order gives
// alpha-beta no cut at all, and minimax never cuts: the second MIN node
// reaches alpha with its last leaf, which is a fail-low, not a cut.
TEST(DrawTree, TextbookTreeHasNoPrunedEdgesAndItsPv) {
    for (const auto algo : {classic::Algorithm::Minimax, classic::Algorithm::AlphaBeta}) {
        const auto d = draw_search("((3 5 2) (4 6 1) (7 9 8))", algo);
        EXPECT_EQ(d.tree.nodes.size(), 13u);
        EXPECT_EQ(count_occurrences(d.dot, "class=\"pruned\""), 0u) << d.dot;
        EXPECT_EQ(count_occurrences(d.dot, "class=\"pv\""), 2u);
        EXPECT_NE(d.dot.find("n0 -> n3 [label=\"3\", class=\"pv\""), std::string::npos) << d.dot;
        EXPECT_NE(d.dot.find("n3 -> n10 [label=\"1\", class=\"pv\""), std::string::npos) << d.dot;
        EXPECT_EQ(lower(d.dot).find("cut"), std::string::npos) << d.dot;
        EXPECT_EQ(lower(d.trace).find("cut"), std::string::npos) << d.trace;
        EXPECT_EQ(d.dot.find("pruned, never searched"), std::string::npos) << "nothing pruned, nothing to explain";
    }
    const auto d = draw_search("((3 5 2) (4 6 1) (7 9 8))", classic::Algorithm::AlphaBeta);
    EXPECT_NE(node_line(d.dot, 2).find("fails low, nothing pruned"), std::string::npos) << node_line(d.dot, 2);
    EXPECT_NE(d.trace.find("MIN 2 = 1 <= alpha 2 (fails low on the last reply: nothing pruned)"), std::string::npos)
        << d.trace;
}

TEST(DrawTree, PvsTraceNamesItsResearches) {
    // The second move beats the first: its null-window scout fails high.
    const auto d = draw_search("((1 2) (5 6))", classic::Algorithm::Pvs);
    EXPECT_NE(d.trace.find("the null-window scout of 2 failed high"), std::string::npos) << d.trace;
    // The re-search enters the second MIN node and its first leaf again.
    EXPECT_EQ(count_occurrences(d.dot, "  x2"), 2u) << d.dot;
    EXPECT_NE(d.dot.find("searched twice"), std::string::npos) << "the legend says what x2 means";
    const std::string min2 = node_line(d.dot, 2);
    EXPECT_NE(min2.find("class=\"min visited pv\""), std::string::npos) << min2;
    EXPECT_NE(min2.find("<B>5</B>"), std::string::npos) << min2;
    // The scout searched both leaves; the re-search stops at the first (5 <= alpha 5): a cut on that visit.
    EXPECT_NE(min2.find("last visit: alpha cut: 1 of 2 pruned"), std::string::npos) << min2;
    EXPECT_NE(d.trace.find("MIN 2 = 5 <= alpha 5: alpha cutoff, 1 of 2 moves pruned"), std::string::npos) << d.trace;
}

// Each pass counts its own pruning: the second pass cuts MIN 1 after its
// first leaf though the first pass had searched all three.
TEST(DrawTree, MtdfTraceShowsItsPasses) {
    const auto d = draw_search("((3 12 8) (2 4 6) (14 5 2))", classic::Algorithm::Mtdf);
    EXPECT_GE(count_occurrences(d.trace, "pass "), 2u) << d.trace;
    EXPECT_NE(d.trace.find("pass 1 with the window [-1, 0]"), std::string::npos) << d.trace;
    EXPECT_NE(d.trace.find("MIN 1 = 3 <= alpha 3: alpha cutoff, 2 of 3 moves pruned"), std::string::npos) << d.trace;
    EXPECT_NE(d.trace.find("MIN 3 = 2 <= alpha 3 (fails low on the last reply: nothing pruned)"), std::string::npos)
        << d.trace;
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

// On random trees, under every algorithm (PVS's re-searches and MTD(f)'s
// passes included), each cutoff names exactly the children its visit never
// entered, worked out here from the events alone, and says how many; a node
// that entered all its children names no cut.
TEST(DrawTree, EveryCutNamesTheChildrenItsVisitLeftUnsearched) {
    std::mt19937_64 rng(25);
    for (int round = 0; round < 200; ++round) {
        const std::string text = ply::testing::random_tree_text(rng, 4, 4);
        for (const auto algo : {classic::Algorithm::AlphaBeta, classic::Algorithm::Pvs, classic::Algorithm::Mtdf,
                                classic::Algorithm::Bns}) {
            const Drawn d = draw_search(text, algo);
            const auto& events = d.tree.events;
            for (std::size_t i = 0; i < events.size(); ++i) {
                const draw::TraceEvent& e = events[i];
                if (e.kind != draw::TraceEvent::Kind::Leave) continue;
                std::size_t entered_at = i;
                while (events[entered_at].kind != draw::TraceEvent::Kind::Enter || events[entered_at].node != e.node)
                    --entered_at;
                std::vector<int> unsearched;
                for (const int c : d.tree.nodes[static_cast<std::size_t>(e.node)].children) {
                    bool entered = false;
                    for (std::size_t k = entered_at + 1; k < i; ++k)
                        entered |= events[k].kind == draw::TraceEvent::Kind::Enter && events[k].node == c;
                    if (!entered) unsearched.push_back(c);
                }
                const auto where = text + " under " + std::to_string(static_cast<int>(algo)) + ": " + e.text;
                if (e.exit != classic::Exit::Cutoff) {
                    EXPECT_TRUE(e.pruned.empty()) << where;
                    continue;
                }
                EXPECT_EQ(e.pruned, unsearched) << where;
                const auto children = d.tree.nodes[static_cast<std::size_t>(e.node)].children.size();
                if (unsearched.empty())
                    EXPECT_EQ(e.text.find("cut"), std::string::npos) << where;
                else
                    EXPECT_NE(e.text.find(std::to_string(unsearched.size()) + " of " + std::to_string(children)),
                              std::string::npos)
                        << where;
            }
        }
    }
}
