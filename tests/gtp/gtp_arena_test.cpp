// The arena speaking GTP: engine words, scores compared, matches of
// `ply gtp` against itself, and against GNU Go when it is installed.
#include <ply/tools/arena/gtp_player.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <ply/core/error.hpp>
#include <ply/games/chess/description.hpp>
#include <ply/games/go/description.hpp>
#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/game_support_for.hpp>
#include "arena/play_match.hpp"
#include "support/ply_process.hpp"
#include "support/read_file.hpp"
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

namespace ply::arena {
namespace {

constexpr const char* kGnuGo = "/usr/games/gnugo";

// `ply gtp` as an external engine, a few iterations a move.
EngineConfig ply_gtp(const std::string& name, int iterations, int seed) {
    auto e = parse_engine_config({"cmd=" + std::string(PLY_BINARY) + " gtp --no-resign --iterations " +
                                      std::to_string(iterations) + " --seed " + std::to_string(seed),
                                  "proto=gtp", "name=" + name, "st=5"});
    apply_each(e, {});
    return e;
}

MatchSettings go_match(std::vector<EngineConfig> engines, const std::string& position, int games) {
    MatchSettings m;
    m.game = support_for<go::Go>();
    m.engines = std::move(engines);
    m.games = games;
    m.openings = {Opening{position, {}}};
    return m;
}

TEST(GtpArena, ScoresCompareAsResults) {
    EXPECT_TRUE(same_gtp_score("B+3.5", "B+3.5"));
    EXPECT_TRUE(same_gtp_score("b+3.5", " B+3.50 "));
    EXPECT_TRUE(same_gtp_score("W+7", "W+7.0"));
    EXPECT_TRUE(same_gtp_score("0", "0"));
    EXPECT_TRUE(same_gtp_score("B+0", "0"));
    EXPECT_FALSE(same_gtp_score("B+3.5", "W+3.5"));
    EXPECT_FALSE(same_gtp_score("B+3.5", "B+4.5"));
    EXPECT_FALSE(same_gtp_score("B+R", "B+3.5"));
    EXPECT_TRUE(same_gtp_score("B+R", "b+r"));
}

TEST(GtpArena, EngineWords) {
    auto e = parse_engine_config({"cmd=gnugo --mode gtp", "proto=gtp", "st=2"});
    EXPECT_EQ(e.protocol, Protocol::Gtp);
    EXPECT_EQ(e.name, "gnugo");
    EXPECT_NO_THROW(apply_each(e, {}));
    auto fraction = parse_engine_config({"cmd=gnugo", "proto=gtp", "st=0.5"});
    EXPECT_THROW(apply_each(fraction, {}), ParseError);
    auto nodes = parse_engine_config({"cmd=gnugo", "proto=gtp", "nodes=100"});
    EXPECT_THROW(apply_each(nodes, {}), ParseError);
    try {
        (void)make_player(e, support_for<chess::Position>());
        FAIL() << "a GTP engine for chess";
    } catch (const ParseError& error) {
        EXPECT_EQ(std::string(error.what()), "GTP engines do not play chess: it speaks no GTP (engine 'gnugo')");
    }
    EXPECT_NE(make_player(e, support_for<go::Go>()), nullptr);
}

TEST(GtpArena, GoSupportSetsUpPositionsAndCountsThem) {
    const GameSupport go = support_for<go::Go>();
    ASSERT_TRUE(go.gtp_setup && go.gtp_score);
    EXPECT_FALSE(support_for<chess::Position>().gtp_setup);
    EXPECT_EQ(go.gtp_setup("9x9 komi 7"), (std::vector<std::string>{"boardsize 9", "clear_board", "komi 7"}));
    EXPECT_EQ(go.gtp_setup(""), (std::vector<std::string>{"boardsize 9", "clear_board", "komi 7.5"}));
    EXPECT_EQ(go.gtp_setup("X../.O./... w 0.5"),
              (std::vector<std::string>{"boardsize 3", "clear_board", "komi 0.5", "play w B2", "play b A3"}));
    EXPECT_EQ(go.gtp_score("X../.O./... w 0.5"), "W+0.5");
    EXPECT_EQ(go.gtp_score("XX./.../... b 7"), "B+2");
}

TEST(GtpArena, PlyGtpAgainstItselfOn5x5) {
    const auto p = testing::play(go_match({ply_gtp("A", 100, 1), ply_gtp("B", 100, 2)}, "5x5 komi 0.5", 2));
    ASSERT_EQ(p.state.played, 2);
    for (const auto& g : p.games) {
        EXPECT_EQ(g.termination, "normal") << g.reason;
        EXPECT_TRUE(g.reason.ends_with("(both passed)")) << g.reason;
        EXPECT_EQ(g.reason, g.referee_score + " (both passed)");
        ASSERT_EQ(g.score_checks.size(), 2u) << "both engines asked";
        for (const auto& c : g.score_checks) EXPECT_TRUE(c.agrees) << c.score << " vs " << g.referee_score;
        EXPECT_EQ(g.result, g.referee_score[0] == 'B' ? "1-0" : "0-1");  // Black is the first player
    }
    for (const auto& e : p.state.engines) {
        EXPECT_EQ(e.scores_agreed, 2);
        EXPECT_EQ(e.scores_disagreed, 0);
        EXPECT_EQ(e.illegal + e.time + e.crash + e.stall, 0);
    }
}

TEST(GtpArena, MatchCommandReportsFinalScoreAgreement) {
    const std::string ply = std::string(PLY_BINARY) + " gtp --no-resign --iterations 100";
    const testing::TempFile sgf("gtp_match.sgf", "");
    const auto r = testing::run_ply_apart({"match",
                                           "--game",
                                           "go",
                                           "--position",
                                           "5x5 komi 0.5",
                                           "--engine",
                                           "cmd=" + ply + " --seed 3",
                                           "proto=gtp",
                                           "name=A",
                                           "--engine",
                                           "cmd=" + ply + " --seed 4",
                                           "proto=gtp",
                                           "name=B",
                                           "--each",
                                           "st=5",
                                           "--games",
                                           "2",
                                           "--json",
                                           "--sgf",
                                           sgf.path.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // One SGF record a game, each read back by Go's own reader.
    const std::string records = testing::read_file(sgf.path.string());
    EXPECT_EQ(testing::count_occurrences(records, "(;GM[1]"), 2u) << records;
    EXPECT_NE(records.find("PB[A]PW[B]"), std::string::npos) << records;
    EXPECT_NE(records.find("PB[B]PW[A]"), std::string::npos) << records;
    const std::string first = records.substr(0, records.find('\n') + 1);
    EXPECT_EQ(go::Go::from_sgf(first).outcome(), Outcome::Scored) << first;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["played"], 2);
    for (const auto& e : j["engines"]) {
        EXPECT_EQ(e["final_score_agrees"], 2) << e.dump();
        EXPECT_EQ(e["final_score_disagrees"], 0);
    }
    const auto text = testing::run_ply_apart({"match", "--game", "go", "--position", "4x4 komi 0.5", "--engine",
                                              "cmd=" + ply, "proto=gtp", "name=A", "--engine", "cmd=" + ply,
                                              "proto=gtp", "name=B", "--each", "st=5", "--games", "1"});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("A: agrees on 1 of 1, disagrees on 0"), std::string::npos) << text.out;
}

TEST(GtpArena, MatchCommandRefusesWhatGtpCannotPlay) {
    const auto chess = testing::run_ply_apart(
        {"match", "--engine", "cmd=gnugo", "proto=gtp", "--engine", "cmd=gnugo", "proto=gtp", "--each", "st=1"});
    EXPECT_EQ(chess.exit_code, 2);
    EXPECT_NE(chess.err.find("GTP engines do not play chess (go only)"), std::string::npos) << chess.err;
    const auto position =
        testing::run_ply_apart({"match", "--game", "go", "--position", "9x9 komi x", "--engine", "cmd=gnugo",
                                "proto=gtp", "--engine", "cmd=gnugo", "proto=gtp", "--each", "st=1"});
    EXPECT_EQ(position.exit_code, 2);
    EXPECT_NE(position.err.find("bad --position"), std::string::npos) << position.err;
}

TEST(GtpArena, GnuGoMatchFinishesAndItsFinalScoreIsCompared) {
    if (!std::filesystem::exists(kGnuGo)) GTEST_SKIP() << kGnuGo << " is not installed (apt-get install gnugo)";
    auto gnugo = parse_engine_config(
        {"cmd=" + std::string(kGnuGo) + " --mode gtp --level 1 --chinese-rules --positional-superko --capture-all-dead",
         "proto=gtp", "name=GNU Go", "st=5"});
    apply_each(gnugo, {});
    const auto p = testing::play(go_match({ply_gtp("Ply", 300, 1), gnugo}, "5x5 komi 0.5", 2));
    ASSERT_EQ(p.state.played, 2);
    int by_rules = 0;
    for (const auto& g : p.games) {
        EXPECT_EQ(g.flaw, Flaw::None) << g.reason;
        if (g.reason.ends_with("(both passed)")) {
            ++by_rules;
            EXPECT_EQ(g.score_checks.size(), 2u) << g.reason;
        }
    }
    const auto& gnu = p.state.engines[1];
    EXPECT_EQ(gnu.scores_agreed + gnu.scores_disagreed, by_rules);
    std::cout << "GNU Go's final_score agrees with the referee on " << gnu.scores_agreed << " of " << by_rules
              << " games ended by two passes\n";
}

}  // namespace
}  // namespace ply::arena
