// Checkers' games as a user sees them saved and loaded: `ply play checkers`
// saves PDN and --load goes on from one (a bad file is one line, exit 1), and
// `ply match --game checkers` plays the ACF ballots by default, ballot k and
// then ballot k with colours reversed, writing PDN.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/read_file.hpp"
#include "support/run_ply.hpp"

namespace {

using ply::testing::count_occurrences;
using ply::testing::read_file;
using ply::testing::run_ply;

TEST(CheckersPdnCli, PlaySavesPdnAndLoadGoesOnFromIt) {
    const std::string file = ::testing::TempDir() + "/play_checkers.pdn";
    std::filesystem::remove(file);
    const auto r = run_ply("play checkers --depth 1", "11-15\\nsave " + file + "\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Saved to " + file + " (PDN)."), std::string::npos) << r.out;
    const std::string pdn = read_file(file);
    for (const char* tag : {"[Black \"Human\"]\n[White \"Ply\"]", "[Result \"*\"]", "[GameType \"21\"]"})
        EXPECT_NE(pdn.find(tag), std::string::npos) << tag << " in " << pdn;
    EXPECT_EQ(pdn.find("[FEN"), std::string::npos) << pdn;
    EXPECT_NE(pdn.find("\n1. 11-15 {"), std::string::npos) << pdn;

    // Loaded: both moves are in the history, and the person has Black to move.
    const auto loaded = run_ply("play checkers --depth 1 --load " + file, "history\\nundo\\nhistory\\nquit\\n");
    EXPECT_EQ(loaded.exit_code, 0) << loaded.out;
    EXPECT_NE(loaded.out.find("You play Black."), std::string::npos) << loaded.out;
    EXPECT_NE(loaded.out.find("Moves: 11-15 "), std::string::npos) << loaded.out;
    EXPECT_NE(loaded.out.find("No moves yet."), std::string::npos)
        << "undo takes back the loaded moves: " << loaded.out;
}

TEST(CheckersPdnCli, ABadGameFileIsOneLineAndExitOne) {
    const std::string file = ::testing::TempDir() + "/play_checkers_cut.pdn";
    {
        std::ofstream out(file);
        out << "[Event \"cut\"]\n[Result \"1-0\"]\n1. 11-15 23-19 2. 8-11 22-17 3. 11x";
    }
    const auto r = run_ply("play checkers --load " + file, "quit\\n");
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find(file + ":3: move 3 (Black) '11x' is not a legal move"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("Your move"), std::string::npos) << "no game is started: " << r.out;
    {
        std::ofstream out(file);
        out << "[Event \"cut\"]\n[Result \"1-0\"]\n1. 11-15 23-19 2. 8-11 22-17\n";
    }
    const auto cut = run_ply("play checkers --load " + file, "quit\\n");
    EXPECT_EQ(cut.exit_code, 1) << cut.out;
    EXPECT_NE(cut.out.find("without a result"), std::string::npos) << cut.out;
    EXPECT_EQ(run_ply("play checkers --load " + file + " --position start", "").exit_code, 2);
}

TEST(CheckersPdnCli, MatchPlaysBallotsTwiceColoursReversedAndWritesPdn) {
    const std::string file = ::testing::TempDir() + "/match_checkers.pdn";
    std::filesystem::remove(file);
    const auto r = run_ply(
        "match --game checkers --engine cmd=ply:game=checkers,algo=alphabeta,depth=2 name=a "
        "--engine cmd=ply:game=checkers,algo=alphabeta,depth=2 name=b --games 4 --max-plies 40 "
        "--pdn " +
        file);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    const std::string pdn = read_file(file);
    EXPECT_EQ(count_occurrences(pdn, "[GameType \"21\"]"), 4u) << pdn;
    EXPECT_EQ(count_occurrences(pdn, "[Black \"a\"]\n[White \"b\"]"), 2u) << pdn;
    EXPECT_EQ(count_occurrences(pdn, "[Black \"b\"]\n[White \"a\"]"), 2u) << pdn;
    // Ballots 1 and 2 of the ACF deck, each from both sides.
    EXPECT_EQ(count_occurrences(pdn, "\n\n1. 9-13 21-17 2. 5-9 "), 2u) << pdn;
    EXPECT_EQ(count_occurrences(pdn, "\n\n1. 9-13 21-17 2. 6-9 "), 2u) << pdn;
    EXPECT_EQ(pdn.find("[FEN"), std::string::npos) << pdn;
    EXPECT_NE(r.out.find("pentanomial"), std::string::npos) << r.out;
}

}  // namespace
