// Explicit game trees as the front ends and the searches know them: their
// facts, and a check of every capability (core/game.hpp) they claim.
#pragma once

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>
#include <ply/games/tree/tree.hpp>

namespace ply {

template <>
struct Description<tree::TreeGame> {
    static constexpr GameFacts facts{
        .name = tree::TreeGame::name,
        .summary = "an explicit game tree, e.g. \"((3 12 8) (2 4 6) (14 5 2))\"",
        .needs_position = true,
        .solvable = true,
    };
};

static_assert(HashedGame<tree::TreeGame> && NotatedGame<tree::TreeGame>);

}  // namespace ply
