// The UCI protocol as `ply uci` speaks it for chess, over streams: what the
// UCI tests drive.
#pragma once

#include <istream>
#include <ostream>

#include <ply/games/chess/description.hpp>
#include <ply/uci/uci.hpp>

namespace ply::testing {

inline int run_chess_uci(std::istream& in, std::ostream& out) { return uci::run_uci<chess::Position>(in, out); }

}  // namespace ply::testing
