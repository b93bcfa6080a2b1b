// A GTP session fed whole from a string, for the GTP tests: a few
// iterations a move, since they check the protocol, not the play.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>

#include <ply/games/go/go.hpp>
#include <ply/gtp/gtp.hpp>

namespace ply::test {

inline gtp::Options quick(std::uint64_t iterations = 200) {
    gtp::Options o;
    o.iterations = iterations;
    return o;
}

// Every response to `input`, as the engine writes them.
inline std::string transcript(const std::string& input, const gtp::Options& options = quick()) {
    std::istringstream in(input);
    std::ostringstream out;
    EXPECT_EQ(gtp::run_gtp<go::Go>(in, out, options), 0);
    return out.str();
}

}  // namespace ply::test
