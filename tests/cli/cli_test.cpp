// The `ply` command as users call it: documented outputs, JSON fields, and
// exit codes for bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/run_ply.hpp"

using nlohmann::json;
using ply::testing::run_ply;

TEST(CliTree, TextbookTreeAsJson) {
    const auto r = run_ply("tree '((3 5 2) (4 6 1) (7 9 8))' --algo minimax --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["score"], 7);
    EXPECT_EQ(j["best"], "3");
    EXPECT_EQ(j["pv"], json::array({"3", "1"}));
    EXPECT_EQ(j["nodes"], 13);
    EXPECT_EQ(j["leaves"], 9);
}

TEST(CliTree, AlphaBetaPrunesTheAimaTree) {
    const auto r = run_ply("tree '((3 12 8) (2 4 6) (14 5 2))' --algo alphabeta --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["score"], 3);
    EXPECT_EQ(j["leaves"], 7);
}

// A watched search keeps every node it visits: one too big to follow fails
// in one line once it passes the recorder's bound, before it fills the memory.
TEST(CliSearch, TracingASearchTooBigFailsInOneLine) {
    const auto r = run_ply("search chess --algo minimax --depth 7 --trace --json");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("ply search: the search visits more than 200000 positions"), std::string::npos) << r.out;
    EXPECT_EQ(run_ply("search chess --algo alphabeta --depth 9 --dot /dev/null").exit_code, 1);
}

TEST(CliTree, ParseErrorNamesTheColumn) {
    const auto r = run_ply("tree '((3 5) (4 x))'");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("line 1, column 11"), std::string::npos) << r.out;
}

