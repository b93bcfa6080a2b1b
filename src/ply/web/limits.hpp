// What one request may ask of the server: enough for a learner and a player,
// bounded so that no request can hold the machine.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ply::web {

inline constexpr int kMaxWatchedDepth = 12;
inline constexpr std::uint64_t kMaxWatchedNodes = 5000;      // a tree one can step through
inline constexpr std::uint64_t kMaxComparedNodes = 2000000;  // minimax over it takes about a second
inline constexpr double kMaxThinkSeconds = 60;
inline constexpr int kMaxThinkDepth = 64;
inline constexpr std::uint64_t kMaxThinkNodes = 1'000'000'000;
inline constexpr std::size_t kEngineHashMegabytes = 16;
inline constexpr std::size_t kMaxMoves = 2000;            // moves in one game line
inline constexpr std::size_t kMaxBodyBytes = 256 * 1024;  // a request's JSON
inline constexpr int kMaxSearches = 2;                    // at once: one per core
inline constexpr std::size_t kServerThreads = 32;         // requests answered at once (waiting ones cost no thread)

}  // namespace ply::web
