// Tic-tac-toe against independent truths: the known counts of positions and
// games, a naive line checker, and an exhaustive check that the position
// parser accepts exactly the reachable positions.
#include <ply/games/tictactoe/tictactoe.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include <ply/core/error.hpp>
#include "support/generic_game_suite.hpp"

namespace ply::testing {

using tictactoe::Mnk;
using tictactoe::TicTacToe;

template <>
struct GameSamples<TicTacToe> {
    static std::vector<TicTacToe> starts() {
        return {TicTacToe{}, TicTacToe::from_position("X...O...."), TicTacToe::from_position("XO.XO...."),
                TicTacToe::from_position("XOXOXO...")};
    }
    static int playouts() { return 200; }
    static int max_plies() { return 10; }
};

template <>
struct GameSamples<Mnk<4, 4, 3>> {
    static std::vector<Mnk<4, 4, 3>> starts() { return {Mnk<4, 4, 3>{}}; }
    static int playouts() { return 200; }
    static int max_plies() { return 17; }
};

template <>
struct GameSamples<Mnk<7, 6, 4>> {
    static std::vector<Mnk<7, 6, 4>> starts() { return {Mnk<7, 6, 4>{}}; }
    static int playouts() { return 50; }
    static int max_plies() { return 43; }
};

INSTANTIATE_TYPED_TEST_SUITE_P(TicTacToe, GenericGame, ::testing::Types<TicTacToe>);
using Mnk443 = Mnk<4, 4, 3>;
using Mnk764 = Mnk<7, 6, 4>;
using MnkTypes = ::testing::Types<Mnk443, Mnk764>;
INSTANTIATE_TYPED_TEST_SUITE_P(TicTacToeMnk, GenericGame, MnkTypes);

namespace {

// Naive 3x3 line check on a position string.
bool naive_line(const std::string& p, char who) {
    static constexpr int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                        {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const auto& l : lines)
        if (p[l[0]] == who && p[l[1]] == who && p[l[2]] == who) return true;
    return false;
}

struct Walk {
    std::set<std::string> positions;
    std::unordered_set<std::uint64_t> hashes;
    long long games = 0, x_wins = 0, o_wins = 0, draws = 0;

