// The generic game suite (random playouts, unmake, notation round trips) on chess.
#include <ply/games/chess/position.hpp>
#include "chess/chess_test_support.hpp"
#include "support/generic_game_suite.hpp"

namespace ply::testing {

static_assert(Game<chess::Position> && NotatedGame<chess::Position>);
static_assert(HashedGame<chess::Position> && NullMoveGame<chess::Position> && TacticalGame<chess::Position>);
static_assert(CheckGame<chess::Position> && ExchangeGame<chess::Position> && DrawRuleGame<chess::Position>);
static_assert(KeyedMoveGame<chess::Position> && SearchParametersGame<chess::Position>);

template <>
struct GameSamples<chess::Position> {
    static std::vector<chess::Position> starts() {
        return {chess::Position(), chess::Position::from_fen(chess::testing::kKiwipete),
                chess::Position::from_fen(chess::testing::kPosition3),
                chess::Position::from_fen(chess::testing::kPosition4),
                chess::Position::from_fen(chess::testing::kChess960)};
    }
    static int playouts() { return chess::testing::slow_build() ? 3 : 10; }
    static int max_plies() { return 200; }
};

INSTANTIATE_TYPED_TEST_SUITE_P(Chess, GenericGame, ::testing::Types<chess::Position>);

}  // namespace ply::testing
