// The constants of the exact solver, each with the measurements that chose
// it (Connect Four, Pons' benchmark sets).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ply::solve::param {

// Solving starts in the first kilobytes of the table (see
// SolveTable::use_first), the processor's L2 cache for the small
// trees of roots searched with the full window, and doubles the part in use
// while the nodes searched exceed this many per entry in it. Positions with
// at most kSolveNearPliesLeft plies left keep their entries in the first
// kSolveNearKb (SolveTable::keep_near). Connect Four: Pons' sets
// and the empty board, 2 to 16 MB near part, 8 to 32 nodes per entry, 12 to
// 20 plies. Medians of interleaved runs, 256 KB for every root against
// 1 MB for the larger ones: Middle-Easy 28.4 / 30.4 us, Middle-Medium (first
// 300) 3.15 / 2.92 ms, Begin-Easy 190 / 182 us, Begin-Medium (positions 1-40
// and 501-540) 78.7 / 79.3 ms and 77.3 / 67.1 ms. (A 512 KB start for all:
// End-Easy 4.1 -> 4.4 us.)
inline constexpr std::size_t kSolveSmallTableKb = 256;
inline constexpr std::size_t kSolveTableStartKb = 1024;
inline constexpr std::size_t kSolveNearKb = 4096;
inline constexpr std::uint64_t kSolveNodesPerEntry = 16;
inline constexpr int kSolveNearPliesLeft = 15;
// Solving a root with at most this many plies left takes one search with
// the full window instead of null-window probes. Connect Four, nodes with
// 0 / 16 / 20 / 24 / 28: End-Easy 47.0 / 32.3 / 32.3 / - / -; Middle-Easy
// 341 / 326 / 337 / - / -; Middle-Medium (first 300) 36.8k / 36.8k / 36.6k /
// 36.0k / 34.6k; Begin-Easy 2.3k up to 26, 4.2k at 28 (its quick wins are
// cheap to prove with a null window, costly to measure with a wide one).
inline constexpr int kSolveFullWindowPliesLeft = 16;
// Once the values a solve's probes leave open are this few, one search with
// a window that holds them all ends the solve. Connect Four, nodes with 1
// (null windows only) / 3 / 4 / 5 / 7 values: Middle-Medium (first 300)
// 24.7k / 25.0k / 24.7k / 24.6k / 24.8k; Begin-Medium (first 300) 839k /
// 838k / 833k / 811k / 814k; Begin-Hard (first 30) 28.13M / 28.06M / 27.82M /
// 27.87M / -; with 5, the position 4444 80.0M -> 70.3M, the empty board
// 417M -> 358M.
inline constexpr int kSolveWindowValues = 5;

}  // namespace ply::solve::param