    void dfs(TicTacToe& g) {
        positions.insert(g.position());
        hashes.insert(g.hash());
        MoveListOf<TicTacToe> moves;
        g.generate_moves(moves);
        if (moves.empty()) {
            ++games;
            if (g.outcome() == Outcome::Draw)
                ++draws;
            else if (g.to_move() == 'O')
                ++x_wins;  // O to move has lost
            else
                ++o_wins;
            return;
        }
        for (const auto m : moves) {
            g.make(m);
            dfs(g);
            g.unmake(m);
        }
    }
};

}  // namespace

TEST(TicTacToe, CountsPositionsAndGames) {
    Walk w;
    TicTacToe g;
    w.dfs(g);
    EXPECT_EQ(w.positions.size(), 5478u);
    EXPECT_EQ(w.hashes.size(), 5478u);  // the hash is perfect
    EXPECT_EQ(w.games, 255168);
    // The classic breakdown of the 255168 games.
    EXPECT_EQ(w.x_wins, 131184);
    EXPECT_EQ(w.o_wins, 77904);
    EXPECT_EQ(w.draws, 46080);
    EXPECT_EQ(g.position(), ".........");
}

TEST(TicTacToe, EveryReachablePositionIsConsistent) {
    Walk w;
    TicTacToe start;
    w.dfs(start);
    for (const std::string& p : w.positions) {
        const TicTacToe g = TicTacToe::from_position(p);
        EXPECT_EQ(g.position(), p);
        const bool x = naive_line(p, 'X'), o = naive_line(p, 'O');
        const bool full = p.find('.') == std::string::npos;
        Outcome expected = Outcome::Ongoing;
        if (x || o)
            expected = Outcome::Loss;
        else if (full)
            expected = Outcome::Draw;
        EXPECT_EQ(g.outcome(), expected) << p;
        if (x) {
            EXPECT_EQ(g.to_move(), 'O') << p;
        }
        if (o) {
            EXPECT_EQ(g.to_move(), 'X') << p;
        }
        MoveListOf<TicTacToe> moves;
        g.generate_moves(moves);
        EXPECT_EQ(moves.empty(), is_over(g.outcome())) << p;
        if (!moves.empty()) {
            EXPECT_EQ(moves.size(), static_cast<std::size_t>(std::count(p.begin(), p.end(), '.')));
        }
        EXPECT_LE(std::abs(g.evaluate()), 100) << p;
    }
}

// Among all 3^9 fillings of the board, the parser accepts exactly the 5478
// positions that a game can reach.
TEST(TicTacToe, ParserAcceptsExactlyTheReachablePositions) {
    Walk w;
    TicTacToe start;
    w.dfs(start);
    int accepted = 0;
    for (int code = 0; code < 19683; ++code) {
        std::string p(9, '.');
        for (int i = 0, c = code; i < 9; ++i, c /= 3) p[i] = ".XO"[c % 3];
        bool ok = true;
        try {
            (void)TicTacToe::from_position(p);
        } catch (const ParseError&) {
            ok = false;
        }
        EXPECT_EQ(ok, w.positions.count(p) == 1) << p;
        accepted += ok;
    }
    EXPECT_EQ(accepted, 5478);
}

TEST(TicTacToe, StartPositionNotations) {
    EXPECT_EQ(TicTacToe::from_position("").position(), ".........");
    EXPECT_EQ(TicTacToe::from_position("start").position(), ".........");
    EXPECT_EQ(TicTacToe::from_position(" x.o/.x./... ").position(), "X.O.X....");
    EXPECT_EQ(TicTacToe::from_position("X.O.X....").to_move(), 'O');
    EXPECT_EQ(TicTacToe::name, "tictactoe");
    EXPECT_EQ((Mnk<4, 4, 3>::name), "mnk");
}

TEST(TicTacToe, PositionErrors) {
    auto message = [](const char* text) {
        try {
            (void)TicTacToe::from_position(text);
        } catch (const ParseError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_NE(message("X.O.Z....").find("bad character 'Z' at 5"), std::string::npos) << message("X.O.Z....");
    EXPECT_NE(message("X.O.X...").find("expected 9 cells, got 8"), std::string::npos);
    EXPECT_NE(message("X.O.X.....").find("got 10"), std::string::npos);
    EXPECT_NE(message("XX.......").find("X has 2 stones and O has 0"), std::string::npos);
    EXPECT_NE(message("O........").find("X has 0 stones and O has 1"), std::string::npos);
    EXPECT_NE(message("XXXOOO...").find("both X and O"), std::string::npos);
    // X has a line but O has as many stones: O moved after X won.
    EXPECT_NE(message("XXXOO.O..").find("X has 3 in a row, but X did not make the last move"), std::string::npos)
        << message("XXXOO.O..");
    // O has a line and X has one more stone.
    EXPECT_NE(message("OOOXX.XX.").find("O has 3 in a row, but O did not make"), std::string::npos);
    EXPECT_NE(message("XXX.O.XXX").find("X has 6 stones and O has 1"), std::string::npos);
    EXPECT_NE(message("").find("accepted"), std::string::npos);
}

TEST(TicTacToe, GameContinuedAfterWin) {
    // 4x4, three in a row: X a line on the top row, then both played on
    // and X made a second, separate line.
    using G = Mnk<4, 4, 3>;
    try {
        (void)G::from_position("XXX.OO.OXXX.OO..");
        FAIL() << "accepted";
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("the game went on after X had won"), std::string::npos) << e.what();
    }
    // A row and a column sharing the last stone is a legal single win.
    EXPECT_EQ(TicTacToe::from_position("XXXXOOXOO").outcome(), Outcome::Loss);
}

TEST(TicTacToe, MoveNotation) {
    TicTacToe g;
    EXPECT_EQ(g.parse_move("1"), 0);
    EXPECT_EQ(g.parse_move("5"), 4);
    EXPECT_EQ(g.parse_move(" 9 "), 8);
    EXPECT_EQ(g.parse_move("a3"), 0);
    EXPECT_EQ(g.parse_move("b2"), 4);
    EXPECT_EQ(g.parse_move("C1"), 8);
    EXPECT_EQ(g.parse_move("c3"), 2);
    EXPECT_EQ(g.parse_move("a1"), 6);
    for (int m = 0; m < 9; ++m) {
        EXPECT_EQ(g.move_to_string(m), std::to_string(m + 1));
        EXPECT_EQ(g.parse_move(TicTacToe::coordinates(m)), m);
    }
    EXPECT_EQ(TicTacToe::coordinates(4), "b2");
    for (const char* bad : {"", "0", "10", "d1", "a4", "a0", "b", "xx", "5a"})
        EXPECT_THROW((void)g.parse_move(bad), ParseError) << bad;
    g.make(4);
    try {
        (void)g.parse_move("b2");
        FAIL();
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("taken by X"), std::string::npos) << e.what();
    }
    const TicTacToe over = TicTacToe::from_position("XXXOO....");
    EXPECT_THROW((void)over.parse_move("9"), ParseError);
}

TEST(TicTacToe, PlaysAGame) {
    TicTacToe g;
    for (const char* m : {"5", "a3", "c3", "9", "7"}) {
        ASSERT_EQ(g.outcome(), Outcome::Ongoing);
        g.make(g.parse_move(m));
    }
    EXPECT_EQ(g.position(), "O.X.X.X.O");
    EXPECT_EQ(g.outcome(), Outcome::Loss);  // O to move, X has the diagonal
    MoveListOf<TicTacToe> moves;
    g.generate_moves(moves);
    EXPECT_TRUE(moves.empty());
    g.unmake(6);
    EXPECT_EQ(g.outcome(), Outcome::Ongoing);
    EXPECT_EQ(TicTacToe::from_position("XOXXOOOXX").outcome(), Outcome::Draw);
}

TEST(TicTacToe, EvaluateIsSideRelative) {
    // X in the centre: good for X, so bad for O to move.
    EXPECT_LT(TicTacToe::from_position("....X....").evaluate(), 0);
    EXPECT_GT(TicTacToe::from_position("....XO...").evaluate(), 0);
    EXPECT_EQ(TicTacToe{}.evaluate(), 0);
}

TEST(TicTacToe, RenderShowsNumbersAndCoordinates) {
    const std::string board = TicTacToe::from_position("X.O.X....").render();
    EXPECT_EQ(board,
              "3  X | 2 | O\n"
              "  ---+---+---\n"
              "2  4 | X | 6\n"
              "  ---+---+---\n"
              "1  7 | 8 | 9\n"
              "   a   b   c\n");
}

TEST(TicTacToe, MnkVariantsWin) {
    using G = Mnk<7, 6, 4>;  // connect-four lines without gravity
    G g = G::from_position(
        "......."
        "......."
        "...X..."
        "..X...."
        ".X....."
        ".OOO...");
    EXPECT_EQ(g.outcome(), Outcome::Ongoing);
    EXPECT_EQ(g.to_move(), 'X');
    g.make(g.parse_move("d6"));  // top row, column d: no line
    EXPECT_EQ(g.outcome(), Outcome::Ongoing);
    g.unmake(3);
    for (const char* winning : {"a1", "e5"}) {
        const auto m = g.parse_move(winning);
        g.make(m);
        EXPECT_EQ(g.outcome(), Outcome::Loss) << winning;
        g.unmake(m);
    }
    g.make(g.parse_move("e1"));  // blocks O's row without a line of X's own
    EXPECT_EQ(g.outcome(), Outcome::Ongoing);
}

}  // namespace ply::testing
