// An output that names one of the command's inputs, or another output, by any
// spelling (the same path, ./, dir/.., a symbolic or a hard link): every
// command that reads some files and writes others refuses it in one line,
// before any work, and the input keeps every byte.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/ply_process.hpp"
#include "support/read_file.hpp"
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

using ply::testing::read_file;
using ply::testing::run_ply;
using ply::testing::run_ply_apart;
using ply::testing::TempDir;

namespace {

namespace fs = std::filesystem;

// Other names of `file`: the same path, ./, sub/.., a symbolic link, a hard link.
std::vector<std::string> spellings(const TempDir& dir, const std::string& file) {
    const fs::path name = fs::path(file).filename();
    const fs::path link = dir.path / (name.string() + ".link"), hard = dir.path / (name.string() + ".hard");
    fs::remove(link);
    fs::remove(hard);
    fs::create_symlink(file, link);
    fs::create_hard_link(file, hard);
    return {file, (dir.path / "." / name).string(), (dir.path / "sub" / ".." / name).string(), link.string(),
            hard.string()};
}

// The command fails in one line that says which options name one file, and `file` keeps its bytes.
void expect_refused(const std::vector<std::string>& args, const std::string& file) {
    const std::string before = read_file(file);
    const auto r = run_ply_apart(args);
    std::string command;
    for (const auto& a : args) command += a + " ";
    EXPECT_NE(r.exit_code, 0) << command << r.out << r.err;
    EXPECT_NE(r.err.find("is the same file as"), std::string::npos) << command << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << command << r.err;
    EXPECT_EQ(read_file(file), before) << command;
}

constexpr const char* kPositions =
    "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1 | 0 | 1\n"
    "k7/8/8/8/8/8/8/4K2q w - - 0 1 | 0 | 0\n"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 0.5\n";
constexpr const char* kPgn = "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n";
constexpr const char* kMinichess = "20 W\n.k...\nrpP..\npPK..\nP....\n.....\n.....\n";

}  // namespace

TEST(CliSameFile, TuneDatagenAndRelabelKeepTheirInputs) {
    const TempDir dir("same_tune");
    const std::string data = dir.write("data.txt", kPositions), other = dir.write("other.txt", kPositions);
    const std::string weights = (dir.path / "weights.txt").string();
    const std::string ply_uci = "cmd=" + std::string(PLY_BINARY) + " uci";
    for (const std::string& same : spellings(dir, data)) {
        expect_refused({"tune", "--data", data, "--out", same, "--epochs", "1"}, data);
        expect_refused({"tune", "--data", other, "--data", data, "--out", weights, "--cpp", same}, data);
        expect_refused({"tune", "--data", other, "--start", data, "--out", same}, data);
        expect_refused({"relabel", "--data", data, "--out", same, "--engine", ply_uci, "nodes=10"}, data);
        expect_refused({"relabel", "--data", data, "--out", weights, "--engine", ply_uci, "nodes=10", "stderr=" + same},
                       data);
        expect_refused({"datagen", "--out", same, "--book", data, "--games", "1", "--nodes", "100"}, data);
        // Two outputs of one command, of which only one would be kept.
        expect_refused({"tune", "--data", other, "--out", data, "--cpp", same}, data);
    }
    // Two outputs that do not exist yet.
    const std::string none = (dir.path / "none.txt").string();
    expect_refused({"tune", "--data", other, "--out", none, "--cpp", (dir.path / "sub" / ".." / "none.txt").string()},
                   other);
    EXPECT_FALSE(fs::exists(none));
    const std::string relative = "ply_test_" + std::to_string(::getpid()) + "_relative.txt";
    expect_refused({"tune", "--data", other, "--out", relative, "--cpp", "./" + relative}, other);
    EXPECT_FALSE(fs::exists(relative));
    fs::remove(relative);
    // Devices are not files a command could destroy.
    const auto r =
        run_ply_apart({"tune", "--data", other, "--epochs", "0", "--out", "/dev/null", "--cpp", "/dev/null"});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

TEST(CliSameFile, DatagenExportIsNotItsData) {
    const TempDir dir("same_datagen");
    const std::string bin = (dir.path / "games.bin").string();
    auto r = run_ply_apart({"datagen", "--out", bin, "--games", "1", "--nodes", "100", "--threads", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    for (const std::string& same : spellings(dir, bin)) {
        expect_refused({"datagen", "--out", bin, "--export", same}, bin);
        expect_refused({"datagen", "--out", same, "--export", bin}, bin);
    }
}

TEST(CliSameFile, BookMatchSearchMatrixTacticsAndPlayKeepTheirInputs) {
    const TempDir dir("same_others");
    const std::string pgn = dir.write("games.pgn", kPgn), position = dir.write("position.txt", kMinichess);
    const std::string matrix = dir.write("rps.dat", "0,-1,1\n1,0,-1\n-1,1,0\n"), svg = (dir.path / "rps.svg").string();
    const std::string epd = dir.write("suite.epd", "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate\";\n");
    for (const std::string& same : spellings(dir, pgn)) {
        expect_refused({"book", "chess", "--pgn", pgn, "--out", same}, pgn);
        expect_refused({"match", "--openings", pgn, "--pgn", same, "--games", "2", "--engine",
                        "cmd=ply:game=chess,depth=1", "--engine", "cmd=ply:game=chess,depth=1"},
                       pgn);
        expect_refused({"match", "--pgn", pgn, "--games", "2", "--engine", "cmd=ply:game=chess,depth=1",
                        "stderr=" + same, "--engine", "cmd=ply:game=chess,depth=1"},
                       pgn);
    }
    for (const std::string& same : spellings(dir, position)) {
        expect_refused({"search", "minichess", "--depth", "2", "--position", position, "--dot", same}, position);
        expect_refused({"book", "minichess", "--plies", "1", "--position", position, "--out", same}, position);
    }
    for (const std::string& same : spellings(dir, epd))
        expect_refused(
            {"tactics", "--epd", epd, "--engine", "cmd=" + std::string(PLY_BINARY) + " uci", "stderr=" + same}, epd);
    // The plot's data file beside it (rps.svg: rps.dat) is the matrix read.
    expect_refused({"matrix", "--file", matrix, "--learn", "10", "--plot", svg}, matrix);
    // Two drawings of one search.
    const std::string dot = dir.write("tree.dot", "digraph {}\n");
    for (const std::string& same : spellings(dir, dot))
        expect_refused({"tree", "((1 2) (3 4))", "--dot", dot, "--draw", same}, dot);

    // `save` in a game does not replace the file its position came from; the game goes on.
    const std::string before = read_file(position);
    for (const std::string& same : spellings(dir, position)) {
        const auto r = run_ply("play minichess --depth 1 --position " + position, "save " + same + "\\nquit\\n");
        EXPECT_NE(r.out.find("Not saved: save '" + same + "' is the same file as --position"), std::string::npos)
            << r.out;
        EXPECT_EQ(read_file(position), before);
    }
    const auto r = run_ply("play minichess --depth 1 --position " + position,
                           "save " + (dir.path / "game.txt").string() + "\\nquit\\n");
    EXPECT_NE(r.out.find("Saved to"), std::string::npos) << r.out;
}
