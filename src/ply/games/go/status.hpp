// Which stones are dead, alive or in seki at the end of a game, for GTP's
// final_status_list and for taking dead stones off before passing: random
// playouts (the game's policy) say who owns each point in the end, and
// Benson's unconditionally alive strings (safety.hpp) are alive whatever
// the playouts say.
#pragma once

#include <array>
#include <cstdint>

#include <ply/games/go/go.hpp>

namespace ply::go {

// For every point, in how many of `playouts` playouts from `game` (played
// on if both have passed) it ends in Black's and in White's area.
struct Ownership {
    int playouts = 0;
    std::array<int, kPoints> black{};
    std::array<int, kPoints> white{};
    int of(Color c, Point p) const { return c == Black ? black[p] : white[p]; }
    int neither(Point p) const { return playouts - black[p] - white[p]; }
};
Ownership ownership(const Go& game, std::uint64_t seed, int playouts);

enum class StoneStatus : std::uint8_t { None, Alive, Dead, Seki };

// The status of every stone (None for empty points): a string is dead when
// its stones end in the opponent's area in more than half the playouts,
// unless it is unconditionally alive; in seki when it lives but one of its
// liberties ends in neither area in half of them (both sides would put
// themselves in atari filling it).
std::array<StoneStatus, kPoints> stone_statuses(const Go& game, std::uint64_t seed, int playouts = 128);

}  // namespace ply::go
