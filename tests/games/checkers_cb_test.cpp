// Checkers on CheckerBoard's board and moves (cb_board.hpp) against the
// interface's facts: square 1 at [6][0], 4 at [0][0], 5 at [7][1], 32 at
// [1][7]; Black's men on y 0-2 at the start, on the squares where x + y is
// even (as the cliche host sets its board up); and every legal move of
// random games through CbMove and back, its board played as make() plays it.
#include <ply/games/checkers/cb_board.hpp>

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

#include <ply/core/error.hpp>

namespace ply::checkers::cb {
namespace {

TEST(CheckersCb, SquaresSitWhereTheInterfaceSays) {
    const auto at = [](int number) { return coor_of(number - 1); };
    EXPECT_EQ(at(1).x, 6);
    EXPECT_EQ(at(1).y, 0);
    EXPECT_EQ(at(4).x, 0);
    EXPECT_EQ(at(4).y, 0);
    EXPECT_EQ(at(5).x, 7);
    EXPECT_EQ(at(5).y, 1);
    EXPECT_EQ(at(32).x, 1);
    EXPECT_EQ(at(32).y, 7);
    std::set<std::pair<int, int>> seen;
    for (int q = 0; q < 32; ++q) {
        const Coor c = coor_of(q);
        EXPECT_EQ((c.x + c.y) % 2, 0) << "square " << q + 1 << " is a dark square";
        EXPECT_EQ(square_of(c), q);
        seen.insert({c.x, c.y});
    }
    EXPECT_EQ(seen.size(), 32u);
    EXPECT_EQ(square_of({1, 0}), kNone);  // light
    EXPECT_EQ(square_of({8, 0}), kNone);
    EXPECT_EQ(square_of({0, -2}), kNone);
}

TEST(CheckersCb, TheStartHasBlackOnTheLowRows) {
    Board b{};
    to_board(Checkers(), b);
    for (int x = 0; x < 8; ++x)
        for (int y = 0; y < 8; ++y) {
            const bool dark = (x + y) % 2 == 0;
            const int expected = !dark ? 0 : y <= 2 ? kBlack | kMan : y >= 5 ? kWhite | kMan : 0;
            EXPECT_EQ(b[x][y], expected) << "[" << x << "][" << y << "]";
        }
    EXPECT_EQ(from_board(b, kBlack).fen(), Checkers().fen());
}

TEST(CheckersCb, BoardsReadWithFreeLightSquaresAndKings) {
    const Checkers g = Checkers::from_fen("W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29");
    Board b{};
    for (auto& column : b)
        for (int& v : column) v = kFree;  // as old hosts fill the light squares
    to_board(g, b);
    EXPECT_EQ(b[coor_of(9).x][coor_of(9).y], kWhite | kKing);
    EXPECT_EQ(from_board(b, kWhite).fen(), g.fen());
    EXPECT_EQ(from_board(b, kBlack).side_to_move(), Black);
}

TEST(CheckersCb, BadBoardsGetOneLine) {
    Board b{};
    to_board(Checkers(), b);
    EXPECT_THROW((void)from_board(b, 3), ParseError);
    b[1][1] = 3;  // square 8 holding no piece's value
    EXPECT_THROW((void)from_board(b, kBlack), ParseError);
    Board crowning{};
    crowning[6][0] = kWhite | kMan;  // a white man on square 1, its crowning row
    crowning[1][7] = kBlack | kMan;
    EXPECT_THROW((void)from_board(crowning, kBlack), ParseError);
}

TEST(CheckersCb, AMultipleJumpCrownsAndNamesItsPath) {
    // Black's man on 15 takes 18 and 26, landing on 22, then on 31, where it is crowned.
    const Checkers g = Checkers::from_fen("B:W18,26,K1:B15,K20");
    const Move m = g.parse_move("15x22x31");
    const CbMove cb = to_cb(g, m);
    EXPECT_EQ(cb.jumps, 2);
    EXPECT_EQ(square_of(cb.from), 14);
    EXPECT_EQ(square_of(cb.to), 30);
    EXPECT_EQ(square_of(cb.path[1]), 21);
    EXPECT_EQ(square_of(cb.path[2]), 30);
    EXPECT_EQ(square_of(cb.del[0]), 17);
    EXPECT_EQ(square_of(cb.del[1]), 25);
    EXPECT_EQ(cb.delpiece[0], kWhite | kMan);
    EXPECT_EQ(cb.oldpiece, kBlack | kMan);
    EXPECT_EQ(cb.newpiece, kBlack | kKing);  // crowned on 31
    EXPECT_EQ(describe(cb), "15x31 taking 18,26");
}

TEST(CheckersCb, MovesAreFoundByStartEndAndTakenSquares) {
    const Checkers g = Checkers::from_fen("B:W18,26,K1:B15,K20");
    CbMove cb = to_cb(g, g.parse_move("15x22x31"));
    ASSERT_TRUE(find_move(g, cb));
    cb.jumps = 1;  // the same ends, but taking one piece of two
    EXPECT_FALSE(find_move(g, cb));
    cb.jumps = 2;
    cb.del[1] = coor_of(23);  // square 24: empty, and off the route
    EXPECT_FALSE(find_move(g, cb));
    cb.del[1] = cb.del[0];  // one piece taken twice
    EXPECT_FALSE(find_move(g, cb));
    cb.jumps = 40;
    EXPECT_FALSE(find_move(g, cb));
    CbMove step = to_cb(Checkers(), Checkers().parse_move("11-15"));
    EXPECT_TRUE(find_move(Checkers(), step));
    step.to = {5, 3};  // square 14: 11-14 is no move
    EXPECT_FALSE(find_move(Checkers(), step));
    step.to = {2, 3};  // a light square
    EXPECT_FALSE(find_move(Checkers(), step));
    EXPECT_EQ(describe(step), "11-[2][3]");
}

// Every move of random games: found again from its CbMove, and its board
// played by play_on_board the board of the position make() reaches.
TEST(CheckersCb, EveryMoveOfRandomGamesGoesThereAndBack) {
    std::mt19937 rng(75);
    int moves_checked = 0, jumps_checked = 0;
    for (int game = 0; game < 40; ++game) {
        Checkers g = game % 2 ? Checkers() : Checkers::from_fen("B:WK22,K26,27,28,30:BK5,K9,10,11,14");
        for (int ply = 0; ply < 200; ++ply) {
            Checkers::MoveList moves;
            g.generate_moves(moves);
            if (moves.empty()) break;
            for (const Move m : moves) {
                const CbMove cb = to_cb(g, m);
                const auto found = find_move(g, cb);
                ASSERT_TRUE(found) << g.fen() << " " << g.move_to_string(m);
                Board b{};
                to_board(g, b);
                play_on_board(b, cb);
                Checkers after = g, again = g;
                after.make(m);
                again.make(*found);
                EXPECT_EQ(again.fen(), after.fen());
                EXPECT_EQ(from_board(b, color_of(after.side_to_move())).fen(), after.fen())
                    << g.fen() << " " << g.move_to_string(m);
                // An engine that plays on the board alone: the move read from the board.
                const auto played = find_played_move(g, b);
                ASSERT_TRUE(played) << g.fen() << " " << g.move_to_string(m);
                Checkers by_board = g;
                by_board.make(*played);
                EXPECT_EQ(by_board.fen(), after.fen());
                ++moves_checked;
                jumps_checked += cb.jumps > 1;
            }
            g.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
    }
    EXPECT_GT(moves_checked, 5000);
    EXPECT_GT(jumps_checked, 20);
    // A board left as it was names no move.
    Board unchanged{};
    to_board(Checkers(), unchanged);
    EXPECT_FALSE(find_played_move(Checkers(), unchanged));
}

}  // namespace
}  // namespace ply::checkers::cb
