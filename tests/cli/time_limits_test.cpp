// Long jobs under a time limit or Ctrl-C: `ply solve --time` prints the
// bounds it proved, `ply match --time` stops starting games, and progress
// lines go to standard error only.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include <ply/games/connect4/pons.hpp>
#include "support/ply_process.hpp"
#include "support/temp_file.hpp"

using nlohmann::json;
using ply::testing::PlyProcess;
using ply::testing::run_ply_apart;

namespace {

// The empty 7x6 board: the first player wins with her last stone (Pons'
// score +1, Allis 1988), after minutes of solving.
const ply::Score kEmptyBoardValue = ply::connect4::value_of_pons_score(42, 0, 1);

// The output without its "time:" line, which differs from run to run.
std::string without_time(const std::string& text) {
    const auto at = text.find("time:");
    return at == std::string::npos ? text : text.substr(0, at);
}

}  // namespace

TEST(CliSolveTime, StopsAtTheLimitWithBoundsAroundTheValue) {
    const auto r = run_ply_apart({"solve", "connect4", "--time", "2.5", "--json"});
    EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
    EXPECT_LT(r.seconds, 5.0) << "stopped promptly";
    const auto j = json::parse(r.out);  // standard output holds the JSON alone
    EXPECT_EQ(j["complete"], false);
    EXPECT_EQ(j["result"], "unknown");
    ASSERT_TRUE(j["lower"].is_number() && j["upper"].is_number()) << j;
    EXPECT_LE(j["lower"].get<int>(), kEmptyBoardValue) << j;
    EXPECT_GE(j["upper"].get<int>(), kEmptyBoardValue) << j;
    EXPECT_LE(j["pons_score_lower"].get<int>(), 1) << j;
    EXPECT_GE(j["pons_score_upper"].get<int>(), 1) << j;
    EXPECT_FALSE(j.contains("score")) << j;
    // Progress after two seconds, on standard error.
    EXPECT_NE(r.err.find("solve: 2 s, "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" nodes/s, score between "), std::string::npos) << r.err;
}

TEST(CliSolveTime, CtrlCPrintsTheBoundsProvenSoFar) {
    PlyProcess solve({"solve", "connect4"});
    std::this_thread::sleep_for(std::chrono::seconds(1));
    solve.signal(SIGINT);
    const auto r = solve.wait();
    EXPECT_EQ(r.exit_code, 130) << r.out << r.err;
    EXPECT_LT(r.seconds, 3.0) << "stopped promptly";
    EXPECT_NE(r.out.find("result:     unknown (stopped after "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("score:      between #-"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("pons score: between "), std::string::npos) << r.out;
}

TEST(CliSolveTime, ASolveWithinTheLimitIsUnchanged) {
    // Pons' Test_L3_R1, line 1, and the tic-tac-toe start (the exhaustive method).
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"solve", "connect4", "--position", "2252576253462244111563365343671351441"},
          std::vector<std::string>{"solve", "tictactoe"}}) {
        auto timed = args;
        timed.insert(timed.end(), {"--time", "1000"});
        const auto plain = run_ply_apart(args), limited = run_ply_apart(timed);
        EXPECT_EQ(plain.exit_code, 0) << plain.out << plain.err;
        EXPECT_EQ(limited.exit_code, 0) << limited.out << limited.err;
        EXPECT_EQ(without_time(limited.out), without_time(plain.out));
        EXPECT_NE(plain.out.find("best moves: "), std::string::npos) << plain.out;
        auto json_args = args, json_timed = timed;
        json_args.push_back("--json");
        json_timed.push_back("--json");
        EXPECT_EQ(run_ply_apart(json_timed).out, run_ply_apart(json_args).out);
    }
}

TEST(CliSolveTime, TheExhaustiveMethodStopsToo) {
    // A uniform tree of 12^12 leaves: hours of plain alpha-beta.
    const auto r = run_ply_apart({"solve", "uniform", "--position", "b=12,d=12,seed=1", "--time", "0.3", "--json"});
    EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
    EXPECT_LT(r.seconds, 3.0);
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["complete"], false);
    EXPECT_EQ(j["result"], "unknown");
    EXPECT_TRUE(j["upper"].is_null()) << "alpha-beta proves no upper bound before its end: " << j;
}

