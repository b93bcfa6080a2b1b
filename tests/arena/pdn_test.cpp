// Checkers games in PDN: published games (Marion Tinsley's, 1946, with their
// multiple jumps written square by square) read and checked against counts
// taken from their movetext, games written by the arena read back with the
// same moves and result, and malformed or truncated files refused in one line.
#include <ply/games/checkers/description.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/tools/arena/game_file.hpp>
#include <ply/tools/arena/game_referee.hpp>
#include <ply/tools/arena/game_support_for.hpp>
#include <ply/tools/arena/pgn.hpp>
#include <ply/web/game_api_for.hpp>

#include "arena/play_match.hpp"

namespace ply::arena {
namespace {

using checkers::Checkers;

struct Published {
    std::string pdn;
    std::size_t plies;
    std::string result;
};

// Transcribed from games Marion Tinsley played in 1946 (the comments are
// ours). The file they come from writes some plain moves with an x (29x25
// for 29-25), which the reader takes too; written here with a dash, as the
// standard has it. The first game's last move follows 37. without its own
// number, as printed.
const std::vector<Published> kPublished = {
    {R"([Event "US National 1946"]
[Black "MF Tinsley"]
[White "E Fuller"]
[Result "1/2-1/2"]
[GameType "21"]
1. 11-15 23-18 2. 9-14 18x9 3. 5x14 22-17 4. 12-16 24-19 5. 16x23 27x18x9 {a double jump} 6.
6x13x22 25x18x11 {and a double each} 7. 8x15 21-17 8. 4-8 29-25 9. 8-11 28-24 10. 11-16 24-20 11.
16-19 20-16 12. 19-23 26x19 13. 15x24 25-22 14. 10-15 17-13 15. 7-10 16-11
16. 10-14 13-9 17. 24-28 9-5 18. 2-6 31-27 19. 14-18 22-17 20. 18-22 27-23
21. 22-26 23-19 22. 15x24 30x23 23. 24-27 23-18 24. 27-31 18-14 25. 6-9 14-10
26. 9-13 17-14 27. 31-26 14-9 28. 26-22 11-7 29. 22-18 7-2 30. 18-15 10-6 31.
1x10 2-7 32. 10-14 7-10 33. 15x6 9x2 34. 14-18 2-6 35. 3-7 6-9 36. 18-23 9-14
37. 23-26 14-18 26-31 1/2-1/2
)",
     75, "1/2-1/2"},
    {R"([Event "US National 1946"]
[Black "WF Ryan"]
[White "MF Tinsley"]
[Result "0-1"]
1. 11-15 23-18 2. 12-16 18x11 3. 8x15 24-20 4. 9-14 20x11 5. 7x16 22-18 6.
15x22 25x18x9 7. 5x14 29-25 8. 4-8 25-22 9. 16-20 26-23 10. 8-11 30-26 11.
6-9 22-18 12. 1-5 26-22 13. 2-7 28-24 14. 9-13 18x9 15. 5x14 22-18 16. 14-17
21x14 17. 10x17 18-14 18. 7-10 14x7 19. 3x10 23-18 20. 10-15 18-14 21. 11-16
14-10 22. 16-19 32-28 23. 17-22 10-7 24. 22-25 7-3 {White crowns} 25. 25-30 3-8 26. 30-25
8-12 27. 25-22 12-16 ; Black resigns
0-1
)",
     54, "0-1"},
    {R"([Event "US National 1946"]
[Black "E Fuller"]
[White "MF Tinsley"]
[Result "1-0"]
1. 11-15 23-18 2. 9-14 18x11 3. 8x15 22-18 4. 15x22 25x18x9 5. 5x14 27-23 6.
4-8 29-25 7. 8-11 24-19 8. 6-9 26-22 9. 11-15 32-27 10. 15x24 28x19 11. 7-11
30-26 12. 3-7 22-18 13. 12-16 19x12 10-15 1-0
)",
     27, "1-0"},
    {R"([Event "Practice game 1946"]
[Black "MF Tinsley"]
[White "RE Hunt"]
[Result "1/2-1/2"]
1. 9-14 22-18 2. 10-15 18x9 3. 5x14 25-22 4. 7-10 29-25 5. 3-7 24-20 6. 6-9
22-17 7. 9-13 25-22 8. 15-19 23x16 9. 12x19 20-16 10. 11x20 27-24 11. 20x27
31x24x15x6 {a triple jump} 12. 1x10 26-23 13. 7-11 22-18 14. 13x22 18x9 15. 22-26 21-17 16.
10-15 17-13 17. 11-16 9-6 18. 2x9 13x6 16-19 1/2-1/2
)",
     37, "1/2-1/2"},
};

