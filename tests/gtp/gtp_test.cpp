// The GTP front end: transcripts checked to the byte, hostile input, moves
// on tiny boards, undo, final_score on known boards, superko, time, and the
// `ply gtp` command itself.
#include <ply/gtp/gtp.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <ply/core/version.hpp>
#include <ply/games/go/description.hpp>
#include "support/gtp_transcript.hpp"
#include "support/run_ply.hpp"

namespace ply::gtp {
namespace {

using Session = gtp::Session<go::Go>;

using test::quick;
using test::transcript;

// The text of a successful response ("=12 D4\n\n" -> "D4").
std::string value(Session& s, const std::string& line) {
    const std::string r = s.handle(line);
    EXPECT_EQ(r.substr(0, 1), "=") << line << " -> " << r;
    const auto space = r.find(' ');
    return r.substr(space + 1, r.size() - space - 3);
}

TEST(Gtp, HandshakeTranscript) {
    EXPECT_EQ(transcript("protocol_version\n1 name\n2 version\nknown_command genmove\nknown_command fly\nquit\n"),
              "= 2\n\n=1 Ply\n\n=2 " + std::string(kVersion) + "\n\n= true\n\n= false\n\n= \n\n");
}

TEST(Gtp, GameTranscript) {
    EXPECT_EQ(transcript("boardsize 5\nclear_board\nkomi 0.5\n10 play b C3\n11 play white d3\nfinal_score\n"
                         "12 undo\n13 final_score\n"),
              "= \n\n= \n\n= \n\n=10 \n\n=11 \n\n= W+0.5\n\n=12 \n\n=13 B+24.5\n\n");
}

TEST(Gtp, CommentsBlankLinesTabsCarriageReturnsAndControlCharacters) {
    EXPECT_EQ(transcript("# a comment\n\n   \n\t\n3\tname\r\nna\x01me # trailing comment\r\n\x7f"
                         "4 protocol_version\n"),
              "=3 Ply\n\n= Ply\n\n=4 2\n\n");
}

TEST(Gtp, ListCommandsNamesEveryKnownCommand) {
    Session s(quick());
    std::istringstream list(value(s, "list_commands"));
    std::vector<std::string> listed;
    for (std::string line; std::getline(list, line);) listed.push_back(line);
    EXPECT_EQ(listed, command_names());
    for (const auto& name : command_names()) EXPECT_EQ(value(s, "known_command " + name), "true");
}

TEST(Gtp, EndOfInputEndsCleanly) {
    EXPECT_EQ(transcript("boardsize 3\n"), "= \n\n");
    EXPECT_EQ(transcript(""), "");
    EXPECT_EQ(transcript("quit\nname\n"), "= \n\n");  // nothing after quit is read
}

TEST(Gtp, HostileInputIsAnsweredWithErrorsAndNeverCrashes) {
    Session s(quick());
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"fly", "? unknown command"},
        {"12", "?12 unknown command"},
        {"99999999999999999999999 fly", "?99999999999999999999999 unknown command"},
        {"boardsize", "? syntax error"},
        {"boardsize nine", "? syntax error"},
        {"boardsize 0", "? unacceptable size"},
        {"boardsize 1", "? unacceptable size"},
        {"boardsize 20", "? unacceptable size"},
        {"boardsize -5", "? unacceptable size"},
        {"boardsize 1000000000000", "? unacceptable size"},
        {"boardsize 99999999999999999999999999999", "? unacceptable size"},
        {"komi", "? syntax error"},
        {"komi nan", "? syntax error"},
        {"komi inf", "? syntax error"},
        {"komi 1e400", "? syntax error"},
        {"komi seven", "? syntax error"},
        {"play", "? syntax error"},
        {"play b", "? syntax error"},
        {"play x D4", "? syntax error"},
        {"play bl D4", "? syntax error"},
        {"play b Z99", "? syntax error"},
        {"play b I5", "? syntax error"},
        {"play b D", "? syntax error"},
        {"play b 44", "? syntax error"},
        {"play b Z9", "? illegal move"},
        {"play b T19", "? illegal move"},
        {"play b A0", "? syntax error"},
        {"genmove", "? syntax error"},
        {"genmove red", "? syntax error"},
        {"undo", "? cannot undo"},
        {"known_command", "? syntax error"},
        {"time_settings", "? syntax error"},
        {"time_settings 1 2", "? syntax error"},
        {"time_settings nan 0 0", "? syntax error"},
        {"time_settings 10 5 -1", "? syntax error"},
        {"time_settings 1e300 0 0", "? syntax error"},
        {"time_left b", "? syntax error"},
        {"time_left green 10 0", "? syntax error"},
        {"time_left b 10 99999999999", "? syntax error"},
    };
    for (const auto& [line, expected] : cases) EXPECT_EQ(s.handle(line), expected + "\n\n") << line;
    // Bytes of every value, long lines, and the session still answers.
    std::mt19937 rng(7);
    for (int i = 0; i < 300; ++i) {
        std::string junk;
        const int n = std::uniform_int_distribution<int>(0, 40)(rng);
        for (int k = 0; k < n; ++k) junk += static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng));
        const std::string r = s.handle(junk);
        EXPECT_TRUE(r.empty() || r.ends_with("\n\n")) << r;
    }
    EXPECT_EQ(s.handle("play b " + std::string(100000, 'A')), "? syntax error\n\n");
    EXPECT_EQ(s.handle("name"), "= Ply\n\n");
}

