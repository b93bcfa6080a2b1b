// `ply play` against the production search, chess above all: SAN and UCI in,
// SAN out, the info toggle, bad input, every way a game can end, the board
// turned for Black, the move list, saving the game and starting a new one.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/read_file.hpp"
#include "support/run_ply.hpp"

using ply::testing::count_occurrences;
using ply::testing::read_file;
using ply::testing::run_ply;

namespace {

// Column after column, from `first`, many times over: a Connect Four player
// who never looks at the board (a full column is refused, and the next tried).
std::string every_column_from(int first) {
    std::string input;
    for (int i = 0; i < 70; ++i) input += std::to_string((first - 1 + i) % 7 + 1) + "\\n";
    return input;
}

}  // namespace

TEST(PlayChess, MovesInSanOrUciAndTheEngineAnswersInSan) {
    const auto r = run_ply("play chess --depth 2", "e4\\ng1f3\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "Engine plays "), 2u) << r.out;
    EXPECT_NE(r.out.find("Bye."), std::string::npos) << r.out;
    // SAN (e5, Nc6, O-O...), never coordinates such as e7e5. (No std::regex:
    // GCC 12 warns inside it under the sanitizers.)
    auto is_file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto is_rank = [](char c) { return c >= '1' && c <= '8'; };
    for (auto at = r.out.find("Engine plays "); at != std::string::npos; at = r.out.find("Engine plays ", at + 1)) {
        const std::string move = r.out.substr(at + 13, r.out.find(' ', at + 13) - (at + 13));
        ASSERT_GE(move.size(), 2u) << r.out;
        const bool coordinates =
            move.size() >= 4 && is_file(move[0]) && is_rank(move[1]) && is_file(move[2]) && is_rank(move[3]);
        EXPECT_FALSE(coordinates) << move;
        EXPECT_TRUE(is_file(move[0]) || std::string("KQRBNO").find(move[0]) != std::string::npos) << move;
    }
}

TEST(PlayChess, IllegalOrMalformedInputIsRefusedAndPlayGoesOn) {
    const auto r = run_ply("play chess --depth 2", "e5\\ne2e5\\nfoo bar\\nKe9\\ne4\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "Illegal move"), 4u) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "Engine plays "), 1u) << r.out;
    EXPECT_NE(r.out.find("Bye."), std::string::npos) << r.out;
}

TEST(PlayChess, InfoTogglesTheSearchLines) {
    const auto r = run_ply("play chess --depth 3", "info\\ne4\\ninfo\\nd4\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Search info on"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Search info off"), std::string::npos) << r.out;
    // One line per iteration of the first reply only (depths 1 to 3), its
    // principal variation in SAN starting with Black's move number.
    EXPECT_EQ(count_occurrences(r.out, "  depth "), 3u) << r.out;
    // Scores as every command prints chess scores: in pawns, "+0.35".
    const auto depth3 = r.out.find("  depth 3  score ");
    ASSERT_NE(depth3, std::string::npos) << r.out;
    const std::string score = r.out.substr(depth3 + 17, r.out.find(' ', depth3 + 17) - depth3 - 17);
    EXPECT_TRUE(score.size() >= 5 && (score[0] == '+' || score[0] == '-') && score[score.size() - 3] == '.') << score;
    EXPECT_NE(r.out.find("pv 1... "), std::string::npos) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "Engine plays "), 2u) << r.out;
}

TEST(PlayTicTacToe, OneBoardATurn) {
    // The start, then one board after each of the engine's replies, the
    // person's move drawn with it (illegal tries draw nothing).
    const auto r = run_ply("play tictactoe", "b2\\nc1\\na1\\nc3\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    const auto replies = count_occurrences(r.out, "Engine plays ");
    EXPECT_GE(replies, 2u) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "   a   b   c"), 1 + replies) << r.out;
    // The engine first: its move, then the board.
    const auto second = run_ply("play tictactoe --first engine", "quit\\n");
    EXPECT_EQ(count_occurrences(second.out, "Engine plays "), 1u) << second.out;
    EXPECT_EQ(count_occurrences(second.out, "   a   b   c"), 1u) << second.out;
}