// The pieces each side has lost, counted from the movetext: a jump written
// with every landing square takes one piece per 'x'.
std::array<int, 2> taken_in(const std::string& pdn) {
    std::array<int, 2> taken{};  // [Black's pieces, White's]
    std::istringstream in(pdn.substr(pdn.rfind(']') + 1));
    int ply = 0;
    for (std::string t; in >> t;) {
        if (t.front() == '{') {
            while (t.back() != '}' && in >> t) {}
            continue;
        }
        if (t == ";") break;
        if (t.back() == '.' || t.find('/') != std::string::npos || t == "0-1" || t == "1-0") continue;
        taken[ply % 2 == 0 ? 1 : 0] += static_cast<int>(std::count(t.begin(), t.end(), 'x'));
        ++ply;
    }
    return taken;
}

TEST(Pdn, PublishedGamesAreReadWithTheirMultipleJumps) {
    for (const auto& p : kPublished) {
        GameReferee<Checkers> referee;
        const RecordedGame g = read_recorded_game(p.pdn, referee, "tinsley.pdn");
        EXPECT_EQ(g.moves.size(), p.plies);
        EXPECT_EQ(g.result, p.result);
        EXPECT_EQ(g.start, "");
        Checkers end = Checkers::from_fen(referee.position());
        const auto taken = taken_in(p.pdn);
        EXPECT_EQ(std::popcount(end.pieces(checkers::Black)), 12 - taken[0]) << referee.position();
        EXPECT_EQ(std::popcount(end.pieces(checkers::White)), 12 - taken[1]) << referee.position();
    }
}

// A record of `g` as the arena keeps one, for the writer.
GameRecord record_of(const RecordedGame& g, Referee& referee) {
    GameRecord r;
    r.game = "checkers";
    r.white = "First player";
    r.black = "Second player";
    r.pdn_game_type = referee.pdn_game_type();
    r.side_names = {referee.side_name(0), referee.side_name(1)};
    referee.reset(g.start);
    r.opening_start = referee.position();
    r.second_moves_first = referee.side_to_move() == 1;
    for (const auto& m : g.moves) {
        r.moves.push_back({m, referee.notation(m), 0.25, std::nullopt, {}});
        referee.play(m);
    }
    r.result = g.result;
    return r;
}

TEST(Pdn, PublishedGamesWrittenAndReadBackAreTheSame) {
    for (const auto& p : kPublished) {
        GameReferee<Checkers> referee;
        const RecordedGame first = read_recorded_game(p.pdn, referee, "tinsley.pdn");
        std::ostringstream out;
        write_pgn(out, record_of(first, referee), PgnHeader{"Test", "here", "1946.01.01"});
        const std::string text = out.str();
        EXPECT_NE(text.find("[GameType \"21\"]"), std::string::npos) << text;
        EXPECT_NE(text.find("[Black \"First player\"]\n[White \"Second player\"]"), std::string::npos) << text;
        EXPECT_EQ(text.find("[FEN"), std::string::npos) << text;
        EXPECT_EQ(text.find("Variant"), std::string::npos) << text;
        const std::string opening = "\n\n1. " + first.moves[0] + " {0.250s} " + first.moves[1] + " {0.250s} 2. ";
        EXPECT_NE(text.find(opening), std::string::npos) << text;
        const RecordedGame again = read_recorded_game(text, referee, "written.pdn");
        EXPECT_EQ(again.moves, first.moves);
        EXPECT_EQ(again.result, first.result);
    }
}

// Games from ballots between two Ply players: the ballot's moves open the
// movetext, and each game reads back to the same moves and result.
TEST(Pdn, ArenaGamesFromBallotsReadBackWithTheirOpening) {
    MatchSettings m;
    m.game = support_for<Checkers>();
    m.engines = {parse_engine_config({"cmd=ply:game=checkers,algo=alphabeta,depth=2", "name=a"}),
                 parse_engine_config({"cmd=ply:game=checkers,algo=alphabeta,depth=3", "name=b"})};
    m.games = 4;
    m.repeat = true;
    m.max_plies = 60;
    auto referee = m.game.make_referee();
    m.openings = standard_openings(*referee);
    const auto played = ply::testing::play(m);
    ASSERT_EQ(played.games.size(), 4u);
    for (const auto& g : played.games) {
        std::ostringstream out;
        write_pgn(out, g, PgnHeader{"Test", "here", "2026.12.07"});
        const std::string ballot = g.index < 2 ? "1. 9-13 21-17 2. 5-9" : "1. 9-13 21-17 2. 6-9";
        EXPECT_NE(out.str().find("\n\n" + ballot + " "), std::string::npos) << out.str();
        const RecordedGame back = read_recorded_game(out.str(), *referee, "match.pdn");
        ASSERT_EQ(back.moves.size(), 3 + g.moves.size()) << out.str();
        for (std::size_t i = 0; i < g.moves.size(); ++i) EXPECT_EQ(back.moves[3 + i], g.moves[i].move);
        EXPECT_EQ(back.result, g.result);
    }
}