TEST(Gtp, BoardSizeAndKomiCanBeChanged) {
    Session s(quick());
    EXPECT_EQ(s.game().size(), 9);  // the game's default board before any boardsize
    s.handle("play b E5");
    s.handle("komi 6");
    EXPECT_EQ(s.game().komi_halves(), 12);
    EXPECT_EQ(s.game().board().at(go::point_at(4, 4)), go::Black) << "komi keeps the moves";
    EXPECT_EQ(s.handle("komi 6.3"), "? komi must be a whole or half point, at most 1000\n\n");
    EXPECT_EQ(s.handle("boardsize 19"), "= \n\n");
    EXPECT_EQ(s.game().size(), 19);
    EXPECT_EQ(s.game().komi_halves(), 12) << "boardsize keeps the komi";
    EXPECT_EQ(s.handle("play b T19"), "= \n\n");
    EXPECT_EQ(s.handle("boardsize 2"), "= \n\n");
    EXPECT_EQ(s.game().board().empty_count(), 4);
}

TEST(Gtp, PlayForTheColourNotToMovePassesForTheOtherAndUndoTakesBoth) {
    Session s(quick());
    s.handle("boardsize 5");
    EXPECT_EQ(s.handle("play w C3"), "= \n\n");
    EXPECT_EQ(s.game().to_move(), go::Black);
    EXPECT_EQ(s.handle("play w D3"), "= \n\n");
    EXPECT_EQ(s.game().board().at(go::point_at(3, 2)), go::White);
    EXPECT_EQ(s.handle("undo"), "= \n\n");
    EXPECT_EQ(s.game().to_move(), go::Black);
    EXPECT_EQ(s.game().board().at(go::point_at(2, 2)), go::White);
    EXPECT_EQ(s.handle("undo"), "= \n\n");
    EXPECT_EQ(s.game().position(), go::Go(5, 15).position());
    EXPECT_EQ(s.handle("undo"), "? cannot undo\n\n");
    // An illegal move leaves no pass behind.
    s.handle("play b C3");
    EXPECT_EQ(s.handle("play b C3"), "? illegal move\n\n");
    EXPECT_EQ(s.game().to_move(), go::White);
}

TEST(Gtp, KoRecaptureIsIllegal) {
    Session s(quick());
    s.handle("boardsize 5");
    for (const char* m : {"b B3", "w C3", "b A2", "w B2", "b B1", "w C1", "b E5", "w D2", "b C2"})
        ASSERT_EQ(s.handle(std::string("play ") + m), "= \n\n") << m;
    EXPECT_EQ(s.game().board().at(go::point_at(1, 1)), go::Empty) << "C2 took B2";
    EXPECT_EQ(s.handle("play w B2"), "? illegal move\n\n");
    EXPECT_EQ(s.handle("play w E1"), "= \n\n");
}

