// The UCI engine as a hostile or careless GUI drives it: every `go` gets a
// legal `bestmove` in time, a failed setting keeps the old one, nothing
// echoes a huge line back.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/games/chess/description.hpp>
#include <ply/uci/uci.hpp>
#include <ply/xboard/xboard.hpp>
#include "chess/chess_test_support.hpp"
#include "support/memory.hpp"
#include "support/run_ply.hpp"
#include "support/shared_output.hpp"

namespace ply::uci {
namespace {

// The protocol as `ply` speaks it, for chess.
using Session = uci::Session<chess::Position>;

using chess::testing::bestmove_of;

using namespace std::chrono_literals;
using ply::testing::SharedOutput;

// Whether `move` is legal in the position after `position_command`.
bool is_legal_after(const std::string& position_command, const std::string& move) {
    std::ostringstream sink;
    Session s(sink);
    s.handle(position_command);
    chess::Position p = s.position();
    try {
        chess::Position::MoveList legal;
        p.generate_legal(legal);
        return legal.contains(p.parse_move(move));
    } catch (const ParseError&) {
        return false;
    }
}

// Sends `go_command` and waits (at most `limit`) for the engine to answer by
// itself; stops the search if it does not, so that the test ends either way.
std::string answer_to(const std::string& position_command, const std::string& go_command,
                      std::chrono::milliseconds limit = 5000ms) {
    SharedOutput buffer;
    std::ostream out(&buffer);
    Session s(out);
    s.handle(position_command);
    s.handle(go_command);
    const bool answered = buffer.wait_for("bestmove", limit);
    s.handle("stop");
    EXPECT_TRUE(answered) << "'" << go_command << "' got no bestmove within " << limit.count() << " ms";
    return buffer.snapshot();
}

TEST(ChessUciRobustness, RejectedGoParametersStillGetALegalMoveAtOnce) {
    const std::string start = "position startpos";
    for (const char* go :
         {"go depth 0", "go nodes -5", "go mate 0", "go movetime -1", "go wtime abc", "go searchmoves e2e5", "go wtime",
          "go depth 99999", "go frobnicate", "go btime 10 wtime x", "go movestogo 0", "go searchmoves"}) {
        const auto out = answer_to(start, go);
        EXPECT_TRUE(is_legal_after(start, bestmove_of(out))) << go << "\n" << out;
        EXPECT_NE(out.find("info string error: "), std::string::npos) << go << "\n" << out;
    }
}

TEST(ChessUciRobustness, ABadParameterBesideAGoodLimitKeepsTheGoodOne) {
    const auto out = answer_to("position startpos", "go nodes -5 depth 4");
    EXPECT_NE(out.find("info depth 4 "), std::string::npos) << out;
    // Keywords end the searchmoves list.
    const auto restricted = answer_to("position startpos", "go searchmoves g1f3 e2e9 depth 3");
    EXPECT_EQ(bestmove_of(restricted), "g1f3") << restricted;
    EXPECT_NE(restricted.find("info depth 3 "), std::string::npos) << restricted;
}

TEST(ChessUciRobustness, PositionsDrawnByRuleStillGetALegalMove) {
    for (const std::string& position :
         std::vector<std::string>{"position fen 4k3/8/8/8/8/8/8/R3K3 w - - 100 80",                   // fifty moves
                                  "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",  // threefold
                                  "position fen 8/8/4k3/8/8/4K3/8/8 w - - 0 1",                       // bare kings
                                  "position fen 8/8/4k3/8/8/4K3/8/5B2 b - - 0 1"}) {                  // king and bishop
        for (const char* go : {"go depth 3", "go wtime 1000 btime 1000", "go movetime 20"}) {
            const auto move = bestmove_of(answer_to(position, go));
            EXPECT_NE(move, "0000") << position << " / " << go;
            EXPECT_TRUE(is_legal_after(position, move)) << position << " / " << go << ": " << move;
        }
    }
}

TEST(ChessUciRobustness, AWinningSideStillWinsAfterTheFiftyMoveRuleCouldBeClaimed) {
    // Mate in one on the board although the clock says fifty moves: a GUI that
    // does not adjudicate lets the game go on, and the engine should mate.
    const auto out = answer_to("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 100 90", "go depth 3");
    EXPECT_EQ(bestmove_of(out), "a1a8") << out;
}

TEST(ChessUciRobustness, HashThatCannotBeAllocatedKeepsTheOldTable) {
    if (!ply::testing::allocation_must_fail(65536)) GTEST_SKIP() << "this machine might give 64 GB";
#if defined(__SANITIZE_THREAD__)
    GTEST_SKIP() << "ThreadSanitizer's allocator ends the process instead of failing (ASan is told not to)";
#endif
    SharedOutput buffer;
    std::ostream stream(&buffer);
    Session s(stream);
    for (const char* line : {"setoption name Hash value 65536", "ucinewgame", "setoption name Clear Hash",
                             "position startpos", "go depth 4"})
        s.handle(line);
    ASSERT_TRUE(buffer.wait_for("bestmove", 5000ms)) << buffer.snapshot();
    const std::string text = buffer.snapshot();
    EXPECT_NE(text.find("info string error: not enough memory for a 65536 MB transposition table; Hash stays 16 MB"),
              std::string::npos)
        << text;
    EXPECT_TRUE(is_legal_after("position startpos", bestmove_of(text))) << text;
}

TEST(ChessUciRobustness, GoPerftStopsOnStopAndOnQuit) {
    for (const char* command : {"stop", "quit"}) {
        SharedOutput buffer;
        std::ostream out(&buffer);
        Session s(out);
        s.handle("position startpos");
        s.handle("go perft 9");  // hours of counting
        std::this_thread::sleep_for(50ms);
        const auto before = std::chrono::steady_clock::now();
        s.handle(command);
        EXPECT_LT(std::chrono::steady_clock::now() - before, 2s) << command;
        s.handle("isready");
        const std::string text = buffer.snapshot();
        EXPECT_NE(text.find("info string perft stopped"), std::string::npos) << text;
        EXPECT_EQ(text.find("Nodes searched"), std::string::npos) << text;
    }
}

TEST(ChessUciRobustness, CastlingRightsOnlyChess960HasNeedChess960) {
    SharedOutput buffer;
    std::ostream out(&buffer);
    Session s(out);
    s.handle("position fen 4k3/8/8/8/8/8/8/R4K1R w K - 0 1");
    EXPECT_NE(buffer.snapshot().find("castling rights 'K' need Chess960"), std::string::npos) << buffer.snapshot();
    EXPECT_EQ(s.position().fen(), chess::Position().fen()) << "the position is unchanged";
    s.handle("setoption name UCI_Chess960 value true");
    s.handle("position fen 4k3/8/8/8/8/8/8/R4K1R w K - 0 1");
    EXPECT_NE(s.position().castling_rights(), 0) << s.position().fen();
    // A standard position keeps its rights, and castles as the king's two-square move.
    s.handle("setoption name UCI_Chess960 value false");
    s.handle("position fen 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 moves e1g1");
    EXPECT_EQ(s.position().fen(), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
}

TEST(ChessUciRobustness, AHugeUnknownCommandIsNotEchoedInFull) {
    std::ostringstream out;
    Session s(out);
    s.handle("frobnicate " + std::string(1 << 20, 'x'));
    s.handle("setoption name " + std::string(1 << 20, 'y') + " value 1");
    EXPECT_NE(out.str().find("info string unknown command: frobnicate"), std::string::npos);
    EXPECT_LT(out.str().size(), 1000u) << "a 1 MB line came back";
}

// 50,000 illegal searchmoves get one error line, not one each.
TEST(ChessUciRobustness, ManyIllegalSearchmovesGetOneLine) {
    std::string moves;
    for (int i = 0; i < 50000; ++i) moves += " x";
    const std::string out = answer_to("position startpos", "go searchmoves e2e4" + moves + " depth 2");
    EXPECT_EQ(testing::count_occurrences(out, "info string error: "), 1u) << out.substr(0, 300);
    EXPECT_NE(out.find("illegal move x and 49999 more; ignored"), std::string::npos) << out.substr(0, 300);
    EXPECT_NE(out.find("bestmove e2e4"), std::string::npos) << out.substr(0, 300);
}

// A FEN's error quotes it clipped, whichever field is wrong, in UCI and xboard alike.
TEST(ChessUciRobustness, AHugeBadFenIsNotEchoedInFull) {
    const std::string huge(1 << 17, 'k');
    const std::string fens[] = {
        huge,
        "8/8/8/8/8/8/8/K6k w - - 0 1 " + huge,
        "8/8/8/8/8/8/8/K6k " + huge + " - - 0 1",
        "8/8/8/8/8/8/8/K6k w - " + huge + " 0 1",
        "8/8/8/8/8/8/8/K6k w - - " + huge + " 1",
        "8/8/8/8/8/8/8/K6k w " + huge + " - 0 1",
    };
    for (const auto& fen : fens) {
        std::ostringstream out;
        Session s(out);
        s.handle("position fen " + fen);
        s.handle("position startpos moves e2e4 " + huge);
        EXPECT_NE(out.str().find("info string error: "), std::string::npos) << out.str().substr(0, 300);
        EXPECT_LT(out.str().size(), 1000u) << out.str().substr(0, 300);
        std::ostringstream xb;
        xboard::Session<chess::Position> x(xb);
        x.handle("setboard " + fen);
        x.handle("usermove " + huge);
        EXPECT_NE(xb.str().find("Error ("), std::string::npos) << xb.str().substr(0, 300);
        EXPECT_LT(xb.str().size(), 1000u) << xb.str().substr(0, 300);
    }
}

// Option values and go parameters that are out of range, huge, negative,
// not finite or no numbers: each one error line, the old value kept.
TEST(ChessUciRobustness, AbsurdNumbersAreRefused) {
    for (const char* value : {"nan", "inf", "-inf", "1e300", "99999999999999999999", "-1", "0x10", "12abc", ""}) {
        std::ostringstream out;
        Session s(out);
        for (const char* option : {"Hash", "Threads", "MultiPV", "Move Overhead", "Slow Mover", "Skill Level"})
            s.handle(std::string("setoption name ") + option + " value " + value);
        EXPECT_EQ(testing::count_occurrences(out.str(), "info string error: "), 6u) << value << "\n" << out.str();
    }
    for (const char* go : {"go depth 1e300", "go wtime nan", "go movetime inf", "go nodes -5", "go depth 99999999999",
                           "go movestogo 0", "go mate 1e9"}) {
        const std::string out = answer_to("position startpos", go);
        EXPECT_NE(out.find("info string error: "), std::string::npos) << go << "\n" << out;
        EXPECT_NE(out.find("bestmove "), std::string::npos) << go << "\n" << out;
    }
}

TEST(ChessUciRobustness, NpsIsNotTheNodeCountWhenNoTimeHasPassed) {
    const auto out = answer_to("position startpos", "go depth 1");
    const auto at = out.find("info depth 1 ");
    ASSERT_NE(at, std::string::npos) << out;
    const std::string line = out.substr(at, out.find('\n', at) - at);
    if (line.find(" time 0 ") == std::string::npos) GTEST_SKIP() << "depth 1 took a millisecond here";
    EXPECT_NE(line.find(" nps 0 "), std::string::npos) << line;
}

TEST(ChessUciRobustness, NoTimeLeftStillAnswersWithASearchedMove) {
    // The clock at zero: the engine still completes depth 1 (it would not
    // hang its queen) and answers within a few milliseconds.
    const std::string position = "position fen 4k3/8/8/8/3q4/8/3Q4/4K3 w - - 0 1";  // queens face each other
    for (const char* go : {"go wtime 0 btime 0", "go wtime 1 btime 1", "go wtime -50 btime 100", "go movetime 0"}) {
        const auto out = answer_to(position, go, 1000ms);
        EXPECT_EQ(bestmove_of(out), "d2d4") << go << "\n" << out;
    }
}

}  // namespace
}  // namespace ply::uci
