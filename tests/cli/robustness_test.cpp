// Bad input to the `ply` command, as a new or hostile user gives it: one line
// saying what is wrong, exit 1 (bad input) or 2 (bad usage), no file left
// half written, nothing done before an unusable output is refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/memory.hpp"
#include "support/read_file.hpp"
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

namespace {

namespace fs = std::filesystem;
using ply::testing::count_occurrences;
using ply::testing::read_file;
using ply::testing::run_ply;
using ply::testing::TempDir;
using ply::testing::TempFile;

std::size_t lines(const std::string& text) { return count_occurrences(text, "\n"); }

TEST(CliRobustness, TablesTooBigForMemoryFailInOneLineInEveryCommand) {
    if (!ply::testing::allocation_must_fail(65536)) GTEST_SKIP() << "this machine might give 64 GB";
    const TempFile set("robust_set.txt", "4453 12\n");
    const TempDir dir;
    for (const std::string& command : std::vector<std::string>{
             "analyse chess --fen startpos --depth 2 --hash 65536", "analyze connect4 --position 44 --hash 65536",
             "solve connect4 --position 4453 --hash 65536",
             "solve connect4 --batch " + set.path.string() + " --hash 65536",
             "book connect4 --plies 1 --out " + dir / "b.txt" + " --hash 65536", "perft --depth 3 --hash 65536",
             "imcs --server 127.0.0.1:9 --user u --password p --hash 65536 list"}) {
        const auto r = run_ply(command);
        EXPECT_EQ(r.exit_code, 1) << command << "\n" << r.out;
        EXPECT_EQ(lines(r.out), 1u) << command << "\n" << r.out;
        EXPECT_NE(r.out.find("not enough memory for a 65536 MB"), std::string::npos) << command << "\n" << r.out;
    }
    EXPECT_EQ(dir.others(), 0u) << "no book, no temporary file";
}

TEST(CliRobustness, AFailingBookKeepsTheFileItWouldHaveReplaced) {
    const TempDir dir;
    const std::string book = dir / "b.txt";
    std::ofstream(book) << "keep me\n";
    // A position that is not one fails after the file has been opened.
    const auto r = run_ply("book connect4 --plies 1 --position 1111111 --out " + book);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_EQ(read_file(book), "keep me\n");
    EXPECT_EQ(dir.others("b.txt"), 0u) << "the temporary file is removed";

    if (ply::testing::allocation_must_fail(65536)) {
        // The table fails after the file is opened: the temporary goes, the book stays.
        const auto big = run_ply("book connect4 --plies 1 --hash 65536 --out " + book);
        EXPECT_EQ(big.exit_code, 1) << big.out;
        EXPECT_EQ(read_file(book), "keep me\n");
        EXPECT_EQ(dir.others("b.txt"), 0u);
    }
    const auto ok = run_ply("book connect4 --plies 1 --position 5x4: --out " + book);
    ASSERT_EQ(ok.exit_code, 0) << ok.out;
    EXPECT_NE(read_file(book).find("# ply book connect4: 3 positions"), std::string::npos) << read_file(book);
    EXPECT_EQ(dir.others("b.txt"), 0u);
    EXPECT_EQ(fs::status(book).permissions() & fs::perms::others_read, fs::perms::others_read)
        << "a finished file has the usual mode, not the temporary's 0600";
}

TEST(CliRobustness, DevicesAndLinksAreWrittenThroughNotReplaced) {
    const auto out = run_ply("tree '((3 5) (2 9))' --dot /dev/stdout");
    EXPECT_EQ(out.exit_code, 0) << out.out;
    EXPECT_NE(out.out.find("digraph"), std::string::npos) << out.out;
    EXPECT_TRUE(fs::is_character_file("/dev/null"));
    EXPECT_EQ(run_ply("tree '((3 5) (2 9))' --dot /dev/null").exit_code, 0);
    EXPECT_TRUE(fs::is_character_file("/dev/null")) << "/dev/null is still a device";

    const TempDir dir;
    fs::create_symlink(dir / "real.txt", dir / "link.txt");
    const auto r = run_ply("book connect4 --plies 1 --position 5x4: --out " + dir / "link.txt");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_TRUE(fs::is_symlink(dir / "link.txt")) << "the link stays a link";
    EXPECT_NE(read_file(dir / "real.txt").find("# ply book connect4"), std::string::npos);
    EXPECT_EQ(dir.others(), 2u) << "no temporary file left";
}

TEST(CliRobustness, OutputsThatCannotBeWrittenFailBeforeAnyWork) {
    const TempDir dir;
    const std::string missing = dir / "no/such/folder/";
    const std::string player = "cmd=ply:game=tictactoe,algo=alphabeta,depth=9";
    for (const std::string& command :
         std::vector<std::string>{"match --game tictactoe --engine " + player + " name=a --engine " + player +
                                      " name=b --games 2 --pgn " + missing + "games.pgn",
                                  "tree '((3 12 8) (2 4 6) (14 5 2))' --draw " + missing + "t.svg",
                                  "tree '((3 12 8) (2 4 6) (14 5 2))' --dot " + missing + "t.dot",
                                  "tree '((3 12 8) (2 4 6) (14 5 2))' --dot " + dir.path.string(),
                                  "search tictactoe --depth 9 --draw " + dir.path.string(),
                                  "book connect4 --plies 2 --out " + missing + "b.txt"}) {
        const auto r = run_ply(command);
        EXPECT_EQ(r.exit_code, 1) << command << "\n" << r.out;
        EXPECT_EQ(lines(r.out), 1u) << command << "\n" << r.out;
        EXPECT_NE(r.out.find("cannot write"), std::string::npos) << command << "\n" << r.out;
        EXPECT_EQ(r.out.find("game 1"), std::string::npos) << "no game is played: " << r.out;
    }
    EXPECT_EQ(dir.others(), 0u);
}

// "nan" passes every comparison with a bound; a time limit of NaN would be
// none at all. Every number of seconds must be a finite one.
TEST(CliRobustness, TimesThatAreNotNumbersAreRefused) {
    for (const std::string command :
         {"solve connect4 --time", "analyse tictactoe --time", "play tictactoe --time",
          "book connect4 --plies 2 --out b.txt --time", "search tictactoe --algo mcts --time",
          "search tictactoe --algo mcts --exploration",
          "match --game tictactoe --engine cmd=ply:game=tictactoe name=a --engine cmd=ply:game=tictactoe name=b --time",
          "match --game tictactoe --engine cmd=ply:game=tictactoe name=a --engine cmd=ply:game=tictactoe name=b "
          "--timeout"})
        for (const char* value : {"nan", "-nan", "inf"}) {
            const auto r = run_ply(command + " " + value, "");
            EXPECT_EQ(r.exit_code, 2) << command << " " << value << ": " << r.out;
            EXPECT_EQ(count_occurrences(r.out, "\n"), 1u) << r.out;
        }
}

TEST(CliRobustness, AFolderIsNotReadAsAnEmptyFile) {
    const TempDir dir;
    const std::string folder = dir.path.string();
    for (const std::string& command : std::vector<std::string>{
             "solve connect4 --batch " + folder, "perft --suite " + folder,
             "solve connect4 --position 44 --book " + folder, "moves minichess --position " + folder,
             "tactics --epd " + folder + " --engine cmd=stockfish",
             "match --engine cmd=stockfish --engine cmd=stockfish "
             "--each tc=1+0.1 --openings " +
                 folder}) {
        const auto r = run_ply(command);
        EXPECT_NE(r.exit_code, 0) << command << "\n" << r.out;
        EXPECT_EQ(lines(r.out), 1u) << command << "\n" << r.out;
        EXPECT_NE(r.out.find("it is a folder"), std::string::npos) << command << "\n" << r.out;
    }
}

TEST(CliRobustness, AMatchStoppedByACrashedEngineFails) {
    const std::string fake = PLY_ARENA_FAKE_ENGINE;
    const auto r = run_ply("match --engine 'cmd=" + fake + " uci crash 3' name=crashy --engine 'cmd=" + fake +
                           " uci none' name=good --each tc=5+0.1 --games 2");
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("crashy crashed"), std::string::npos) << r.out;
}