TEST(CliSolve, TicTacToeStartIsADraw) {
    const auto r = run_ply("solve tictactoe --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["result"], "draw");
    EXPECT_EQ(j["plies"], 9);
    EXPECT_EQ(j["best_moves"].size(), 9u);
    EXPECT_EQ(j["pv"].size(), 9u);
}

TEST(CliSolve, ConnectFourReportsPonsScore) {
    // First line of Pons' Test_L3_R1 set: score -1 for the side to move.
    const auto r = run_ply("solve connect4 --position 2252576253462244111563365343671351441 --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["pons_score"], -1);
    EXPECT_EQ(j["result"], "loss");
    EXPECT_TRUE(j.contains("best") && j.contains("pv") && j.contains("nodes") && j.contains("best_moves"));
}

TEST(CliSolve, ConnectFourWeakAndThreadedSolvesAgreeWithTheSet) {
    // Pons' Test_L2_R1, line 1: score 4 for the side to move.
    const std::string position = "5554224333234511764415115";
    const auto strong = run_ply("solve connect4 --position " + position + " --json --threads 2");
    ASSERT_EQ(strong.exit_code, 0) << strong.out;
    const auto s = json::parse(strong.out);
    const auto weak = run_ply("solve connect4 --position " + position + " --json --weak");
    ASSERT_EQ(weak.exit_code, 0) << weak.out;
    const auto w = json::parse(weak.out);
    EXPECT_EQ(s["pons_score"], 4);
    EXPECT_EQ(w["mode"], "weak");
    EXPECT_EQ(w["result"], s["result"]);
    EXPECT_FALSE(w.contains("pons_score")) << "a weak solve knows no distance";
    // The perfect line ends the game on the promised ply.
    EXPECT_EQ(s["pv"].size(), s["plies"].get<std::size_t>());
    EXPECT_EQ(run_ply("solve tictactoe --weak").exit_code, 2) << "--weak is for the engine's solver";
}

TEST(CliAnalyse, ConnectFourScoresEveryColumnInPonsConvention) {
    // Test_L3_R1 line 1: the side to move loses (-1); columns 1-5 are full.
    const std::string position = "2252576253462244111563365343671351441";
    const auto r = run_ply("analyze connect4 --position " + position + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = json::parse(r.out);
    ASSERT_EQ(j["moves"].size(), 2u) << r.out;
    // Each column's score is minus its child's, solved on its own.
    for (const char* column : {"6", "7"}) {
        const auto child = json::parse(run_ply("solve connect4 --json --position " + position + column).out);
        const int child_pons = child["pons_score"];
        EXPECT_EQ(j["moves"][column], -child_pons) << column;
    }
    const auto text = run_ply("analyze connect4 --position " + position);
    EXPECT_NE(text.out.find("score:    -   -   -   -   -  -1  -2"), std::string::npos) << text.out;
    EXPECT_EQ(run_ply("analyze connect4 --position 44 --depth 3 --weak").exit_code, 2);
}

TEST(CliSearch, ConnectFourFindsTheImmediateWin) {
    // Three in a row on the bottom (columns 1-3) for the first player, who is to move.
    const auto r = run_ply("search connect4 --position 112233 --algo alphabeta --depth 4 --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["mate"], 1) << r.out;
    EXPECT_EQ(j["best"], "4") << r.out;
}

TEST(CliErrors, UnknownGameIsAUsageError) {
    const auto r = run_ply("search backgammon");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.out.find("unknown game 'backgammon'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("see 'ply search --help'"), std::string::npos) << r.out;
}

TEST(CliErrors, UnknownAlgorithmAndOptionAreUsageErrors) {
    EXPECT_EQ(run_ply("tree '(1 2)' --algo magic").exit_code, 2);
    EXPECT_EQ(run_ply("solve tictactoe --frobnicate").exit_code, 2);
    EXPECT_EQ(run_ply("search tictactoe --depth -3").exit_code, 2);
    EXPECT_EQ(run_ply("fly").exit_code, 2);
    EXPECT_EQ(run_ply("search tree").exit_code, 2) << "a tree must be given";
}

TEST(CliErrors, BadPositionsAreInputErrors) {
    const auto c4 = run_ply("solve connect4 --position 1111111");
    EXPECT_EQ(c4.exit_code, 1);
    EXPECT_NE(c4.out.find("connect4"), std::string::npos) << c4.out;
    EXPECT_EQ(run_ply("search tictactoe --position XXXXXXXXX").exit_code, 1);
}

TEST(CliPlay, PersonAgainstEngineWithUndoHintAndBadInput) {
    const auto r = run_ply("play tictactoe", "z9\\n5\\nhint\\nundo\\nundo\\n5\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Illegal move"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Engine plays"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Hint: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Nothing to undo"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Bye."), std::string::npos) << r.out;
}

TEST(CliPlay, TheResultIsAnnounced) {
    const auto human = run_ply("play tictactoe --position XX.OO....", "c3\\n");
    EXPECT_EQ(human.exit_code, 0);
    EXPECT_NE(human.out.find("You win."), std::string::npos) << human.out;
    const auto engine = run_ply("play tictactoe --position XX.OO.... --first engine");
    EXPECT_EQ(engine.exit_code, 0);
    EXPECT_NE(engine.out.find("The engine wins."), std::string::npos) << engine.out;
}

TEST(CliSearch, ChessMateInOneAndNoSolving) {
    const auto r = run_ply("search chess --position '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --depth 3 --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["best"], "a1a8");
    EXPECT_EQ(j["mate"], 1);
    const auto solve = run_ply("solve chess");
    EXPECT_EQ(solve.exit_code, 2);
    EXPECT_NE(solve.out.find("too big to solve"), std::string::npos) << solve.out;
    EXPECT_EQ(run_ply("search chess --position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1'").exit_code,
              1);
}

TEST(CliCompare, PerfectOrderingMeetsTheMinimalTree) {
    const auto r = run_ply("compare --tree-gen b=5,d=6,seed=3 --ordering best --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["minimal_leaves"], 5 * 5 * 5 + 5 * 5 * 5 - 1);
    EXPECT_EQ(j["all_leaves"], 15625);
    ASSERT_EQ(j["rows"].size(), 6u) << "all six algorithms by default";
    const auto value = j["rows"][0]["score"];
    for (const auto& row : j["rows"]) {
        EXPECT_EQ(row["score"], value) << row["algo"];
        if (row["algo"] == "alphabeta" || row["algo"] == "pvs") {
            EXPECT_EQ(row["minimal_ratio"], 1.0) << row["algo"];
        }
        if (row["algo"] == "minimax") {
            EXPECT_EQ(row["leaves"], 15625);
        }
    }
}

TEST(CliCompare, GamesTreesAndOrderings) {
    const auto tree = run_ply("compare --tree '((3 12 8) (2 4 6) (14 5 2))' --algos alphabeta,minimax --json");
    ASSERT_EQ(tree.exit_code, 0) << tree.out;
    const auto t = json::parse(tree.out);
    EXPECT_EQ(t["minimal_leaves"], 5);
    EXPECT_EQ(t["rows"][0]["leaves"], 7);
    EXPECT_EQ(t["rows"][1]["leaves"], 9);
    const auto c4 = run_ply("compare connect4 --position 44 --depth 5 --ordering worst --algos negamax,mtdf --json");
    ASSERT_EQ(c4.exit_code, 0) << c4.out;
    const auto c = json::parse(c4.out);
    EXPECT_EQ(c["rows"][0]["score"], c["rows"][1]["score"]);
    EXPECT_EQ(c["rows"][0]["leaves"], c["all_leaves"]);
    const auto text = run_ply("compare chess --depth 2 --algos alphabeta,bns");
    ASSERT_EQ(text.exit_code, 0) << text.out;
    EXPECT_NE(text.out.find("x minimal"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("proven lower bound"), std::string::npos) << text.out;
}

TEST(CliCompare, BadInputIsAUsageError) {
    EXPECT_EQ(run_ply("compare").exit_code, 2) << "no source";
    EXPECT_EQ(run_ply("compare chess --tree '(1 2)'").exit_code, 2) << "two sources";
    EXPECT_EQ(run_ply("compare chess --algos alphabeta,magic").exit_code, 2);
    EXPECT_EQ(run_ply("compare chess --ordering sideways").exit_code, 2);
    EXPECT_EQ(run_ply("compare --tree-gen b=0,d=3").exit_code, 1);
    EXPECT_EQ(run_ply("compare uniform").exit_code, 2) << "the uniform game needs a shape";
}

TEST(CliSolveBatch, ChecksEveryScoreOfASet) {
    const std::string set = std::string(PLY_DATA_DIR) + "/connect4/Test_L2_R1";
    const auto strong = run_ply("solve connect4 --batch " + set + " --first 30 --hash 8 --json");
    ASSERT_EQ(strong.exit_code, 0) << strong.out;
    const auto j = json::parse(strong.out);
    EXPECT_EQ(j["positions"], 30);
    EXPECT_EQ(j["wrong"], 0);
    EXPECT_GT(j["mean_nodes"].get<double>(), 0.0);
    EXPECT_EQ(run_ply("solve connect4 --batch " + set + " --first 30 --hash 8 --weak").exit_code, 0);
    const auto nine = run_ply("solve connect4 --batch " + std::string(PLY_DATA_DIR) +
                              "/connect4/steininger_9x5/endgame_L1.txt --board 9x5 --zero-based --first 30 --hash 8");
    EXPECT_EQ(nine.exit_code, 0) << nine.out;

    const auto wrong = run_ply("solve connect4 --hash 8 --batch /dev/stdin",
                               "2252576253462244111563365343671351441 5\\n");  // it is -1
    EXPECT_EQ(wrong.exit_code, 1) << wrong.out;
    EXPECT_NE(wrong.out.find("the set says 5"), std::string::npos) << wrong.out;
    // --skip passes over positions, --first then counts from there: only the wrong score fails.
    const std::string wrong_then_right =
        "2252576253462244111563365343671351441 5\\n# note\\n7422341735647741166133573473242566 1\\n";
    EXPECT_EQ(run_ply("solve connect4 --first 1 --batch /dev/stdin", wrong_then_right).exit_code, 1);
    const auto second = run_ply("solve connect4 --skip 1 --first 1 --json --batch /dev/stdin", wrong_then_right);
    EXPECT_EQ(second.exit_code, 0) << second.out;
    EXPECT_EQ(json::parse(second.out)["positions"], 1);
    EXPECT_EQ(
        json::parse(run_ply("solve connect4 --skip 2 --json --batch /dev/stdin", wrong_then_right).out)["positions"],
        0);
    EXPECT_EQ(run_ply("solve connect4 --batch /dev/stdin", "4453\\n").exit_code, 1) << "no score";
    EXPECT_EQ(run_ply("solve connect4 --batch /dev/stdin", "4459 1\\n").exit_code, 1) << "no column 9";
    EXPECT_EQ(run_ply("solve connect4 --batch /nonexistent").exit_code, 1);
    EXPECT_EQ(run_ply("solve tictactoe --batch " + set).exit_code, 2);
}
