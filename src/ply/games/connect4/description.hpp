// Connect Four as the front ends and the searches know it: its facts, and a
// check of every capability (core/game.hpp) it claims.
#pragma once

#include <ply/core/board_view.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>
#include <ply/games/connect4/connect4.hpp>

namespace ply {

template <>
struct Description<connect4::Connect4> {
    static constexpr GameFacts facts{
        .name = connect4::Connect4::name,
        .summary = "Connect Four, 7x6 or any size up to 64 cells (positions as columns played)",
        .default_depth = 10,
        .match_depth = 8,
        .solvable = true,
        // `ply play`: from about a dozen stones on, a solve takes well under a second.
        .play_solve_seconds = 1,
    };
};

namespace connect4 {

// Hashing: one entry for a position and its mirror image, children's
// entries fetched before they are needed.
static_assert(HashedGame<Connect4> && HashAfterGame<Connect4> && SymmetricHashGame<Connect4>);
// Search hints.
static_assert(KeyedMoveGame<Connect4> && EvalUnitGame<Connect4>);
// Solving: lost moves skipped, the values a solve can meet, Allis' claimeven.
static_assert(ForcedLineGame<Connect4> && BoundedLengthGame<Connect4> && Connect4::wins_by_moving &&
              ProvenBoundGame<Connect4>);
// Front ends: notation, an SVG board, moves as columns, Pons' published
// scores and the benchmark sets' own move strings.
static_assert(NotatedGame<Connect4> && BoardGame<Connect4> && describe::ColumnMoveGame<Connect4> &&
              describe::PublishedScoreGame<Connect4> && describe::SetNotationGame<Connect4>);

}  // namespace connect4
}  // namespace ply
