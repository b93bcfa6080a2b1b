// Go's rules against independent truth: Tromp's counts of legal positions,
// a flood-fill count of liberties, a history of position strings for
// superko, Bill Taylor's value of 2x2 Go, and hand-made positions.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/games/go/go.hpp>
#include <ply/search/solve/exhaustive.hpp>

namespace {

using ply::go::Black;
using ply::go::Go;
using ply::go::kPass;
using ply::go::Point;
using ply::go::point_at;
using ply::go::White;

// The liberties of the string at p, by flood fill: the test's own count.
int flood_liberties(const ply::go::Board& b, Point p) {
    const auto colour = b.at(p);
    std::set<Point> stones{p}, libs;
    std::vector<Point> todo{p};
    while (!todo.empty()) {
        const Point s = todo.back();
        todo.pop_back();
        for (const int step : ply::go::kSteps) {
            const auto n = static_cast<Point>(s + step);
            if (b.at(n) == ply::go::Empty) libs.insert(n);
            if (b.at(n) == colour && stones.insert(n).second) todo.push_back(n);
        }
    }
    return static_cast<int>(libs.size());
}

std::string rows_of(int size, int code) {
    std::string rows;
    for (int i = 0; i < size * size; ++i, code /= 3) {
        if (i > 0 && i % size == 0) rows += '/';
        rows += ".XO"[code % 3];
    }
    return rows;
}

TEST(Go, LegalPositionsOfTinyBoardsAreTrompsCounts) {
    // Every colouring whose strings all have a liberty: 57 on 2x2, 12,675 on 3x3.
    for (const auto& [size, expected] : {std::pair{2, 57}, std::pair{3, 12675}}) {
        int colourings = 1, legal = 0;
        for (int i = 0; i < size * size; ++i) colourings *= 3;
        for (int code = 0; code < colourings; ++code) {
            try {
                (void)Go::from_position(rows_of(size, code) + " b 0");
                ++legal;
            } catch (const ply::ParseError&) {}
        }
        EXPECT_EQ(legal, expected) << size << "x" << size;
    }
}

TEST(Go, EveryLegalPositionIsReachedByPlay) {
    // Stones of either colour played from the empty board, captures by the
    // incremental board: exactly Tromp's legal positions are reached.
    for (const auto& [size, expected] : {std::pair{2, 57u}, std::pair{3, 12675u}}) {
        std::unordered_set<std::uint64_t> seen;
        std::vector<ply::go::Board> todo{ply::go::Board(size)};
        seen.insert(todo.back().stones_hash());
        std::vector<Point> captured(size * size);
        while (!todo.empty()) {
            const ply::go::Board b = todo.back();
            todo.pop_back();
            for (int i = 0; i < b.empty_count(); ++i)
                for (const auto c : {Black, White}) {
                    const Point p = b.empty_point(i);
                    if (!b.is_legal_shape(p, c)) continue;
                    ply::go::Board next = b;
                    EXPECT_EQ(next.hash_after(p, c), b.hash_after(p, c));
                    next.play(p, c, captured.data());
                    EXPECT_EQ(next.stones_hash(), b.hash_after(p, c));
                    if (seen.insert(next.stones_hash()).second) todo.push_back(next);
                }
        }
        EXPECT_EQ(seen.size(), expected) << size << "x" << size;
    }
}

// Random games checked move by move: the incremental liberties against a
// flood fill, superko against a history of position strings, and unmake
// back to the start.
TEST(Go, RandomGamesKeepLibertiesSuperkoAndUndo) {
    std::mt19937_64 rng(7);
    int superko_refusals = 0;
    for (int game = 0; game < 60; ++game) {
        const int size = 2 + game % 4;
        Go g = Go::from_position(std::to_string(size) + "x" + std::to_string(size));
        const Go start = g;
        std::set<std::string> history{g.position().substr(0, g.position().find(' '))};
        std::vector<Go::Move> played;
        for (int ply = 0; ply < 120 && g.outcome() == ply::Outcome::Ongoing; ++ply) {
            ply::MoveListOf<Go> moves;
            g.generate_moves(moves);
            for (int i = 0; i < g.board().empty_count(); ++i) {
                const Point p = g.board().empty_point(i);
                if (!g.board().is_legal_shape(p, g.to_move())) continue;
                Go after = g;
                after.make(p);
                const std::string rows = after.position().substr(0, after.position().find(' '));
                const bool repeats = history.count(rows) > 0;
                const bool offered = std::find(moves.begin(), moves.end(), p) != moves.end();
                EXPECT_EQ(offered, !repeats) << g.position() << " " << Go::vertex(p);
                superko_refusals += repeats;
            }
            const auto m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
            g.make(m);
            played.push_back(m);
            if (m != kPass) history.insert(g.position().substr(0, g.position().find(' ')));
            for (int r = 0; r < size; ++r)
                for (int c = 0; c < size; ++c) {
                    const Point p = point_at(c, r);
                    if (g.board().at(p) == ply::go::Empty) continue;
                    const int libs = flood_liberties(g.board(), p);
                    ASSERT_GT(libs, 0);
                    ASSERT_EQ(g.board().in_atari(p), libs == 1) << g.position() << " " << Go::vertex(p);
                }
            EXPECT_EQ(g.board().stones_hash(), Go::from_position(g.position()).board().stones_hash());
        }
        for (auto it = played.rbegin(); it != played.rend(); ++it) g.unmake(*it);
        EXPECT_EQ(g.position(), start.position());
        EXPECT_EQ(g.hash(), start.hash());
    }
    EXPECT_GT(superko_refusals, 0) << "the games should have met superko";
}

TEST(Go, CapturesSuicideAndKo) {
    // White takes the corner stone.
    Go g = Go::from_position("XO./.../... w 0");
    g.make(g.parse_move("A2"));
    EXPECT_EQ(g.position(), ".O./O../... b 0");
    // ... and Black may not fill that point: suicide.
    EXPECT_EQ(g.illegal_reason(g.parse_vertex("A3", 3)), "suicide");
    EXPECT_THROW((void)g.parse_move("A3"), ply::ParseError);
    // A ko: Black takes at C3, White may not take back at once.
    Go ko = Go::from_position(".XO./XO.O/.XO./.... b 0");
    ko.make(ko.parse_move("C3"));
    EXPECT_EQ(ko.board().at(point_at(1, 2)), ply::go::Empty);
    EXPECT_NE(ko.illegal_reason(ko.parse_vertex("B3", 4)).find("ko"), std::string::npos);
    ko.make(kPass);
    ko.make(kPass);
    EXPECT_EQ(ko.outcome(), ply::Outcome::Scored);
}

TEST(Go, AreaScoringWithKomi) {
    EXPECT_EQ(Go::from_position("X../.../... b 0").black_lead_halves(), 18);  // all nine points
    EXPECT_EQ(Go::from_position("X../.../... b 7.5").black_lead_halves(), 3);
    EXPECT_EQ(Go::from_position("X.O./X.O./X.O./X.O. b 0").black_lead_halves(), -8);  // 4 against 8
    EXPECT_EQ(Go::from_position("X.O/.../... w 0").black_lead_halves(), 0);           // the empty points reach both
    Go g = Go::from_position("X../.../... w 7.5");
    g.make(kPass);
    g.make(kPass);
    EXPECT_EQ(g.result_text(), "B+1.5");
    EXPECT_EQ(g.evaluate(), -3);  // for White, to move after both passed
    EXPECT_EQ(Go::format_score(-3), "-1.5");
}

TEST(Go, TwoByTwoIsWonByOnePoint) {
    // Bill Taylor's proof: with area scoring and superko Black wins 2x2 by 1.
    const auto r = ply::solve::exhaustive(Go::from_position("2x2 komi 0"), 22);
    EXPECT_EQ(r.score, 2);  // half points
}

TEST(Go, NotationAndErrors) {
    const Go g;
    EXPECT_EQ(g.size(), 9);
    EXPECT_EQ(g.komi_halves(), 15);
    EXPECT_EQ(g.move_to_string(g.parse_move("j9")), "J9");
    EXPECT_EQ(g.parse_move("PASS"), kPass);
    for (const char* bad : {"I5", "Z1", "A0", "A10", "", "D", "DD4", "resign"})
        EXPECT_THROW((void)g.parse_move(bad), ply::ParseError) << bad;
    for (const char* bad : {"1x1", "20x20", "9x8", ".../..", "..X/.../.Q. b", "X../.../... x", "X../.../... b nan",
                            "X../.../... b 7.3", "XO./O../... b", "9x9 komi", "9x9 komi 1e9"})
        EXPECT_THROW((void)Go::from_position(bad), ply::ParseError) << bad;
    EXPECT_EQ(Go::from_position("..X/.O./... w 6.5").position(), "..X/.O./... w 6.5");
    EXPECT_EQ(Go::from_position("5x5 komi -2").komi_halves(), -4);
}

TEST(Go, SgfRecordsRoundTrip) {
    std::mt19937_64 rng(3);
    Go g = Go::from_position("5x5 komi 0.5");
    for (int ply = 0; ply < 60 && g.outcome() == ply::Outcome::Ongoing; ++ply) g.make(g.playout_move(rng));
    const Go back = Go::from_sgf(g.to_sgf());
    EXPECT_EQ(back.position(), g.position());
    EXPECT_EQ(back.to_sgf(), g.to_sgf());
    EXPECT_EQ(back.hash(), g.hash());  // the same positions seen: superko alike

    const Go setup = Go::from_position("(;GM[1]FF[4]SZ[3]KM[0]AB[aa][bb]AW[cc]PL[W];W[ba];B[tt])");
    EXPECT_EQ(setup.position(), "XO./.X./..O w 0");
    for (const char* bad : {"(;GM[2]SZ[9])", "(;SZ[25])", "(;SZ[3];B[aa];W[aa])", "(;SZ[3];B[aa]", "(;SZ[3];B[zz])",
                            "(;SZ[3]AB[aa]AW[ab][ba])", "(", "(;SZ[x])"})
        EXPECT_THROW((void)Go::from_position(bad), ply::ParseError) << bad;
}

TEST(Go, PlayoutMovesAreLegalAndKeepEyes) {
    std::mt19937_64 rng(11);
    for (int game = 0; game < 20; ++game) {
        Go g = Go::from_position("9x9");
        int plies = 0;
        while (g.outcome() == ply::Outcome::Ongoing) {
            const auto m = g.playout_move(rng);
            if (m != kPass) {
                ASSERT_TRUE(g.board().is_legal_shape(m, g.to_move()));
                ASSERT_FALSE(g.board().is_eye(m, g.to_move()));
            }
            g.make(m);
            ASSERT_LT(++plies, 1000) << "playouts end";
        }
    }
}

// The playout's answers to `last` played in `position`, over many random streams.
std::set<std::string> playout_answers(const char* position, const char* last,
                                      const Go::PlayoutMemory* memory = nullptr) {
    Go g = Go::from_position(position);
    g.make(g.parse_move(last));
    std::set<std::string> answers;
    for (std::uint64_t seed = 0; seed < 64; ++seed) {
        std::mt19937_64 rng(seed);
        answers.insert(g.move_to_string(memory ? g.playout_move(rng, *memory) : g.playout_move(rng)));
    }
    return answers;
}

TEST(Go, PlayoutsSaveAStringInAtariByTakingItsAttacker) {
    // B4 leaves A3-B3-B2 one liberty, A4, where it would still have one;
    // A1 takes A2 instead.
    EXPECT_EQ(playout_answers("...../...../XXO../OXO../.O... w 0.5", "B4"), std::set<std::string>{"A1"});
}

TEST(Go, PlayoutsGiveAStringLeftTwoLibertiesAThird) {
    EXPECT_EQ(playout_answers("...../..O../.XX../.OO../..... w 0.5", "D3"), (std::set<std::string>{"A3", "B4"}));
}

TEST(Go, PlayoutsRunFromAtariOnlyToThreeLiberties) {
    EXPECT_EQ(playout_answers("...../..O../.OX../...../..... w 0.5", "D3"), std::set<std::string>{"C2"});
    // With B2 White's, C2 gives two liberties: a ladder, no urgent answer.
    EXPECT_GT(playout_answers("...../..O../.OX../.O.../..... w 0.5", "D3").size(), 2U);
}

// Last good reply with forgetting: the winner's replies are kept, and a
// loser's reply is forgotten if it is the one kept.
TEST(Go, PlayoutMemoryKeepsTheWinnersRepliesAndForgetsTheLosers) {
    const Go g = Go::from_position("9x9");
    const auto key = [&](const char* vertex) { return static_cast<std::uint32_t>(g.parse_move(vertex)); };
    const std::vector<std::uint32_t> game{key("E5"), key("C3"), key("G7"), key("pass"), key("D4"), key("F6")};
    Go::PlayoutMemory memory;
    memory.learn(game, 0, true);  // Black moved first and won
    EXPECT_EQ(memory.reply[0][key("C3")], key("G7"));
    EXPECT_EQ(memory.reply[0][key("D4")], kPass) << "White's D4 followed its pass: no reply learned";
    EXPECT_EQ(memory.reply[1][key("E5")], kPass) << "White lost: nothing of White's";
    memory.learn(game, 0, false);  // the same moves, White won
    EXPECT_EQ(memory.reply[0][key("C3")], kPass) << "forgotten";
    EXPECT_EQ(memory.reply[1][key("E5")], key("C3"));
    EXPECT_EQ(memory.reply[1][key("D4")], key("F6"));
    memory.learn(std::vector<std::uint32_t>{key("E5"), key("D5")}, 0, true);  // White lost with D5
    EXPECT_EQ(memory.reply[1][key("E5")], key("C3")) << "another reply lost: C3 is kept";
    memory.learn(std::vector<std::uint32_t>{key("E5"), key("D5")}, 1, false);  // White moved first and lost
    EXPECT_EQ(memory.reply[0][key("E5")], key("D5"));
}

TEST(Go, PlayoutsPlayTheRememberedReplyWhereTacticsAndShapesFindNothing) {
    Go::PlayoutMemory memory;
    memory.reply[1][point_at(4, 4)] = point_at(2, 2);  // White answers E5 with C3
    EXPECT_EQ(playout_answers("9x9", "E5", &memory), std::set<std::string>{"C3"});
    memory.reply[1][point_at(4, 4)] = point_at(4, 4);  // a reply on a stone: the policy as without memory
    EXPECT_EQ(playout_answers("9x9", "E5", &memory), playout_answers("9x9", "E5"));
    // The tactics come first: Black's C3 runs from atari to C2, not to A5.
    memory.reply[0][point_at(3, 2)] = point_at(0, 4);
    EXPECT_EQ(playout_answers("...../..O../.OX../...../..... w 0.5", "D3", &memory), std::set<std::string>{"C2"});
    // A remembered reply that would leave Black's B4 and B5 in atari is not played.
    memory.reply[0][point_at(1, 0)] = point_at(1, 4);
    EXPECT_EQ(playout_answers("O.O../OXO../...../...../..... w 0.5", "B1", &memory).count("B5"), 0U);
}

}  // namespace
