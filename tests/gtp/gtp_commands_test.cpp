// The GTP commands of Go servers and GUIs beyond the core: handicap stones
// (the specification's layout), game records in and out, the status of
// stones at the end, KGS's cleanup and time settings. Every bad argument
// gets a `?` response and leaves the engine as it was.
#include <ply/gtp/gtp.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <ply/games/go/description.hpp>
#include "support/gtp_transcript.hpp"
#include "support/temp_file.hpp"

namespace ply::gtp::commands_test {
namespace {

using Session = gtp::Session<go::Go>;

using test::quick;
using test::transcript;

std::string ok(Session& s, const std::string& line) {
    const std::string r = s.handle(line);
    EXPECT_EQ(r.substr(0, 2), "= ") << line << " -> " << r;
    return r.size() >= 4 ? r.substr(2, r.size() - 4) : "";
}

// What an error must not change: the board, whose turn, the komi, the
// record (set-up stones and moves), and what undo would take back.
std::string state(Session& s) {
    Session& t = s;
    return t.game().position() + "|" + ok(t, "printsgf") + "|" + std::to_string(t.game().passes());
}

void expect_refused(Session& s, const std::vector<std::pair<std::string, std::string>>& cases) {
    for (const auto& [line, error] : cases) {
        const std::string before = state(s);
        EXPECT_EQ(s.handle(line), "? " + error + "\n\n") << line;
        EXPECT_EQ(state(s), before) << line << " changed the engine";
    }
}

std::set<std::string> words_of(const std::string& text) {
    std::istringstream in(text);
    std::set<std::string> out;
    for (std::string w; in >> w;) out.insert(w);
    return out;
}

// The GTP specification's table of fixed handicap placement (section 4.1.1).
TEST(GtpCommands, FixedHandicapFollowsTheSpecification) {
    EXPECT_EQ(
        transcript("boardsize 19\nfixed_handicap 9\n1 boardsize 19\n1 fixed_handicap 2\nboardsize 19\n"
                   "fixed_handicap 3\nboardsize 13\nfixed_handicap 4\nboardsize 9\nfixed_handicap 5\n"
                   "boardsize 19\nfixed_handicap 6\nboardsize 19\nfixed_handicap 8\nboardsize 7\nfixed_handicap 4\n"
                   "boardsize 10\nfixed_handicap 4\n"),
        "= \n\n= D4 Q16 D16 Q4 D10 Q10 K4 K16 K10\n\n=1 \n\n=1 D4 Q16\n\n= \n\n= D4 Q16 D16\n\n= \n\n"
        "= D4 K10 D10 K4\n\n= \n\n= C3 G7 C7 G3 E5\n\n= \n\n= D4 Q16 D16 Q4 D10 Q10\n\n= \n\n"
        "= D4 Q16 D16 Q4 D10 Q10 K4 K16\n\n= \n\n= C3 E5 C5 E3\n\n= \n\n= C3 H8 C8 H3\n\n");
    Session s(quick());
    ok(s, "fixed_handicap 2");  // 9x9: C3 G7
    EXPECT_EQ(s.game().board().at(go::point_at(2, 2)), go::Black);
    EXPECT_EQ(s.game().board().at(go::point_at(6, 6)), go::Black);
    EXPECT_EQ(s.game().to_move(), go::White) << "White moves first after a handicap";
    EXPECT_EQ(ok(s, "printsgf"),
              "(;GM[1]FF[4]CA[UTF-8]AP[Ply]RU[Tromp-Taylor, no suicide]SZ[9]KM[7.5]AB[cg][gc]PL[W])");
    EXPECT_EQ(s.handle("play w E5"), "= \n\n");
    EXPECT_EQ(s.handle("undo"), "= \n\n");
    EXPECT_EQ(s.handle("undo"), "? cannot undo\n\n") << "the handicap is the start, not a move";
    ok(s, "komi 0.5");
    EXPECT_EQ(s.game().board().at(go::point_at(2, 2)), go::Black) << "komi keeps the handicap";
    EXPECT_EQ(s.game().to_move(), go::White);
    ok(s, "clear_board");
    EXPECT_EQ(s.game().board().empty_count(), 81) << "clear_board takes it off";
}

// The set-up commands through the engine's own loop, byte for byte.
TEST(GtpCommands, SetUpTranscript) {
    testing::TempDir dir("transcript");
    const std::string file = dir / "game.sgf";
    EXPECT_EQ(
        transcript("boardsize 19\n1 place_free_handicap 4\nclear_board\n2 set_free_handicap C3 G7\nkomi 0.5\n"
                   "3 printsgf\n4 printsgf " +
                   file + "\n5 final_status_list dead\n6 final_status_list alive\n7 fixed_handicap 2\n8 loadsgf " +
                   file + "\n9 final_score\n"),
        "= \n\n=1 D4 Q16 D16 Q4\n\n= \n\n=2 \n\n= \n\n"
        "=3 (;GM[1]FF[4]CA[UTF-8]AP[Ply]RU[Tromp-Taylor, no suicide]SZ[19]KM[0.5]AB[cq][gm]PL[W])\n\n=4 \n\n"
        "=5 \n\n=6 C3\nG7\n\n?7 board not empty\n\n=8 \n\n=9 B+360.5\n\n");
}

TEST(GtpCommands, HandicapRefusesBadCountsAndBusyBoards) {
    Session s(quick());
    expect_refused(s, {{"fixed_handicap", "syntax error"},
                       {"fixed_handicap two", "syntax error"},
                       {"fixed_handicap 2 3", "syntax error"},
                       {"fixed_handicap 1", "invalid number of stones"},
                       {"fixed_handicap 0", "invalid number of stones"},
                       {"fixed_handicap -4", "invalid number of stones"},
                       {"fixed_handicap 10", "invalid number of stones"},
                       {"fixed_handicap 99999999999999999999", "invalid number of stones"},
                       {"place_free_handicap", "syntax error"},
                       {"place_free_handicap 1", "invalid number of stones"},
                       {"place_free_handicap 81", "invalid number of stones"},
                       {"set_free_handicap", "syntax error"},
                       {"set_free_handicap D4", "bad vertex list (2 to 80 stones)"},
                       {"set_free_handicap D4 D4", "bad vertex list (D4 twice)"},
                       {"set_free_handicap D4 d4", "bad vertex list (d4 twice)"},
                       {"set_free_handicap D4 pass", "bad vertex list (pass is not on the board)"},
                       {"set_free_handicap D4 T19", "bad vertex list (T19 is not on the board)"},
                       {"set_free_handicap D4 Z99", "syntax error"},
                       {"set_free_handicap D4 I4", "syntax error"}});
    ok(s, "boardsize 8");
    expect_refused(s, {{"fixed_handicap 5", "invalid number of stones"}});  // even boards: 4 at most
    ok(s, "boardsize 7");
    expect_refused(s, {{"fixed_handicap 5", "invalid number of stones"}});
    ok(s, "boardsize 6");
    expect_refused(s, {{"fixed_handicap 2", "invalid number of stones"}});
    ok(s, "boardsize 9");
    ok(s, "play b E5");
    expect_refused(s, {{"fixed_handicap 2", "board not empty"},
                       {"place_free_handicap 2", "board not empty"},
                       {"set_free_handicap A1 B2", "board not empty"}});
    ok(s, "clear_board");
    ok(s, "play b pass");
    expect_refused(s, {{"fixed_handicap 2", "board not empty"}});  // moves were played
    ok(s, "clear_board");
    ok(s, "set_free_handicap A1 B2");
    expect_refused(s, {{"set_free_handicap C3 D4", "board not empty"}});
}

TEST(GtpCommands, FreeHandicapStonesAreDistinctPointsOfTheBoard) {
    for (const auto& [size, stones] : std::vector<std::pair<int, int>>{{9, 5}, {9, 12}, {9, 80}, {2, 3}, {19, 9}}) {
        Session s(quick());
        ok(s, "boardsize " + std::to_string(size));
        const std::string list = ok(s, "place_free_handicap " + std::to_string(stones));
        const auto points = words_of(list);
        EXPECT_EQ(points.size(), static_cast<std::size_t>(stones)) << list;
        EXPECT_EQ(s.game().board().empty_count(), size * size - stones);
        for (const auto& v : points) EXPECT_EQ(s.game().board().at(go::Go::parse_vertex(v, size)), go::Black) << v;
        EXPECT_EQ(s.game().to_move(), go::White);
        if (size == 19) {
            EXPECT_EQ(list, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10") << "the fixed layout where there is one";
        }
    }
    Session s(quick());
    EXPECT_EQ(s.handle("set_free_handicap A1 J9 e5"), "= \n\n");
    EXPECT_EQ(s.game().board().empty_count(), 78);
    EXPECT_EQ(s.game().board().at(go::point_at(4, 4)), go::Black);
    EXPECT_EQ(s.game().to_move(), go::White);
}

// A record of 9x9 with komi 6.5: Black E5, White C3, Black G7, White C7.
constexpr const char* kRecord = "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cg](;B[gc];W[cc])(;B[aa]))";

TEST(GtpCommands, LoadsgfPlaysTheMainLineToAMoveNumber) {
    testing::TempDir dir("loadsgf");
    const std::string file = dir.write("game.sgf", kRecord);
    Session s(quick());
    EXPECT_EQ(s.handle("loadsgf " + file), "= \n\n");
    EXPECT_EQ(s.game().komi_halves(), 13);
    EXPECT_EQ(s.game().board().at(go::point_at(4, 4)), go::Black);  // E5
    EXPECT_EQ(s.game().board().at(go::point_at(2, 2)), go::White);  // C3
    EXPECT_EQ(s.game().board().at(go::point_at(6, 6)), go::Black);  // G7
    EXPECT_EQ(s.game().board().at(go::point_at(2, 6)), go::White);  // C7
    EXPECT_EQ(s.game().board().at(go::point_at(0, 8)), go::Empty) << "A9 is off the main line";
    EXPECT_EQ(s.game().to_move(), go::Black);
    // Up to move 3: the position before it (two moves played).
    EXPECT_EQ(s.handle("loadsgf " + file + " 3"), "= \n\n");
    EXPECT_EQ(s.game().board().empty_count(), 79);
    EXPECT_EQ(s.game().board().at(go::point_at(6, 6)), go::Empty);
    EXPECT_EQ(s.game().to_move(), go::Black);
    EXPECT_EQ(s.handle("undo"), "= \n\n") << "the record's moves are moves";
    EXPECT_EQ(s.game().board().empty_count(), 80);
    EXPECT_EQ(s.handle("loadsgf " + file + " 1"), "= \n\n");
    EXPECT_EQ(s.game().board().empty_count(), 81);
    EXPECT_EQ(s.handle("loadsgf " + file + " 999"), "= \n\n");
    EXPECT_EQ(s.game().board().empty_count(), 77);
    // Handicap records: set-up stones, White first.
    const std::string handicap = dir.write("h.sgf", "(;GM[1]SZ[9]HA[2]AB[cc][gg]PL[W];W[ee])");
    EXPECT_EQ(s.handle("loadsgf " + handicap), "= \n\n");
    EXPECT_EQ(s.game().board().at(go::point_at(4, 4)), go::White);
    EXPECT_EQ(s.game().to_move(), go::Black);
    EXPECT_EQ(s.game().komi_halves(), 15) << "no KM: SGF's default";
}

TEST(GtpCommands, LoadsgfRefusesWhatItCannotReadAndKeepsTheGame) {
    testing::TempDir dir("loadsgf_bad");
    const std::string good = dir.write("good.sgf", kRecord);
    Session s(quick());
    ok(s, "boardsize 5");
    ok(s, "komi 0.5");
    ok(s, "play b C3");
    ok(s, "play w D3");
    const std::string missing = dir / "none.sgf";
    expect_refused(s, {
                          {"loadsgf", "syntax error"},
                          {"loadsgf " + good + " 0", "syntax error (a move number from 1)"},
                          {"loadsgf " + good + " x", "syntax error (a move number from 1)"},
                          {"loadsgf " + good + " -3", "syntax error (a move number from 1)"},
                          {"loadsgf " + good + " 2 3", "syntax error"},
                          {"loadsgf " + missing, "cannot load file " + missing},
                          {"loadsgf " + dir.path.string(), "cannot load file " + dir.path.string()},
                      });
    const std::vector<std::pair<std::string, std::string>> broken = {
        {"garbage.sgf", "cannot load file %: SGF: an SGF record starts with '(' (at character 1)"},
        {"open.sgf", "cannot load file %: SGF: the record ends before its closing ')' (at character 19)"},
        {"chess.sgf", "cannot load file %: SGF: GM[3] is not a Go record (GM[1])"},
        {"big.sgf", "cannot load file %: SGF: size 25 is not between 2 and 19"},
        {"illegal.sgf", "cannot load file %: SGF: move 2 (W[ee]) is illegal: the point is taken"},
    };
    const std::vector<std::string> texts = {"hello", "(;GM[1]SZ[9];B[ee]", "(;GM[3]SZ[8])", "(;GM[1]SZ[25])",
                                            "(;GM[1]SZ[9];B[ee];W[ee])"};
    for (std::size_t i = 0; i < broken.size(); ++i) {
        const std::string path = dir.write(broken[i].first, texts[i]);
        std::string error = broken[i].second;
        error.replace(error.find('%'), 1, path);
        expect_refused(s, {{"loadsgf " + path, error}});
    }
}

TEST(GtpCommands, PrintsgfWritesWhatLoadsgfReadsBack) {
    testing::TempDir dir("printsgf");
    Session s(quick());
    ok(s, "boardsize 7");
    ok(s, "komi 5.5");
    ok(s, "fixed_handicap 2");
    for (const char* m : {"w D4", "b C4", "w pass", "b E4"}) ok(s, std::string("play ") + m);
    const std::string record = ok(s, "printsgf");
    EXPECT_EQ(record,
              "(;GM[1]FF[4]CA[UTF-8]AP[Ply]RU[Tromp-Taylor, no suicide]SZ[7]KM[5.5]AB[ce][ec]PL[W];W[dd];B[cd];W[];B["
              "ed])");
    const std::string file = dir / "out.sgf";
    EXPECT_EQ(s.handle("printsgf " + file), "= \n\n");
    EXPECT_EQ(dir.others(), 1u) << "the file and nothing beside it";
    const std::string position = s.game().position();
    ok(s, "boardsize 9");
    EXPECT_EQ(s.handle("loadsgf " + file), "= \n\n");
    EXPECT_EQ(s.game().position(), position);
    EXPECT_EQ(ok(s, "printsgf"), record);
    expect_refused(s, {{"printsgf " + (dir / "no/such/folder.sgf"),
                        "cannot write '" + (dir / "no/such/folder.sgf") + "': No such file or directory"},
                       {"printsgf " + dir.path.string(), "cannot write '" + dir.path.string() + "': it is a folder"},
                       {"printsgf /dev/null", "cannot write '/dev/null': not a regular file"},
                       {"printsgf a b", "syntax error"}});
    EXPECT_TRUE(std::filesystem::is_character_file("/dev/null")) << "a device is never replaced";
    EXPECT_EQ(dir.others(), 1u) << "a refused write leaves nothing behind";
}

TEST(GtpCommands, PrintsgfWritesNoFileWhenWritingIsOff) {
    testing::TempDir dir("nowrite");
    Options o = quick();
    o.write_files = false;  // as the fuzzer runs it
    Session s(o);
    expect_refused(s, {{"printsgf " + (dir / "x.sgf"), "writing files is off"}});
    EXPECT_EQ(dir.others(), 0u);
    EXPECT_TRUE(ok(s, "printsgf").starts_with("(;GM[1]")) << "the record as the response still";
}

// Black walls off the left six columns and the top left pocket, where a
// lone White stone (C8) is dead; White's wall is on column G.
std::unique_ptr<Session> dead_stone_board(const Options& options = quick()) {
    auto s = std::make_unique<Session>(options);
    s->handle("komi 7");
    const std::vector<std::string> black = {"F1", "F2", "F3", "F4", "F5", "F6", "F7",
                                            "F8", "F9", "A7", "B7", "C7", "D7", "E7"};
    const std::vector<std::string> white = {"G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "C8"};
    for (std::size_t i = 0; i < black.size(); ++i) {
        s->handle("play b " + black[i]);
        s->handle("play w " + (i < white.size() ? white[i] : std::string("pass")));
    }
    return s;
}

TEST(GtpCommands, FinalStatusListFindsTheDeadStone) {
    auto s = dead_stone_board();
    EXPECT_EQ(ok(*s, "final_status_list dead"), "C8");
    EXPECT_EQ(ok(*s, "final_status_list seki"), "");
    const auto alive = ok(*s, "final_status_list alive");
    EXPECT_EQ(alive, "F1 F2 F3 F4 F5 F6 A7 B7 C7 D7 E7 F7 F8 F9\nG1 G2 G3 G4 G5 G6 G7 G8 G9");
    EXPECT_EQ(ok(*s, "final_status_list DEAD"), "C8");
    // The same once both have passed: the playouts play on.
    ok(*s, "play b pass");
    EXPECT_EQ(s->game().outcome(), Outcome::Scored);
    EXPECT_EQ(ok(*s, "final_status_list dead"), "C8");
    expect_refused(*s, {{"final_status_list", "syntax error (alive, dead or seki)"},
                        {"final_status_list undecided", "syntax error (alive, dead or seki)"},
                        {"final_status_list dead alive", "syntax error (alive, dead or seki)"}});
    Session empty(quick());
    EXPECT_EQ(ok(empty, "final_status_list alive"), "");
    EXPECT_EQ(ok(empty, "final_status_list dead"), "");
}

// A seki at the top left of 7x7: Black's B7-C7-C6-C5-B5 and White's A6-A5
// share their only liberties, A7 and B6, and whoever fills one is taken.
// Both walls around them live.
//   7  . X X O . . .
//   6  O . X O . . .
//   5  O X X O . . .
//   4  X O O O O O O
//   3  X X X X X X X
TEST(GtpCommands, FinalStatusListSeesSeki) {
    testing::TempDir dir("seki");
    const std::string file = dir.write("seki.sgf",
                                       "(;GM[1]SZ[7]KM[0.5]PL[B]AB[ba][ca][cb][bc][cc][ad][ae][be][ce][de][ee][fe][ge]"
                                       "AW[da][ab][db][ac][dc][bd][cd][dd][ed][fd][gd])");
    Session s(quick());
    ASSERT_EQ(s.handle("loadsgf " + file), "= \n\n");
    EXPECT_EQ(ok(s, "final_status_list seki"), "A5 A6\nB5 C5 C6 B7 C7");
    EXPECT_EQ(ok(s, "final_status_list dead"), "");
    EXPECT_EQ(ok(s, "final_status_list alive"), "A3 B3 C3 D3 E3 F3 G3 A4\nB4 C4 D4 E4 F4 G4 D5 D6 D7");
}

TEST(GtpCommands, CleanupCapturesTheDeadStonesBeforeItPasses) {
    auto s = dead_stone_board();
    ok(*s, "play b pass");
    EXPECT_EQ(s->game().outcome(), Outcome::Scored) << "both passed with C8 on the board";
    const std::string over = s->game().position();
    int moves = 0;
    for (; moves < 20; ++moves) {
        const std::string reply = ok(*s, "kgs-genmove_cleanup b");
        ASSERT_NE(reply, "resign");
        if (reply == "pass") break;
        EXPECT_EQ(s->handle("play w pass"), "= \n\n");
    }
    EXPECT_GE(moves, 1) << "it played on";
    EXPECT_LT(moves, 20);
    EXPECT_EQ(s->game().board().at(go::point_at(2, 7)), go::Empty) << "C8 was taken before Black passed";
    EXPECT_EQ(ok(*s, "final_status_list dead"), "");
    // Taking back every cleanup move ends the game again, as it was.
    ok(*s, "undo");  // Black's last pass
    for (int k = 0; k < 100 && (s->game().outcome() != Outcome::Scored || s->game().position() != over); ++k)
        ok(*s, "undo");
    EXPECT_EQ(s->game().outcome(), Outcome::Scored);
    EXPECT_EQ(s->game().position(), over);
    expect_refused(*s, {{"kgs-genmove_cleanup", "syntax error"}, {"kgs-genmove_cleanup purple", "syntax error"}});
}

TEST(GtpCommands, CleanupNeverResigns) {
    Session s(quick(3000));
    ok(s, "boardsize 3");
    ok(s, "komi 50");
    EXPECT_EQ(ok(s, "genmove b"), "resign");
    EXPECT_NE(ok(s, "kgs-genmove_cleanup b"), "resign");
}

TEST(GtpCommands, KgsTimeSettingsFeedTheClock) {
    EXPECT_EQ(transcript("kgs-time_settings none\nkgs-time_settings absolute 600\nkgs-time_settings byoyomi 60 30 5\n"
                         "kgs-time_settings canadian 60 300 25\nkgs-time_settings CANADIAN 0 300 25\n"),
              "= \n\n= \n\n= \n\n= \n\n= \n\n");
    Session s(quick());
    expect_refused(s, {{"kgs-time_settings", "syntax error (none, absolute, byoyomi or canadian)"},
                       {"kgs-time_settings fischer 60 5", "syntax error (none, absolute, byoyomi or canadian)"},
                       {"kgs-time_settings none 5", "syntax error"},
                       {"kgs-time_settings absolute", "syntax error"},
                       {"kgs-time_settings absolute x", "syntax error"},
                       {"kgs-time_settings absolute nan", "syntax error"},
                       {"kgs-time_settings byoyomi 60 30", "syntax error"},
                       {"kgs-time_settings byoyomi 60 30 -1", "syntax error"},
                       {"kgs-time_settings canadian 60 30 1 2", "syntax error"},
                       {"kgs-time_settings canadian 1e300 30 1", "syntax error"}});
    GtpClock c;
    c.set_japanese(0, 2, 5);  // five periods of 2 s: each move may take a whole period
    EXPECT_NEAR(c.time_for(0, 81, 0)->planned, 2 - 0.15 - 0.1, 1e-9);
    c.left(0, 2, 1);  // the last period
    EXPECT_NEAR(c.time_for(0, 81, 40)->planned, 2 - 0.15 - 0.1, 1e-9);
    c.set_japanese(600, 30, 5);  // in the main time: a share of it, but no less than a period
    EXPECT_NEAR(c.time_for(0, 81, 0)->planned, 30 - 0.15 - 1.5, 1e-9);
    c.set_japanese(60, 30, 0);  // no periods: absolute
    EXPECT_LT(c.time_for(0, 81, 0)->planned, 60.0 / 40);
    c.set_none();
    c.left(0, 1, 0);
    EXPECT_FALSE(c.time_for(0, 81, 0)) << "none: no limit, whatever time_left says";
}

TEST(GtpCommands, GenmoveKeepsToKgsByoyomiAndTimeLeft) {
    Session s{Options{}};  // no iteration cap
    ok(s, "kgs-time_settings byoyomi 0 1 3");
    auto start = std::chrono::steady_clock::now();
    ok(s, "genmove b");
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 1.0);
    EXPECT_GT(seconds, 0.5);
    ok(s, "kgs-time_settings absolute 600");
    ok(s, "time_left w 2 0");  // 2 s left for the rest of the game
    start = std::chrono::steady_clock::now();
    ok(s, "genmove w");
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 0.3);
}

}  // namespace
}  // namespace ply::gtp::commands_test

