// The command line's one registry of games: every built-in game reached by
// name, a game added at run time treated like them, and the same options and
// errors for every game.
#include <gtest/gtest.h>

#include <stdexcept>

#include <ply/cli/register_game.hpp>
#include <ply/cli/registry.hpp>

#include "support/run_ply.hpp"

namespace {

using ply::testing::run_ply;

TEST(CliRegistry, BuiltinGamesComeInTheListsOrder) {
    const auto games = ply::cli::builtin_games();
    EXPECT_EQ(games.names(), "tictactoe, connect4, checkers, chess, minichess, go, tree, uniform");
    for (const auto& g : games.games()) {
        EXPECT_NE(g.search, nullptr) << g.name;
        EXPECT_NE(g.compare, nullptr) << g.name;
    }
    // Trees cannot start without being given: no match for them.
    EXPECT_EQ(games.find("tree")->arena, nullptr);
    EXPECT_NE(games.find("connect4")->arena, nullptr);
    EXPECT_NE(games.find("checkers")->arena, nullptr);
    EXPECT_EQ(games.find("backgammon"), nullptr);
}

TEST(CliRegistry, ANameCanBeTakenOnce) {
    auto games = ply::cli::builtin_games();
    ply::cli::GameCommands copy = *games.find("chess");
    EXPECT_THROW(games.add(copy), std::invalid_argument);
    copy.name = "chess2";
    games.add(copy);
    EXPECT_NE(games.find("chess2"), nullptr);
}

TEST(CliRegistry, EveryGameTakesPositionAndOnlyChessTakesFen) {
    const auto fen = run_ply("search chess --fen '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --depth 3");
    EXPECT_EQ(fen.exit_code, 0) << fen.out;
    EXPECT_NE(fen.out.find("best:   a1a8"), std::string::npos) << fen.out;
    const auto position = run_ply("search chess --position '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --depth 3");
    EXPECT_NE(position.out.find("best:   a1a8"), std::string::npos) << position.out;
    for (const char* command : {"search", "moves", "compare", "play"}) {
        const auto r = run_ply(std::string(command) + " connect4 --fen 44");
        EXPECT_EQ(r.exit_code, 2) << command << ": " << r.out;
        EXPECT_NE(r.out.find("--fen is for chess; use --position for connect4"), std::string::npos) << r.out;
    }
    const auto both = run_ply("search chess --fen startpos --position startpos");
    EXPECT_EQ(both.exit_code, 2) << both.out;
}

TEST(CliRegistry, GamesWithoutAStartNeedAPositionTheOthersStartAtTheirStart) {
    for (const char* game : {"tree", "uniform"}) {
        const auto r = run_ply(std::string("search ") + game);
        EXPECT_EQ(r.exit_code, 2) << r.out;
        EXPECT_NE(r.out.find("needs --position"), std::string::npos) << r.out;
        EXPECT_EQ(ply::testing::count_occurrences(r.out, "\n"), 1u) << r.out;
    }
    const auto ttt = run_ply("search tictactoe --json");
    EXPECT_EQ(ttt.exit_code, 0) << ttt.out;
    EXPECT_NE(ttt.out.find("\"score\":0"), std::string::npos) << ttt.out;  // a draw, searched to the end
}

TEST(CliRegistry, UnknownGamesAreNamedWithTheListInEveryCommand) {
    for (const char* command :
         {"search backgammon", "moves backgammon", "play backgammon", "compare backgammon",
          "match --game backgammon --engine cmd=ply:game=backgammon --engine cmd=ply:game=backgammon"}) {
        const auto r = run_ply(command);
        EXPECT_NE(r.exit_code, 0) << command;
        EXPECT_NE(r.out.find("unknown game 'backgammon'"), std::string::npos) << command << ": " << r.out;
        EXPECT_NE(r.out.find("tictactoe, connect4"), std::string::npos) << command << ": " << r.out;
        EXPECT_EQ(ply::testing::count_occurrences(r.out, "\n"), 1u) << command << ": " << r.out;
    }
}

}  // namespace
