// The checkers board as the web page draws and clicks it (web/game_api.hpp):
// the squares where checkers players number them, each move's cells its
// route, and bad positions and moves told in one line, as a 400.
#include <atomic>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <ply/cli/registry.hpp>
#include <ply/core/error.hpp>
#include <ply/core/text.hpp>
#include <ply/web/game_api.hpp>

namespace {

using nlohmann::json;

ply::web::GameApi checkers_api() {
    const ply::cli::Registry games = ply::cli::builtin_games();
    return games.find("checkers")->web();
}

json checkers_state(const std::string& start, const std::vector<std::string>& moves = {}) {
    ply::web::GameLine line;
    line.start = start;
    line.moves = moves;
    return checkers_api().state(line, nullptr);
}

// Martin Fierz's CheckerBoard interface numbers the board as board[x][y],
// x from Black's left and y from Black's back row: square 1 at [6][0], 4 at
// [0][0], 5 at [7][1], 32 at [1][7]. The view is from Black's side, top row first.
int checkers_cell_at(int x, int y) { return 8 * (7 - y) + x; }

// The squares a move's text names: "9x18x27" -> {9, 18, 27}.
std::vector<std::string> checkers_squares_named(const std::string& text) {
    std::vector<std::string> out;
    for (const auto w : ply::words(text, "-x")) out.emplace_back(w);
    return out;
}

TEST(CheckersBoard, SquaresAreNumberedAsPlayersNumberThem) {
    const json board = checkers_state("")["board"];
    EXPECT_EQ(board["style"], "draughts");
    const auto labels = board["labels"].get<std::vector<std::string>>();
    ASSERT_EQ(labels.size(), 64u);
    EXPECT_EQ(labels[checkers_cell_at(6, 0)], "1");
    EXPECT_EQ(labels[checkers_cell_at(0, 0)], "4");
    EXPECT_EQ(labels[checkers_cell_at(7, 1)], "5");
    EXPECT_EQ(labels[checkers_cell_at(1, 7)], "32");
    // Read from White's side, left to right and top down, the dark squares
    // count 1 to 32, as the standard diagram numbers them.
    std::vector<std::string> read;
    for (int i = 63; i >= 0; --i) {
        const int row = i / 8, column = i % 8;
        const bool dark = (row + column) % 2 == 1;
        EXPECT_EQ(labels[i].empty(), !dark) << "cell " << i;
        if (!labels[i].empty()) read.push_back(labels[i]);
    }
    ASSERT_EQ(read.size(), 32u);
    for (int n = 1; n <= 32; ++n) EXPECT_EQ(read[n - 1], std::to_string(n));
    // Black's men on 1-12, White's on 21-32.
    for (int i = 0; i < 64; ++i) {
        if (labels[i].empty()) continue;
        const int n = std::stoi(labels[i]);
        EXPECT_EQ(board["cells"][i], n <= 12 ? "b" : n >= 21 ? "w" : "") << "square " << n;
    }
}

TEST(CheckersBoard, KingsAreCapitals) {
    const json board = checkers_state("W:WK3,30:BK29,5")["board"];
    const auto labels = board["labels"].get<std::vector<std::string>>();
    for (int i = 0; i < 64; ++i) {
        const std::string& n = labels[i];
        const std::string want = n == "3" ? "W" : n == "30" ? "w" : n == "29" ? "B" : n == "5" ? "b" : "";
        EXPECT_EQ(board["cells"][i], want) << "square " << n;
    }
}

// Every legal move's cells: its first square and each landing square, a
// diagonal step (or a jump of two) apart; no two moves with the same cells,
// so that clicks pick one.
TEST(CheckersBoard, AMovesCellsAreItsRoute) {
    const std::vector<std::string> positions = {
        "",
        "B:W14,22,23,30:B1,9",      // 9x18x25 or 9x18x27
        "B:W9,10,17,18,32:BK22,1",  // a king round the four, either way
        "W:W10,30:B6,K26",          // 10x1 crowns a man
    };
    for (const std::string& start : positions) {
        const json s = checkers_state(start);
        const auto labels = s["board"]["labels"].get<std::vector<std::string>>();
        std::vector<std::vector<int>> seen;
        ASSERT_FALSE(s["legal"].empty()) << start;
        for (const json& m : s["legal"]) {
            const auto cells = m["cells"].get<std::vector<int>>();
            const std::string text = m["move"];
            const bool capture = text.find('x') != std::string::npos;
            ASSERT_GE(cells.size(), 2u) << text;
            std::vector<std::string> named;
            for (const int c : cells) named.push_back(labels[c]);
            const auto written = checkers_squares_named(text);
            EXPECT_EQ(named.front(), written.front()) << start << ": " << text;
            EXPECT_EQ(named.back(), written.back()) << start << ": " << text;
            if (written.size() > 2) {
                EXPECT_EQ(named, written) << start << ": " << text;
            }
            for (std::size_t i = 1; i < cells.size(); ++i) {
                const int rows = std::abs(cells[i] / 8 - cells[i - 1] / 8);
                const int columns = std::abs(cells[i] % 8 - cells[i - 1] % 8);
                EXPECT_EQ(rows, capture ? 2 : 1) << text;
                EXPECT_EQ(columns, rows) << text;
            }
            for (const auto& other : seen) EXPECT_NE(other, cells) << start << ": " << text;
            seen.push_back(cells);
        }
    }
    const json branching = checkers_state("B:W14,22,23,30:B1,9");
    std::vector<std::string> moves;
    for (const json& m : branching["legal"]) moves.push_back(m["move"]);
    EXPECT_EQ(moves, (std::vector<std::string>{"9x25", "9x27"}));
    // The last move's cells, marked on the board after it.
    const json after = checkers_state("B:W14,22,23,30:B1,9", {"9x27"});
    const auto labels = after["board"]["labels"].get<std::vector<std::string>>();
    std::vector<std::string> marked;
    for (const int c : after["last_cells"].get<std::vector<int>>()) marked.push_back(labels[c]);
    EXPECT_EQ(marked, (std::vector<std::string>{"9", "18", "27"}));
    EXPECT_TRUE(checkers_state("")["last_cells"].empty());
}

TEST(CheckersBoard, BadPositionsAndMovesAreOneLine) {
    struct Case {
        std::string start;
        std::vector<std::string> moves;
        std::string says;
    };
    const std::vector<Case> cases = {
        {"B:W9:B9", {}, "square 9 given twice"},
        {"B:W2:B30", {}, "crowning row"},
        {"B:W33:B1", {}, "'33' is not a square"},
        {"B:W0:B1", {}, "not a square"},
        {"garbage", {}, "checkers FEN"},
        {"B:W" + std::string(5000, '1') + ":B1", {}, "checkers FEN"},
        {"B:W14,22,23,30:B1,9", {"9-13"}, "move 1 (9-13) is illegal"},
        {"B:W14,22,23,30:B1,9", {"9x25", "9x25"}, "move 2 (9x25) is illegal"},
        {"B:W9,10,17,18,32:BK22,1", {"22x22"}, "is illegal"},  // two routes: which?
        {"", {"11-15", "15-19x"}, "move 2"},
        {"", {"99-100"}, "move 1"},
        {"B:W18:B14", {"14x23", "1-5"}, "comes after the end"},
    };
    for (const Case& c : cases) {
        try {
            checkers_state(c.start, c.moves);
            ADD_FAILURE() << "accepted " << c.start.substr(0, 40) << " then " << c.moves.size() << " moves";
        } catch (const ply::ParseError& e) {
            const std::string error = e.what();
            EXPECT_NE(error.find(c.says), std::string::npos) << error;
            EXPECT_EQ(error.find('\n'), std::string::npos) << error;
            EXPECT_LT(error.size(), 400u) << error;  // clipped, not echoed whole
        }
    }
    // Asked to think once the game is over: a 400 too, not a search.
    ply::web::GameLine over;
    over.start = "B:W18:B14";
    over.moves = {"14x23"};
    const std::atomic<bool> stop{false};
    EXPECT_THROW(checkers_api().think(
                     over, {}, [](const json&) {}, stop, nullptr),
                 ply::ParseError);
}

}  // namespace
