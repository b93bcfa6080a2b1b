// The exact solver (solve::Solver): probes against the exhaustive method on
// positions of every game, against Pascal Pons' benchmark scores, and weak
// solving against strong.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <thread>

#include <ply/games/connect4/connect4.hpp>
#include <ply/games/connect4/pons.hpp>
#include <ply/games/tictactoe/tictactoe.hpp>
#include <ply/games/tree/tree.hpp>
#include <ply/search/solve/solver.hpp>
#include "support/random_tree.hpp"

using namespace ply;
using connect4::Connect4;
using C4Solver = solve::Solver<Connect4>;
template <class G>
using Prober = solve::Solver<G, solve::Method::Probes>;

namespace {

struct SetLine {
    std::string moves;
    int score;
};

std::vector<SetLine> set_lines(const std::string& set, std::size_t count) {
    std::ifstream in(std::string(PLY_DATA_DIR) + "/connect4/" + set);
    std::vector<SetLine> out;
    for (SetLine l; out.size() < count && in >> l.moves >> l.score;) out.push_back(l);
    return out;
}

int sign(Score s) { return s > 0 ? 1 : s < 0 ? -1 : 0; }

// The exhaustive solver's value and a check that the probes' best move keeps it.
template <class G>
void expect_solved(Prober<G>& e, const G& g) {
    const Score truth = solve::exhaustive(g, 16).score;
    const auto strong = e.solve(g);
    ASSERT_EQ(strong.score, truth) << g.position();
    const auto weak = e.solve(g, true);
    ASSERT_EQ(sign(weak.score), sign(truth)) << "weak, " << g.position();
    MoveListOf<G> moves;
    g.generate_moves(moves);
    if (moves.empty()) return;
    ASSERT_TRUE(strong.best) << g.position();
    G child = g;
    child.make(*strong.best);
    ASSERT_EQ(score_from_tt(-solve::exhaustive(child, 16).score, 1), truth)
        << "the best move keeps the value: " << g.position();
    ASSERT_TRUE(weak.best) << g.position();
    G weak_child = g;
    weak_child.make(*weak.best);
    ASSERT_EQ(sign(-solve::exhaustive(weak_child, 16).score), sign(truth))
        << "the weak best move keeps the result: " << g.position();
}

}  // namespace

TEST(Solve, PonsScoresOfTheEasySets) {
    C4Solver e(16);
    for (const char* set : {"Test_L3_R1", "Test_L2_R1", "Test_L1_R1"})
        for (const auto& [moves, score] : set_lines(set, 60)) {
            const auto g = Connect4::from_position(moves);
            const auto s = e.solve(g);
            ASSERT_EQ(connect4::pons_score(42, g.moves_played(), s.score), score) << set << " " << moves;
            ASSERT_EQ(sign(e.solve(g, true).score), sign(score)) << "weak: " << set << " " << moves;
        }
}

TEST(Solve, AgreesWithTheReferenceSolver) {
    C4Solver c4(16);
    for (const auto& [moves, score] : set_lines("Test_L3_R1", 40)) expect_solved(c4, Connect4::from_position(moves));
    // Small boards from random openings, where the end is near.
    std::mt19937_64 rng(3);
    for (int i = 0; i < 40; ++i) {
        auto g = Connect4::from_position("5x4:");
        for (int p = static_cast<int>(rng() % 8); p > 0 && !is_over(g.outcome()); --p) {
            MoveListOf<Connect4> moves;
            g.generate_moves(moves);
            g.make(moves[rng() % moves.size()]);
        }
        expect_solved(c4, g);
    }
    // Nearly full small boards: the last plies, where the search ends nodes
    // (and solve its root) as draws before they move.
    for (int i = 0; i < 200; ++i) {
        auto g = Connect4::from_position(i % 2 ? "4x4:" : "5x3:");
        const int left = 1 + static_cast<int>(rng() % 4);
        while (g.max_plies_left() > left && !is_over(g.outcome())) {
            MoveListOf<Connect4> moves;
            g.generate_moves(moves);
            g.make(moves[rng() % moves.size()]);
        }
        expect_solved(c4, g);
    }
    Prober<tictactoe::TicTacToe> ttt(4);
    for (const char* p : {"", "x........", "x...o....", "xo.......", "xx.oo....", "xoxoxo..."})
        expect_solved(ttt, tictactoe::TicTacToe::from_position(p));
    Prober<tree::TreeGame> trees(4);
    for (int i = 0; i < 300; ++i) {
        const auto t = tree::TreeGame::parse(ply::testing::random_tree_text(rng, 3, 1 + static_cast<int>(rng() % 5)));
        trees.clear();  // a new game: tree nodes are keyed by their index
        const Score truth = solve::exhaustive(t, 12).score;
        ASSERT_EQ(trees.solve(t).score, truth) << t.position();
        ASSERT_EQ(sign(trees.solve(t, true).score), sign(truth)) << "weak, " << t.position();
    }
}

