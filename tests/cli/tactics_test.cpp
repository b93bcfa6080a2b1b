// `ply tactics`: solved counts on positions whose answers are known by hand,
// with Ply itself as the UCI engine, and one-line errors (exit 1) for missing
// files, bad EPD lines and engines that cannot start, crash or hang.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>

#include "support/ply_process.hpp"
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

using nlohmann::json;
using ply::testing::run_ply;
using ply::testing::run_ply_apart;
using ply::testing::TempFile;

namespace {

// Easy truths: a back-rank mate in one, a queen free for the taking, and a
// queen that must not take a defended pawn; the last record asks for that
// blunder as its best move, so no sound engine solves it.
const char* const kEasy =
    "# four positions\n"
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate1\";\n"
    "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1 bm Rxd5; id \"queen\";\n"
    "\n"
    "4k3/8/4p3/3p4/8/8/8/3QK3 w - - am Qxd5; id \"poisoned\";\n"
    "4k3/8/4p3/3p4/8/8/8/3QK3 w - - bm Qxd5; id \"blunder\";\n";

std::string ply_engine() { return std::string("--engine cmd=") + PLY_BINARY + " name=ply"; }

}  // namespace

TEST(CliTactics, PlySolvesTheEasyPositions) {
    const TempFile epd("easy.epd", kEasy);
    const auto r = run_ply_apart({"tactics", "--epd", epd.path.string(), "--engine", std::string("cmd=") + PLY_BINARY,
                                  "name=ply", "--time", "0.2", "--hash", "16", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto j = json::parse(r.out);  // progress lines, if any, go to standard error
    EXPECT_EQ(j["engine"], "ply");
    EXPECT_EQ(j["positions"], 4);
    EXPECT_EQ(j["solved"], 3) << r.out;
    EXPECT_EQ(j["failed"], json::array({"blunder"})) << r.out;
    ASSERT_EQ(j["results"].size(), 4u);
    EXPECT_EQ(j["results"][0]["played"], "Ra8#");
    EXPECT_EQ(j["results"][1]["played"], "Rxd5");
    EXPECT_NE(j["results"][2]["played"], "Qxd5");
    EXPECT_EQ(j["results"][2]["solved"], true);
}

TEST(CliTactics, ProgressOnStandardError) {
    // Three quiet positions, each searched for its whole 0.9 s: a line once
    // two seconds have passed.
    std::string suite;
    for (int i = 0; i < 3; ++i) suite += "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4 Nf3 c4;\n";
    const TempFile epd("progress.epd", suite);
    const auto r = run_ply_apart({"tactics", "--epd", epd.path.string(), "--engine", std::string("cmd=") + PLY_BINARY,
                                  "name=ply", "--time", "0.9", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(json::parse(r.out)["positions"], 3);
    const auto at = r.err.find("tactics: ");
    ASSERT_NE(at, std::string::npos) << r.err;
    EXPECT_TRUE(r.err.compare(at, 19, "tactics: 2/3 done, ") == 0 || r.err.compare(at, 19, "tactics: 3/3 done, ") == 0)
        << r.err;
    EXPECT_NE(r.err.find(" solved, ", at), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" nodes/s", at), std::string::npos) << r.err;
}

TEST(CliTactics, TextSummaryAndFirst) {
    const TempFile epd("first.epd", kEasy);
    const auto r =
        run_ply("tactics --epd " + epd.path.string() + " " + ply_engine() + " --time 0.1 --first 1 --verbose");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("mate1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Solved: 1 / 1 (100.0%)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Failed: none"), std::string::npos) << r.out;
}

TEST(CliTactics, MissingFileFails) {
    const auto r = run_ply("tactics --epd /nonexistent/suite.epd " + ply_engine());
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("cannot read the EPD file '/nonexistent/suite.epd': No such file or directory"),
              std::string::npos)
        << r.out;
}

TEST(CliTactics, MalformedLineIsNamed) {
    const TempFile bad_fen("bad_fen.epd", std::string(kEasy) + "not a fen bm e4;\n");
    auto r = run_ply("tactics --epd " + bad_fen.path.string() + " " + ply_engine());
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find(bad_fen.path.string() + ":7:"), std::string::npos) << r.out;

    // A best move that is illegal in its position is just as malformed.
    const TempFile bad_move("bad_move.epd", "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Rh9; id \"x\";\n");
    r = run_ply("tactics --epd " + bad_move.path.string() + " " + ply_engine());
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find(bad_move.path.string() + ":1:"), std::string::npos) << r.out;
}

TEST(CliTactics, EngineThatCannotStartFails) {
    const TempFile epd("nostart.epd", kEasy);
    const auto r = run_ply("tactics --epd " + epd.path.string() + " --engine cmd=/nonexistent/engine --time 0.1");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("cannot start engine 'engine'"), std::string::npos) << r.out;
}

TEST(CliTactics, CrashingOrHungEngineFails) {
    const TempFile epd("crash.epd", kEasy);
    const std::string fake = std::string("--engine 'cmd=") + PLY_ARENA_FAKE_ENGINE;
    auto r = run_ply("tactics --epd " + epd.path.string() + " " + fake + " uci crash 2' name=fake --time 0.1");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("engine 'fake' crashed at queen"), std::string::npos) << r.out;

    // Never answers its first `go`, nor `stop`: a short timeout= ends the wait.
    r = run_ply("tactics --epd " + epd.path.string() + " " + fake + " uci hang 1' name=fake timeout=0.2 --time 0.1");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("engine 'fake' stopped answering at mate1"), std::string::npos) << r.out;
}

TEST(CliTactics, IllegalMoveFailsThePositionOnly) {
    const TempFile epd("illegal.epd", kEasy);
    const std::string fake = std::string("--engine 'cmd=") + PLY_ARENA_FAKE_ENGINE + " uci illegal 1' name=fake";
    const auto r = run_ply("tactics --epd " + epd.path.string() + " " + fake + " --time 0.1 --first 1 --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["solved"], 0);
    EXPECT_TRUE(j["results"][0]["played"].is_null());
    EXPECT_NE(j["results"][0]["note"].get<std::string>().find("illegal move"), std::string::npos) << r.out;
}

TEST(CliTactics, BadUsageExitsTwo) {
    const TempFile epd("usage.epd", kEasy);
    EXPECT_EQ(run_ply("tactics --epd " + epd.path.string()).exit_code, 2) << "an engine is required";
    EXPECT_EQ(run_ply("tactics --epd " + epd.path.string() + " --engine cmd=x frob=1").exit_code, 2);
    EXPECT_EQ(run_ply("tactics --epd " + epd.path.string() + " " + ply_engine() + " --time 0").exit_code, 2);
    EXPECT_EQ(run_ply("tactics --epd " + epd.path.string() + " --engine cmd=x tc=10+0.1").exit_code, 2);
}
