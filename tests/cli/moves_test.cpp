// `ply moves` for every game: sorted legal moves, minichess positions from a
// file or standard input (IMCS text) checked against the course's lists.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "support/read_file.hpp"
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

using ply::testing::read_file;
using ply::testing::run_ply;
using ply::testing::TempFile;

namespace {

const std::string kCases = std::string(PLY_DATA_DIR) + "/minichess/genmoves-tests/";

}  // namespace

TEST(CliMoves, MinichessFilesMatchTheCourseLists) {
    // A mid-game, a promotion, no move at all, and a board past the move limit.
    for (const char* name : {"random-1", "promote-and-capture", "loss-no-moves", "random-34"}) {
        const auto r = run_ply("moves minichess --position " + kCases + name + ".in");
        EXPECT_EQ(r.exit_code, 0) << name << ": " << r.out;
        EXPECT_EQ(r.out, read_file(kCases + name + ".out")) << name;
    }
}

TEST(CliMoves, MinichessFromStandardInput) {
    const auto r =
        run_ply("moves minichess --position -", "\\n20 B\\nk.K..\\nrpP..\\npP...\\nP....\\n.....\\n.....\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(r.out, "a6-b6\n");
}

TEST(CliMoves, MinichessStart) {
    const auto r = run_ply("moves minichess");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(r.out, "a2-a3\nb1-a3\nb1-c3\nb2-b3\nc2-c3\nd2-d3\ne2-e3\n");
}

TEST(CliMoves, EveryGameListsItsMovesSorted) {
    auto lines = [](const std::string& text) {
        std::size_t n = 0;
        for (char c : text) n += c == '\n';
        return n;
    };
    const auto chess = run_ply("moves chess");
    EXPECT_EQ(chess.exit_code, 0) << chess.out;
    EXPECT_EQ(lines(chess.out), 20u);
    EXPECT_EQ(chess.out.substr(0, 10), "a2a3\na2a4\n");
    const auto fen = run_ply("moves chess --position '7k/8/8/8/8/8/8/K7 w - - 0 1'");
    EXPECT_EQ(fen.out, "a1a2\na1b1\na1b2\n");
    const auto connect4 = run_ply("moves connect4 --position 4453");
    EXPECT_EQ(connect4.out, "1\n2\n3\n4\n5\n6\n7\n");
    const auto tictactoe = run_ply("moves tictactoe --position X...O....");
    EXPECT_EQ(tictactoe.exit_code, 0) << tictactoe.out;
    EXPECT_EQ(lines(tictactoe.out), 7u);
    const auto tree = run_ply("moves tree --position '((3 5) (2 9) 4)'");
    EXPECT_EQ(tree.out, "1\n2\n3\n");
    // A finished game: nothing at all.
    const auto won = run_ply("moves tictactoe --position XXXOO....");
    EXPECT_EQ(won.exit_code, 0) << won.out;
    EXPECT_EQ(won.out, "");
}

TEST(CliMoves, JsonHoldsThePositionAndTheSameList) {
    const auto r = run_ply("moves connect4 --position 4453 --json");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(r.out, R"({"moves":["1","2","3","4","5","6","7"],"position":"4453"})"
                     "\n");
    const auto over = run_ply("moves tictactoe --position XXXOO.... --json");
    EXPECT_NE(over.out.find(R"("moves":[])"), std::string::npos) << over.out;
}

TEST(CliMoves, BadInputIsReported) {
    const auto missing = run_ply("moves minichess --position /nonexistent/position.txt");
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.out.find("cannot read the position file"), std::string::npos) << missing.out;

    const TempFile bad("bad.txt", "1 W\nkqbnr\nppppp\n.....\nPPPPP\nRNBQK\n");
    const auto rows = run_ply("moves minichess --position " + bad.path.string());
    EXPECT_EQ(rows.exit_code, 1);
    EXPECT_NE(rows.out.find("expected a header line and 6 rows, got 6 lines"), std::string::npos) << rows.out;

    const auto side = run_ply("moves minichess --position -", "1 X\\nkqbnr\\nppppp\\n.....\\n.....\\nPPPPP\\nRNBQK\\n");
    EXPECT_EQ(side.exit_code, 1);
    EXPECT_NE(side.out.find("bad header '1 X'"), std::string::npos) << side.out;

    const auto game = run_ply("moves backgammon");
    EXPECT_EQ(game.exit_code, 2);
    EXPECT_NE(game.out.find("unknown game 'backgammon'"), std::string::npos) << game.out;
}