TEST(CliRobustness, XboardTimePerMoveIsWholeSeconds) {
    // CECP's st counts whole seconds: 0.05 s would reach the engine as 1 s.
    const auto r = run_ply("match --engine cmd=fairymax proto=xboard --engine cmd=stockfish --each st=0.05");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("xboard engines take st= in whole seconds (CECP), not 0.05 s"), std::string::npos) << r.out;
}

TEST(CliRobustness, EmptyStandardInputIsNoPosition) {
    const auto r = run_ply("moves minichess --position -");
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("no position on standard input"), std::string::npos) << r.out;
    EXPECT_EQ(lines(r.out), 1u) << r.out;
}

TEST(CliRobustness, EveryErrorIsOneLine) {
    struct Case {
        const char* command;
        int exit_code;
        const char* says;
    };
    for (const Case c :
         {Case{"nosuch", 2, "ply: unknown command 'nosuch'"},
          Case{"perft --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1' --depth 1", 1, "ply perft: "},
          Case{"perft --fen '8/8/8/8/8/8/8/K6k w - - 2147483646 1' --depth 1", 1, "from 0 to 1000000"},
          Case{"search backgammon", 2, "unknown game 'backgammon'"},
          Case{"search tictactoe --depth -3", 2, "ply search: "},
          Case{"solve tictactoe --frobnicate", 2, "--frobnicate"}, Case{"--frobnicate", 2, "ply: "}}) {
        const auto r = run_ply(c.command);
        EXPECT_EQ(r.exit_code, c.exit_code) << c.command << "\n" << r.out;
        EXPECT_EQ(lines(r.out), 1u) << c.command << "\n" << r.out;
        EXPECT_NE(r.out.find(c.says), std::string::npos) << c.command << "\n" << r.out;
    }
}

