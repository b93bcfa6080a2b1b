// `ply analyse`: engine lines in SAN with move numbers, mate scores, MultiPV
// and the errors a user can make.
#include <gtest/gtest.h>

#include <string>

#include "support/run_ply.hpp"

using ply::testing::count_occurrences;
using ply::testing::run_ply;

namespace {

// A back-rank mate in two, checked by hand: 1. Re8+ (the front rook; the
// other is blocked) forces 1... Rxe8, the only answer to the check since the
// king's squares f8 and h8 are covered along the rank, and 2. Rxe8# with the
// pawns f7, g7, h7 boxing the king in. No check mates at once.
constexpr const char* kWhiteMatesInTwo = "'r5k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1'";
// The same, colours swapped, with Black to move on move 12.
constexpr const char* kBlackMatesInTwo = "'4r1k1/4rppp/8/8/8/8/5PPP/R5K1 b - - 0 12'";

}  // namespace

TEST(Analyse, FindsTheMateInTwoInSan) {
    const auto r = run_ply(std::string("analyse chess --fen ") + kWhiteMatesInTwo + " --depth 6");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("depth 1/"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("score #2"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("nps "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("pv 1. Re8+ Rxe8 2. Rxe8#"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("best move: Re8+ (score #2"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("line 1: #2  1. Re8+ Rxe8 2. Rxe8#"), std::string::npos) << r.out;
}

TEST(Analyse, BlackToMoveNumbersItsMovesAndAcceptsTheAmericanSpelling) {
    const auto r =
        run_ply(std::string("analyze chess --position ") + kBlackMatesInTwo + " --depth 6 --threads 2 --hash 8");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("pv 12... Re1+ 13. Rxe1 Rxe1#"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("best move: Re1+ (score #2"), std::string::npos) << r.out;
}

TEST(Analyse, MultiPvPrintsEachLine) {
    const auto r = run_ply("analyse chess --depth 4 --multipv 3");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    // Every iteration reports three lines.
    EXPECT_EQ(count_occurrences(r.out, "multipv 1 "), 4u) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "multipv 3 "), 4u) << r.out;
    EXPECT_NE(r.out.find("line 1: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("line 2: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("line 3: "), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("line 4: "), std::string::npos) << r.out;
}

TEST(Analyse, TimeLimit) {
    const auto r = run_ply("analyse chess --time 0.2");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("best move: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("line 1: "), std::string::npos) << r.out;
}

TEST(Analyse, BadInput) {
    const auto fen = run_ply("analyse chess --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1'");
    EXPECT_EQ(fen.exit_code, 1) << fen.out;
    EXPECT_NE(fen.out.find("ply analyse: "), std::string::npos) << fen.out;
    EXPECT_EQ(run_ply("analyse chess --fen 'not a fen' --depth 2").exit_code, 1);
    EXPECT_EQ(run_ply("analyse chess --depth 3 --time 1").exit_code, 2) << "--depth and --time exclude each other";
    EXPECT_EQ(run_ply("analyse chess --multipv 0").exit_code, 2);
    EXPECT_EQ(run_ply("analyse backgammon").exit_code, 2);
    EXPECT_EQ(run_ply("analyse connect4 --fen 4453").exit_code, 2) << "FEN is chess only";
}

TEST(Analyse, AFinishedGameIsSaidToBeOver) {
    const auto r = run_ply("analyse chess --fen 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1'");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("The game is over: checkmate"), std::string::npos) << r.out;
}

TEST(Analyse, OtherGamesInTheirNotation) {
    // Three in a row on the bottom for the first player, who is to move.
    const auto r = run_ply("analyse connect4 --position 112233 --depth 4");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("best move: 4 (score #1"), std::string::npos) << r.out;
}
