// Minichess through the command line: IMCS positions from a file or standard
// input, search, play and match.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

using ply::testing::run_ply;
using ply::testing::TempFile;

TEST(CliMinichess, SearchFindsTheKingCapture) {
    // White's pawn on c5 takes the king on b6.
    const TempFile position("capture.txt", "20 W\n.k...\nrpP..\npPK..\nP....\n.....\n.....\n");
    const auto r = run_ply("search minichess --depth 3 --json --position " + position.path.string());
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["mate"], 1);
    EXPECT_EQ(j["best"], "c5-b6");
}

TEST(CliMinichess, PlayAndMatch) {
    const auto play = run_ply("play minichess --depth 2", "a2-a4\\na2-a3\\nquit\\n");
    EXPECT_EQ(play.exit_code, 0) << play.out;
    EXPECT_NE(play.out.find("Illegal move: illegal move 'a2-a4'"), std::string::npos) << play.out;
    EXPECT_NE(play.out.find("Engine plays"), std::string::npos) << play.out;

    // The position from standard input, then the moves.
    const auto from_stdin = run_ply("play minichess --position - --depth 2",
                                    "20 B\\nk.K..\\nrpP..\\npP...\\nP....\\n.....\\n.....\\na6-b6\\n");
    EXPECT_NE(from_stdin.out.find("The king is taken. The engine wins."), std::string::npos) << from_stdin.out;

    const auto match = run_ply(
        "match --game minichess --games 2 --engine cmd=ply:game=minichess,depth=1 name=a "
        "--engine cmd=ply:game=minichess,depth=2 name=b");
    EXPECT_EQ(match.exit_code, 0) << match.out;
    EXPECT_NE(match.out.find("Games: 2 of 2"), std::string::npos) << match.out;
}

TEST(CliMinichess, BadPositionFilesAreReported) {
    const auto missing = run_ply("search minichess --position /nonexistent/position.txt");
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.out.find("cannot read the position file '/nonexistent/position.txt'"), std::string::npos)
        << missing.out;
    const TempFile empty("empty.txt", "");
    const auto nothing = run_ply("search minichess --position " + empty.path.string());
    EXPECT_EQ(nothing.exit_code, 1);
    EXPECT_NE(nothing.out.find("is empty"), std::string::npos) << nothing.out;
    const TempFile pawn("pawn.txt", "1 W\nkqbnP\nppppp\n.....\n.....\nPPPP.\nRNBQK\n");
    const auto promoted = run_ply("play minichess --position " + pawn.path.string(), "quit\\n");
    EXPECT_EQ(promoted.exit_code, 1);
    EXPECT_NE(promoted.out.find("minichess position: rank 6: a pawn on its last rank"), std::string::npos)
        << promoted.out;
}

// The production engine as an arena player (algo=engine). These games once
// ran for minutes: an attacked king was treated as chess's check, so
// quiescence searched every move at every ply while both kings stood attacked.
TEST(CliMinichess, EnginePlayersFinishDeepGamesQuickly) {
    const auto match = run_ply(
        "match --game minichess --games 4 --random-plies 4 --repeat "
        "--engine cmd=ply:game=minichess,algo=engine,depth=8 name=deep "
        "--engine cmd=ply:game=minichess,algo=engine,depth=4 name=shallow");
    EXPECT_EQ(match.exit_code, 0) << match.out;
    EXPECT_NE(match.out.find("Games: 4 of 4"), std::string::npos) << match.out;
    EXPECT_EQ(run_ply("match --game minichess --engine cmd=ply:game=minichess,algo=nonsense name=x "
                      "--engine cmd=ply:game=minichess name=y")
                  .exit_code,
              2);
}
