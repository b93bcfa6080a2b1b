// The generic perft (search/perft.hpp) against independent truths: brute
// forces of tic-tac-toe and Connect Four written here from the rules, the
// move lists of Massey's minichess course, and chess's own perft.
#include <ply/search/perft.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <ply/games/chess/perft.hpp>
#include <ply/games/connect4/connect4.hpp>
#include <ply/games/minichess/minichess.hpp>
#include <ply/games/tictactoe/tictactoe.hpp>
#include "chess/chess_test_support.hpp"
#include "support/read_file.hpp"

namespace {

// --- Tic-tac-toe from the rules: a line of three ends the game. ---
bool three_in_a_row(const std::array<int, 9>& b, int who) {
    constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                  {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const auto& l : kLines)
        if (b[l[0]] == who && b[l[1]] == who && b[l[2]] == who) return true;
    return false;
}

std::uint64_t tictactoe_paths(std::array<int, 9>& b, int who, int depth) {
    if (depth == 0) return 1;
    std::uint64_t n = 0;
    for (int cell = 0; cell < 9; ++cell) {
        if (b[cell]) continue;
        b[cell] = who;
        n += three_in_a_row(b, who) ? (depth == 1) : tictactoe_paths(b, 3 - who, depth - 1);
        b[cell] = 0;
    }
    return n;
}

// Whole games: sequences that end in a win or a full board.
std::uint64_t tictactoe_games(std::array<int, 9>& b, int who) {
    std::uint64_t n = 0;
    bool moved = false;
    for (int cell = 0; cell < 9; ++cell) {
        if (b[cell]) continue;
        moved = true;
        b[cell] = who;
        n += three_in_a_row(b, who) ? 1 : tictactoe_games(b, 3 - who);
        b[cell] = 0;
    }
    return moved ? n : 1;
}

// --- Connect Four on 7x6 from the rules: four in a line ends the game. ---
struct Grid {
    int cell[7][6] = {};
    int height[7] = {};
    int at(int c, int r) const { return c < 0 || c >= 7 || r < 0 || r >= 6 ? 0 : cell[c][r]; }
    bool wins(int c, int r, int who) const {
        for (const auto& [dc, dr] : {std::pair{1, 0}, {0, 1}, {1, 1}, {1, -1}}) {
            int run = 1;
            for (int k = 1; at(c + k * dc, r + k * dr) == who; ++k) ++run;
            for (int k = 1; at(c - k * dc, r - k * dr) == who; ++k) ++run;
            if (run >= 4) return true;
        }
        return false;
    }
};

std::uint64_t connect4_paths(Grid& g, int who, int depth) {
    if (depth == 0) return 1;
    std::uint64_t n = 0;
    for (int c = 0; c < 7; ++c) {
        if (g.height[c] == 6) continue;
        const int r = g.height[c]++;
        g.cell[c][r] = who;
        n += g.wins(c, r, who) ? (depth == 1) : connect4_paths(g, 3 - who, depth - 1);
        g.cell[c][r] = 0;
        --g.height[c];
    }
    return n;
}

}  // namespace

TEST(GenericPerft, TicTacToeMatchesBruteForceAndTheKnownCounts) {
    // Move sequences of each length, games ending at wins. At 9 plies that is
    // 127872, not the often quoted 255168: that is the number of whole games,
    // of any length (checked below).
    const std::uint64_t known[] = {1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
    ply::tictactoe::TicTacToe game;
    for (int depth = 0; depth <= 10; ++depth) {
        std::array<int, 9> board{};
        const std::uint64_t brute = tictactoe_paths(board, 1, depth);
        EXPECT_EQ(ply::search::perft(game, depth), brute) << "depth " << depth;
        if (depth <= 9) {
            EXPECT_EQ(brute, known[depth]) << "depth " << depth;
        }
    }
    EXPECT_EQ(game.position(), ply::tictactoe::TicTacToe().position()) << "perft leaves the game as it was";
    std::array<int, 9> board{};
    EXPECT_EQ(tictactoe_games(board, 1), 255168u);
}

TEST(GenericPerft, ConnectFourMatchesBruteForce) {
    ply::connect4::Connect4 game;
    for (int depth = 0; depth <= 7; ++depth) {
        Grid grid;
        EXPECT_EQ(ply::search::perft(game, depth), connect4_paths(grid, 1, depth)) << "depth " << depth;
    }
    // Where lines end early: after 1 1 2 2 3 3 the first player wins in column 4 (or 0 in the brute force's count).
    auto mid = ply::connect4::Connect4::from_position("112233");
    Grid grid;
    int who = 1;
    for (const int c : {0, 0, 1, 1, 2, 2}) {
        grid.cell[c][grid.height[c]++] = who;
        who = 3 - who;
    }
    for (int depth = 1; depth <= 5; ++depth)
        EXPECT_EQ(ply::search::perft(mid, depth), connect4_paths(grid, who, depth)) << "depth " << depth;
}

TEST(GenericPerft, DivideSumsToPerft) {
    ply::tictactoe::TicTacToe game;
    std::uint64_t total = 0;
    const auto rows = ply::search::perft_divide(game, 5);
    EXPECT_EQ(rows.size(), 9u);
    for (const auto& [move, count] : rows) total += count;
    EXPECT_EQ(total, 15120u);
}

TEST(GenericPerft, MinichessFirstPlyIsTheCourseMoveLists) {
    namespace fs = std::filesystem;
    const fs::path cases = fs::path(PLY_DATA_DIR) / "minichess" / "genmoves-tests";
    int checked = 0;
    for (const auto& entry : fs::directory_iterator(cases)) {
        if (entry.path().extension() != ".in") continue;
        const auto game = ply::minichess::Minichess::from_position(ply::testing::read_file(entry.path()));
        fs::path out = entry.path();
        std::istringstream expected(ply::testing::read_file(out.replace_extension(".out")));
        std::vector<std::string> want, got;
        for (std::string line; std::getline(expected, line);)
            if (!line.empty()) want.push_back(line);
        for (const auto& [move, count] : ply::search::perft_divide(game, 1)) {
            got.push_back(game.move_to_string(move));
            EXPECT_EQ(count, 1u);
        }
        std::sort(got.begin(), got.end());
        EXPECT_EQ(got, want) << entry.path();
        auto copy = game;
        EXPECT_EQ(ply::search::perft(copy, 1), want.size()) << entry.path();
        ++checked;
    }
    EXPECT_EQ(checked, 103);
}

TEST(GenericPerft, ChessAgreesWithItsOwnPerft) {
    using ply::chess::Position;
    for (const auto& [fen, depth] : {std::pair{std::string(ply::chess::kStartFen), 4},
                                     std::pair{std::string(ply::chess::testing::kKiwipete), 3}}) {
        Position pos = Position::from_fen(fen);
        for (int d = 1; d <= depth; ++d) EXPECT_EQ(ply::search::perft(pos, d), ply::chess::perft(pos, d)) << fen;
    }
    Position start;
    EXPECT_EQ(ply::search::perft(start, 4), 197281u);
}
