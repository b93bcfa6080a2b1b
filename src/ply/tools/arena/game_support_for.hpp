// The arena's support for one game: the single per-game entry point, so that
// any NotatedGame that starts without being told where (ArenaGame) can be
// played in a match, a game registered by a user's own program included.
#pragma once

#include <ply/tools/arena/game_referee.hpp>
#include <ply/tools/arena/game_support.hpp>
#include <ply/tools/arena/ply_player.hpp>

namespace ply::arena {

template <ArenaGame G>
GameSupport support_for() {
    return GameSupport{std::string(G::name), plays_uci_engines<G>(), &make_referee<G>, &make_ply_player<G>};
}

}  // namespace ply::arena
