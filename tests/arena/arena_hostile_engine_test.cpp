// Engines that misbehave in ways a match must survive: lines that only
// begin with a keyword.
#include <gtest/gtest.h>

#include <string>

#include <ply/games/chess/position.hpp>
#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/game_support_for.hpp>
#include <ply/tools/arena/scheduler.hpp>
#include "arena/play_match.hpp"

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

}  // namespace
}  // namespace ply::arena
