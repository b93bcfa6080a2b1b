// One way to stop every search (the production engine, the exact solver,
// MCTS), as Fuego's SgSearchControl serves all of its searches: a flag
// anyone may raise (a front end's stop, another thread, a proof found), an
// outside flag it obeys too (Ctrl-C's, a caller's), a deadline, and caps on
// nodes and iterations. A search polls it where it already counts (every
// 1024 nodes, every iteration); how it ends at a limit (the iteration it
// keeps, nodes counted exactly) stays the search's own.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>

namespace ply {

class Budget {
public:
    using Clock = std::chrono::steady_clock;

    Budget() = default;
    Budget(const Budget&) = delete;
    Budget& operator=(const Budget&) = delete;

    // Caps, set before the search starts; none: no cap.
    std::optional<std::uint64_t> nodes;
    std::optional<std::uint64_t> iterations;

    // A new search: the flag down and no deadline (the caps stay as set).
    void restart() {
        stop_.store(false);
        deadline_.store(kNoDeadline);
    }
    void stop() { stop_.store(true); }
    // The search also stops once `flag` is set (nullptr: no such flag).
    void follow(const std::atomic<bool>* flag) { outer_ = flag; }

    // The deadline may move while the search runs (a ponder hit starts the clock).
    void set_deadline(Clock::time_point at) {
        deadline_.store(at.time_since_epoch().count(), std::memory_order_relaxed);
    }
    void set_time(Clock::duration d) { set_deadline(Clock::now() + d); }
    [[nodiscard]] bool has_deadline() const { return deadline_.load(std::memory_order_relaxed) != kNoDeadline; }

    // The flag or the followed one: a request to stop at once.
    [[nodiscard]] bool stopped() const {
        return stop_.load(std::memory_order_relaxed) || (outer_ && outer_->load(std::memory_order_relaxed));
    }
    // Reads the clock only when there is a deadline.
    [[nodiscard]] bool past_deadline() const {
        const Clock::rep at = deadline_.load(std::memory_order_relaxed);
        return at != kNoDeadline && Clock::now().time_since_epoch().count() >= at;
    }
    [[nodiscard]] bool over_nodes(std::uint64_t n) const { return nodes && n >= *nodes; }
    [[nodiscard]] bool over_iterations(std::uint64_t n) const { return iterations && n >= *iterations; }
    // Every limit but the iterations, for a search that polls by nodes.
    [[nodiscard]] bool should_stop(std::uint64_t n) const { return stopped() || over_nodes(n) || past_deadline(); }

private:
    static constexpr Clock::rep kNoDeadline = std::numeric_limits<Clock::rep>::max();
    std::atomic<bool> stop_{false};
    std::atomic<Clock::rep> deadline_{kNoDeadline};
    const std::atomic<bool>* outer_ = nullptr;
};

}  // namespace ply
