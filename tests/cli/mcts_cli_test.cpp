// `ply search --algo mcts` for every game, with the options of its own.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/run_ply.hpp"

namespace {

using nlohmann::json;
using ply::testing::run_ply;

TEST(CliMcts, EveryGameIsSearched) {
    for (const std::string game : {"tictactoe", "connect4", "chess", "minichess", "tree --position '((3 5) (2 9))'"}) {
        const auto r = run_ply("search " + game + " --algo mcts --iterations 300 --json");
        ASSERT_EQ(r.exit_code, 0) << game << ": " << r.out;
        const auto j = json::parse(r.out);
        EXPECT_EQ(j["algo"], "mcts");
        EXPECT_TRUE(j["best"].is_string()) << game;
        EXPECT_LE(j["iterations"].get<int>(), 300) << game << ": fewer once the root is proven";
        EXPECT_FALSE(j["moves"].empty()) << game;
    }
}

TEST(CliMcts, ProofsAreReported) {
    const auto draw = run_ply("search tictactoe --algo mcts --iterations 1000000 --json");
    ASSERT_EQ(draw.exit_code, 0) << draw.out;
    EXPECT_EQ(json::parse(draw.out)["proof"], "draw");
    // Connect Four: the side to move makes four in column 3 or 7.
    const auto win = run_ply("search connect4 --position 445566 --algo mcts --iterations 100000 --json");
    const auto j = json::parse(win.out);
    EXPECT_EQ(j["proof"], "win");
    EXPECT_TRUE(j["best"] == "3" || j["best"] == "7") << win.out;
    const auto text = run_ply("search connect4 --position 445566 --algo mcts --iterations 100000");
    EXPECT_NE(text.out.find("result:     win for the side to move (proven)"), std::string::npos) << text.out;
    const auto plain = run_ply("search connect4 --position 445566 --algo mcts --iterations 5000 --no-solver --json");
    EXPECT_TRUE(json::parse(plain.out)["proof"].is_null()) << plain.out;
}

TEST(CliMcts, ASeedRepeatsASearch) {
    const std::string command = "search connect4 --algo mcts --iterations 2000 --seed 9 --json";
    auto a = json::parse(run_ply(command).out), b = json::parse(run_ply(command).out);
    a.erase("seconds");
    b.erase("seconds");
    EXPECT_EQ(a, b);
}

TEST(CliMcts, OptionsOfTheOtherFamilyAreRefused) {
    EXPECT_EQ(run_ply("search tictactoe --algo mcts --depth 3").exit_code, 2);
    EXPECT_EQ(run_ply("search tictactoe --algo mcts --trace").exit_code, 2);
    EXPECT_EQ(run_ply("search tictactoe --iterations 10").exit_code, 2);
    EXPECT_EQ(run_ply("search tictactoe --algo alphabeta --time 1").exit_code, 2);
    EXPECT_EQ(run_ply("search tictactoe --algo mcts --iterations 0").exit_code, 2);
    EXPECT_EQ(run_ply("search tictactoe --algo mcts --time -1").exit_code, 2);
    const auto over = run_ply("search tictactoe --position XXXOO.... --algo mcts --json");
    EXPECT_EQ(over.exit_code, 0) << over.out;
    EXPECT_TRUE(json::parse(over.out)["best"].is_null());
}

TEST(CliMcts, ThreadsRaveAndCutoffOptions) {
    const auto two = run_ply("search go --position '5x5 komi 0' --algo mcts --iterations 2000 --threads 2 --json");
    ASSERT_EQ(two.exit_code, 0) << two.out;
    EXPECT_EQ(json::parse(two.out)["iterations"], 2000);
    const auto text = run_ply("search go --position 5x5 --algo mcts --iterations 500 --threads 2");
    EXPECT_NE(text.out.find("(UCT, MCTS-Solver, RAVE, 2 threads)"), std::string::npos) << text.out;
    const auto plain = run_ply("search go --position 5x5 --algo mcts --iterations 500 --no-rave");
    EXPECT_NE(plain.out.find("(UCT, MCTS-Solver)"), std::string::npos) << plain.out;
    EXPECT_EQ(run_ply("search chess --algo mcts --iterations 200 --playout-cutoff 0 --json").exit_code, 0);
    for (const char* bad : {"--threads 0", "--threads 65", "--playout-cutoff -1", "--playout-cutoff x"})
        EXPECT_EQ(run_ply(std::string("search go --algo mcts ") + bad).exit_code, 2) << bad;
    EXPECT_EQ(run_ply("search go --threads 2").exit_code, 2) << "--threads is for --algo mcts";
}

TEST(CliMcts, AnalyseListsTheRootMovesWithTheirLines) {
    // Komi 8.5: only the centre wins (all nine points), so the proven move is B2.
    const auto r = run_ply("analyse go --position '3x3 komi 8.5' --algo mcts --iterations 1000000 --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["best"], "B2");
    EXPECT_EQ(j["proof"], "win");
    EXPECT_EQ(j["pv"][0], "B2");
    const auto text = run_ply("analyse go --position 5x5 --algo mcts --iterations 3000 --multipv 3");
    EXPECT_NE(text.out.find("best move: "), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("line 3: mean "), std::string::npos) << text.out;
    EXPECT_EQ(text.out.find("line 4:"), std::string::npos) << text.out;
    EXPECT_EQ(run_ply("analyse go --algo mcts --depth 4").exit_code, 2);
    EXPECT_EQ(run_ply("analyse chess --iterations 5").exit_code, 2);
    EXPECT_EQ(run_ply("analyse go --algo alphabeta").exit_code, 2);
}

TEST(CliMcts, CompareShowsMctsBesideAlphaBeta) {
    const auto r = run_ply("compare --tree '((3 5 2) (4 6 1) (7 9 8))' --algos alphabeta,mcts --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto rows = json::parse(r.out)["rows"];
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0]["value"], 7);
    EXPECT_EQ(rows[1]["algo"], "mcts");
    EXPECT_EQ(rows[1]["value"], "win") << "the proof of MCTS-Solver: 7 > 0";
    EXPECT_EQ(rows[1]["best"], rows[0]["best"]);
    const auto draw = run_ply("compare tictactoe --algos alphabeta,mcts --mcts-iterations 1000000");
    EXPECT_NE(draw.out.find("draw"), std::string::npos) << draw.out;
}

TEST(CliMcts, PlayGoesByMctsForGoAndOnRequest) {
    const auto go = run_ply("play go --position '5x5 komi 0' --time 0.2", "C3\nquit\n");
    ASSERT_EQ(go.exit_code, 0) << go.out;
    EXPECT_NE(go.out.find("Engine plays "), std::string::npos) << go.out;
    EXPECT_NE(go.out.find("iterations)"), std::string::npos) << "Go is played by MCTS: " << go.out;
    const auto ttt = run_ply("play tictactoe --algo mcts --first engine --time 0.1", "hint\nquit\n");
    EXPECT_NE(ttt.out.find("Engine plays "), std::string::npos) << ttt.out;
    EXPECT_NE(ttt.out.find("Hint: "), std::string::npos) << ttt.out;
    const auto ab = run_ply("play tictactoe --first engine --depth 9", "quit\n");
    EXPECT_EQ(ab.out.find("iterations)"), std::string::npos) << "alpha-beta by default: " << ab.out;
    EXPECT_EQ(run_ply("play go --algo mcts --depth 3").exit_code, 2);
}

}  // namespace