TEST(PlayChess, YourColourIsStated) {
    EXPECT_NE(run_ply("play chess --depth 1", "quit\\n").out.find("You play White."), std::string::npos);
    EXPECT_NE(run_ply("play chess --depth 1 --first engine", "quit\\n").out.find("You play Black."), std::string::npos);
    // Black to move in the position: the person who moves first has Black.
    const auto black = run_ply("play chess --depth 1 --position '4k3/8/8/8/8/8/8/4K2R b K - 0 1'", "quit\\n");
    EXPECT_NE(black.out.find("You play Black."), std::string::npos) << black.out;
    EXPECT_NE(run_ply("play tictactoe --first engine", "quit\\n").out.find("You move second."), std::string::npos);
}

TEST(PlayChess, UndoHintAndMovesWork) {
    const auto r = run_ply("play chess --depth 2", "undo\\nmoves\\nhint\\ne4\\nundo\\nd4\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Nothing to undo."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Legal moves: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" Nf3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Hint: "), std::string::npos) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "Engine plays "), 2u) << r.out;
}

TEST(PlayChess, TheEngineMatesInOne) {
    const auto r = run_ply("play chess --position '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --first engine --depth 3");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Engine plays Ra8#"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Checkmate. The engine wins."), std::string::npos) << r.out;
}

TEST(PlayChess, ThePersonMates) {
    const auto r = run_ply("play chess --position '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --depth 2", "Ra8\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Checkmate. You win."), std::string::npos) << r.out;
}

TEST(PlayChess, TimedMovesEndOnTime) {
    const auto r = run_ply("play chess --position '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --first engine --time 0.2");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Checkmate. The engine wins."), std::string::npos) << r.out;
    EXPECT_EQ(run_ply("play chess --depth 2 --time 1").exit_code, 2);
}

TEST(PlayChess, DrawsAreAnnouncedWithTheirRule) {
    const auto stalemate = run_ply("play chess --position 'k7/8/1K6/2Q5/8/8/8/8 w - - 0 1' --depth 2", "Qc7\\n");
    EXPECT_NE(stalemate.out.find("Stalemate. Draw."), std::string::npos) << stalemate.out;
    const auto material = run_ply("play chess --position '4k3/8/8/8/8/8/3p4/4K3 w - - 0 1' --depth 2", "Kxd2\\n");
    EXPECT_NE(material.out.find("Draw by insufficient material."), std::string::npos) << material.out;
    const auto fifty = run_ply("play chess --position '4k3/8/8/8/8/8/8/R3K3 w - - 99 80' --depth 2", "Ra2\\n");
    EXPECT_NE(fifty.out.find("Draw by the fifty-move rule."), std::string::npos) << fifty.out;
}

