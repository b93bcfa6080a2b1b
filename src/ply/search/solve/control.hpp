// What a solve shares with whoever watches it (a time limit, Ctrl-C, a
// progress line): the budget that stops it, and how far the solve has got.
#pragma once

#include <atomic>
#include <cstdint>

#include <ply/core/score.hpp>
#include <ply/search/budget.hpp>

namespace ply::solve {

struct Control {
    // Its flag, followed flag and deadline are read every 1024 nodes and
    // between probes: a solve asked to stop ends soon after, marked
    // incomplete, with the bounds it proved. They stay set, so that the
    // solves still to come return at once too.
    Budget budget;
    // Nodes of every solve since the control was made, in steps of 1024.
    std::atomic<std::uint64_t> nodes{0};
    // The bounds proven so far on the value of the root being solved
    // (+-kInfinity: none yet).
    std::atomic<Score> lower{-kInfinity}, upper{kInfinity};

    [[nodiscard]] bool stopped() const { return budget.stopped() || budget.past_deadline(); }
    void prove(Score low, Score high) {
        lower.store(low, std::memory_order_relaxed);
        upper.store(high, std::memory_order_relaxed);
    }
};

}  // namespace ply::solve
