// `ply solve checkers --egtb DIR`: the solver's graph ends at the positions
// the tables hold, and proves the same values and distances as without them
// (the solver alone is the truth here), through fewer positions; a damaged
// table is passed over, never trusted.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/ply_process.hpp"
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

using nlohmann::json;
using ply::testing::run_ply_apart;
using ply::testing::TempDir;

namespace {

// Every checkers slice of at most `pieces` pieces, built once a count.
std::string tables(int pieces) {
    static const TempDir three("solve_egtb3"), four("solve_egtb4");
    static bool built[5] = {};
    const TempDir& dir = pieces == 3 ? three : four;
    if (!built[pieces]) {
        const auto r = run_ply_apart(
            {"egtb", "build", "checkers", "--pieces", std::to_string(pieces), "--dir", dir.path.string()});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        built[pieces] = true;
    }
    return dir.path.string();
}

json solve(const std::string& position, const std::vector<std::string>& more = {}) {
    std::vector<std::string> args = {"solve", "checkers", "--position", position, "--json"};
    args.insert(args.end(), more.begin(), more.end());
    const auto r = run_ply_apart(args);
    EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 3) << position << ": " << r.err;
    return json::parse(r.out);
}

// The same value, distance and best moves; the line as long as the win.
void expect_same_value(const json& alone, const json& tabled, const std::string& position) {
    EXPECT_EQ(tabled["result"], alone["result"]) << position;
    EXPECT_EQ(tabled["plies"], alone["plies"]) << position;
    EXPECT_EQ(tabled["best_moves"], alone["best_moves"]) << position;
    if (alone["result"] != "draw") {
        EXPECT_EQ(tabled["pv"].size(), tabled["plies"].get<std::size_t>()) << position << " " << tabled["pv"];
    }
}

}  // namespace

TEST(CliSolveEgtb, TheSameValuesThroughFewerPositions) {
    // 4 pieces over 3-piece tables: First Position (a win in 61 plies, as
    // tests/games/checkers_solve_test.cpp proves it), its draw with Black to
    // move, and a draw with a man; most of the graph has 4 pieces.
    for (const std::string position : {"W:WK19,K23:B12,K28", "B:WK19,K23:B12,K28", "W:W22,K23:B12,K28"}) {
        const json alone = solve(position), tabled = solve(position, {"--egtb", tables(3)});
        expect_same_value(alone, tabled, position);
        EXPECT_LT(tabled["positions"].get<double>(), 0.9 * alone["positions"].get<double>()) << position;
    }
    EXPECT_EQ(solve("W:WK19,K23:B12,K28", {"--egtb", tables(3)})["plies"], 61);
}

TEST(CliSolveEgtb, AForcedCaptureIntoTheTablesEndsTheGraphThere) {
    // 5 pieces over 4-piece tables: White must take at once (30x21), and
    // every position after it is in the tables.
    const std::string position = "W:W27,30,K1:B5,K25";
    const json alone = solve(position), tabled = solve(position, {"--egtb", tables(4)});
    expect_same_value(alone, tabled, position);
    EXPECT_EQ(alone["result"], "win");
    EXPECT_EQ(alone["plies"], 7);
    EXPECT_GT(alone["positions"], 100000);
    EXPECT_EQ(tabled["positions"], 2) << "the root and its one move";
    // Beyond the memory given alone, within it with the tables.
    EXPECT_EQ(solve(position, {"--hash", "1"})["result"], "unknown");
    EXPECT_EQ(solve(position, {"--hash", "1", "--egtb", tables(4)})["plies"], 7);
}

TEST(CliSolveEgtb, ADamagedOrMissingTableIsPassedOver) {
    const TempDir damaged("solve_egtb_damaged");
    for (const auto& entry : std::filesystem::directory_iterator(tables(3)))
        std::filesystem::copy(entry.path(), damaged.path / entry.path().filename());
    const auto file = damaged.path / "2Kv1K.plyt";
    {
        std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(std::streamoff(std::filesystem::file_size(file) - 2));
        f.put('\x33');
    }
    std::filesystem::remove(damaged.path / "1K1Mv1K.plyt");
    const std::string position = "W:WK19,K23:B12,K28";
    expect_same_value(solve(position), solve(position, {"--egtb", damaged.path.string()}), position);
}

TEST(CliSolveEgtb, TheOptionIsCheckedInOneLine) {
    for (const auto& [args, says] : std::vector<std::pair<std::string, std::string>>{
             {"solve checkers --egtb /nonexistent-ply-tables", "is not a folder"},
             {"solve tictactoe --egtb " + tables(3), "--egtb is for checkers' solver"},
             {"solve chess --egtb " + tables(3), "too big to solve"}}) {
        const auto r = ply::testing::run_ply(args);
        EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out;
        EXPECT_NE(r.out.find(says), std::string::npos) << args << ": " << r.out;
    }
}
