// The solver's transposition table: the production table's entries and
// lockless buckets, placed so that a solve's working set stays in the
// processor's cache. Solving small positions is fastest in a table that
// fits the cache (Connect Four, the first 300 positions of Pons'
// Middle-Medium set: 3.5 ms a position in 1 MB, 7.0 ms in 64 MB, with 3%
// more nodes), big ones in a big table. So a solve may start in the first
// kilobytes of the table and grow() as its tree grows; a key's bucket then
// moves, and entries of the smaller part that now belong elsewhere are
// lost, which costs less than the cache misses it saves.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <climits>
#include <cstddef>
#include <cstdint>

#include <ply/search/engine/tt.hpp>

namespace ply::solve {

using engine::Bound;

// Written between probes and read at every node, by every thread: relaxed
// atomics (a stale mask only sends a probe to the other part).
class GrowingPlacement {
public:
    static constexpr bool kPowerOfTwo = true;  // its parts are masks
    void reset(std::size_t bucket_count) {
        bucket_count_ = bucket_count;
        use_all();
    }
    [[nodiscard]] std::size_t index(std::uint64_t key, int depth) const {
        // Both masks are powers of two less one: their AND is the smaller part.
        const std::size_t near = depth < near_depth_.load(std::memory_order_relaxed)
                                     ? near_mask_.load(std::memory_order_relaxed)
                                     : ~std::size_t{0};
        return (key >> 16) & used_mask_.load(std::memory_order_relaxed) & near;
    }

    void use_first(std::size_t kilobytes) { used_mask_.store(buckets_in(kilobytes) - 1, std::memory_order_relaxed); }
    void use_all() {
        used_mask_.store(bucket_count_ - 1, std::memory_order_relaxed);
        near_depth_.store(INT_MIN, std::memory_order_relaxed);
    }
    void grow() {
        std::size_t mask = used_mask_.load(std::memory_order_relaxed);
        if (mask + 1 < bucket_count_) used_mask_.compare_exchange_strong(mask, 2 * mask + 1, std::memory_order_relaxed);
    }
    void keep_near(int depth, std::size_t kilobytes) {
        near_mask_.store(buckets_in(kilobytes) - 1, std::memory_order_relaxed);
        near_depth_.store(depth, std::memory_order_relaxed);
    }
    [[nodiscard]] std::size_t buckets_in_use() const { return used_mask_.load(std::memory_order_relaxed) + 1; }

private:
    // The buckets of the first `kilobytes` (a power of two, at least one).
    [[nodiscard]] std::size_t buckets_in(std::size_t kilobytes) const {
        constexpr std::size_t kBucketBytes = engine::TranspositionTable<int>::kBucketBytes;
        const std::size_t wanted = std::max<std::size_t>((kilobytes << 10) / kBucketBytes, 1);
        return std::min(std::bit_floor(wanted), bucket_count_);
    }

    std::size_t bucket_count_ = 1;           // set by reset(), between solves
    std::atomic<std::size_t> used_mask_{0};  // buckets in use - 1 (see use_first)
    std::atomic<int> near_depth_{INT_MIN};   // see keep_near
    std::atomic<std::size_t> near_mask_{0};
};

template <class Move>
class SolveTable : public engine::TranspositionTable<Move, GrowingPlacement> {
    using Base = engine::TranspositionTable<Move, GrowingPlacement>;

public:
    using Base::Base;

    // Only the first `kilobytes` are in use until grow() doubles them.
    void use_first(std::size_t kilobytes) { this->placement().use_first(kilobytes); }
    void use_all() { this->placement().use_all(); }
    // Doubles the part in use, if it is not the whole table.
    void grow() { this->placement().grow(); }
    // Entries searched to less than `depth` stay in the first `kilobytes`
    // once the part in use is larger: the many small subtrees near the
    // leaves of a big solve then find their entries in the cache. Only for
    // searches that give a position the same depth wherever it occurs.
    void keep_near(int depth, std::size_t kilobytes) { this->placement().keep_near(depth, kilobytes); }
    [[nodiscard]] std::size_t entries_in_use() const {
        return this->placement().buckets_in_use() * static_cast<std::size_t>(Base::kBucketSize);
    }
};

}  // namespace ply::solve
