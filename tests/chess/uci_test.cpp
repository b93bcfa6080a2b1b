// The UCI loop, driven by transcripts.
#include <ply/uci/uci.hpp>

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

#include <ply/core/version.hpp>
#include <ply/games/chess/description.hpp>
#include <ply/games/chess/strength.hpp>
#include "chess/chess_test_support.hpp"
#include "chess/uci_session.hpp"

namespace ply::uci {
namespace {

// The protocol as `ply` speaks it, for chess.
using Session = uci::Session<chess::Position>;
using ply::testing::run_chess_uci;
// Chess has every optional part, so every option below is offered.
static_assert(Chess960Game<chess::Position> && WdlGame<chess::Position> && EloGame<chess::Position> &&
              BookGame<chess::Position>);

std::string transcript(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    EXPECT_EQ(run_chess_uci(in, out), 0);
    return out.str();
}

bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

TEST(ChessUci, Handshake) {
    const std::string out = transcript("uci\nisready\nquit\nisready\n");
    // Then one check option per search heuristic, named as the engine names them.
    std::string feature_lines;
    for (const auto& f : engine::kFeatureSwitches)
        feature_lines += std::string("option name ") + f.name + " type check default " +
                         (engine::Features{}.*f.member ? "true" : "false") + "\n";
    EXPECT_NE(out.find("option name NullMove type check default true\n"), std::string::npos);
    EXPECT_EQ(out, "id name Ply " + std::string(kVersion) +
                       "\nid author the Ply developers\n"
                       "option name Hash type spin default 16 min 1 max 65536\n"
                       "option name Threads type spin default 1 min 1 max 256\n"
                       "option name MultiPV type spin default 1 min 1 max 256\n"
                       "option name Ponder type check default false\n"
                       "option name Move Overhead type spin default 10 min 0 max 5000\n"
                       "option name Slow Mover type spin default 100 min 10 max 1000\n"
                       "option name Clear Hash type button\n"
                       "option name UCI_Chess960 type check default false\n"
                       "option name UCI_ShowWDL type check default false\n"
                       "option name Skill Level type spin default 20 min 0 max 20\n"
                       "option name UCI_LimitStrength type check default false\n"
                       "option name UCI_Elo type spin default " +
                       std::to_string(chess::kMaxElo) + " min " + std::to_string(chess::kMinElo) + " max " +
                       std::to_string(chess::kMaxElo) +
                       "\n"
                       "option name OwnBook type check default false\n"
                       "option name BookFile type string default <empty>\n"
                       "option name BookDepth type spin default 16 min 1 max 1000\n"
                       "option name BookBestMove type check default false\n"
                       "option name EndgamePath type string default <empty>\n"
                       "option name EvalFile type string default <default>\n" +
                       feature_lines + "uciok\nreadyok\n");
}

TEST(ChessUci, GoPerftPrintsStockfishFormat) {
    const std::string out = transcript("position startpos moves e2e4\ngo perft 1\n");
    // One "move: count" line per root move, a blank line, the total.
    EXPECT_TRUE(contains(out, "e7e5: 1\n"));
    EXPECT_TRUE(contains(out, "g8f6: 1\n"));
    EXPECT_TRUE(out.ends_with("\n\nNodes searched: 20\n\n")) << out;
    int lines = 0;
    for (char c : out) lines += c == '\n';
    EXPECT_EQ(lines, 20 + 3);

    const std::string kiwi = transcript(std::string("position fen ") + chess::testing::kKiwipete + "\ngo perft 3\n");
    EXPECT_TRUE(contains(kiwi, "e1g1: 2059\n")) << kiwi;
    EXPECT_TRUE(contains(kiwi, "\nNodes searched: 97862\n"));
}

TEST(ChessUci, Chess960Option) {
    const std::string fen = "r5kr/8/8/8/8/8/8/RK5R w AHah - 0 1";
    const std::string out =
        transcript("setoption name UCI_Chess960 value true\nposition fen " + fen + " moves b1a1\nd\n");
    EXPECT_TRUE(contains(out, "Fen: r5kr/8/8/8/8/8/8/2KR3R b kq - 1 1\n")) << out;
    const std::string standard = transcript(
        "setoption name UCI_Chess960 value true\n"
        "position startpos moves g1f3 g8f6 e2e4 e7e5 f1c4 f8c5 e1h1\nd\n");
    EXPECT_TRUE(contains(standard, "Fen: rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 3 4\n"))
        << standard;
    const std::string perft = transcript(
        "setoption name UCI_Chess960 value true\nposition fen "
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\ngo perft 1\n");
    EXPECT_TRUE(contains(perft, "e1h1: 1\n"));
    EXPECT_TRUE(contains(perft, "e1a1: 1\n"));
    EXPECT_TRUE(contains(transcript("setoption name UCI_Chess960 value maybe\n"), "info string error"));
    EXPECT_TRUE(contains(transcript("setoption name Contempt value 16\n"), "info string unknown option: Contempt"));
}

TEST(ChessUci, IllegalMoveIsReportedAndTheRestIgnored) {
    const std::string out = transcript("position startpos moves e2e4 e7e5 e1e3 g1f3\nd\n");
    EXPECT_TRUE(contains(out, "info string error: illegal move e1e3")) << out;
    EXPECT_TRUE(contains(out, "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n")) << out;
    EXPECT_TRUE(contains(transcript("position fen 8/8/8 w - - 0 1\n"), "info string error: bad FEN"));
    EXPECT_TRUE(contains(transcript("position\n"), "info string error"));
    EXPECT_TRUE(contains(transcript("go perft 0\ngo perft x\ngo perft 99\n"), "info string error"));
    EXPECT_TRUE(contains(transcript("frobnicate 1 2\n"), "info string unknown command: frobnicate 1 2\n"));
}

TEST(ChessUci, DisplayShowsBoardFenAndKey) {
    const std::string out = transcript("ucinewgame\nd\n");
    EXPECT_TRUE(contains(out, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
    EXPECT_TRUE(contains(out, "Key: "));
    EXPECT_TRUE(contains(out, "| R | N | B | Q | K | B | N | R |"));
}

TEST(ChessUci, GarbageNeverCrashes) {
    std::mt19937_64 rng(17);
    const char* words[] = {"position",
                           "fen",
                           "startpos",
                           "moves",
                           "go",
                           "perft",
                           "1",
                           "2",
                           "e2e4",
                           "e1g1",
                           "setoption",
                           "name",
                           "value",
                           "UCI_Chess960",
                           "true",
                           "d",
                           "isready",
                           "uci",
                           "8/8/8/8/8/8/8/8",
                           "w",
                           "-",
                           "KQkq",
                           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                           "\t",
                           "",
                           "\xff\xfe",
                           "0000",
                           "a7a8q",
                           "-1",
                           "99999999999999999999"};
    std::string input;
    for (int line = 0; line < 3000; ++line) {
        const int n = std::uniform_int_distribution<int>(0, 8)(rng);
        for (int w = 0; w < n; ++w) {
            const std::string word = words[std::uniform_int_distribution<std::size_t>(0, std::size(words) - 1)(rng)];
            // Keep perft cheap: never a depth above 2.
            input += word == "perft" ? "perft 2" : word;
            input += ' ';
        }
        input += '\n';
    }
    const std::string out = transcript(input);
    EXPECT_FALSE(out.empty());
}

}  // namespace
}  // namespace ply::uci
