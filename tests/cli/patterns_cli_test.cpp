// `ply patterns fit`: Go's move-feature gammas fitted to game records and
// written as a header; bad records named by line and move, and no header
// left behind when the fit fails.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

namespace {

using ply::testing::run_ply;
using ply::testing::TempDir;

std::string records(int games, const std::string& game) {
    std::string text;
    for (int i = 0; i < games; ++i) text += game + "\n";
    return text;
}

// Ten copies of one game: the fit learns its moves, and the held-out game
// (the last) is predicted as well as the fitted ones, far above chance.
TEST(CliPatterns, FitsRecordsAndWritesTheHeader) {
    const TempDir dir("patterns");
    const auto in = dir.write("games.txt", records(10, "9 7 0 E5 C3 G3 C7 G7 D4 E3 pass pass"));
    const auto r = run_ply("patterns fit " + in + " --out " + (dir / "weights.hpp") + " --iterations 3");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("games 9 to fit (63 moves"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("1 held out (7 moves)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("prediction rate (the move played the strongest): "), std::string::npos) << r.out;
    std::ifstream header(dir / "weights.hpp");
    std::stringstream text;
    text << header.rdbuf();
    EXPECT_NE(text.str().find("inline constexpr Gamma kGammas[] = {"), std::string::npos);
    EXPECT_EQ(dir.others("weights.hpp"), 1u) << "the records alone beside it: no temporary left";
}

TEST(CliPatterns, BadRecordsAreNamedAndWriteNothing) {
    const TempDir dir("patterns-bad");
    const std::string out = dir / "weights.hpp";
    const auto line = [](const ply::testing::RunResult& r) { return r.out.substr(0, r.out.find('\n') + 1); };
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"9 7 0 E5 Z99 pass\n", "line 1, move 2: 'Z99': write a point such as D4, or pass"},
        {"9 7 0 E5 E5\n", "line 1, move 2: 'E5': the point is taken"},
        {"", "no games to fit"},
        {"nine 7 0 E5\n", "line 1"},
    };
    for (const auto& [text, error] : cases) {
        const auto in = dir.write("games.txt", text);
        const auto r = run_ply("patterns fit " + in + " --out " + out);
        EXPECT_EQ(r.exit_code, 1) << text << r.out;
        EXPECT_NE(line(r).find(error), std::string::npos) << r.out;
        EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one line: " << r.out;
        EXPECT_FALSE(std::filesystem::exists(out)) << text;
    }
    const auto missing = run_ply("patterns fit " + (dir / "none.txt"));
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.out.find("cannot read"), std::string::npos) << missing.out;
    const auto in = dir.write("games.txt", records(3, "9 7 0 E5 pass pass"));
    EXPECT_EQ(run_ply("patterns fit " + in + " --out " + in).exit_code, 2) << "the records are not overwritten";
    EXPECT_EQ(run_ply("patterns fit " + in + " --holdout 2").exit_code, 2);
    EXPECT_EQ(run_ply("patterns").exit_code, 2);
}

}  // namespace