namespace ply::gtp::commands_test {
namespace {

// A fuzzer's view: the new commands with words drawn from what they take
// and what they do not. Every response is whole; a refused command leaves
// the engine as it was; an analysis ends at the next line.
TEST(GtpCommands, FuzzedArgumentsNeverLeaveAWrongState) {
    testing::TempDir dir("fuzz");
    dir.write("good.sgf", kRecord);
    dir.write("bad.sgf", "(;GM[1]SZ[9];B[ee];W[ee])");
    const std::vector<std::string> commands = {"fixed_handicap",
                                               "place_free_handicap",
                                               "set_free_handicap",
                                               "loadsgf",
                                               "printsgf",
                                               "final_status_list",
                                               "kgs-genmove_cleanup",
                                               "kgs-time_settings",
                                               "lz-analyze",
                                               "kata-analyze",
                                               "genmove_analyze",
                                               "kata-genmove_analyze",
                                               "play",
                                               "undo",
                                               "boardsize",
                                               "komi",
                                               "clear_board",
                                               "genmove"};
    const std::vector<std::string> words = {"b",
                                            "w",
                                            "white",
                                            "x",
                                            "0",
                                            "1",
                                            "2",
                                            "5",
                                            "9",
                                            "-3",
                                            "100001",
                                            "1e9",
                                            "D4",
                                            "E5",
                                            "C3",
                                            "A1",
                                            "T19",
                                            "pass",
                                            "I5",
                                            "dead",
                                            "alive",
                                            "seki",
                                            "none",
                                            "absolute",
                                            "byoyomi",
                                            "canadian",
                                            "interval",
                                            "maxmoves",
                                            "ownership",
                                            "true",
                                            dir / "good.sgf",
                                            dir / "bad.sgf",
                                            dir / "none.sgf",
                                            dir / "out.sgf",
                                            dir.path.string(),
                                            "99999999999999999999"};
    std::mt19937 rng(78);
    const auto pick = [&](const std::vector<std::string>& from) {
        return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(rng)];
    };
    Options o = quick(30);
    o.write_files = false;  // printsgf with a bare word would write it in the working folder
    Session s(o);
    ok(s, "boardsize 7");
    bool analysing = false;
    for (int i = 0; i < 1500; ++i) {
        std::string line = pick(commands);
        const int n = std::uniform_int_distribution<int>(0, 4)(rng);
        for (int k = 0; k < n; ++k) line += " " + pick(words);
        const std::string before = s.game().position() + std::to_string(s.game().passes());
        std::string r = s.handle(line);
        if (analysing) {  // the analysis's lines and its blank line come first
            while (r.starts_with("info ")) r.erase(0, r.find('\n') + 1);
            ASSERT_TRUE(r.starts_with("\n")) << line << " -> " << r;
            r.erase(0, 1);
        }
        analysing = r == "=\n";
        if (analysing) continue;
        ASSERT_TRUE(r.ends_with("\n\n")) << line << " -> " << r;
        ASSERT_TRUE(r[0] == '=' || r[0] == '?') << line << " -> " << r;
        if (r[0] == '?') {
            EXPECT_EQ(s.game().position() + std::to_string(s.game().passes()), before) << line << " -> " << r;
        }
    }
    s.handle("name");
    EXPECT_EQ(s.handle("name"), "= Ply\n\n");
}

}  // namespace
}  // namespace ply::gtp::commands_test
