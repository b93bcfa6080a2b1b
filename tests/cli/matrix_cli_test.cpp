// `ply matrix` and `ply saddle` as a user runs them: the classic games'
// answers in text and JSON, strategic forms of trees through the registry,
// plots, and one line for every kind of bad input.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "support/read_file.hpp"
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

using ply::testing::read_file;
using ply::testing::run_ply;
using ply::testing::TempFile;

namespace {

const std::string kRps = "'[[0,-1,1],[1,0,-1],[-1,1,0]]'";

bool has_gnuplot() { return std::system("command -v gnuplot > /dev/null 2>&1") == 0; }

// One line on standard error (stdout is empty for a failure), non-zero exit.
void expect_one_line_error(const std::string& args, const std::string& part) {
    const auto r = run_ply(args);
    EXPECT_NE(r.exit_code, 0) << args;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
    EXPECT_NE(r.out.find(part), std::string::npos) << args << ": " << r.out;
}

}  // namespace

TEST(MatrixCli, RockPaperScissorsPrintsThirds) {
    const auto r = run_ply("matrix " + kRps);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("value: 0 (exact"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("R1 (1/3), R2 (1/3), R3 (1/3)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("max-min <= min-max: -1 <= 1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("(primal = dual)"), std::string::npos) << r.out;
}

TEST(MatrixCli, JsonHoldsEveryResult) {
    const auto r = run_ply("matrix '[[2,-3],[-3,4]]' --learn 2000 --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["mixed"]["value_fraction"], "-1/12");
    EXPECT_EQ(j["mixed"]["row_strategy_fractions"], (std::vector<std::string>{"7/12", "5/12"}));
    EXPECT_EQ(j["pure"]["maxmin"], -3);
    EXPECT_EQ(j["pure"]["minmax"], 2);
    EXPECT_TRUE(j["pure"]["saddle_points"].empty());
    ASSERT_EQ(j["learners"].size(), 3u);
    EXPECT_EQ(j["learners"][0]["rounds"], 2000);
    EXPECT_LT(j["learners"][2]["exploitability"].get<double>(), 0.01);
}

TEST(MatrixCli, FilesInCsvAndJsonWithNames) {
    const TempFile csv("game.csv", ",rock,paper,scissors\nrock,0,-1,1\npaper,1,0,-1\nscissors,-1,1,0\n");
    const auto r = run_ply("matrix --file " + csv.path.string());
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("rock (1/3), paper (1/3), scissors (1/3)"), std::string::npos) << r.out;
    const TempFile json("game.json", R"({"payoff": [[3,1,4],[2,0,1],[5,2,3]], "rows": ["a","b","c"]})");
    const auto d = run_ply("matrix --file " + json.path.string() + " --json");
    ASSERT_EQ(d.exit_code, 0) << d.out;
    const auto j = nlohmann::json::parse(d.out);
    EXPECT_EQ(j["dominance"]["rows_left"], (std::vector<std::string>{"c"}));
    EXPECT_EQ(j["dominance"]["removed"][0]["strategy"], "b");
    EXPECT_EQ(j["mixed"]["value"], 2);
}

TEST(MatrixCli, TreesInStrategicFormAgreeWithMinimax) {
    for (auto [tree, value] : {std::pair{"((3 5 2) (4 6 1) (7 9 8))", "7"}, {"((3 12 8) (2 4 6) (14 5 2))", "3"}}) {
        const auto r = run_ply(std::string("matrix --tree '") + tree + "'");
        ASSERT_EQ(r.exit_code, 0) << r.out;
        EXPECT_NE(
            r.out.find(std::string("pure saddle value ") + value + ", minimax value of the tree " + value + ": equal"),
            std::string::npos)
            << r.out;
        EXPECT_NE(r.out.find("3 plans for the player to move (rows) x 27"), std::string::npos) << r.out;
    }
    const auto t = run_ply("matrix --game tictactoe --position XOXXOO.X. --json");
    ASSERT_EQ(t.exit_code, 0) << t.out;
    const auto j = nlohmann::json::parse(t.out);
    EXPECT_EQ(j["strategic_form"]["minimax_value"], 0);
    EXPECT_EQ(j["strategic_form"]["saddle_value"], 0);
    EXPECT_TRUE(j["strategic_form"]["equal"]);
}

TEST(MatrixCli, TreesTooLargeAreRefused) {
    expect_one_line_error("matrix --game tictactoe", "too large for its strategic form");
    expect_one_line_error("matrix --game chess", "too large for its strategic form");
    expect_one_line_error("matrix --game tictactoe --position X...O....", "plans");
}

TEST(MatrixCli, BadMatricesGetOneLine) {
    expect_one_line_error("matrix '[[1,2],[3]]'", "row 2 has 1 entries, row 1 has 2");
    expect_one_line_error("matrix '[]'", "empty");
    expect_one_line_error("matrix '[[1,\"a\"]]'", "not a number");
    expect_one_line_error("matrix '[[1,2'", "not valid JSON");
    expect_one_line_error("matrix 'nan,1'", "not a finite number");
    expect_one_line_error("matrix '1,inf'", "not a finite number");
    expect_one_line_error("matrix '1,x'", "not a number");
    expect_one_line_error("matrix '[[1e999]]'", "");
    expect_one_line_error("matrix --file /nonexistent/game.csv", "cannot read the matrix file");
    expect_one_line_error("matrix --file /tmp", "it is a folder");
    expect_one_line_error("matrix", "give one game");
    expect_one_line_error("matrix " + kRps + " --tree '(1 2)'", "give one game");
    expect_one_line_error("matrix " + kRps + " --plot x.svg", "give --learn N");
    expect_one_line_error("matrix " + kRps + " --learn 10 --plot x.pdf", ".svg or .png");
    expect_one_line_error("matrix " + kRps + " --learn 10 --plot /nonexistent/x.svg", "cannot write");
    expect_one_line_error("matrix " + kRps + " --learn 0", "");
}

TEST(MatrixCli, HugeMatricesAreRefusedBeforeSolving) {
    std::string row = "0";
    for (int j = 1; j < 5001; ++j) row += ",0";
    const TempFile wide("wide.csv", row + "\n");
    expect_one_line_error("matrix --file " + wide.path.string(), "at most 5000 strategies");
}

TEST(MatrixCli, PlotOfTheLearners) {
    const auto dir = std::filesystem::temp_directory_path() / ("ply_matrix_plot_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const auto svg = dir / "learn.svg";
    const auto r = run_ply("matrix " + kRps + " --learn 200 --plot " + svg.string());
    EXPECT_EQ(r.exit_code, 0) << r.out;
    // The data is written with or without gnuplot.
    EXPECT_NE(read_file(dir / "learn.dat").find("# fictitious-play"), std::string::npos);
    if (has_gnuplot()) {
        EXPECT_NE(read_file(svg).find("<svg"), std::string::npos);
    } else {
        EXPECT_NE(r.out.find("needs gnuplot"), std::string::npos) << r.out;
    }
    std::filesystem::remove_all(dir);
}

TEST(MatrixCli, WithoutGnuplotTheDataIsStillWritten) {
    const auto dir = std::filesystem::temp_directory_path() / ("ply_matrix_nognuplot_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
    setenv("PATH", "/nonexistent", 1);  // the test's own process: ply finds no gnuplot
    const auto r = run_ply("saddle --example bilinear --plot " + (dir / "surface.svg").string());
    setenv("PATH", path.c_str(), 1);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("ply saddle: the plot needs gnuplot"), std::string::npos) << r.out;
    EXPECT_NE(read_file(dir / "surface.dat").find("# f(w, z) = w*z"), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(dir / "surface.svg"));
    std::filesystem::remove_all(dir);
}

TEST(SaddleCli, ExamplesConvergeOrShowTheGap) {
    const auto s = run_ply("saddle --example saddle --json");
    ASSERT_EQ(s.exit_code, 0) << s.out;
    const auto j = nlohmann::json::parse(s.out);
    EXPECT_TRUE(j["converged"]);
    EXPECT_NEAR(j["w"].get<double>(), 0, 1e-3);
    EXPECT_NEAR(j["z"].get<double>(), 0, 1e-3);
    const auto n = run_ply("saddle --example nonconvex");
    ASSERT_EQ(n.exit_code, 0) << n.out;
    EXPECT_NE(n.out.find("sup_z inf_w f = 0 at (-1, -1) < inf_w sup_z f = 1"), std::string::npos) << n.out;
    const auto own = run_ply("saddle 'w^2 - z^2 + w*z' --box -2,1,-1,3 --method optimistic --json");
    ASSERT_EQ(own.exit_code, 0) << own.out;
    EXPECT_TRUE(nlohmann::json::parse(own.out)["converged"]);
}

TEST(SaddleCli, BadInputGetsOneLine) {
    expect_one_line_error("saddle 'w +'", "incomplete");
    expect_one_line_error("saddle 'q'", "names 'q'");
    expect_one_line_error("saddle", "give a function");
    expect_one_line_error("saddle w --example saddle", "give a function");
    expect_one_line_error("saddle w --box 1,0,0,1", "each low below its high");
    expect_one_line_error("saddle w --box 0,1,0", "takes 4 numbers");
    expect_one_line_error("saddle w --box 0,1,0,nan", "not a finite number");
    expect_one_line_error("saddle w --start 0", "takes 2 numbers");
    expect_one_line_error("saddle w --plot /nonexistent/x.svg", "cannot write");
    expect_one_line_error("saddle w --step 0", "");
}

TEST(MatrixCli, ExtremeNumbersGetOneLineNeverAnAbort) {
    // GLPK called abort() (exit 134) on the subnormals' scale factors.
    expect_one_line_error("matrix '[[1e-320,0],[0,1e-320]]'", "too close to 0");
    expect_one_line_error("matrix '[[5e-324]]' --arithmetic float", "too close to 0");
    expect_one_line_error("matrix '1e-320,1'", "too close to 0");
    expect_one_line_error("matrix '[[1e308,0],[0,1]]'", "at most 1e12");
    expect_one_line_error("matrix '[[1e12,1e-12],[1,2]]'", "twelve orders of magnitude");
    expect_one_line_error("matrix '1,-inf'", "not a finite number");
    expect_one_line_error("matrix '[[NaN,1]]'", "not valid JSON");
    expect_one_line_error("matrix '{\"payoff\": [[1, Infinity]]}'", "not valid JSON");
    const auto tiny = run_ply("matrix '[[1e-12]]' --arithmetic float");
    EXPECT_EQ(tiny.exit_code, 0) << tiny.out;
    EXPECT_NE(tiny.out.find("value: 1e-12"), std::string::npos) << tiny.out;
}

TEST(MatrixCli, DeepNestingGetsOneLine) {
    // 70,000 nested brackets overflowed the stack printing the error.
    const std::string deep = std::string(70'000, '[') + "1" + std::string(70'000, ']');
    const TempFile file("deep.json", deep);
    expect_one_line_error("matrix --file " + file.path.string(), "nests brackets deeper than 16");
    const TempFile object("deep_object.json", "{\"payoff\": [[1]], \"rows\": " + deep + "}");
    expect_one_line_error("matrix --file " + object.path.string(), "nests brackets deeper than 16");
    const std::string inline_deep = std::string(50'000, '[') + "1" + std::string(50'000, ']');
    expect_one_line_error("matrix '" + inline_deep + "'", "nests brackets deeper than 16");
    expect_one_line_error("matrix --tree '" + std::string(50'000, '(') + "1" + std::string(50'000, ')') + "'",
                          "deeper than");
}

TEST(MatrixCli, BoundsEndEveryJobWithOneLine) {
    std::string rows = "[";
    std::uint32_t state = 12345;  // a random game, without a saddle point
    for (int i = 0; i < 250; ++i) {
        rows += i ? ",[" : "[";
        for (int j = 0; j < 250; ++j) {
            state = state * 1664525u + 1013904223u;
            rows += (j ? "," : "") + std::to_string(static_cast<int>(state >> 16) % 19 - 9);
        }
        rows += "]";
    }
    const TempFile game("big.json", rows + "]");
    expect_one_line_error("matrix --file " + game.path.string() + " --lp-seconds 0.001", "did not finish in 0.001 s");
    expect_one_line_error("matrix --file " + game.path.string() + " --no-lp --learn 100000000", "more than its limit");
    expect_one_line_error("matrix " + kRps + " --lp-seconds 0", "");
}

TEST(MatrixCli, HugeFilesAreRefusedAsTheyAreRead) {
    const TempFile commas("commas.csv", std::string(1'000'000, ','));
    expect_one_line_error("matrix --file " + commas.path.string(), "more than 5000 columns");
    std::string lines;
    for (int i = 0; i < 6000; ++i) lines += "1\n";
    const TempFile tall("tall.csv", lines);
    expect_one_line_error("matrix --file " + tall.path.string(), "more than 5000 rows");
    std::string many = "[[0";
    for (int i = 0; i < 1'100'000; ++i) many += ",0";
    const TempFile json("many.json", many + "]]");
    expect_one_line_error("matrix --file " + json.path.string(), "more than 1000000 entries");
}

TEST(MatrixCli, LongInputIsClippedInMessages) {
    const std::string cell(5000, 'x');
    const auto csv = run_ply("matrix '1," + cell + "'");
    EXPECT_NE(csv.exit_code, 0);
    EXPECT_LT(csv.out.size(), 300u) << csv.out;
    const auto json = run_ply("matrix '[[1,\"" + cell + "\"]]'");
    EXPECT_NE(json.exit_code, 0);
    EXPECT_LT(json.out.size(), 300u) << json.out;
    const auto expression = run_ply("saddle 'w+" + std::string(1990, 'q') + "'");
    EXPECT_NE(expression.exit_code, 0);
    EXPECT_LT(expression.out.size(), 400u) << expression.out;
    const auto box = run_ply("saddle w --box 0,1,0," + std::string(5000, '9') + "x");
    EXPECT_NE(box.exit_code, 0);
    EXPECT_LT(box.out.size(), 400u) << box.out;
}

TEST(SaddleCli, NaNOrInfinityIsRefusedNeverConverged) {
    // sqrt(w) - z^2 printed "saddle point (...), value -nan" with exit 0.
    for (const char* f :
         {"sqrt(w) - z^2", "log(w) + z", "1/w - z^2", "w/0 + z", "exp(exp(exp(9*w))) - z^2", "0^(-1) + w - z"}) {
        expect_one_line_error(std::string("saddle '") + f + "'", "is not finite at (w, z) = ");
        expect_one_line_error(std::string("saddle '") + f + "' --json", "is not finite");
    }
    expect_one_line_error("saddle 'sqrt(w) - z^2' --box 0,1,-1,1", "the gradient of f(w, z)");
}

TEST(SaddleCli, StepsAreBoundedByTheirWork) {
    std::string f = "(w-z)^2";
    for (int k = 0; k < 300; ++k) f += "+0*w*z";
    expect_one_line_error("saddle '" + f + "' --steps 100000", "is too many for an f of");
}