TEST(Gtp, SuperkoIllegalMovesAreIllegal) {
    // Random games on 2x2 and 3x3 until a move that only superko forbids
    // turns up; GTP must refuse it.
    std::mt19937_64 rng(3);
    int found = 0;
    for (int game = 0; game < 2000 && found < 5; ++game) {
        const int size = 2 + game % 2;
        go::Go g(size, 0);
        Session s(quick());
        s.handle("boardsize " + std::to_string(size));
        s.handle("komi 0");
        for (int ply = 0; ply < 60 && g.outcome() == Outcome::Ongoing; ++ply) {
            for (int p = 0; p < size * size; ++p) {
                const auto point = go::point_at(p % size, p / size);
                if (g.illegal_reason(point).rfind("superko", 0) == 0) {
                    ++found;
                    const std::string colour = g.to_move() == go::Black ? "b " : "w ";
                    EXPECT_EQ(s.handle("play " + colour + go::Go::vertex(point)), "? illegal move\n\n");
                }
            }
            MoveListOf<go::Go> moves;
            g.generate_moves(moves);
            const auto m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
            const std::string colour = g.to_move() == go::Black ? "b " : "w ";
            ASSERT_EQ(s.handle("play " + colour + go::Go::vertex(m)), "= \n\n");
            g.make(m);
        }
    }
    EXPECT_GT(found, 0);
}

TEST(Gtp, FinalScoreCountsTheBoardAsItStands) {
    Session s(quick());
    s.handle("boardsize 5");
    s.handle("komi 0");
    EXPECT_EQ(value(s, "final_score"), "0");
    s.handle("komi 7.5");
    EXPECT_EQ(value(s, "final_score"), "W+7.5");
    s.handle("komi 0");
    s.handle("play b C3");
    EXPECT_EQ(value(s, "final_score"), "B+25");
    // Black's wall on column B, White's on D: A and B are Black's, D and E White's, C is neutral.
    s.handle("clear_board");
    s.handle("komi 2.5");
    for (int row = 1; row <= 5; ++row) {
        s.handle("play b B" + std::to_string(row));
        s.handle("play w D" + std::to_string(row));
    }
    EXPECT_EQ(value(s, "final_score"), "W+2.5");
    s.handle("play b C3");
    EXPECT_EQ(value(s, "final_score"), "W+1.5");
}

TEST(Gtp, GenmovePlaysLegalMovesOnTinyBoardsToTheEnd) {
    for (int size = 2; size <= 5; ++size) {
        Session s(quick(100));
        s.handle("boardsize " + std::to_string(size));
        int moves = 0;
        for (; moves < 200 && s.game().outcome() == Outcome::Ongoing; ++moves) {
            const go::Go before = s.game();
            const std::string colour = moves % 2 == 0 ? "b" : "w";
            const std::string id = std::to_string(moves);
            const std::string r = s.handle(id + " genmove " + colour);
            ASSERT_TRUE(r.starts_with("=" + id + " ")) << r;
            const std::string vertex = r.substr(id.size() + 2, r.size() - id.size() - 4);
            if (vertex == "resign") break;
            const auto m = go::Go::parse_vertex(vertex, size);
            EXPECT_TRUE(before.is_legal(m)) << vertex << " on\n" << before.render();
        }
        EXPECT_LT(moves, 200) << "a game on " << size << "x" << size << " ends";
    }
}

