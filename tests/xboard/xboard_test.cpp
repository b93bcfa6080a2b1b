// The xboard / CECP front end, driven by transcripts and by real games
// through the arena (against itself and Debian's fairymax).
#include <ply/xboard/xboard.hpp>

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include <ply/core/error.hpp>
#include <ply/core/version.hpp>
#include <ply/games/chess/description.hpp>
#include <ply/games/chess/notation.hpp>
#include <ply/tools/arena/xboard_player.hpp>
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

namespace ply::xboard {
namespace {

// The protocol as `ply` speaks it, for chess.
using Session = xboard::Session<chess::Position>;
[[maybe_unused]] int run(std::istream& in, std::ostream& out) { return run_xboard<chess::Position>(in, out); }

using namespace std::chrono_literals;

constexpr const char* kWhiteMatesInOne = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";  // Ra8#
constexpr const char* kBlackMatesInOne = "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1";  // Ra1#

std::string transcript(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    EXPECT_EQ(run(in, out), 0);
    return out.str();
}

bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The engine's moves, in order ("move e2e4" lines).
std::vector<std::string> moves_sent(const std::string& out) {
    std::vector<std::string> moves;
    for (const auto& line : lines_of(out))
        if (line.rfind("move ", 0) == 0) moves.push_back(line.substr(5));
    return moves;
}

// A session whose output the test reads once the engine is idle.
struct Harness {
    std::ostringstream out;
    Session session{out};
    void send(std::initializer_list<const char*> lines) {
        for (const char* line : lines) EXPECT_TRUE(session.handle(line)) << line;
    }
};

TEST(Xboard, ProtoverAnnouncesTheFeatures) {
    const std::string out = transcript("xboard\nprotover 2\naccepted usermove\nrejected nps\n");
    for (const char* feature : {"ping=1", "setboard=1", "usermove=1", "time=1", "draw=0", "sigint=0", "sigterm=0",
                                "reuse=1", "analyze=1", "colors=0", "name=1", "nps=0", "memory=1", "smp=1"})
        EXPECT_TRUE(contains(out, std::string(" ") + feature)) << feature << "\n" << out;
    EXPECT_TRUE(contains(out, "myname=\"Ply " + std::string(kVersion) + "\"")) << out;
    // done=1 comes last: the GUI waits for it before sending anything else.
    EXPECT_TRUE(out.ends_with("feature done=1\n")) << out;
    EXPECT_EQ(testing::count_occurrences(out, "Error"), 0u) << out;
    EXPECT_EQ(transcript("protover 1\n"), "");  // version 1 GUIs take no features
}

TEST(Xboard, PingIsAnsweredAfterTheMoveOwed) {
    EXPECT_EQ(transcript("ping 7\nping 8\n"), "pong 7\npong 8\n");
    const std::string out = transcript("new\nsd 3\nusermove e2e4\nping 9\n");
    const auto move = out.find("move "), pong = out.find("pong 9");
    ASSERT_NE(move, std::string::npos) << out;
    ASSERT_NE(pong, std::string::npos) << out;
    EXPECT_LT(move, pong) << out;
}

TEST(Xboard, RepliesWithALegalMoveAndKeepsTheGame) {
    Harness h;
    h.send({"xboard", "protover 2", "new", "sd 3", "usermove e2e4"});
    h.session.wait();
    const auto moves = moves_sent(h.out.str());
    ASSERT_EQ(moves.size(), 1u) << h.out.str();
    chess::Position pos;
    pos.make(chess::parse_uci(pos, "e2e4"));
    const chess::Move reply = chess::parse_uci(pos, moves[0]);
    ASSERT_NE(reply, chess::Move::none()) << moves[0];
    pos.make(reply);
    EXPECT_EQ(h.session.position().fen(), pos.fen());

    // The session plays its own move on its board: the next move follows it.
    h.send({"force"});
    chess::Position::MoveList legal;
    pos.generate_moves(legal);
    const std::string next = pos.move_to_string(legal[0]);
    h.send({("usermove " + next).c_str()});
    pos.make(legal[0]);
    EXPECT_EQ(h.session.position().fen(), pos.fen());
    EXPECT_FALSE(contains(h.out.str(), "Illegal")) << h.out.str();
}

TEST(Xboard, AcceptsSanAndBareMoves) {
    Harness h;
    h.send({"new", "force", "e4", "Nf6", "usermove Nc3", "usermove d7d5", "e7e8q"});
    chess::Position pos;
    for (const char* m : {"e2e4", "g8f6", "b1c3", "d7d5"}) pos.make(chess::parse_uci(pos, m));
    EXPECT_EQ(h.session.position().fen(), pos.fen());
    EXPECT_EQ(h.out.str(), "Illegal move: e7e8q\n");
    // Promotion, with the letter in either case.
    Harness p;
    p.send({"setboard 8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "force", "usermove e7e8Q"});
    EXPECT_TRUE(contains(p.session.position().fen(), "4Q3")) << p.out.str();
}

TEST(Xboard, MatesInOneWithDepthOrTime) {
    const std::string by_depth = transcript(std::string("new\nsetboard ") + kWhiteMatesInOne + "\nsd 3\ngo\n");
    EXPECT_EQ(moves_sent(by_depth), std::vector<std::string>{"a1a8"}) << by_depth;
    EXPECT_TRUE(contains(by_depth, "move a1a8\n1-0 {White mates}\n")) << by_depth;

    const auto start = std::chrono::steady_clock::now();
    const std::string by_time = transcript(std::string("new\nsetboard ") + kBlackMatesInOne + "\nst 1\ngo\n");
    const auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(moves_sent(by_time), std::vector<std::string>{"a8a1"}) << by_time;
    EXPECT_TRUE(contains(by_time, "move a8a1\n0-1 {Black mates}\n")) << by_time;
    EXPECT_LT(elapsed, 1500ms);  // st 1: one second a move, not more
}

TEST(Xboard, ThinkingOutputInXboardFormat) {
    const std::string out = transcript(std::string("post\nsetboard ") + kWhiteMatesInOne + "\nsd 3\ngo\n");
    int thinking = 0;
    for (const auto& line : lines_of(out)) {
        arena::SearchInfo info;
        if (!arena::parse_xboard_thinking(line, info)) continue;
        ++thinking;
        EXPECT_GE(info.depth, 1);
        if (info.depth >= 2) {
            // Mate in one for the side to move: 100000 + 1, the line in SAN.
            EXPECT_EQ(info.mate, 1) << line;
            EXPECT_TRUE(line.ends_with(" Ra8#")) << line;
        }
    }
    EXPECT_GE(thinking, 2) << out;
    const std::string quiet = transcript(std::string("post\nnopost\nsetboard ") + kWhiteMatesInOne + "\nsd 3\ngo\n");
    EXPECT_EQ(lines_of(quiet).size(), 2u) << quiet;  // the move and the result, no thinking
}

TEST(Xboard, IllegalMovesAreRefused) {
    Harness h;
    h.send({"new", "force", "usermove e2e5", "e2e5", "usermove Nf5", "usermove zz"});
    EXPECT_EQ(h.out.str(), "Illegal move: e2e5\nIllegal move: e2e5\nIllegal move: Nf5\nIllegal move: zz\n");
    EXPECT_EQ(h.session.position().fen(), std::string(chess::kStartFen));
    // Not in force mode: an illegal move gets no reply either.
    Harness playing;
    playing.send({"new", "sd 2", "usermove e2e5"});
    playing.session.wait();
    EXPECT_EQ(playing.out.str(), "Illegal move: e2e5\n");
}

TEST(Xboard, BadFenIsRefusedAndThePositionKept) {
    Harness h;
    h.send({"new", "force", "usermove e2e4", "setboard 8/8/8 w - - 0 1"});
    const std::string out = h.out.str();
    EXPECT_TRUE(out.starts_with("tellusererror Illegal position\nError (bad FEN")) << out;
    EXPECT_TRUE(out.ends_with("): setboard 8/8/8 w - - 0 1\n")) << out;
    EXPECT_EQ(h.session.position().fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    h.send({"setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"});  // five fields
    EXPECT_EQ(testing::count_occurrences(h.out.str(), "tellusererror Illegal position"), 2u);
    h.send({"setboard 4k3/8/8/8/8/8/8/R4K1R w K - 0 1"});  // castling only Chess960 has
    EXPECT_EQ(testing::count_occurrences(h.out.str(), "tellusererror Illegal position"), 3u);
    h.send({"usermove e7e5"});  // the game goes on from the kept position
    EXPECT_EQ(h.session.position().fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
}

TEST(Xboard, AHugeLineIsNotEchoedInFull) {
    Harness h;
    const std::string command = "frobnicate " + std::string(1 << 20, 'x');
    const std::string move = "usermove e2" + std::string(1 << 20, '4');
    const std::string ping = "ping " + std::string(1 << 20, '7');
    h.send({command.c_str(), move.c_str(), ping.c_str()});
    EXPECT_NE(h.out.str().find("Error (ping takes a number): ping 777"), std::string::npos)
        << h.out.str().substr(0, 200);
    EXPECT_NE(h.out.str().find("Error (unknown command): frobnicate"), std::string::npos) << h.out.str().substr(0, 200);
    EXPECT_NE(h.out.str().find("Illegal move: e2"), std::string::npos) << h.out.str().substr(0, 200);
    EXPECT_LT(h.out.str().size(), 1000u) << "a 1 MB line came back";
}

TEST(Xboard, UndoAndRemoveTakeMovesBack) {
    Harness h;
    h.send({"new", "force", "e2e4", "e7e5", "g1f3", "undo"});
    EXPECT_EQ(h.session.position().fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    h.send({"remove"});
    EXPECT_EQ(h.session.position().fen(), std::string(chess::kStartFen));
    h.send({"undo"});
    EXPECT_EQ(h.out.str(), "Error (no move to take back): undo\n");

    // While playing: `remove` takes back the engine's reply and the user's
    // move; the engine keeps its colour and answers the next move.
    Harness p;
    p.send({"new", "sd 2", "usermove e2e4"});
    p.session.wait();
    p.send({"remove"});
    EXPECT_EQ(p.session.position().fen(), std::string(chess::kStartFen));
    p.send({"usermove d2d4"});
    p.session.wait();
    const auto moves = moves_sent(p.out.str());
    ASSERT_EQ(moves.size(), 2u) << p.out.str();
    chess::Position pos;
    pos.make(chess::parse_uci(pos, "d2d4"));
    EXPECT_NE(chess::parse_uci(pos, moves[1]), chess::Move::none()) << moves[1];
}

TEST(Xboard, ForceModeMakesNoMoves) {
    const std::string out = transcript("new\nforce\nsd 2\ne2e4\ne7e5\ng1f3\nping 1\n");
    EXPECT_EQ(out, "pong 1\n");
    // playother: the engine takes the side not on move, and answers its move.
    Harness h;
    h.send({"new", "force", "sd 2", "e2e4", "playother"});
    h.session.wait();
    EXPECT_TRUE(moves_sent(h.out.str()).empty());
    h.send({"e7e5"});
    h.session.wait();
    EXPECT_EQ(moves_sent(h.out.str()).size(), 1u) << h.out.str();
    EXPECT_EQ(h.session.position().side_to_move(), chess::Black);
}

TEST(Xboard, GameEndsAreAnnounced) {
    // The opponent's move mates: the result, and no move.
    const std::string mated = transcript(std::string("new\nsetboard ") + kWhiteMatesInOne + "\nusermove Ra8\n");
    EXPECT_EQ(mated, "1-0 {White mates}\n");
    EXPECT_EQ(transcript("setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo\n"), "1/2-1/2 {Stalemate}\n");
    EXPECT_EQ(transcript("setboard 8/8/8/4k3/8/8/8/4K3 w - - 0 1\ngo\n"), "1/2-1/2 {Draw by insufficient material}\n");
    EXPECT_EQ(transcript("setboard 8/8/8/4k3/8/8/8/R3K3 w - - 100 80\ngo\n"), "1/2-1/2 {Draw by fifty move rule}\n");
    EXPECT_EQ(transcript("new\nforce\nNf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\ngo\n"), "1/2-1/2 {Draw by repetition}\n");
    // Twofold is no draw: the engine plays on.
    EXPECT_EQ(moves_sent(transcript("new\nforce\nsd 2\nNf3\nNf6\nNg1\nNg8\ngo\n")).size(), 1u);
}

TEST(Xboard, AnalysisRunsUntilExitAndFollowsTheBoard) {
    Harness h;
    h.send({"new", "force", "post", "analyze"});
    std::this_thread::sleep_for(300ms);
    h.send({"usermove e2e4", "."});
    std::this_thread::sleep_for(300ms);
    h.send({".", "undo", "setboard 8/8/8/8/8/8/8/8 w - - 0 1", "exit"});  // a bad FEN changes nothing
    const std::string out = h.out.str();
    EXPECT_TRUE(moves_sent(out).empty()) << out;  // analysis plays no move
    EXPECT_TRUE(contains(out, "stat01: ")) << out;
    // The analysis followed the move: some line starts with a reply to e4
    // (no first move of White's reads as one of Black's).
    chess::Position after_e4;
    after_e4.make(chess::parse_uci(after_e4, "e2e4"));
    int thinking = 0, replies = 0;
    for (const auto& line : lines_of(out)) {
        arena::SearchInfo info;
        if (!arena::parse_xboard_thinking(line, info)) continue;
        ++thinking;
        std::istringstream words(line);
        std::string word;
        for (int i = 0; i < 5; ++i) words >> word;  // depth score time nodes, then the line
        try {
            after_e4.parse_move(word);
            ++replies;
        } catch (const ParseError&) {}
    }
    EXPECT_GE(thinking, 2) << out;
    EXPECT_GE(replies, 1) << out;
    EXPECT_EQ(h.session.position().fen(), std::string(chess::kStartFen));  // after the undo
    // After exit nothing more is printed.
    const std::size_t size = out.size();
    std::this_thread::sleep_for(100ms);
    EXPECT_EQ(h.out.str().size(), size);
}

TEST(Xboard, MoveNowStopsTheSearch) {
    Harness h;
    // An hour on the clock: without `?` the engine would think for a minute.
    h.send({"new", "level 0 60 0", "time 360000", "otim 360000", "go"});
    std::this_thread::sleep_for(200ms);
    const auto start = std::chrono::steady_clock::now();
    h.send({"?"});
    const auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_LT(elapsed, 1s);
    const auto moves = moves_sent(h.out.str());
    ASSERT_EQ(moves.size(), 1u) << h.out.str();
    EXPECT_NE(chess::parse_uci(chess::Position(), moves[0]), chess::Move::none());
    EXPECT_EQ(h.session.position().side_to_move(), chess::Black);
}

TEST(Xboard, TheClockLimitsTheSearch) {
    // 0.3 s left in sudden death: the move comes well within it.
    Harness h;
    h.send({"new", "level 0 0:01 0", "time 30", "otim 30"});
    const auto start = std::chrono::steady_clock::now();
    h.send({"go"});
    h.session.wait();
    EXPECT_LT(std::chrono::steady_clock::now() - start, 300ms);
    EXPECT_EQ(moves_sent(h.out.str()).size(), 1u) << h.out.str();
    // 40 moves in 2:30 with an increment; the engine moves as White, then as Black.
    // (ping: the first move is out before Black's reply comes in.)
    const std::string out =
        transcript("new\nlevel 40 2:30 0.5\ntime 100\notim 100\ngo\nping 1\ntime 50\nusermove e7e5\n");
    EXPECT_EQ(moves_sent(out).size(), 2u) << out;
}

TEST(Xboard, BadCommandsAndArguments) {
    const std::string out = transcript(
        "foo\nhint\nsd x\nsd 0\nst -1\nlevel 40 x 0\nlevel 40 5\ntime x\nmemory 0\nmemory 65537\ncores 0\n"
        "option Foo=1\nusermove\nlevel 40 0:30 0\nst 0.5\nsd 4\ntime 1000\nmemory 8\ncores 2\noption Hash=4\n"
        "option Threads=1\nrandom\ncomputer\nname Someone\nrating 2000 1800\nhard\neasy\nnps 1000\notim 100\n"
        "accepted ping\n");
    const std::vector<std::string> expected = {
        "Error (unknown command): foo",
        "Error (unknown command): hint",
        "Error (sd takes a depth from 1 to 255): sd x",
        "Error (sd takes a depth from 1 to 255): sd 0",
        "Error (st takes seconds per move, at most 10000000): st -1",
        "Error (level takes moves per session (0 to 10000), minutes[:seconds] and an increment in seconds, at most "
        "10000000 seconds each): level 40 x 0",
        "Error (level takes moves per session (0 to 10000), minutes[:seconds] and an increment in seconds, at most "
        "10000000 seconds each): level 40 5",
        "Error (time takes centiseconds from -1000000000 to 1000000000): time x",
        "Error (memory takes megabytes from 1 to 65536): memory 0",
        "Error (memory takes megabytes from 1 to 65536): memory 65537",
        "Error (cores takes a number from 1 to 256): cores 0",
        "Error (unknown option): option Foo=1",
        "Error (usermove needs a move): usermove",
    };
    EXPECT_EQ(lines_of(out), expected);
}

// Numbers out of range, huge, negative, not finite or not numbers at all
// are refused, each with its one error line, and the old setting stays: the
// clock of `level 0 1e300 0` overflowed into no time at all (a depth 1 move).
TEST(Xboard, AbsurdNumbersAreRefusedAndTheOldSettingKept) {
    const char* bad[] = {"level 0 1e300 0",
                         "level 0 0:1e300 0",
                         "level 0 5 1e300",
                         "level 0 5:60 0",
                         "level 0 -5 0",
                         "level 0 nan 0",
                         "level 0 inf 0",
                         "level 1e9 5 0",
                         "level 0 99999999 0",
                         "st 1e300",
                         "st nan",
                         "st inf",
                         "st 0x1p2000",
                         "time 1e30",
                         "time 99999999999999",
                         "otim x",
                         "otim -99999999999",
                         "sd 1e300",
                         "sd -1",
                         "memory 1e300",
                         "memory -1",
                         "cores nan",
                         "cores 99999999999999999999"};
    std::string input = "new\npost\nsd 3\n";
    for (const char* line : bad) input += std::string(line) + "\n";
    const std::string out = transcript(input + "go\nping 1\n");
    const auto lines = lines_of(out);
    for (const char* line : bad)
        EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                                [&](const std::string& l) { return l.starts_with("Error (") && l.ends_with(line); }),
                  1)
            << line << "\n"
            << out;
    // The default clock (40 moves in 5 minutes) and sd 3 stand: a search to depth 3, not a move at depth 1.
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.starts_with("3 "); }))
        << out;
    EXPECT_EQ(moves_sent(out).size(), 1u) << out;
}

TEST(Xboard, MemoryThatCannotBeHadKeepsAWorkingTable) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    GTEST_SKIP() << "sanitizer allocators end the process instead of failing an allocation";
#endif
    // The address space capped a little above what the process uses: a
    // 4 GB table cannot be had, wherever the test runs.
    rlimit saved{};
    ASSERT_EQ(getrlimit(RLIMIT_AS, &saved), 0);
    std::size_t pages = 0;
    std::ifstream("/proc/self/statm") >> pages;
    ASSERT_GT(pages, 0u);
    rlimit capped = saved;
    capped.rlim_cur = pages * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) + (std::size_t{512} << 20);
    if (saved.rlim_cur != RLIM_INFINITY) capped.rlim_cur = std::min(capped.rlim_cur, saved.rlim_cur);
    Harness h;
    ASSERT_EQ(setrlimit(RLIMIT_AS, &capped), 0);
    h.send({"memory 4096"});
    ASSERT_EQ(setrlimit(RLIMIT_AS, &saved), 0);
    EXPECT_EQ(h.out.str(),
              "Error (not enough memory for a 4096 MB transposition table; the old table is kept): memory 4096\n");
    // The table still works: a new game clears it, a search fills it.
    h.send({"new", "sd 4", "go"});
    h.session.wait();
    EXPECT_EQ(moves_sent(h.out.str()).size(), 1u) << h.out.str();
}