// The web page's record of a game, which its Save button downloads.
TEST(Pdn, TheWebPageRecordsCheckersAsPdn) {
    const auto s = web::state<Checkers>(web::GameLine{"", {"11-15", "23-19", "8-11"}, {"You", "Ply"}}, nullptr);
    EXPECT_EQ(s["record_kind"], "pdn");
    const std::string record = s["record"];
    EXPECT_NE(record.find("[Black \"You\"]\n[White \"Ply\"]"), std::string::npos) << record;
    EXPECT_NE(record.find("[GameType \"21\"]"), std::string::npos) << record;
    GameReferee<Checkers> referee;
    EXPECT_EQ(read_recorded_game(record, referee, "web.pdn").moves.size(), 3u) << record;
}

TEST(Pdn, MalformedOrTruncatedGamesAreRefusedInOneLine) {
    const std::string tags = "[Event \"x\"]\n[Result \"1-0\"]\n";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"", "holds no game"},
        {tags + "1. 11-15 23-19 2. 8-11", "without a result"},
        {tags + "1. 11-15 {a comment that goes on", "comment '{' is not closed"},
        {tags + "1. 11-15 (1. 11-16 22-18", "variation '(' is not closed"},
        {tags + "1. 11-15 23-19 ) 1-0", "a ')' that nothing opened"},
        {"[Event \"x\n1. 11-15 1-0", "is not closed"},
        {"[Event x]\n1. 11-15 1-0", "malformed tag"},
        {tags + "1. 11-18 1-0", "move 1 (Black) '11-18' is not a legal move"},
        {tags + "1. 11-15 22-18 2. 12-16 1-0", "move 2 (Black) '12-16' is not a legal move"},
        {tags + "1. 11-15 22-18 2. 12-16 1-0", "a capture is compulsory (15x22)"},
        {"[FEN \"W:WK10:B14,15,22,23\"]\n1. 10x10 *", "is ambiguous"},
        {tags + "1. 11-15 23-19 0-1", "the Result tag \"1-0\" and the result after the moves (0-1) differ"},
        {"[GameType \"20\"]\n1. 32-28 1-0", "GameType \"20\" is not checkers (21)"},
        {"[Variant \"connect4\"]\n1. 4 *", "Variant \"connect4\" is not checkers"},
        {"[FEN \"B:W33:B1\"]\n1. 1-5 *", "the FEN tag: "},
        {"[FEN \"W:W32:B1\"]\n1. 32-27 1-5 2. 27-24 *", ""},
        {"[FEN \"B:W10:B1\"]\n1. 1-6 10x1 0-1", ""},
        {"[FEN \"B:W10:B1\"]\n1. 1-6 10x1 2. 5-9 0-1", "comes after the end"},
        {"[FEN \"B:W10:B1\"]\n1. 1-6 10x1 1-0", "the result 1-0 contradicts the final position"},
        {tags + "1. 11-15 23-19\n[Event \"next\"]\n1. 9-13 1-0", "a tag after moves"},
    };
    for (const auto& [text, expected] : cases) {
        GameReferee<Checkers> referee;
        try {
            read_recorded_game(text, referee, "bad.pdn");
            EXPECT_EQ(expected, "") << "accepted: " << text;
        } catch (const ParseError& e) {
            const std::string what = e.what();
            EXPECT_FALSE(expected.empty()) << text << " -> " << what;
            EXPECT_NE(what.find(expected), std::string::npos) << text << " -> " << what;
            EXPECT_EQ(what.rfind("bad.pdn", 0), 0u) << what;
            EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        }
    }
}

// A file cut anywhere before its result is refused, in one line; random
// bytes written over it are refused or read, never anything else.
TEST(Pdn, EveryTruncationAndCorruptionIsRefusedInOneLine) {
    const std::string& text = kPublished[0].pdn;
    const std::size_t whole = text.rfind("1/2-1/2") + 7;
    for (std::size_t n = 0; n < text.size(); ++n) {
        GameReferee<Checkers> referee;
        try {
            const auto g = read_recorded_game(text.substr(0, n), referee, "cut.pdn");
            EXPECT_GE(n, whole) << "read, cut after " << n << " bytes";
            EXPECT_EQ(g.moves.size(), kPublished[0].plies);
        } catch (const ParseError& e) {
            EXPECT_LT(n, whole) << e.what();
            EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
        }
    }
    std::mt19937 rng(75);
    for (int trial = 0; trial < 2000; ++trial) {
        std::string bad = text;
        for (int k = 0; k < 3; ++k)
            bad[std::uniform_int_distribution<std::size_t>(0, bad.size() - 1)(rng)] =
                static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng));
        GameReferee<Checkers> referee;
        try {
            (void)read_recorded_game(bad, referee, "noise.pdn");
        } catch (const ParseError& e) {
            EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
        }
    }
}

}  // namespace
}  // namespace ply::arena