TEST(Solve, AWeakSolveStopsWhenTheSignIsKnown) {
    // It runs the strong solve's probes until the sign is known, so it never
    // searches more; where quick wins abound (Begin-Easy) far less than
    // asking "lost?" and then "won?".
    std::uint64_t weak_nodes = 0, strong_nodes = 0;
    for (const auto& [moves, score] : set_lines("Test_L1_R1", 30)) {
        C4Solver weak(4), strong(4);
        const auto g = Connect4::from_position(moves);
        const auto w = weak.solve(g, true), s = strong.solve(g);
        ASSERT_EQ(w.score, sign(score)) << moves;
        ASSERT_EQ(connect4::pons_score(42, g.moves_played(), s.score), score) << moves;
        EXPECT_LE(w.nodes, s.nodes) << moves;
        weak_nodes += w.nodes;
        strong_nodes += s.nodes;
    }
    EXPECT_LT(weak_nodes, strong_nodes);
}

TEST(Solve, WonAndLostRootsNeedNoSearch) {
    C4Solver e(4);
    const auto win_now = e.solve(Connect4::from_position("112233"));  // 4 makes four on the bottom row
    EXPECT_EQ(win_now.score, mate_in_plies(1));
    EXPECT_EQ(win_now.best, 3);
    EXPECT_EQ(win_now.nodes, 0u);
    // X holds 3, 4 and 5 of the bottom row with both ends open: O loses at once.
    const auto lost = e.solve(Connect4::from_position("31415"));
    EXPECT_EQ(lost.score, mated_in_plies(2));
    EXPECT_EQ(lost.nodes, 0u);
}

TEST(Solve, ADeeperRootReusesTheTable) {
    // Solving the position after the best move, right after the position
    // itself, finds the exact results stored from one ply higher up: a
    // position's depth must not depend on the root it was searched from.
    for (const auto& [moves, score] : set_lines("Test_L2_R2", 4)) {
        C4Solver warm(16), cold(16);
        const auto g = Connect4::from_position(moves);
        const auto root = warm.solve(g);
        ASSERT_TRUE(root.best);
        Connect4 child = g;
        child.make(*root.best);
        const auto reused = warm.solve(child), fresh = cold.solve(child);
        EXPECT_EQ(reused.score, fresh.score) << moves;
        EXPECT_EQ(score_from_tt(-reused.score, 1), root.score) << moves;
        EXPECT_LT(reused.nodes * 4, fresh.nodes) << moves;
    }
}

TEST(Solve, EnhancedTranspositionCutoffsKeepTheScoresWithFewerNodes) {
    C4Solver with(16), without(16);
    without.options().enhanced_transposition_cutoff = false;
    std::uint64_t nodes_with = 0, nodes_without = 0;
    for (const auto& [moves, score] : set_lines("Test_L2_R2", 20)) {
        const auto g = Connect4::from_position(moves);
        const auto a = with.solve(g), b = without.solve(g);
        ASSERT_EQ(a.score, b.score) << moves;
        nodes_with += a.nodes;
        nodes_without += b.nodes;
    }
    EXPECT_LT(nodes_with, nodes_without);
}

