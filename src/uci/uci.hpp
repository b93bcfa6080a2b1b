// The UCI front end of the chess engine.
#pragma once

#include <iosfwd>

namespace ply::uci {

// Reads UCI commands from `in` until `quit` or end of input; returns the exit code.
int run(std::istream& in, std::ostream& out);

}  // namespace ply::uci
