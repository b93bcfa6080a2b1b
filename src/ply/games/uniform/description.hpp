// Generated uniform trees as the front ends and the searches know them:
// their facts, and a check of every capability (core/game.hpp) they claim.
#pragma once

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>
#include <ply/games/uniform/uniform_tree.hpp>

namespace ply {

template <>
struct Description<uniform::UniformTree> {
    static constexpr GameFacts facts{
        .name = uniform::UniformTree::name,
        .summary = "generated uniform trees (branching, depth, ordering, seed)",
        .needs_position = true,
        .solvable = true,
    };
};

static_assert(HashedGame<uniform::UniformTree> && NotatedGame<uniform::UniformTree>);

}  // namespace ply