TEST(Xboard, OldProtocolColours) {
    Harness h;
    h.send({"new", "force", "black"});
    EXPECT_EQ(h.session.position().side_to_move(), chess::Black);
    h.send({"white"});
    EXPECT_EQ(h.session.position().fen(), std::string(chess::kStartFen));
    EXPECT_EQ(h.out.str(), "");
}

TEST(Xboard, PlyCommandSpeaksXboard) {
    const auto r = testing::run_ply("xboard", "xboard\\nprotover 2\\nping 3\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "feature done=1\npong 3\n")) << r.out;
    // Without the `xboard` line too: a UCI loop that read it hands over the rest.
    const auto rest = testing::run_ply("xboard", "new\\nsd 2\\nusermove e2e4\\nping 4\\n");
    EXPECT_EQ(moves_sent(rest.out).size(), 1u) << rest.out;
    EXPECT_TRUE(rest.out.ends_with("pong 4\n")) << rest.out;
    // Plain `ply`, the way a GUI starts an engine: `xboard` as the first command switches protocol.
    const auto plain = testing::run_ply("", "\nxboard\nprotover 2\nping 5\nquit\n");
    EXPECT_EQ(plain.exit_code, 0) << plain.out;
    EXPECT_TRUE(contains(plain.out, "feature done=1\npong 5\n")) << plain.out;
}

// --- Real games through the arena -------------------------------------------

struct MatchOutcome {
    nlohmann::json json;
    std::string pgn;
    std::string log;
};

MatchOutcome play_match(const std::string& engines, const std::string& name) {
    testing::TempFile pgn(name + ".pgn", "");
    const auto r = testing::run_ply("match " + engines + " --each tc=2+0.05 --games 2 --max-plies 200 --json --pgn " +
                                    pgn.path.string());
    MatchOutcome m;
    m.log = r.out;
    EXPECT_EQ(r.exit_code, 0) << r.out;
    const auto open = r.out.find("{\n");
    if (open == std::string::npos) {
        ADD_FAILURE() << "no JSON in: " << r.out;
        return m;
    }
    m.json = nlohmann::json::parse(r.out.substr(open));
    std::ifstream in(pgn.path);
    std::stringstream text;
    text << in.rdbuf();
    m.pgn = text.str();
    return m;
}

void expect_clean_games(const MatchOutcome& m) {
    EXPECT_EQ(m.json.value("played", 0), 2) << m.log;
    for (const auto& e : m.json["engines"])
        for (const char* flaw : {"illegal", "time", "crash", "stall"})
            EXPECT_EQ(e.value(flaw, -1), 0) << e.value("name", "?") << " " << flaw << "\n" << m.log << m.pgn;
    EXPECT_EQ(testing::count_occurrences(m.pgn, "[Result "), 2u) << m.pgn;
    for (const char* bad : {"time forfeit", "rules infraction", "abandoned", "unterminated"})
        EXPECT_FALSE(contains(m.pgn, std::string("[Termination \"") + bad)) << m.pgn;
}

std::string ply_xboard(const std::string& name) {
    return std::string("--engine 'cmd=") + PLY_BINARY + " xboard' name=" + name + " proto=xboard";
}

TEST(XboardArena, PlaysItselfCleanly) {
    const auto m = play_match(ply_xboard("ply-a") + " " + ply_xboard("ply-b"), "xboard_self");
    expect_clean_games(m);
}

TEST(XboardArena, PlaysFairymaxCleanly) {
    std::string fairymax;
    for (const char* path : {"/usr/games/fairymax", "/usr/bin/fairymax", "/usr/local/bin/fairymax"})
        if (::access(path, X_OK) == 0) fairymax = path;
    if (fairymax.empty()) GTEST_SKIP() << "needs Debian's fairymax (apt-get install fairymax)";
    const auto m =
        play_match(ply_xboard("ply") + " --engine cmd=" + fairymax + " name=fairymax proto=xboard", "xboard_fmax");
    expect_clean_games(m);
}

}  // namespace
}  // namespace ply::xboard
