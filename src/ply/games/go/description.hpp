// Go as the front ends and the searches know it: its facts, and a check of
// every capability (core/game.hpp) and trait it claims.
#pragma once

#include <ply/core/board_view.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>
#include <ply/games/go/go.hpp>
#include <ply/games/go/protocol.hpp>

namespace ply {

template <>
struct Description<go::Go> {
    static constexpr GameFacts facts{
        .name = go::Go::name,
        .summary = "Go, 2x2 to 19x19, Tromp-Taylor rules, no suicide (positions as 9x9 or rows)",
        .players = {"Black", "White"},  // Black moves first
        .start_position = "9x9",
        .move_hint = "a point such as D4, or pass",
        .default_depth = 4,
        .match_depth = 2,
        .default_seconds = 2,
        .plays_by_mcts = true,  // `ply play go`: alpha-beta has no evaluation to search by
        .solvable = true,
    };
};

namespace go {

// Hashing and search hints.
static_assert(HashedGame<Go> && KeyedMoveGame<Go>);
// Solving: the most either side can get, what the other keeps whatever
// happens (safety.hpp) taken away.
static_assert(ProvenBoundGame<Go>);
// Monte Carlo: playouts and priors by the fitted move features, RAVE over
// points, playouts that remember good replies.
static_assert(PlayoutGame<Go> && PlaceMoveGame<Go> && PriorGame<Go> && LearningPlayoutGame<Go>);
// Front ends: notation, the turn and move number, an SVG board.
static_assert(NotatedGame<Go> && TurnNumberedGame<Go> && BoardGame<Go>);
// Traits: GTP (EngineProtocol).
static_assert(sizeof(EngineProtocol<Go>) > 0);

}  // namespace go
}  // namespace ply
