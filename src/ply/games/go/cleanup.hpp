// Taking the opponent's dead stones off the board before passing. The
// Tromp-Taylor count scores every stone left at the end as alive, where
// GNU Go's final_score (and a human) takes dead ones off: a program that
// passes with dead stones in its area gets a score nobody else agrees with.
#pragma once

#include <cstdint>
#include <optional>

#include <ply/games/go/go.hpp>

namespace ply::go {

// A move of the side to move that captures, or closes in on, an opponent's
// string that random playouts (the game's policy, `playouts` of them,
// seeded) leave in the mover's area eight times in ten or more; none when
// there is no such string.
std::optional<Move> dead_stone_capture(const Go& game, std::uint64_t seed, int playouts = 64);

// KGS's cleanup, where no dead stone may be left: a move on a liberty of
// an opponent's string that stone_statuses() (status.hpp) calls dead,
// taking it if it is in atari, else closing in (never putting the mover in
// atari without taking anything); none when there is no such move.
std::optional<Move> dead_string_attack(const Go& game, std::uint64_t seed);

}  // namespace ply::go