TEST(PlayChess, ThreefoldRepetitionIsADraw) {
    // Black's king has one legal move each turn (Kh8-h7-h8: the white king on
    // f7 and bishop on f8 take every other square), so the person's knight
    // shuffle a1-b3-a1 brings the start position back a third time.
    const auto r =
        run_ply("play chess --position '5B1k/5K2/8/8/8/8/8/N7 w - - 0 1' --depth 2", "Nb3\\nNa1\\nNb3\\nNa1\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "Engine plays "), 4u) << r.out;
    EXPECT_NE(r.out.find("Draw by threefold repetition."), std::string::npos) << r.out;
}

TEST(PlayOtherGames, TheProductionSearchPlaysEveryGame) {
    const auto c4 = run_ply("play connect4 --depth 4", "4\\nquit\\n");
    EXPECT_EQ(c4.exit_code, 0) << c4.out;
    EXPECT_NE(c4.out.find("Engine plays "), std::string::npos) << c4.out;
    // The person takes child 2, whose leaves are 2 and 9 for the person: the
    // engine leaves them 2.
    const auto tree = run_ply("play tree --position '((3 5) (2 9))'", "2\\n");
    EXPECT_EQ(tree.exit_code, 0) << tree.out;
    EXPECT_NE(tree.out.find("Engine plays 1 "), std::string::npos) << tree.out;
    const auto ttt = run_ply("play tictactoe --time 0.1", "5\\nquit\\n");
    EXPECT_EQ(ttt.exit_code, 0) << ttt.out;
    EXPECT_NE(ttt.out.find("Engine plays "), std::string::npos) << ttt.out;
}

TEST(PlayChess, TheBoardIsTurnedWhenYouPlayBlack) {
    const auto white = run_ply("play chess --depth 1", "quit\\n");
    EXPECT_NE(white.out.find("    a   b   c   d   e   f   g   h"), std::string::npos) << white.out;
    EXPECT_LT(white.out.find("8 | r |"), white.out.find("1 | R |")) << white.out;
    const auto black = run_ply("play chess --depth 1 --first engine", "quit\\n");
    EXPECT_NE(black.out.find("You play Black."), std::string::npos) << black.out;
    EXPECT_NE(black.out.find("    h   g   f   e   d   c   b   a"), std::string::npos) << black.out;
    EXPECT_EQ(black.out.find("    a   b   c"), std::string::npos) << "every board is Black's: " << black.out;
    EXPECT_LT(black.out.find("1 | R |"), black.out.find("8 | r |")) << black.out;
    // Minichess the same; tic-tac-toe draws no other side.
    const auto mini = run_ply("play minichess --depth 1 --first engine", "quit\\n");
    EXPECT_NE(mini.out.find("You play Black."), std::string::npos) << mini.out;
    EXPECT_NE(mini.out.find("    e d c b a"), std::string::npos) << mini.out;
    const auto ttt = run_ply("play tictactoe --first engine", "quit\\n");
    EXPECT_NE(ttt.out.find("   a   b   c"), std::string::npos) << ttt.out;
}

TEST(PlayChess, HistoryListsTheMovesAsTheGameNumbersThem) {
    const auto r = run_ply("play chess --depth 1", "history\\ne4\\nNf3\\nhistory\\nhelp\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("No moves yet."), std::string::npos) << r.out;
    const auto at = r.out.find("Moves: 1. e4 ");
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    EXPECT_NE(line.find(" 2. Nf3 "), std::string::npos) << line;
    EXPECT_EQ(count_occurrences(line, " "), 6u) << "four moves, two numbers: " << line;
    EXPECT_NE(r.out.find("  history "), std::string::npos) << "help names it: " << r.out;
    // Black first: the first move is numbered 1...
    const auto black = run_ply("play chess --depth 1 --position '4k3/8/8/8/8/8/8/4K2R b K - 0 1'", "Kd7\\nhistory\\n");
    EXPECT_NE(black.out.find("Moves: 1... Kd7 2. "), std::string::npos) << black.out;
}

TEST(PlayChess, SaveWritesPgn) {
    const std::string dir = ::testing::TempDir();
    const std::string file = dir + "/play_start.pgn";
    std::filesystem::remove(file);
    const auto r = run_ply("play chess --depth 1", "e4\\nsave " + file + "\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Saved to " + file + " (PGN)."), std::string::npos) << r.out;
    const std::string pgn = read_file(file);
    for (const char* tag : {"[Event \"ply play\"]", "[Site ", "[Date ", "[Round ", "[White \"Human\"]",
                            "[Black \"Ply\"]", "[Result \"*\"]"})
        EXPECT_NE(pgn.find(tag), std::string::npos) << tag << " in " << pgn;
    EXPECT_EQ(pgn.find("[FEN"), std::string::npos) << "the standard start needs none: " << pgn;
    EXPECT_NE(pgn.find("\n1. e4 {"), std::string::npos) << pgn;
    // From a position, to the end: SetUp and FEN, the result, the mate.
    const std::string mate = dir + "/play_mate.pgn";
    const auto m =
        run_ply("play chess --depth 1 --position '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'", "Ra8\\nsave " + mate + "\\n");
    EXPECT_EQ(m.exit_code, 0) << m.out;
    EXPECT_NE(m.out.find("Checkmate. You win."), std::string::npos) << m.out;
    const std::string won = read_file(mate);
    EXPECT_NE(won.find("[Result \"1-0\"]"), std::string::npos) << won;
    EXPECT_NE(won.find("[SetUp \"1\"]"), std::string::npos) << won;
    EXPECT_NE(won.find("[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]"), std::string::npos) << won;
    EXPECT_NE(won.find("1. Ra8#"), std::string::npos) << won;
    EXPECT_NE(won.find(" 1-0\n"), std::string::npos) << won;
}

TEST(PlayChess, AFailedSaveLeavesNoFileAndTheGameGoesOn) {
    const std::string dir = ::testing::TempDir() + "/play_no_such_dir";
    std::filesystem::remove_all(dir);
    const auto r = run_ply("play chess --depth 1", "save " + dir + "/x.pgn\\nsave\\ne4\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "Not saved: "), 1u) << r.out;
    const auto at = r.out.find("Not saved: ");
    EXPECT_NE(r.out.substr(at, r.out.find('\n', at) - at).find("x.pgn"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(dir)) << "nothing written";
    EXPECT_NE(r.out.find("Save to which file?"), std::string::npos) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "Engine plays "), 1u) << r.out;
    // A file that exists is replaced whole.
    const std::string file = ::testing::TempDir() + "/play_again.pgn";
    run_ply("play chess --depth 1", "e4\\nd4\\nsave " + file + "\\nquit\\n");
    run_ply("play chess --depth 1", "c4\\nsave " + file + "\\nquit\\n");
    const std::string pgn = read_file(file);
    EXPECT_NE(pgn.find("1. c4 "), std::string::npos) << pgn;
    EXPECT_EQ(pgn.find("2. "), std::string::npos) << pgn;
}

TEST(PlayTicTacToe, SaveWritesTheGamesOwnNotation) {
    const std::string file = ::testing::TempDir() + "/play_ttt.txt";
    const auto r = run_ply("play tictactoe", "b2\\nsave " + file + "\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Saved to " + file + "."), std::string::npos) << r.out;
    const std::string text = read_file(file);
    EXPECT_NE(text.find("Game: tictactoe\n"), std::string::npos) << text;
    EXPECT_NE(text.find("First: Human\nSecond: Ply\n"), std::string::npos) << text;
    EXPECT_NE(text.find("Start: the standard start\n"), std::string::npos) << text;
    EXPECT_NE(text.find("Moves: 5 "), std::string::npos) << "b2 is cell 5: " << text;
    EXPECT_NE(text.find("Result: *\n"), std::string::npos) << text;
    // Connect Four from a position: the position, as --position reads it.
    const std::string c4 = ::testing::TempDir() + "/play_c4.txt";
    run_ply("play connect4 --depth 2 --position 4453", "4\\nsave " + c4 + "\\nquit\\n");
    const std::string saved = read_file(c4);
    EXPECT_NE(saved.find("Start: 4453\nMoves: 4 "), std::string::npos) << saved;
}

