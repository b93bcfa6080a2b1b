// Engines that misbehave in ways a match must survive: lines that only
// begin with a keyword, and engines started through wrappers that leave
// processes behind (each engine's process group is killed at its end).
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <ply/games/chess/description.hpp>
#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/game_support_for.hpp>
#include <ply/tools/arena/scheduler.hpp>
#include "arena/play_match.hpp"
#include "support/ply_process.hpp"
#include "support/read_file.hpp"
#include "support/run_ply.hpp"

namespace ply::arena {
namespace {

using ply::testing::play;

MatchSettings match_of(const std::string& first, const std::string& second, int games) {
    MatchSettings m;
    m.game = support_for<chess::Position>();
    m.engines = {parse_engine_config({"cmd=" + first, "name=a", "tc=5+0.1",
                                      first.find("xboard") != std::string::npos ? "proto=xboard" : "proto=uci"}),
                 parse_engine_config({"cmd=" + second, "name=b", "tc=5+0.1",
                                      second.find("xboard") != std::string::npos ? "proto=xboard" : "proto=uci"})};
    m.games = games;
    m.max_plies = 16;
    m.timeout = 1;
    return m;
}

TEST(ArenaHostileEngine, KeywordsAreWholeWords) {
    // "bestmovez a1a8", "Illegalz", "My move is a1a8" (no colon) and "pong 10" for ping 1
    // come before every real answer: none of them is a move, a resignation or a pong.
    const std::string fake = PLY_ARENA_FAKE_ENGINE;
    const auto p = play(match_of(fake + " uci noise", fake + " xboard noise", 2));
    ASSERT_EQ(p.games.size(), 2u);
    for (const auto& g : p.games) {
        EXPECT_EQ(g.flaw, Flaw::None) << g.reason;
        EXPECT_EQ(g.moves.size(), 16u) << g.reason;
        // The evaluation is the real info line's (12 cp at depth 1), not the "infoz" one's.
        for (const auto& m : g.moves) EXPECT_NE(m.info.depth, 9);
    }
}

// The match's own arguments, quoted in its errors, are clipped.
TEST(ArenaHostileEngine, AHugeArgumentIsNotEchoedInFull) {
    const std::string huge(100000, 'x');
    for (const std::string& engine : {"cmd=a tc=" + huge, "cmd=a tc=1 proto=" + huge, "cmd=a tc=1 " + huge,
                                      "cmd=ply:" + huge, "cmd=a tc=1 foo=" + huge, "cmd=a tc=1/" + huge}) {
        const auto r = testing::run_ply("match --engine " + engine + " --engine cmd=b tc=1");
        EXPECT_EQ(r.exit_code, 2) << r.out.substr(0, 200);
        EXPECT_LT(r.out.size(), 1000u) << r.out.substr(0, 200);
    }
    EXPECT_LT(testing::run_ply("match --engine cmd=a tc=1 --engine cmd=b tc=1 --adjudicate draw=" + huge).out.size(),
              1000u);
}

// A process that is neither running nor a zombie (a killed orphan may stay
// a zombie where nothing reaps it).
bool alive(pid_t pid) {
    const std::string stat = testing::read_file("/proc/" + std::to_string(pid) + "/stat");
    const auto close = stat.rfind(')');
    return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z';
}

// Whether `pid` is still alive after up to three seconds (a signal is
// delivered, and a process ends, a moment after kill() returns).
bool still_alive(pid_t pid) {
    for (int i = 0; i < 60 && alive(pid); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return alive(pid);
}

// An engine behind a wrapper that leaves a child of its own behind (sleep):
// the command, and where the child's pid is written.
struct Wrapped {
    std::filesystem::path pid_file =
        std::filesystem::temp_directory_path() / ("ply_wrapped_" + std::to_string(::getpid()) + ".pid");
    std::string command =
        "sh -c 'sleep 1000 & echo $! > " + pid_file.string() + "; exec " + PLY_ARENA_FAKE_ENGINE + " uci none'";
    ~Wrapped() { std::filesystem::remove(pid_file); }

    pid_t child() const {
        for (int i = 0; i < 200 && testing::read_file(pid_file.string()).empty(); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return static_cast<pid_t>(std::atol(testing::read_file(pid_file.string()).c_str()));
    }
};

TEST(ArenaHostileEngine, NothingAWrappedEngineStartedOutlivesTheMatch) {
    const Wrapped wrapped;
    const auto p = play(match_of(wrapped.command, std::string(PLY_ARENA_FAKE_ENGINE) + " uci none", 1));
    EXPECT_EQ(p.state.played, 1);
    const pid_t child = wrapped.child();
    ASSERT_GT(child, 0);
    EXPECT_FALSE(still_alive(child)) << "the wrapper's child " << child << " outlived the match";
    if (alive(child)) ::kill(child, SIGKILL);
}

TEST(ArenaHostileEngine, NothingAWrappedEngineStartedOutlivesSigtermOfTheMatch) {
    const Wrapped wrapped;
    testing::PlyProcess match({"match", "--engine", "cmd=" + wrapped.command, "proto=uci", "tc=60+1", "--engine",
                               std::string("cmd=") + PLY_ARENA_FAKE_ENGINE + " uci hang 1", "proto=uci", "tc=60+1",
                               "--games", "2"});
    const pid_t child = wrapped.child();
    ASSERT_GT(child, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    match.signal(SIGTERM);
    const auto r = match.wait();
    EXPECT_LT(r.seconds, 30) << r.err;
    EXPECT_FALSE(still_alive(child)) << "the wrapper's child " << child << " outlived the match; " << r.err;
    if (alive(child)) ::kill(child, SIGKILL);
}

}  // namespace
}  // namespace ply::arena
