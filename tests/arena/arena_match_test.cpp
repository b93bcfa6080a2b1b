// Whole matches: fake engines that misbehave (tests/fakes/arena_fake_engine),
// Ply's own players, and a short match between real Debian engines.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include <ply/games/chess/description.hpp>
#include <ply/games/connect4/description.hpp>
#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/game_support_for.hpp>
#include <ply/tools/arena/scheduler.hpp>
#include "arena/play_match.hpp"
#include "support/find_program.hpp"
#include "support/run_ply.hpp"

namespace ply::arena {
namespace {

EngineConfig fake(const std::string& name, const std::string& args, const std::string& limits) {
    const std::string proto = args.rfind("xboard", 0) == 0 ? "proto=xboard" : "proto=uci";
    return parse_engine_config(
        {std::string("cmd=") + PLY_ARENA_FAKE_ENGINE + " " + args, "name=" + name, limits, proto});
}

using ply::testing::play;

MatchSettings two(EngineConfig a, EngineConfig b, int games) {
    MatchSettings m;
    m.game = support_for<chess::Position>();
    m.engines = {std::move(a), std::move(b)};
    m.games = games;
    m.max_plies = 40;
    m.timeout = 1;
    return m;
}

TEST(ArenaFakes, IllegalMoveLoses) {
    auto p = play(two(fake("bad", "uci illegal 3", "tc=5+0.1"), fake("good", "uci none", "tc=5+0.1"), 1));
    ASSERT_EQ(p.games.size(), 1u);
    const auto& g = p.games[0];
    EXPECT_EQ(g.result, "0-1");
    EXPECT_EQ(g.termination, "rules infraction");
    EXPECT_EQ(g.flaw, Flaw::Illegal);
    EXPECT_EQ(g.moves.size(), 4u);  // two moves each; the third of "bad" was illegal
    EXPECT_EQ(p.state.engines[0].illegal, 1);
    EXPECT_EQ(p.state.engines[0].tally.losses, 1);
    ASSERT_EQ(p.log.size(), 1u);
    EXPECT_NE(p.log[0].find("illegal"), std::string::npos);
    EXPECT_NE(p.log[0].find("position "), std::string::npos);  // logged with the position
}

TEST(ArenaFakes, CrashLosesAndRecoverRestarts) {
    // As Black in game 2 too: the restarted engine crashes again at its 3rd move.
    auto m = two(fake("crashy", "uci crash 3", "tc=5+0.1"), fake("good", "uci none", "tc=5+0.1"), 2);
    m.recover = true;
    auto p = play(m);
    ASSERT_EQ(p.games.size(), 2u);
    for (const auto& g : p.games) {
        EXPECT_EQ(g.flaw, Flaw::Crash);
        EXPECT_EQ(g.termination, "abandoned");
        EXPECT_EQ(g.points(g.white_engine == 0 ? 0 : 1), 0.0);
        EXPECT_NE(g.reason.find("signal 6"), std::string::npos) << g.reason;
    }
    EXPECT_EQ(p.state.engines[0].crash, 2);
    EXPECT_EQ(p.state.engines[1].tally.wins, 2);
    EXPECT_TRUE(p.state.stop_reason.empty());

    // Without --recover the match stops after the crash, results kept.
    m.recover = false;
    auto q = play(m);
    EXPECT_EQ(q.state.played, 1);
    EXPECT_NE(q.state.stop_reason.find("crashed"), std::string::npos);
}

TEST(ArenaFakes, SilentEngineLosesAndIsRestarted) {
    // Fixed nodes: no clock, so the timeout (1 s) applies; the engine is
    // killed, restarted for game 2 and hangs there again.
    auto p = play(two(fake("mute", "uci hang 2", "nodes=100"), fake("good", "uci none", "nodes=100"), 2));
    ASSERT_EQ(p.games.size(), 2u);
    for (const auto& g : p.games) {
        EXPECT_EQ(g.flaw, Flaw::Stall);
        EXPECT_EQ(g.termination, "abandoned");
        EXPECT_EQ(g.points(g.white_engine == 0 ? 0 : 1), 0.0);
    }
    EXPECT_EQ(p.state.engines[0].stall, 2);
    // With a clock the same silence is a loss on time.
    auto q = play(two(fake("mute", "uci hang 2", "tc=0.5+0"), fake("good", "uci none", "tc=0.5+0"), 1));
    ASSERT_EQ(q.games.size(), 1u);
    EXPECT_EQ(q.games[0].flaw, Flaw::Time);
    EXPECT_EQ(q.games[0].result, "0-1");
}

TEST(ArenaFakes, SlowEngineLosesOnTime) {
    // "slow" sleeps a second beyond its clock at its 2nd move, then answers.
    auto p = play(two(fake("good", "uci none", "tc=0.5+0"), fake("slow", "uci slow 2", "tc=0.5+0"), 1));
    ASSERT_EQ(p.games.size(), 1u);
    EXPECT_EQ(p.games[0].result, "1-0");
    EXPECT_EQ(p.games[0].termination, "time forfeit");
    EXPECT_EQ(p.state.engines[1].time, 1);
}

TEST(ArenaFakes, XboardEnginePlays) {
    // xboard against UCI, both colours; 40 plies then a draw by the arena's limit.
    auto m = two(fake("xb", "xboard none", "tc=5+0.1"), fake("uci", "uci none", "tc=5+0.1"), 2);
    auto p = play(m);
    ASSERT_EQ(p.games.size(), 2u);
    for (const auto& g : p.games) {
        EXPECT_EQ(g.flaw, Flaw::None) << g.reason;
        EXPECT_FALSE(g.moves.empty());
        if (g.result == "1/2-1/2" && g.termination == "adjudication") {
            EXPECT_EQ(g.moves.size(), 40u);
        }
    }
    // Its thinking line is read as the evaluation (-7 centipawns, depth 1).
    const auto& g = p.games[0];
    ASSERT_TRUE(g.moves[0].info.cp);
    EXPECT_EQ(*g.moves[0].info.cp, -7);
    // And an xboard engine's illegal move is caught like any other.
    auto q = play(two(fake("xb", "xboard illegal 2", "tc=5+0.1"), fake("uci", "uci none", "tc=5+0.1"), 1));
    ASSERT_EQ(q.games.size(), 1u);
    EXPECT_EQ(q.games[0].flaw, Flaw::Illegal);
    EXPECT_EQ(q.games[0].result, "0-1");
}

TEST(ArenaPly, DeeperConnect4SearchWins) {
    MatchSettings m;
    m.game = support_for<connect4::Connect4>();
    m.engines = {parse_engine_config({"cmd=ply:game=connect4,depth=1", "name=d1"}),
                 parse_engine_config({"cmd=ply:game=connect4,depth=6", "name=d6"})};
    m.games = 20;
    m.repeat = true;
    m.concurrency = 2;
    auto referee = make_referee<connect4::Connect4>();
    m.openings = random_openings(*referee, 2, 10, 3);
    auto p = play(m);
    EXPECT_EQ(p.state.played, 20);
    EXPECT_EQ(p.state.pairings[0].tally.pair_count(), 10);
    EXPECT_LT(p.state.pairings[0].tally.score(), 0.25);  // d1 loses clearly
}

TEST(ArenaCli, UsageErrors) {
    EXPECT_EQ(testing::run_ply("match --engine cmd=ply:game=connect4 --game connect4").exit_code, 2);
    EXPECT_EQ(testing::run_ply("match --engine colour=red --engine cmd=x").exit_code, 2);
    EXPECT_EQ(
        testing::run_ply("match --game backgammon --engine cmd=ply:game=backgammon --engine cmd=ply:game=backgammon")
            .exit_code,
        2);
    EXPECT_EQ(testing::run_ply("match --game connect4 --engine cmd=ply:game=connect4 --engine cmd=ply:game=connect4 "
                               "--sprt elo0=5 elo1=0")
                  .exit_code,
              2);
    EXPECT_EQ(testing::run_ply("match --engine cmd=stockfish --engine cmd=toga2").exit_code, 2);  // no time control
    const auto missing = testing::run_ply("match --engine cmd=/nonexistent/engine tc=1 --engine cmd=x tc=1");
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.out.find("cannot start"), std::string::npos) << missing.out;
}

// Monte Carlo tree search as a player: with its proofs it never loses at
// tic-tac-toe against perfect play (minimax), from either side.
TEST(ArenaCli, MctsHoldsPerfectPlayToDraws) {
    const auto r = testing::run_ply(
        "match --game tictactoe --engine cmd=ply:game=tictactoe,algo=mcts,nodes=20000 name=mcts --engine "
        "cmd=ply:game=tictactoe,algo=minimax name=mm --games 4 --repeat --random-plies 1 --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    const auto start = r.out.find("\n{");
    const auto j = nlohmann::json::parse(start == std::string::npos ? r.out : r.out.substr(start + 1));
    EXPECT_EQ(j["played"], 4);
    EXPECT_EQ(j["pairings"][0]["draws"], 4) << r.out;
    EXPECT_NE(testing::run_ply("match --game tictactoe --engine cmd=ply:game=tictactoe,algo=mcts,depth=3 name=a "
                               "--engine cmd=ply:game=tictactoe name=b --games 1")
                  .exit_code,
              0);
}

TEST(ArenaCli, JsonAndPgn) {
    const auto pgn = std::filesystem::temp_directory_path() / ("ply_arena_cli_" + std::to_string(::getpid()) + ".pgn");
    const auto r = testing::run_ply(
        "match --game tictactoe --engine cmd=ply:game=tictactoe,algo=minimax name=mm --engine "
        "cmd=ply:game=tictactoe,algo=alphabeta name=ab --games 4 --repeat --random-plies 1 --json --sprt elo0=0 "
        "elo1=20 --pgn " +
        pgn.string());
    ASSERT_EQ(r.exit_code, 0) << r.out;
    // run_ply merges stderr (progress lines "[1/4] ...") into the output: the JSON is the block from "{".
    const auto start = r.out.find("\n{");
    const auto j = nlohmann::json::parse(start == std::string::npos ? r.out : r.out.substr(start + 1));
    EXPECT_EQ(j["played"], 4);
    EXPECT_EQ(j["pairings"][0]["draws"], 4);  // perfect play both sides
    EXPECT_EQ(j["pairings"][0]["pentanomial"][2], 2);
    EXPECT_EQ(j["sprt"]["llr"], 0.0);
    std::ifstream in(pgn);
    std::stringstream text;
    text << in.rdbuf();
    std::filesystem::remove(pgn);
    EXPECT_NE(text.str().find("[Result \"1/2-1/2\"]"), std::string::npos);
    EXPECT_NE(text.str().find("[Variant \"tictactoe\"]"), std::string::npos);
}

// A short real match between two Debian engines (apt-get install stockfish
// toga2 fairymax phalanx): skipped when they are not installed.

TEST(ArenaRealEngines, UciMatchCompletes) {
    const auto sf = testing::find_program("stockfish"), toga = testing::find_program("toga2");
    if (sf.empty() || toga.empty()) GTEST_SKIP() << "needs the Debian packages stockfish and toga2";
    auto m = two(parse_engine_config({"cmd=" + sf, "name=stockfish", "tc=1+0.02", "option.Hash=16"}),
                 parse_engine_config({"cmd=" + toga, "name=toga2", "tc=1+0.02"}), 2);
    m.max_plies = 1000;
    m.repeat = true;
    m.adjudication.parse("resign=3,600");
    m.adjudication.parse("draw=30,6,15");
    auto p = play(m);
    EXPECT_EQ(p.state.played, 2);
    for (const auto& g : p.games) {
        EXPECT_EQ(g.flaw, Flaw::None) << g.reason;
        EXPECT_TRUE(g.finished());
    }
    EXPECT_EQ(p.state.pairings[0].tally.pair_count(), 1);
}

TEST(ArenaRealEngines, XboardMatchCompletes) {
    const auto fmax = testing::find_program("fairymax"), phalanx = testing::find_program("phalanx");
    if (fmax.empty() || phalanx.empty()) GTEST_SKIP() << "needs the Debian packages fairymax and phalanx";
    auto m = two(parse_engine_config({"cmd=" + fmax, "name=fairymax", "proto=xboard", "tc=2+0.05"}),
                 parse_engine_config({"cmd=" + phalanx + " -l-", "name=phalanx", "proto=xboard", "tc=2+0.05"}), 2);
    m.max_plies = 1000;
    m.adjudication.parse("resign=3,600");
    m.adjudication.parse("draw=30,6,15");
    auto p = play(m);
    EXPECT_EQ(p.state.played, 2);
    for (const auto& g : p.games) EXPECT_EQ(g.flaw, Flaw::None) << g.reason;
}

}  // namespace
}  // namespace ply::arena
