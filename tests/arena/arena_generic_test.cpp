// The arena on games it never names: a game of the built-in list that needs
// nothing special (tic-tac-toe), and a game of the test's own, as a program
// that registers its own game would bring it.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include <ply/core/describe.hpp>
#include <ply/core/error.hpp>
#include <ply/games/connect4/description.hpp>
#include <ply/games/tictactoe/description.hpp>
#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/game_support_for.hpp>
#include <ply/tools/arena/pgn.hpp>
#include <ply/tools/arena/scheduler.hpp>
#include "arena/play_match.hpp"

namespace ply::arena {
namespace {

// Take 1 to 3 stones; whoever takes the last one wins. From 10 stones the
// first player wins by leaving a multiple of four.
struct Nim {
    using Move = int;
    static constexpr std::size_t max_moves = 3;
    static constexpr std::string_view name = "nim";
    int stones = 10;

    void generate_moves(MoveListOf<Nim>& out) const {
        for (int k = 1; k <= 3 && k <= stones; ++k) out.push_back(k);
    }
    void make(Move m) { stones -= m; }
    void unmake(Move m) { stones += m; }
    [[nodiscard]] Outcome outcome() const { return stones == 0 ? Outcome::Loss : Outcome::Ongoing; }
    [[nodiscard]] Score evaluate() const { return 0; }
    [[nodiscard]] std::uint64_t hash() const { return std::uint64_t(stones); }

    static Nim from_position(std::string_view text) {
        if (text.empty()) return {};
        if (text.size() > 2 || text.find_first_not_of("0123456789") != std::string_view::npos)
            throw ParseError("a number of stones");
        return Nim{std::stoi(std::string(text))};
    }
    [[nodiscard]] std::string position() const { return std::to_string(stones); }
    [[nodiscard]] Move parse_move(std::string_view text) const {
        if (text != "1" && text != "2" && text != "3") throw ParseError("take 1, 2 or 3");
        return text[0] - '0';
    }
    [[nodiscard]] std::string move_to_string(Move m) const { return std::to_string(m); }
    [[nodiscard]] std::string render() const { return std::string(std::size_t(stones), '|') + "\n"; }
};

}  // namespace
}  // namespace ply::arena

// Its facts are the defaults: the arena reads its match depth (to the end).
template <>
struct ply::Description<ply::arena::Nim> {
    static constexpr GameFacts facts{.name = ply::arena::Nim::name};
};

namespace ply::arena {
namespace {

static_assert(ArenaGame<Nim>);

using ply::testing::play;

MatchSettings ply_match(GameSupport game, const std::string& first, const std::string& second, int games) {
    MatchSettings m;
    m.game = std::move(game);
    m.engines = {parse_engine_config({"cmd=ply:game=" + m.game.name + "," + first, "name=a"}),
                 parse_engine_config({"cmd=ply:game=" + m.game.name + "," + second, "name=b"})};
    m.games = games;
    return m;
}

TEST(ArenaGeneric, TicTacToeBetweenPerfectPlayersIsDrawn) {
    const auto p = play(ply_match(support_for<tictactoe::TicTacToe>(), "algo=alphabeta", "algo=engine", 2));
    ASSERT_EQ(p.games.size(), 2u);
    for (const auto& g : p.games) {
        EXPECT_EQ(g.result, "1/2-1/2");
        EXPECT_EQ(g.reason, "Draw");
        EXPECT_EQ(g.moves.size(), 9u);
    }
    std::ostringstream out;
    write_pgn(out, p.games[0], PgnHeader{"Test", "here", "2024.01.02"});
    EXPECT_NE(out.str().find("[Variant \"tictactoe\"]"), std::string::npos) << out.str();
    EXPECT_EQ(out.str().find("[FEN"), std::string::npos) << out.str();
}

TEST(ArenaGeneric, AGameOfItsOwnIsRefereedAndPlayed) {
    auto referee = make_referee<Nim>();
    EXPECT_EQ(referee->start_position(), "");
    EXPECT_EQ(referee->side_name(0), "First");
    EXPECT_EQ(referee->canonical("3"), "3");
    EXPECT_FALSE(referee->canonical("4"));
    EXPECT_FALSE(referee->books_hold_positions());
    EXPECT_THROW((void)referee->book_position("7"), ParseError);
    // Perfect players: the first to move wins every game.
    auto m = ply_match(support_for<Nim>(), "depth=12", "algo=engine,depth=12", 2);
    EXPECT_THROW(make_player(parse_engine_config({"cmd=ply:game=chess"}), m.game), ParseError);
    const auto p = play(m);
    ASSERT_EQ(p.games.size(), 2u);
    for (const auto& g : p.games) {
        EXPECT_EQ(g.result, "1-0");
        EXPECT_EQ(g.reason, "First wins");
    }
    EXPECT_EQ(p.state.pairings[0].tally.wins, 1);
}

TEST(ArenaGeneric, PgnOfAnotherGameNumbersMovesAfterItsOpening) {
    MatchSettings m = ply_match(support_for<connect4::Connect4>(), "depth=2", "depth=2", 1);
    m.openings = {Opening{"", {"4"}}};  // the second player moves first after it
    const auto p = play(m);
    ASSERT_EQ(p.games.size(), 1u);
    const auto& g = p.games[0];
    EXPECT_TRUE(g.second_moves_first);
    EXPECT_FALSE(g.pgn_native);
    std::ostringstream out;
    write_pgn(out, g, PgnHeader{"Test", "here", "2024.01.02"});
    const std::string pgn = out.str();
    EXPECT_NE(pgn.find("[Variant \"connect4\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("{Opening: 4} 1... " + g.moves[0].notation), std::string::npos) << pgn;
    EXPECT_EQ(pgn.find("[SetUp"), std::string::npos) << pgn;
}

}  // namespace
}  // namespace ply::arena