TEST(Solve, TwoThreadsAgreeWithOne) {
    C4Solver one(16), two(16);
    two.set_threads(2);
    for (const auto& [moves, score] : set_lines("Test_L2_R2", 12)) {
        const auto g = Connect4::from_position(moves);
        const auto a = one.solve(g), b = two.solve(g);
        EXPECT_EQ(a.score, b.score) << moves;
        EXPECT_EQ(sign(one.solve(g, true).score), sign(two.solve(g, true).score)) << "weak, " << moves;
        ASSERT_TRUE(b.best);
        Connect4 child = g;
        child.make(*b.best);
        EXPECT_EQ(score_from_tt(-one.solve(child).score, 1), a.score) << "the 2-thread best move keeps the value";
    }
}

TEST(Solve, EveryMoveValuedAsTheReferenceSolverValuesItsChild) {
    C4Solver e(16);
    for (const auto& [moves, score] : set_lines("Test_L3_R1", 15)) {
        const auto g = Connect4::from_position(moves);
        const auto values = e.solve_each_move(g, false);
        MoveListOf<Connect4> legal;
        g.generate_moves(legal);
        ASSERT_EQ(values.size(), legal.size()) << moves;
        Score best = -kInfinity;
        for (const auto& v : values) {
            Connect4 child = g;
            child.make(v.move);
            EXPECT_EQ(v.score, score_from_tt(-solve::exhaustive(child, 16).score, 1))
                << moves << " then " << g.move_to_string(v.move);
            EXPECT_EQ(e.solve_each_move(g, true).size(), values.size());
            best = std::max(best, v.score);
        }
        EXPECT_EQ(best, e.solve(g).score) << "the root is worth its best move: " << moves;
    }
}

// Christophe Steininger's table of small boards solved from the empty
// position: who wins, and on which ply the game ends with perfect play.
TEST(Solve, SmallBoardsMatchSteiningersOutcomes) {
    std::ifstream in(std::string(PLY_DATA_DIR) + "/connect4/steininger_board_outcomes.txt");
    ASSERT_TRUE(in);
    std::map<std::pair<int, int>, std::string> outcome;
    std::map<std::pair<int, int>, int> last_move;
    std::string line, table;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string hash, first;
        words >> hash >> first;
        if (first == "OUTCOME" || first == "LAST") table = first;
        if (first != "height") continue;
        int height = 0;
        words >> height;
        for (int width = 4; words; ++width) {
            std::string cell;
            if (!(words >> cell)) break;
            if (table == "OUTCOME")
                outcome[{width, height}] = cell;
            else
                last_move[{width, height}] = std::stoi(cell);
        }
    }
    ASSERT_EQ(outcome.at({7, 6}), "1st");
    ASSERT_EQ(last_move.at({7, 6}), 41);
    C4Solver e(16);
    // The sizes that solve in about a second each here (bench/connect4 runs the bigger ones).
    for (const auto& [width, height] :
         std::vector<std::pair<int, int>>{{4, 4}, {5, 4}, {6, 4}, {4, 5}, {5, 5}, {4, 6}, {4, 7}}) {
        const auto g = Connect4::from_position(std::to_string(width) + "x" + std::to_string(height) + ":");
        const Score s = e.solve(g).score;
        const std::string who = s > 0 ? "1st" : s < 0 ? "2nd" : "Draw";
        EXPECT_EQ(who, outcome.at({width, height})) << width << "x" << height;
        const int plies = is_mate(s) ? mate_plies(s) : width * height;
        EXPECT_EQ(plies, last_move.at({width, height})) << width << "x" << height;
    }
}

