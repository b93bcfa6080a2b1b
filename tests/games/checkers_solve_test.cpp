// Checkers' exact solver against known values: two kings beat one, the
// classic studies (First Position) are wins, one king against one draws
// unless it is caught at once; distances checked by a plain search over
// generate_legal written here, every line played out to its end.
#include <ply/games/checkers/solve.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace ply::checkers {
namespace {

using Solution = GameSolution<Move>;

Solution solve_fen(const std::string& fen, std::size_t mb = 256) {
    return GameSolver<Checkers>(mb).solve(Checkers::from_fen(fen), [] { return false; });
}

// Whether the side to move wins within `plies` (a plain minimax, no table).
bool plain_wins_within(const Checkers& g, int plies);
bool plain_loses_within(const Checkers& g, int plies) {
    MoveListOf<Checkers> moves;
    g.generate_legal(moves);
    if (moves.empty()) return true;
    if (plies < 2) return false;
    for (const Move m : moves) {
        Checkers child = g;
        child.make(m);
        if (!plain_wins_within(child, plies - 1)) return false;
    }
    return true;
}
bool plain_wins_within(const Checkers& g, int plies) {
    if (plies < 1) return false;
    MoveListOf<Checkers> moves;
    g.generate_legal(moves);
    for (const Move m : moves) {
        Checkers child = g;
        child.make(m);
        if (plain_loses_within(child, plies - 1)) return true;
    }
    return false;
}

// The line is legal, alternates as a win's does, and ends with the loser
// to move and no move after exactly `plies` plies.
void expect_line_to_the_end(const std::string& fen, const Solution& s) {
    ASSERT_TRUE(s.result == Outcome::Win || s.result == Outcome::Loss) << fen;
    ASSERT_EQ(static_cast<int>(s.pv.size()), s.plies) << fen;
    Checkers g = Checkers::from_fen(fen);
    for (const Move m : s.pv) {
        MoveListOf<Checkers> moves;
        g.generate_legal(moves);
        ASSERT_NE(std::find(moves.begin(), moves.end(), m), moves.end()) << fen;
        g.make(m);
    }
    MoveListOf<Checkers> left;
    g.generate_legal(left);
    EXPECT_TRUE(left.empty()) << fen << ": the line ends with the loser to move and no move";
    EXPECT_EQ(g.side_to_move() == Checkers::from_fen(fen).side_to_move(), s.result == Outcome::Loss) << fen;
}

TEST(CheckersSolve, TwoKingsBeatOneWhoeverMoves) {
    const Solution white = solve_fen("W:WK1,K5:BK32");
    EXPECT_EQ(white.result, Outcome::Win);
    EXPECT_EQ(white.plies, 31);
    expect_line_to_the_end("W:WK1,K5:BK32", white);
    const Solution black = solve_fen("B:WK1,K5:BK32");
    EXPECT_EQ(black.result, Outcome::Loss);
    EXPECT_EQ(black.plies, 32);
    expect_line_to_the_end("B:WK1,K5:BK32", black);
    // Random placements: a win for the two kings unless the lone king, to
    // move, takes one at once (one king against one then draws).
    std::mt19937 rng(2007);
    for (int n = 0; n < 40; ++n) {
        int squares[3];
        for (int i = 0; i < 3; ++i) {
            do {
                squares[i] = 1 + static_cast<int>(rng() % 32);
            } while ((i > 0 && squares[i] == squares[0]) || (i > 1 && squares[i] == squares[1]));
        }
        const bool lone_to_move = n % 2 == 0;
        const std::string fen = std::string(lone_to_move ? "B" : "W") + ":WK" + std::to_string(squares[0]) + ",K" +
                                std::to_string(squares[1]) + ":BK" + std::to_string(squares[2]);
        MoveListOf<Checkers> moves;
        Checkers::from_fen(fen).generate_legal(moves);
        const bool lone_takes = lone_to_move && !moves.empty() && moves[0].is_capture();
        const Solution s = solve_fen(fen);
        if (lone_takes) {
            EXPECT_EQ(s.result, Outcome::Draw) << fen;
        } else {
            EXPECT_EQ(s.result, lone_to_move ? Outcome::Loss : Outcome::Win) << fen;
            expect_line_to_the_end(fen, s);
        }
    }
}

TEST(CheckersSolve, OneKingAgainstOneDrawsUnlessCaughtSoon) {
    // The distances a plain search finds, where it finds one; else a draw.
    // A king caught near a single corner loses; the longest such chase is
    // 11 plies (the solver over every one of the 1984 positions).
    std::mt19937 rng(1812);
    int draws = 0, caught = 0;
    for (int n = 0; n < 40; ++n) {
        const int a = 1 + static_cast<int>(rng() % 32);
        int b = a;
        while (b == a) b = 1 + static_cast<int>(rng() % 32);
        const std::string fen = std::string(n % 2 ? "B" : "W") + ":WK" + std::to_string(a) + ":BK" + std::to_string(b);
        const Solution s = solve_fen(fen);
        const Checkers g = Checkers::from_fen(fen);
        int shortest = 0;
        for (int p = 0; p <= 12 && shortest == 0; ++p) {
            if (plain_wins_within(g, p) || plain_loses_within(g, p)) shortest = p == 0 ? -1 : p;
        }
        if (shortest == 0) {
            ++draws;
            EXPECT_EQ(s.result, Outcome::Draw) << fen;
            EXPECT_TRUE(s.pv.empty());
        } else {
            ++caught;
            EXPECT_EQ(s.plies, std::max(shortest, 0)) << fen;
            expect_line_to_the_end(fen, s);
        }
    }
    EXPECT_GT(draws, 10);
    EXPECT_GT(caught, 5);
    // A king in the single corner with the other king waiting: lost in 2.
    EXPECT_EQ(solve_fen("B:WK11:BK4").result, Outcome::Loss);
    EXPECT_EQ(solve_fen("B:WK11:BK4").plies, 2);
    // Two kings against two, far apart: a draw.
    EXPECT_EQ(solve_fen("W:WK1,K3:BK30,K32").result, Outcome::Draw);
}

TEST(CheckersSolve, FirstPositionIsAWinForWhiteToMove) {
    const std::string fen = "W:WK19,K23:B12,K28";
    const Solution s = solve_fen(fen);
    EXPECT_EQ(s.result, Outcome::Win);
    EXPECT_EQ(s.plies, 61);
    expect_line_to_the_end(fen, s);
    // Every best move keeps the value: the position after it is lost in 60.
    ASSERT_FALSE(s.best_moves.empty());
    for (const Move m : s.best_moves) {
        Checkers child = Checkers::from_fen(fen);
        child.make(m);
        const Solution after = solve_fen(child.fen());
        EXPECT_EQ(after.result, Outcome::Loss);
        EXPECT_EQ(after.plies, 60);
    }
    // Black to move heads for the double corner and draws: the study is
    // stated for White to move because White needs the opposition.
    EXPECT_EQ(solve_fen("B:WK19,K23:B12,K28").result, Outcome::Draw);
}

TEST(CheckersSolve, TooBigIsUnknownWithinItsBudgetNeverGuessed) {
    const Solution s = solve_fen("start", 16);
    EXPECT_EQ(s.result, Outcome::Ongoing);
    EXPECT_NE(s.unknown_why.find("positions reachable"), std::string::npos) << s.unknown_why;
    EXPECT_TRUE(s.best_moves.empty());
    // Stopped from outside: unknown too.
    int asked = 0;
    const Solution stopped = GameSolver<Checkers>(1024).solve(Checkers(), [&asked] { return ++asked > 3; });
    EXPECT_EQ(stopped.result, Outcome::Ongoing);
    EXPECT_EQ(stopped.unknown_why, "stopped");
}

TEST(CheckersSolve, NoMoveIsALossInNoPlies) {
    const Solution s = solve_fen("B:W5,6,10:B1");  // Black's man on 1: blocked, and 10 stops the jump
    EXPECT_EQ(s.result, Outcome::Loss);
    EXPECT_EQ(s.plies, 0);
    EXPECT_TRUE(s.best_moves.empty());
}

}  // namespace
}  // namespace ply::checkers