TEST(CliSolveTime, UsageErrors) {
    EXPECT_EQ(run_ply_apart({"solve", "connect4", "--time", "0"}).exit_code, 2);
    EXPECT_EQ(run_ply_apart({"solve", "connect4", "--time", "x"}).exit_code, 2);
    EXPECT_EQ(run_ply_apart({"book", "connect4", "--plies", "2", "--out", "b.txt", "--time", "-1"}).exit_code, 2);
    const auto record = run_ply_apart({"book", "chess", "--pgn", "g.pgn", "--out", "b.bin", "--time", "1"});
    EXPECT_EQ(record.exit_code, 2);
    EXPECT_NE(record.err.find("--time is not for recorded-game books"), std::string::npos) << record.err;
}

// A benchmark set under --time: no position starts after it; the summary is
// of the positions solved, all of them right.
TEST(CliSolveTime, ABatchStopsStartingPositions) {
    const std::string set = std::string(PLY_DATA_DIR) + "/connect4/Test_L2_R2";  // 1000 positions, seconds
    const auto r = run_ply_apart({"solve", "connect4", "--batch", set, "--time", "0.3", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["complete"], false);
    EXPECT_EQ(j["stopped"], "time limit");
    EXPECT_GT(j["positions"].get<int>(), 0);
    EXPECT_LT(j["positions"].get<int>(), 1000);
    EXPECT_EQ(j["wrong"], 0);
    EXPECT_LT(r.seconds, 3.0) << "a set position solves in milliseconds";
    const auto whole = run_ply_apart({"solve", "connect4", "--batch", set, "--first", "5", "--time", "60", "--json"});
    EXPECT_EQ(json::parse(whole.out)["complete"], true) << whole.out;
}

// A book that cannot be finished in time is not written at all.
TEST(CliSolveTime, ABookOutOfTimeWritesNothing) {
    const std::string out = ::testing::TempDir() + "book_out_of_time.txt";
    const auto r = run_ply_apart({"book", "connect4", "--plies", "6", "--time", "0.2", "--out", out});
    EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
    EXPECT_NE(r.err.find("positions solved in"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing written"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(CliMatchTime, NoGameStartsAfterTheLimit) {
    // Depth-7 Connect Four players: each game takes a fair fraction of a second.
    const auto r = run_ply_apart({"match", "--game", "connect4", "--engine", "cmd=ply:game=connect4,depth=7", "name=a",
                                  "--engine", "cmd=ply:game=connect4,depth=7", "name=b", "--games", "1000",
                                  "--random-plies", "4", "--time", "1", "--json"});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_LT(r.seconds, 20.0);
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["out_of_time"], true);
    EXPECT_EQ(j["stop_reason"], "time limit of 1 s");
    EXPECT_GT(j["played"].get<int>(), 0);
    EXPECT_LT(j["played"].get<int>(), 1000);
    // A progress line per game: the score so far, the pace, the time left.
    EXPECT_NE(r.err.find("[1/1000] "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" games/min, about "), std::string::npos) << r.err;
}

TEST(CliMatchTime, TheTableSaysTheMatchWasCutShort) {
    const auto r = run_ply_apart({"match", "--game", "connect4", "--engine", "cmd=ply:game=connect4,depth=7", "name=a",
                                  "--engine", "cmd=ply:game=connect4,depth=7", "name=b", "--games", "1000",
                                  "--random-plies", "4", "--time", "0.5"});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find(" of 1000 (stopped: time limit of 0.5 s)"), std::string::npos) << r.out;
}

TEST(CliMatchTime, CtrlCReportsTheGamesSoFar) {
    PlyProcess match({"match", "--game", "connect4", "--engine", "cmd=ply:game=connect4,depth=7", "name=a", "--engine",
                      "cmd=ply:game=connect4,depth=7", "name=b", "--games", "1000", "--random-plies", "4"});
    std::this_thread::sleep_for(std::chrono::seconds(1));
    match.signal(SIGINT);
    const auto r = match.wait();
    EXPECT_EQ(r.exit_code, 130) << r.out << r.err;
    EXPECT_NE(r.out.find(" of 1000 (stopped: interrupted)"), std::string::npos) << r.out;
}