TEST(PlayChess, NewStartsAgainOnTheSameSides) {
    const auto r = run_ply("play chess --depth 1 --first engine", "e5\\nnew\\nhistory\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("New game. You play Black."), std::string::npos) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "Engine plays "), 3u) << "the engine starts again: " << r.out;
    const auto at = r.out.rfind("Moves: 1. ");
    ASSERT_NE(at, std::string::npos) << r.out;
    EXPECT_GT(r.out.find(' ', at + 10), r.out.find('\n', at)) << "one move only: " << r.out;
    // After the end, the game can be started again.
    const auto again = run_ply("play chess --depth 1 --position '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'",
                               "Ra8\\nRa7\\nnew\\nRa8\\nquit\\n");
    EXPECT_EQ(count_occurrences(again.out, "Checkmate. You win."), 2u) << again.out;
    EXPECT_NE(again.out.find("The game is over"), std::string::npos) << again.out;
}

// Pons' end-game set, Test_L1_R1 line 1: the side to move wins (score 11),
// with one move only, 3. The engine, given depth 1 alone, plays it and wins
// whatever the person does: the solve, not the search, chose its moves.
TEST(PlayConnectFour, TheEngineKeepsAWin) {
    const std::string position = "32164625";
    const auto solved = run_ply("solve connect4 --position " + position + " --json");
    ASSERT_NE(solved.out.find("\"best_moves\":[\"3\"]"), std::string::npos) << solved.out;
    for (const int first : {1, 4, 6}) {
        const auto r =
            run_ply("play connect4 --depth 1 --first engine --position " + position, every_column_from(first));
        EXPECT_EQ(r.exit_code, 0) << r.out;
        EXPECT_NE(r.out.find("Engine plays 3 (solved: "), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("The engine wins."), std::string::npos) << first << ": " << r.out;
    }
    // Test_L3_R1 line 1: the side to move, the person here, loses (score -1).
    const auto lost =
        run_ply("play connect4 --depth 1 --position 2252576253462244111563365343671351441", every_column_from(1));
    EXPECT_NE(lost.out.find("The engine wins."), std::string::npos) << lost.out;
    EXPECT_NE(lost.out.find("(solved: "), std::string::npos) << lost.out;
}