TEST(Solve, PonsScoresAndSearchValuesConvertBothWays) {
    for (const auto& [cells, stones] : {std::pair{42, 0}, {42, 7}, {42, 40}, {20, 3}, {45, 10}}) {
        const int left = cells - stones;
        for (int plies = 1; plies <= left; ++plies) {
            // The mover's own stone wins: wins are an odd number of plies away.
            const Score value = plies % 2 == 1 ? mate_in_plies(plies) : mated_in_plies(plies);
            const int pons = connect4::pons_score(cells, stones, value);
            EXPECT_EQ(connect4::value_of_pons_score(cells, stones, pons), value)
                << cells << " " << stones << " " << plies;
        }
        EXPECT_EQ(connect4::value_of_pons_score(cells, stones, 0), 0);
    }
}

// The search takes a book's values as facts: with every position two plies
// deep on 5x4 booked as lost in 4 for its mover, the empty board is lost in 6.
TEST(Solve, ABookIsTrustedWhereItHasAValue) {
    C4Solver e(16);
    const Connect4 root(5, 4);
    const Score honest = e.solve(root).score;
    solve::SolvedBook book;
    for (int a = 0; a < 5; ++a)
        for (int b = 0; b < 5; ++b) {
            Connect4 g = root;
            g.make(a);
            g.make(b);
            book.add(g.hash(), mated_in_plies(4), g.max_plies_left());
        }
    C4Solver booked(16);
    booked.set_book(&book);
    const auto solution = booked.solve(root);
    EXPECT_EQ(solution.score, mated_in_plies(6));
    EXPECT_NE(solution.score, honest);
    EXPECT_LT(solution.nodes, 40u);
}

// The method follows from the game: probes for hashed games of bounded
// length, the exhaustive search for the rest.
static_assert(solve::Solver<Connect4>::kProbes);
static_assert(!solve::Solver<tictactoe::TicTacToe>::kProbes);
static_assert(!solve::Solver<tree::TreeGame>::kProbes);

TEST(Solve, BothMethodsAgreeOnEveryTicTacToePositionOfTheFirstThreePlies) {
    Prober<tictactoe::TicTacToe> probes(4);
    solve::Solver<tictactoe::TicTacToe> exhaustive;
    std::vector<tictactoe::TicTacToe> frontier{tictactoe::TicTacToe::from_position("")};
    for (int ply = 0; ply <= 3; ++ply) {
        std::vector<tictactoe::TicTacToe> next;
        for (const auto& g : frontier) {
            const auto truth = exhaustive.solve_fully(g);
            const auto full = probes.solve_fully(g);
            ASSERT_EQ(full.score, truth.score) << g.position();
            ASSERT_EQ(full.best_moves, truth.best_moves) << g.position();
            ASSERT_EQ(full.plies, truth.plies) << g.position();
            ASSERT_EQ(probes.solve(g, true).score, exhaustive.solve(g, true).score) << "weak, " << g.position();
            if (is_over(g.outcome())) continue;
            MoveListOf<tictactoe::TicTacToe> moves;
            g.generate_moves(moves);
            for (const auto& m : moves) {
                auto child = g;
                child.make(m);
                next.push_back(child);
            }
        }
        frontier = std::move(next);
    }
}

TEST(Solve, WeakAndStrongAgreeInSignOnRandomTreesWithEitherMethod) {
    std::mt19937_64 rng(11);
    Prober<tree::TreeGame> probes(4);
    solve::Solver<tree::TreeGame> exhaustive;
    for (int i = 0; i < 200; ++i) {
        const auto t = tree::TreeGame::parse(ply::testing::random_tree_text(rng, 4, 1 + static_cast<int>(rng() % 6)));
        probes.clear();  // a new game: tree nodes are keyed by their index
        const Score truth = exhaustive.solve(t).score;
        ASSERT_EQ(probes.solve(t).score, truth) << t.position();
        ASSERT_EQ(probes.solve(t, true).score, sign(truth)) << "weak, " << t.position();
        ASSERT_EQ(exhaustive.solve(t, true).score, sign(truth)) << "weak, " << t.position();
        const auto values = probes.solve_each_move(t, false);
        Score best = -kInfinity;
        for (const auto& v : values) best = std::max(best, v.score);
        if (!values.empty()) {
            EXPECT_EQ(best, truth) << "the root is worth its best move: " << t.position();
        }
    }
}

