// `ply book connect4` and `--book`: every book score is the reference
// solver's, a book is itself a benchmark set, and solving with it gives the
// same answers with fewer nodes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include <ply/games/connect4/description.hpp>
#include <ply/games/connect4/pons.hpp>
#include <ply/search/solve/exhaustive.hpp>
#include "support/read_file.hpp"
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

namespace {

using ply::connect4::Connect4;
using ply::testing::read_file;
using ply::testing::run_ply;
using ply::testing::TempFile;
using json = nlohmann::json;

// Positions `plies` stones after the empty board where nobody has won yet,
// each once up to reflection (the book, like the table, keeps one of a
// position and its mirror image): counted by Pons' unique key of the board
// and of the board played with mirrored columns.
std::size_t distinct_positions(int width, int height, int plies) {
    std::vector<std::pair<Connect4, Connect4>> level{{Connect4(width, height), Connect4(width, height)}};
    for (int p = 0; p < plies; ++p) {
        std::vector<std::pair<Connect4, Connect4>> next;
        std::set<std::uint64_t> seen;
        for (const auto& [board, mirror] : level)
            for (int col = 0; col < width; ++col) {
                if (!board.can_play(col)) continue;
                auto child = std::pair{board, mirror};
                child.first.make(col);
                child.second.make(width - 1 - col);
                if (!child.first.is_won() && seen.insert(std::min(child.first.key(), child.second.key())).second)
                    next.push_back(child);
            }
        level = std::move(next);
    }
    return level.size();
}

TEST(CliBook, EveryScoreIsTheReferenceSolversAndTheBookIsABenchmarkSet) {
    const TempFile book("book_4x5.txt", "");
    const auto made = run_ply("book connect4 --position 4x5: --plies 3 --out " + book.path.string());
    ASSERT_EQ(made.exit_code, 0) << made.out;
    std::istringstream lines(read_file(book.path));
    std::size_t entries = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string position;
        int score = 99;
        ASSERT_TRUE(words >> position >> score) << line;
        const auto g = Connect4::from_position(position);
        EXPECT_EQ(g.moves_played(), 3) << line;
        const auto truth = ply::solve::exhaustive(g, 16);
        EXPECT_EQ(ply::connect4::pons_score(20, 3, truth.result, truth.plies), score) << line;
        ++entries;
    }
    EXPECT_EQ(entries, distinct_positions(4, 5, 3));

    const auto checked = run_ply("solve connect4 --batch " + book.path.string() + " --json");
    ASSERT_EQ(checked.exit_code, 0) << checked.out;
    EXPECT_EQ(json::parse(checked.out)["wrong"], 0);
    EXPECT_EQ(json::parse(checked.out)["positions"], entries);
}

TEST(CliBook, SolvingWithABookGivesTheSameAnswersWithFewerNodes) {
    const TempFile book("book_5x4.txt", "");
    ASSERT_EQ(run_ply("book connect4 --position 5x4: --plies 4 --out " + book.path.string()).exit_code, 0);
    for (const std::string position : {"5x4:", "5x4:3", "5x4:32"}) {
        const auto without = json::parse(run_ply("solve connect4 --json --position " + position).out);
        const auto with =
            json::parse(run_ply("solve connect4 --json --position " + position + " --book " + book.path.string()).out);
        EXPECT_EQ(with["pons_score"], without["pons_score"]) << position;
        EXPECT_EQ(with["best_moves"], without["best_moves"]) << position;
        EXPECT_LT(with["nodes"].get<long>() * 10, without["nodes"].get<long>()) << position;
    }
    const auto analysed = run_ply("analyze connect4 --json --position 5x4:3 --book " + book.path.string());
    ASSERT_EQ(analysed.exit_code, 0) << analysed.out;
    EXPECT_EQ(json::parse(analysed.out)["moves"],
              json::parse(run_ply("analyze connect4 --json --position 5x4:3").out)["moves"]);
}

