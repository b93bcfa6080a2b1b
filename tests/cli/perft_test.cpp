// `ply perft <game>`: the generic count for games without a perft of their
// own, options that only some games take, suites and --json.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

namespace {

using nlohmann::json;
using ply::testing::run_ply;

}  // namespace

TEST(CliPerft, AnyGameWithDivideAndJson) {
    const auto r = run_ply("perft tictactoe --depth 2 --divide --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["game"], "tictactoe");
    EXPECT_EQ(j["nodes"], 72);
    ASSERT_EQ(j["divide"].size(), 9u);
    for (const auto& row : j["divide"]) EXPECT_EQ(row["nodes"], 8) << row;
    EXPECT_TRUE(j.contains("seconds") && j.contains("nps"));

    EXPECT_NE(run_ply("perft tictactoe --depth 9").out.find("Nodes searched: 127872\n"), std::string::npos);
    EXPECT_NE(run_ply("perft connect4 --depth 4").out.find("Nodes searched: 2401\n"), std::string::npos);
    const std::string minichess = std::string(PLY_DATA_DIR) + "/minichess/genmoves-tests/king-vs-king.in";
    const auto m = run_ply("perft minichess --position " + minichess + " --depth 1 --divide");
    EXPECT_EQ(m.exit_code, 0) << m.out;
    EXPECT_NE(m.out.find("Nodes searched: "), std::string::npos) << m.out;
}

TEST(CliPerft, ChessStaysTheDefaultAndTakesJson) {
    const auto j = json::parse(run_ply("perft --depth 3 --json").out);
    EXPECT_EQ(j["game"], "chess");
    EXPECT_EQ(j["nodes"], 8902);
    EXPECT_EQ(json::parse(run_ply("perft chess --depth 2 --threads 2 --hash 1 --json").out)["nodes"], 400);
}

TEST(CliPerft, OptionsOnlySomeGamesTake) {
    for (const char* command : {"perft tictactoe --depth 2 --threads 2", "perft tictactoe --depth 2 --hash 16",
                                "perft connect4 --depth 2 --chess960", "perft tictactoe --depth 2 --fen 'X........'",
                                "perft backgammon --depth 1", "perft --depth 2 -t 2"}) {
        const auto r = run_ply(command);
        EXPECT_EQ(r.exit_code, 2) << command << "\n" << r.out;
        EXPECT_NE(r.out.find("--help"), std::string::npos) << command << "\n" << r.out;
    }
    EXPECT_EQ(run_ply("perft tictactoe --depth 1 --position 'XXX'").exit_code, 1);
}

TEST(CliPerft, SuitesForAnyGame) {
    // X to move with two in a row: the winning move ends its line, so D2 counts the other four.
    const ply::testing::TempFile suite("ttt_perft.epd",
                                       "# tic-tac-toe\n"
                                       "......... ;D1 9 ;D2 72 ;D9 127872\n"
                                       "XX.OO.... ;D1 5 ;D2 16\n");
    const auto r = run_ply("perft tictactoe --suite " + suite.path.string());
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Passed: 5  Failed: 0  Skipped: 0"), std::string::npos) << r.out;

    const auto j = json::parse(run_ply("perft tictactoe --suite " + suite.path.string() + " --max-depth 1 --json").out);
    EXPECT_EQ(j["passed"], 2);
    EXPECT_EQ(j["skipped"], 3);
    ASSERT_EQ(j["results"].size(), 2u);
    EXPECT_EQ(j["results"][1]["position"], "XX.OO....");
    EXPECT_EQ(j["results"][1]["checks"][0]["nodes"], 5);

    const ply::testing::TempFile bad("bad_perft.epd", "......... ;D1 9\nXYZ ;D1 1\n");
    const auto b = run_ply("perft tictactoe --suite " + bad.path.string());
    EXPECT_EQ(b.exit_code, 1) << b.out;
    EXPECT_NE(b.out.find("bad_perft.epd:2: "), std::string::npos) << b.out;
}
