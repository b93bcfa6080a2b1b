// `ply solve checkers`: a proven value with its plies and rules, and
// "unknown" (exit 3, never a guess) where the positions do not fit or the
// time runs out.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/ply_process.hpp"

using nlohmann::json;
using ply::testing::run_ply_apart;

TEST(CliCheckersSolve, FirstPositionIsWonInItsPliesUnderTheRulesStated) {
    const auto r = run_ply_apart({"solve", "checkers", "--position", "W:WK19,K23:B12,K28", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["result"], "win");
    EXPECT_EQ(j["plies"], 61);
    EXPECT_EQ(j["best_moves"], json::array({"23-27"}));
    EXPECT_EQ(j["pv"].size(), 61u);
    EXPECT_NE(j["rules"].get<std::string>().find("40-move rule is not applied"), std::string::npos) << j;
    const auto text = run_ply_apart({"solve", "checkers", "--position", "B:WK1:BK30"});
    EXPECT_NE(text.out.find("result:     draw for the side to move"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("rules:"), std::string::npos) << text.out;
}

TEST(CliCheckersSolve, TooBigOrTooLongIsUnknownWithItsReason) {
    const auto small = run_ply_apart({"solve", "checkers", "--hash", "8", "--json"});
    EXPECT_EQ(small.exit_code, 3) << small.out << small.err;
    const auto j = json::parse(small.out);
    EXPECT_EQ(j["result"], "unknown");
    EXPECT_EQ(j["complete"], false);
    EXPECT_NE(j["why"].get<std::string>().find("beyond the 8 MB given"), std::string::npos) << j;
    const auto timed = run_ply_apart({"solve", "checkers", "--time", "0.5"});
    EXPECT_EQ(timed.exit_code, 3);
    EXPECT_LT(timed.seconds, 5.0) << "stopped promptly";
    EXPECT_NE(timed.out.find("result:     unknown (not proven: stopped)"), std::string::npos) << timed.out;
    const auto weak = run_ply_apart({"solve", "checkers", "--weak"});
    EXPECT_EQ(weak.exit_code, 2);
    EXPECT_EQ(weak.err.find('\n'), weak.err.size() - 1) << "one line: " << weak.err;
}