TEST(CliRobustness, VersionAndBanner) {
    const auto r = run_ply("--version");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out.rfind("Ply ", 0), 0u) << r.out;
    EXPECT_EQ(lines(r.out), 1u) << r.out;
    const auto uci = run_ply("", "uci\\nquit\\n");
    EXPECT_NE(uci.out.find("id name " + r.out.substr(0, r.out.size() - 1) + "\n"), std::string::npos) << uci.out;
    EXPECT_EQ(uci.out.find("by the Ply developers (UCI"), std::string::npos) << "no banner for a GUI's pipe";
    const auto bench = run_ply("", "bench 1\\nquit\\n");
    EXPECT_NE(bench.out.find(r.out.substr(0, r.out.size() - 1)), std::string::npos) << bench.out;
}

}  // namespace

// Every error quotes what it was given cut short (clip, then error_line as the
// last guard): a 100 KB argument is not sent back, whichever command or game
// got it and whichever parser refused it.
TEST(CliRobustness, AHugeArgumentIsNotRepeatedInTheError) {
    const std::string huge(100000, '7');
    const std::string spaced = "'" + std::string(50000, 'x') + " " + std::string(49000, 'y') + "'";
    for (const std::string& command : std::vector<std::string>{
             huge, "search " + huge, "search chess --frobnicate " + huge, "perft --depth 2 " + huge,
             "search chess --fen " + huge, "search go --position " + huge, "search connect4 --position " + huge,
             "search tictactoe --position " + huge, "search tree --position " + huge, "tree '((1 2) " + huge + ")'",
             "search chess --algo " + huge, "play chess --depth 1 --moves " + huge, "match --engine tc=" + huge,
             "solve connect4 --position " + spaced, "matrix " + spaced, "saddle " + spaced}) {
        const auto r = run_ply(command);
        EXPECT_NE(r.exit_code, 0) << command.substr(0, 40);
        EXPECT_LT(r.out.size(), 1000u) << command.substr(0, 40) << "\n" << r.out.substr(0, 300);
        EXPECT_LE(lines(r.out), 1u) << command.substr(0, 40) << "\n" << r.out.substr(0, 300);
    }
}
