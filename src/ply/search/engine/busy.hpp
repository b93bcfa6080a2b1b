// Positions some thread is searching right now, for sharing work between
// threads (Simplified ABDADA, after Tom Kerrigan): a thread that meets a
// move whose position another thread is already searching leaves it for
// later and takes the next move, so two threads rarely walk the same subtree
// at the same time. Lossy by design: a slot holds one key, a collision only
// costs a deferral or a duplicated search, never a wrong score.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

namespace ply::engine {

// Threads share work (defer busy moves) no shallower, in the engine and the
// solver: smaller subtrees are cheaper to repeat than to share.
inline constexpr int kDeferMinDepth = 3;

class BusyPositions {
public:
    BusyPositions() : slots_(std::make_unique<std::atomic<std::uint64_t>[]>(kSlots)) {}

    [[nodiscard]] bool busy(std::uint64_t key) const { return slot(key).load(std::memory_order_relaxed) == key; }
    void enter(std::uint64_t key) { slot(key).store(key, std::memory_order_relaxed); }
    // Clears the slot only if it still names this position.
    void leave(std::uint64_t key) {
        std::uint64_t expected = key;
        slot(key).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
    }

private:
    static constexpr std::size_t kSlots = std::size_t{1} << 15;
    std::atomic<std::uint64_t>& slot(std::uint64_t key) const { return slots_[key & (kSlots - 1)]; }
    std::unique_ptr<std::atomic<std::uint64_t>[]> slots_;
};

}  // namespace ply::engine