TEST(CliBook, BadBooksAndUsesAreReported) {
    const auto missing = run_ply("solve connect4 --position 44 --book /nonexistent/book.txt");
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.out.find("cannot read the book"), std::string::npos) << missing.out;

    const TempFile malformed("book_bad.txt", "# a comment\n4453 -3\n4454\n");
    const auto m = run_ply("solve connect4 --position 44 --book " + malformed.path.string());
    EXPECT_EQ(m.exit_code, 1);
    EXPECT_NE(m.out.find("book_bad.txt:3: expected '<position> <score>'"), std::string::npos) << m.out;

    const TempFile impossible("book_far.txt", "4453 30\n");  // a win with more stones than the board holds
    const auto far = run_ply("solve connect4 --position 44 --book " + impossible.path.string());
    EXPECT_EQ(far.exit_code, 1);
    EXPECT_NE(far.out.find("impossible"), std::string::npos) << far.out;

    const TempFile over("book_over.txt", "1212121 -18\n");  // the first player has four in column 1
    EXPECT_EQ(run_ply("solve connect4 --position 44 --book " + over.path.string()).exit_code, 1);

    const TempFile bad_move("book_move.txt", "4489 1\n");
    const auto bm = run_ply("solve connect4 --position 44 --book " + bad_move.path.string());
    EXPECT_EQ(bm.exit_code, 1);
    EXPECT_NE(bm.out.find("book_move.txt:1:"), std::string::npos) << bm.out;

    EXPECT_EQ(run_ply("solve tictactoe --book " + malformed.path.string()).exit_code, 2);
    EXPECT_EQ(run_ply("analyze connect4 --position 44 --depth 4 --book " + malformed.path.string()).exit_code, 2);
    EXPECT_EQ(run_ply("book chess --plies 2 --out /tmp/never.txt").exit_code, 2);
    EXPECT_EQ(run_ply("book connect4 --plies 0 --out /tmp/never.txt").exit_code, 2);
    EXPECT_EQ(run_ply("book connect4 --plies 2").exit_code, 2);
    EXPECT_EQ(run_ply("book connect4 --position 4x4: --plies 2 --out /nonexistent/dir/book.txt").exit_code, 1);
}

// Books and sets are capabilities: a game without them is told so in one
// line, whatever kind of book the options ask for, and nothing is written.
TEST(CliBook, GamesWithoutBooksOrSetsAreToldSo) {
    for (const char* game : {"tictactoe", "minichess", "tree", "uniform"}) {
        for (const char* options : {"--plies 2", "--pgn games.pgn"}) {
            const auto r = run_ply(std::string("book ") + game + " " + options + " --out /tmp/never_written.bin");
            EXPECT_EQ(r.exit_code, 2) << game << " " << options;
            EXPECT_NE(r.out.find(std::string("there are no ") + game + " books"), std::string::npos) << r.out;
            EXPECT_FALSE(std::filesystem::exists("/tmp/never_written.bin"));
        }
    }
    const TempFile set("set.txt", "4453 -3\n");
    const auto batch = run_ply("solve tictactoe --batch " + set.path.string());
    EXPECT_EQ(batch.exit_code, 2);
    EXPECT_NE(batch.out.find("--batch needs a game"), std::string::npos) << batch.out;
    // Each kind of book refuses the other's options.
    const auto mixed = run_ply("book chess --pgn games.pgn --plies 2 --out /tmp/never_written.bin");
    EXPECT_EQ(mixed.exit_code, 2);
    EXPECT_NE(mixed.out.find("--plies is not for recorded-game books"), std::string::npos) << mixed.out;
    EXPECT_EQ(run_ply("book chess --pgn games.pgn --fen startpos --out /tmp/never_written.bin").exit_code, 2);
}

// Steininger's sets count columns from 0 and name other boards: the board in
// an entry is left alone, only its moves are shifted.
TEST(CliBook, SetEntriesInTheirOwnNotation) {
    using ply::connect4::set_position;
    EXPECT_EQ(set_position("0123", {"9x5", true}), "9x5:1234");
    EXPECT_EQ(set_position("5x4:0123", {"9x5", true}), "5x4:1234");
    EXPECT_EQ(set_position("89", {"10x4", true}), "10x4:9a");
    EXPECT_EQ(set_position("4453", {"", false}), "4453");
    EXPECT_EQ(set_position("4453", {"7x6", false}), "7x6:4453");
}

}  // namespace