TEST(Solve, ConnectFourFullAnswersKeepTheValueAlongTheLine) {
    C4Solver solver(16);
    for (const auto& [moves, score] : set_lines("Test_L3_R1", 10)) {
        const auto g = Connect4::from_position(moves);
        const auto r = solver.solve_fully(g);
        ASSERT_EQ(connect4::pons_score(42, g.moves_played(), r.score), score) << moves;
        ASSERT_FALSE(r.best_moves.empty()) << moves;
        // The line ends the game as the value says: a win or loss on its last ply.
        Connect4 end = g;
        for (const auto& m : r.pv) end.make(m);
        EXPECT_TRUE(is_over(end.outcome())) << moves;
        EXPECT_EQ(static_cast<int>(r.pv.size()), r.plies) << moves;
    }
}

TEST(Solve, AStoppedSolveKeepsBoundsAroundTheValueAndATrueTable) {
    C4Solver e(64);
    const auto empty = Connect4::from_position("");
    std::thread stopper([&e] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        e.control().budget.stop();
    });
    const auto r = e.solve_fully(empty);
    stopper.join();
    // The first player wins with her last stone (Pons' score +1): minutes of solving.
    const Score truth = connect4::value_of_pons_score(42, 0, 1);
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.result, Outcome::Ongoing);
    EXPECT_LE(r.lower, truth);
    EXPECT_GE(r.upper, truth);
    EXPECT_LT(r.lower, r.upper);
    EXPECT_GE(e.control().nodes.load(), r.nodes / 1024 * 1024) << "the watcher sees the nodes";
    EXPECT_EQ(e.control().lower.load(), r.lower);
    EXPECT_EQ(e.control().upper.load(), r.upper);
    // The stopped search stored no value it had not proven: let go, the same
    // solver and table solve a set exactly.
    e.control().budget.restart();
    for (const auto& [moves, score] : set_lines("Test_L2_R1", 30)) {
        const auto g = Connect4::from_position(moves);
        ASSERT_EQ(connect4::pons_score(42, g.moves_played(), e.solve(g).score), score) << moves;
    }
}

TEST(Solve, AStopBeforeTheFirstProbeLeavesTheBoundsOfTheGamesLength) {
    C4Solver e(4);
    e.control().budget.stop();
    const auto g = Connect4::from_position("4444");
    const auto strong = e.solve(g);
    EXPECT_FALSE(strong.complete);
    EXPECT_FALSE(strong.best);
    // What forced lines and the winner's last stone allow: a loss on the
    // fourth ply at the soonest, a win on the third.
    EXPECT_EQ(strong.lower, mated_in_plies(4));
    EXPECT_EQ(strong.upper, mate_in_plies(3));
    const auto weak = e.solve(g, true);
    EXPECT_FALSE(weak.complete);
    EXPECT_EQ(weak.lower, -1);
    EXPECT_EQ(weak.upper, 1);
    // A root settled without a probe needs no time: it is complete.
    EXPECT_TRUE(e.solve(Connect4::from_position("112233")).complete);
}

TEST(Solve, TheExhaustiveMethodStopsWithTheBestMoveSearchedAsItsBound) {
    solve::Solver<tictactoe::TicTacToe> e;
    e.control().budget.stop();
    const auto r = e.solve_fully(tictactoe::TicTacToe::from_position(""));
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.result, Outcome::Ongoing);
    EXPECT_EQ(r.lower, -kInfinity) << "no move searched to the end: no bound";
    EXPECT_EQ(r.upper, kInfinity);
    EXPECT_TRUE(r.best_moves.empty());
    // Let go, it solves.
    e.control().budget.restart();
    const auto whole = e.solve_fully(tictactoe::TicTacToe::from_position(""));
    EXPECT_TRUE(whole.complete);
    EXPECT_EQ(whole.lower, 0);
    EXPECT_EQ(whole.upper, 0);
    EXPECT_EQ(whole.best_moves.size(), 9u);
}
