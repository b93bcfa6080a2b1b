// Where a game keeps what the engine protocols (UCI, xboard) need of it
// beyond its rules: its own folder specializes EngineProtocol<G> with static
// members, and the front ends' concepts (uci::UciGame, xboard::XboardGame)
// say which. A trait rather than members of G, so that a game's protocol
// dialect (books, bench, FEN variants) stays out of its hot header. The
// game's description (games/<g>/description.hpp) includes the specialization,
// and the front ends' concepts ask for that description first (described()).
#pragma once

#include <ply/core/describe.hpp>  // described(): the front ends' concepts ask for the game's description

namespace ply {

// Left undefined for a game that speaks no engine protocol.
template <class G>
struct EngineProtocol;

}  // namespace ply
