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

}  // namespace
