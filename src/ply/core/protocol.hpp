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

// What CheckerBoard's engine interface (getmove, enginecommand) needs of a
// game: its board and moves in the interface's C layout, specialized in the
// game's folder; left undefined for a game no such engine plays.
template <class G>
struct CheckerBoardProtocol;

template <class G>
concept CheckerBoardGame = requires {
    CheckerBoardProtocol<G>::game_type;
};

// The interface's numbers that are no game's: getmove's answers, its `info`
// bits, and the protocol version enginecommand reports.
namespace cb_api {
inline constexpr int kDraw = 0, kWin = 1, kLoss = 2, kUnknown = 3;
inline constexpr int kResetMoves = 1;  // info: a new game starts
inline constexpr int kExactTime = 2;   // info: search maxtime, no more and no less
// info's bits 2-3: an incremental clock in moreinfo (upper 16 bits the time
// left, lower 16 the increment) in units of 1, 10 or 100 ms (1, 2, 3).
inline constexpr int kIncrementShift = 2;
inline constexpr int kProtocolVersion = 2;
}  // namespace cb_api

}  // namespace ply