// The search's tree from one board must not be taken for another's: the
// empty boards of every size looked alike to tree reuse (a crash on 2x2).
TEST(Gtp, GenmoveAfterANewBoardSizeOrKomiPlaysOnTheNewBoard) {
    for (const std::string change : {"boardsize 2", "boardsize 3", "boardsize 19", "komi 0", "clear_board"}) {
        Session s(quick(60));
        value(s, "genmove w");
        s.handle("undo");
        EXPECT_EQ(s.handle(change), "= \n\n") << change;
        const go::Go before = s.game();
        const std::string vertex = value(s, "genmove w");
        if (vertex == "pass" || vertex == "resign") continue;
        EXPECT_TRUE(before.is_legal(go::Go::parse_vertex(vertex, before.size()))) << change << ": " << vertex;
    }
}

TEST(Gtp, RegGenmoveDoesNotPlay) {
    Session s(quick());
    s.handle("boardsize 5");
    const std::string before = s.game().position();
    EXPECT_FALSE(value(s, "reg_genmove w").empty());
    EXPECT_EQ(s.game().position(), before) << "nor leaves a pass behind";
}

TEST(Gtp, PassesWhenTheOpponentPassedAndTheBoardWins) {
    Session s(quick());
    s.handle("boardsize 3");
    s.handle("komi 0.5");
    s.handle("play b B2");
    s.handle("play w pass");
    EXPECT_EQ(value(s, "genmove b"), "pass");
    EXPECT_EQ(s.game().outcome(), Outcome::Scored);
    EXPECT_EQ(value(s, "final_score"), "B+8.5");
    // After the end, genmove passes and play takes passes only.
    EXPECT_EQ(value(s, "genmove w"), "pass");
    EXPECT_EQ(s.handle("play b A1"), "? illegal move\n\n");
    EXPECT_EQ(s.handle("play b pass"), "= \n\n");
}

TEST(Gtp, TakesDeadStonesOffBeforeItPasses) {
    // Black walls off the left six columns and a pocket at the top left,
    // where a lone White stone (C8) is dead; then White passes. Black wins
    // the count as it stands, but passing would leave C8 on the board.
    const auto board = [](bool dead_stone) {
        auto s = std::make_unique<Session>(quick());
        s->handle("komi 7");
        const std::vector<std::string> black = {"F1", "F2", "F3", "F4", "F5", "F6", "F7",
                                                "F8", "F9", "A7", "B7", "C7", "D7", "E7"};
        std::vector<std::string> white = {"G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9"};
        if (dead_stone) white.push_back("C8");
        for (std::size_t i = 0; i < black.size(); ++i) {
            s->handle("play b " + black[i]);
            s->handle("play w " + (i < white.size() ? white[i] : std::string("pass")));
        }
        EXPECT_EQ(s->game().outcome(), Outcome::Ongoing);
        return s;
    };
    const std::string reply = value(*board(true), "genmove b");
    EXPECT_TRUE(reply == "B8" || reply == "D8" || reply == "C9") << reply;
    EXPECT_EQ(value(*board(false), "genmove b"), "pass");
}

TEST(Gtp, ResignsALostGameUnlessTold) {
    Session s(quick(3000));
    s.handle("boardsize 3");
    s.handle("komi 50");  // more than the board: Black cannot win
    EXPECT_EQ(value(s, "genmove b"), "resign");
    EXPECT_EQ(s.game().board().empty_count(), 9) << "resigning plays nothing";
    Options stubborn = quick(3000);
    stubborn.resign = false;
    Session t(stubborn);
    t.handle("boardsize 3");
    t.handle("komi 50");
    EXPECT_NE(value(t, "genmove b"), "resign");
}

TEST(Gtp, ClockSharesTheTimeLeft) {
    GtpClock c;
    EXPECT_FALSE(c.time_for(0, 81, 0)) << "no time settings: no limit";
    c.set(0, 2, 1);  // what the arena sends for st=2
    EXPECT_NEAR(c.time_for(0, 81, 0)->planned, 2 - 0.15 - 0.1, 1e-9);
    c.set(0, 5, 0);  // byo-yomi time without stones: no limit
    EXPECT_FALSE(c.time_for(1, 81, 10));
    c.set(90, 0, 0);  // absolute: 90 s over the moves still to come
    const double early = c.time_for(0, 81, 0)->planned, late = c.time_for(0, 81, 60)->planned;
    EXPECT_GT(early, 1.0);
    EXPECT_LT(early, 2.5);
    EXPECT_GT(late, early) << "fewer moves left, more time each";
    c.left(1, 10, 5);  // White in byo-yomi: 10 s for 5 stones
    EXPECT_NEAR(c.time_for(1, 81, 40)->planned, 2 - 0.15 - 0.1, 1e-9);
    c.left(0, 0, 0);
    EXPECT_EQ(c.time_for(0, 81, 40)->planned, GtpClock::kMinSeconds);
}

