// Minichess as the front ends and the searches know it: its facts, and a
// check of every capability (core/game.hpp) it claims.
#pragma once

#include <ply/core/board_view.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>
#include <ply/games/minichess/minichess.hpp>

namespace ply {

template <>
struct Description<minichess::Minichess> {
    static constexpr GameFacts facts{
        .name = minichess::Minichess::name,
        .summary = "Gardner-style 5x6 Minichess (IMCS rules and boards)",
        .players = {"White", "Black"},
        .start_position = "start",
        .position_lines = 7,  // IMCS boards: a move line and six ranks
        .default_depth = 8,
        .match_depth = 6,
    };
};

namespace minichess {

// Rules: the moves still on the board when the plies have run out.
static_assert(RuleEndedGame<Minichess>);
// Hashing and search hints: quiescence and tactical ordering; no null move
// (zugzwang is the rule on this crowded board).
static_assert(HashedGame<Minichess> && TacticalGame<Minichess> && OrderedTacticsGame<Minichess> &&
              KeyedMoveGame<Minichess> && EvalUnitGame<Minichess>);
static_assert(!NullMoveGame<Minichess> && !CheckGame<Minichess>);
// Solving: a known length (80 plies).
static_assert(BoundedLengthGame<Minichess>);
// Front ends: notation, the turn and move number, an SVG board; IMCS boards
// for tools/imcs.
static_assert(NotatedGame<Minichess> && TurnNumberedGame<Minichess> && BoardGame<Minichess> &&
              Minichess::imcs_notation);

}  // namespace minichess
}  // namespace ply
