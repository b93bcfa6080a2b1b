// `ply perft` and `ply uci` as a user runs them: exit codes and output.
#include <gtest/gtest.h>

#include <string>

#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

namespace {

using ply::testing::run_ply;

bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

TEST(ChessPerftCli, SinglePositionAndDivide) {
    const auto r = run_ply("perft --depth 3");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(contains(r.out, "Nodes searched: 8902\n")) << r.out;
    const auto d = run_ply("perft --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' --depth 1 --divide --chess960");
    EXPECT_EQ(d.exit_code, 0);
    EXPECT_TRUE(contains(d.out, "e1h1: 1\n")) << d.out;
    EXPECT_TRUE(contains(run_ply("perft --depth 4 --threads 2 --hash 8").out, "Nodes searched: 197281\n"));
}

TEST(ChessPerftCli, BadUsageExitsWithTwoBadInputWithOne) {
    EXPECT_EQ(run_ply("perft").exit_code, 2);
    EXPECT_EQ(run_ply("perft --suite /nonexistent.epd --depth 2").exit_code, 2);
    EXPECT_EQ(run_ply("perft --depth 2 --fen 'not a fen'").exit_code, 1);
    EXPECT_EQ(run_ply("perft --suite /nonexistent.epd").exit_code, 1);
}

TEST(ChessPerftCli, SuiteReportsMismatches) {
    const ply::testing::TempFile suite("perft_suite.epd",
                                       "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197\n"
                                       "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D1 16 ;D2 72\n");  // D2 is really 71
    const std::string path = suite.path.string();
    const auto r = run_ply("perft --suite " + path);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_TRUE(contains(r.out, "Passed: 4  Failed: 1")) << r.out;
    EXPECT_TRUE(contains(r.out, "expected 72, got 71")) << r.out;
    const auto ok = run_ply("perft --suite " + path + " --max-depth 1");
    EXPECT_EQ(ok.exit_code, 0) << ok.out;
}

TEST(ChessUciCli, SpeaksUci) {
    // The end of input lets a perft count finish (`quit` would interrupt it).
    const auto r = run_ply("uci", "uci\\nposition startpos\\ngo perft 2\\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(contains(r.out, "uciok\n"));
    EXPECT_TRUE(contains(r.out, "\nNodes searched: 400\n")) << r.out;
}

}  // namespace