TEST(Gtp, ClockLetsAnUnclearMoveRunOnOnlyInTheMainTime) {
    GtpClock c;
    c.set(90, 0, 0);
    const MoveTime early = *c.time_for(0, 81, 0);
    EXPECT_TRUE(early.keeps_savings);
    EXPECT_GT(early.most, 2 * early.planned);
    EXPECT_LT(early.most, 3 * early.planned);
    c.left(0, 10, 0);  // little left: a tenth of it at most
    const MoveTime late = *c.time_for(0, 81, 60);
    EXPECT_GT(late.most, late.planned);
    EXPECT_LE(late.most, 1.0);
    c.left(1, 10, 5);  // a Canadian period: every stone its share, the time saved kept
    EXPECT_EQ(c.time_for(1, 81, 40)->most, c.time_for(1, 81, 40)->planned);
    EXPECT_TRUE(c.time_for(1, 81, 40)->keeps_savings);
    c.left(1, 10, 1);  // its last stone: what it leaves is lost
    EXPECT_FALSE(c.time_for(1, 81, 40)->keeps_savings);
    c.set_japanese(0, 2, 5);  // a Japanese period: overrunning it costs it, and it starts over
    EXPECT_EQ(c.time_for(0, 81, 0)->most, c.time_for(0, 81, 0)->planned);
    EXPECT_FALSE(c.time_for(0, 81, 0)->keeps_savings);
    c.set(0, 2, 1);  // the arena's st=2
    EXPECT_EQ(c.time_for(0, 81, 0)->most, c.time_for(0, 81, 0)->planned);
    EXPECT_FALSE(c.time_for(0, 81, 0)->keeps_savings);
}

TEST(Gtp, GenmoveKeepsToTheTimeGiven) {
    Options o;  // no iteration cap
    Session s(o);
    s.handle("boardsize 9");
    s.handle("time_settings 0 1 1");
    const auto start = std::chrono::steady_clock::now();
    EXPECT_FALSE(value(s, "genmove b").empty());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 1.0);
    EXPECT_GT(seconds, 0.5);
}

// Five white stones in atari under an absolute clock: the capture is
// clear long before the move's share of the time is spent.
TEST(Gtp, UnderAClockAClearMoveIsPlayedEarly) {
    Session s{Options{}};
    s.handle("boardsize 9");
    for (const char* black : {"C6", "D6", "E6", "F6", "G6", "C4", "D4", "E4", "F4", "G4", "B5"})
        s.handle(std::string("play b ") + black);
    for (const char* white : {"C5", "D5", "E5", "F5", "G5"}) s.handle(std::string("play w ") + white);
    s.handle("time_settings 60 0 0");
    GtpClock clock;
    clock.set(60, 0, 0);
    const double planned = clock.time_for(0, 81, 30)->planned;  // 30 plies, with the passes put in: about 1.8 s
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(value(s, "genmove b"), "H5");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 0.75 * planned);
}

TEST(Gtp, PlyGtpCommand) {
    const auto r = testing::run_ply("gtp --iterations 50", "1 name\\nboardsize 5\\n2 genmove b\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(r.out.starts_with("=1 Ply\n\n= \n\n=2 ")) << r.out;
    EXPECT_TRUE(r.out.ends_with("\n\n= \n\n")) << r.out;
    EXPECT_EQ(testing::run_ply("gtp --time nan").exit_code, 2);
}

}  // namespace
}  // namespace ply::gtp
