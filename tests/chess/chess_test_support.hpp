// Helpers shared by the chess tests.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>

namespace ply::chess::testing {

// Sanitizers and debug builds run the same tests on smaller budgets.
constexpr bool slow_build() {
#if defined(__SANITIZE_ADDRESS__)
    return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return true;
#endif
#endif
#if !defined(NDEBUG)
    return true;
#else
    return false;
#endif
}

// The move of the last `bestmove` line of a UCI transcript ("" if none).
inline std::string bestmove_of(const std::string& out) {
    const auto at = out.rfind("bestmove ");
    if (at == std::string::npos) return "";
    std::istringstream rest(out.substr(at + 9));
    std::string move;
    rest >> move;
    return move;
}

inline constexpr const char* kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
inline constexpr const char* kPosition3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
inline constexpr const char* kPosition4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
inline constexpr const char* kPosition5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
inline constexpr const char* kChess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

}  // namespace ply::chess::testing
