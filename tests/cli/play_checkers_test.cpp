// `ply play checkers` through a pipe: the board turned to the person, moves
// and the engine's line in standard notation, bad moves refused in one line
// while the game goes on, and the end of a game said.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/run_ply.hpp"

using ply::testing::count_occurrences;
using ply::testing::run_ply;

namespace {

// The lines of `text` that start with `head`.
std::vector<std::string> checkers_lines_starting(const std::string& text, const std::string& head) {
    std::vector<std::string> out;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string line = text.substr(at, end - at);
        if (line.starts_with(head)) out.push_back(line);
        at = end + 1;
    }
    return out;
}

// "11-15", "15x24", "22x15x6x13x22": squares 1-32 joined by - or x.
bool is_checkers_move(const std::string& text) {
    std::size_t i = 0, squares = 0;
    while (i < text.size()) {
        std::size_t digits = 0;
        int n = 0;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits) n = 10 * n + (text[i] - '0');
        if (digits == 0 || digits > 2 || n < 1 || n > 32) return false;
        ++squares;
        if (i == text.size()) break;
        if (text[i] != '-' && text[i] != 'x') return false;
        ++i;
    }
    return squares >= 2 && (text.back() >= '0' && text.back() <= '9');
}

}  // namespace

// Black's back row holds squares 1-4, White's 29-32: each player sees their
// own at the bottom, single corner (4 for Black, 29 for White) on the left.
TEST(PlayCheckers, TheBoardIsTurnedToThePlayer) {
    const auto black = run_ply("play checkers --depth 1 --position B:W32:B1", "quit\\n");
    EXPECT_EQ(black.exit_code, 0) << black.out;
    EXPECT_NE(black.out.find("You play Black."), std::string::npos) << black.out;
    EXPECT_NE(black.out.find("\n    4  .  3  .  2  .  b  .\n  Black to move"), std::string::npos) << black.out;
    EXPECT_NE(black.out.find("\n    .  w  . 31  . 30  . 29\n"), std::string::npos) << black.out;
    const auto white = run_ply("play checkers --depth 1 --position W:W32:B1", "quit\\n");
    EXPECT_NE(white.out.find("You play White."), std::string::npos) << white.out;
    EXPECT_NE(white.out.find("\n   29  . 30  . 31  .  w  .\n  White to move"), std::string::npos) << white.out;
    EXPECT_NE(white.out.find("\n    .  b  .  2  .  3  .  4\n"), std::string::npos) << white.out;
    // The engine first from the start: the person has White, at the bottom.
    const auto second = run_ply("play checkers --depth 1 --first engine", "quit\\n");
    EXPECT_NE(second.out.find("You play White."), std::string::npos) << second.out;
    const auto top = second.out.find("  b  .  b  .  b  .  b");
    const auto bottom = second.out.rfind("  w  .  w  .  w  .  w");
    EXPECT_NE(top, std::string::npos) << second.out;
    EXPECT_LT(top, bottom) << second.out;
}

TEST(PlayCheckers, MovesAndTheEnginesLineInStandardNotation) {
    const auto r = run_ply("play checkers --depth 4 --info", "11-15\\n9-14\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    const auto replies = checkers_lines_starting(r.out, "Engine plays ");
    ASSERT_EQ(replies.size(), 2u) << r.out;
    for (const std::string& line : replies) {
        const std::string move = line.substr(13, line.find(' ', 13) - 13);
        EXPECT_TRUE(is_checkers_move(move)) << line;
    }
    // A line for each depth of each reply, its moves in standard notation.
    std::size_t lines = 0;
    for (std::size_t at = r.out.find(" pv "); at != std::string::npos; at = r.out.find(" pv ", at + 1)) {
        const std::string pv = r.out.substr(at + 4, r.out.find('\n', at) - at - 4);
        std::size_t moves = 0;
        for (std::size_t from = 0; from < pv.size();) {
            const std::size_t end = std::min(pv.find(' ', from), pv.size());
            EXPECT_TRUE(is_checkers_move(pv.substr(from, end - from))) << pv;
            ++moves;
            from = end + 1;
        }
        EXPECT_GE(moves, 1u) << pv;
        ++lines;
    }
    EXPECT_EQ(lines, 8u) << r.out;
}

TEST(PlayCheckers, BadMovesAreOneLineAndTheGameGoesOn) {
    // The king on 22 takes all four either way round: "22x22" names no one
    // route; the capture is compulsory; then squares off the board, text.
    const std::string tries = "22x22\\n22-18\\n22-33\\n0-4\\n22x\\nhello\\n11-15-\\n22x15x6x13x22\\nquit\\n";
    const auto r = run_ply("play checkers --depth 2 --position B:W9,10,17,18,32:BK22,1", tries);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    const auto refused = checkers_lines_starting(r.out, "Your move: Illegal move: ");
    ASSERT_EQ(refused.size(), 7u) << r.out;
    EXPECT_NE(refused[0].find("ambiguous"), std::string::npos) << refused[0];
    EXPECT_NE(refused[0].find("name every landing square"), std::string::npos) << refused[0];
    EXPECT_NE(refused[1].find("a capture is compulsory"), std::string::npos) << refused[1];
    for (std::size_t i = 2; i < refused.size(); ++i)
        EXPECT_NE(refused[i].find("expected squares 1-32"), std::string::npos) << refused[i];
    // Then the full route is played and the engine answers.
    EXPECT_EQ(count_occurrences(r.out, "Engine plays "), 1u) << r.out;
    EXPECT_NE(r.out.find("Bye."), std::string::npos) << r.out;
}

TEST(PlayCheckers, TheEndIsSaid) {
    const auto won = run_ply("play checkers --depth 2 --position B:W18:B14", "14x23\\nquit\\n");
    EXPECT_EQ(won.exit_code, 0) << won.out;
    EXPECT_NE(won.out.find("No piece left for White. You win."), std::string::npos) << won.out;
    // Hemmed in: White's man on 29 is blocked by Black's on 25 and 22, and
    // after 18-22 White has no move (two men of its own would be too many).
    const auto blocked = run_ply("play checkers --depth 2 --position B:W29:B25,18", "18-22\\nquit\\n");
    EXPECT_NE(blocked.out.find("No move left for White. You win."), std::string::npos) << blocked.out;
    // The engine wins: Black's last man is taken.
    const auto lost = run_ply("play checkers --depth 2 --position W:W18:B14 --first engine", "quit\\n");
    EXPECT_NE(lost.out.find("Engine plays 18x9"), std::string::npos) << lost.out;
    EXPECT_NE(lost.out.find("The engine wins."), std::string::npos) << lost.out;
}
