// The transposition table of the production search.
//
// Buckets of four 16-byte entries fill one cache line. Where moves take 16
// bits or fewer an entry also keeps the position's static evaluation: a node
// found in the table needs no evaluation of its own. Entries are written
// and read without locks by every Lazy SMP thread: each is two relaxed
// atomic words, the key stored XORed with the data, so a torn write (half
// from one thread, half from another) fails the key check instead of
// returning another position's data (Hyatt and Mann's lockless hashing).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <type_traits>
#include <utility>

#include <ply/core/error.hpp>
#include <ply/core/score.hpp>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

namespace ply::engine {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// Whether a stored bound settles a node searched with the window (alpha, beta).
constexpr bool bound_settles(Bound bound, Score v, Score alpha, Score beta) {
    return bound == Bound::Exact || (bound == Bound::Lower && v >= beta) || (bound == Bound::Upper && v <= alpha);
}
// What a node's result is, given the window it was searched with.
constexpr Bound bound_of(Score best, Score original_alpha, Score beta) {
    return best >= beta ? Bound::Lower : best > original_alpha ? Bound::Exact : Bound::Upper;
}

template <class Move>
struct TTHit {
    Score score;  // node-relative (see score_from_tt)
    int depth;
    Bound bound;
    std::optional<Move> move;
    std::optional<Score> eval;  // the position's static evaluation, if stored
};

// Where a key's bucket lies: for the production search, anywhere in a table
// of any size (the key's high bits scaled to the bucket count, so the table
// is the size asked for, not the power of two below it). Another placement
// (the solver's, solve/table.hpp) may also weigh the depth a position is
// searched to; one that masks keys asks for a power of two.
class WholeTable {
public:
    static constexpr bool kPowerOfTwo = false;
    void reset(std::size_t bucket_count) { bucket_count_ = bucket_count; }
    [[nodiscard]] std::size_t index(std::uint64_t key, int /*depth*/) const {
        __extension__ using Wide = unsigned __int128;
        return static_cast<std::size_t>((Wide{key} * bucket_count_) >> 64);
    }

private:
    std::uint64_t bucket_count_ = 1;  // set only by resize(), never during a search
};

template <class Move, class Placement = WholeTable>
class TranspositionTable {
public:
    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

    // All or nothing: if the memory cannot be had, OutOfMemory is thrown
    // and the table stays as it was. megabytes() is then the size it has.
    void resize(std::size_t megabytes) {
        megabytes = std::clamp<std::size_t>(megabytes, 1, kMaxMegabytes);
        const std::size_t asked = (megabytes << 20) / sizeof(Bucket);
        const std::size_t count = Placement::kPowerOfTwo ? std::bit_floor(asked) : asked;
        buckets_ = allocate_buckets(count, megabytes);
        bucket_count_ = count;
        megabytes_ = std::max<std::size_t>(count * sizeof(Bucket) >> 20, 1);
        placement_.reset(count);
        generation_ = 0;
    }
    [[nodiscard]] std::size_t megabytes() const { return megabytes_; }
    [[nodiscard]] std::size_t bucket_count() const { return bucket_count_; }
    static constexpr std::size_t kMaxMegabytes = std::size_t{1} << 24;  // 16 TB: no overflow below

    void clear() {
        for (std::size_t i = 0; i < bucket_count_; ++i)
            for (auto& e : buckets_[i].entries) {
                e.key_xor_data.store(0, std::memory_order_relaxed);
                e.data.store(0, std::memory_order_relaxed);
            }
        generation_ = 0;
    }
    // A new search: older entries become preferred victims.
    void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & kGenerationMask); }

    // `depth`: the depth the position is searched to (the placement may weigh it).
    [[nodiscard]] std::optional<TTHit<Move>> probe(std::uint64_t key, int depth) const {
        const Bucket& b = bucket(key, depth);
        // Every entry is read and the match selected without a branch: which
        // entry holds a key (if any) is a coin toss the processor cannot predict.
        std::uint64_t found = 0;  // an entry's data is never 0 once written
        for (const auto& e : b.entries) {
            const std::uint64_t data = e.data.load(std::memory_order_relaxed);
            found = (e.key_xor_data.load(std::memory_order_relaxed) ^ data) == key ? data : found;
        }
        if (found == 0) return std::nullopt;
        const Fields f = unpack(found);
        return TTHit<Move>{f.score, f.depth, f.bound, f.has_move ? std::optional<Move>(f.move) : std::nullopt, f.eval};
    }

    // `score` must already be node-relative (score_to_tt). `eval`: the
    // position's static evaluation, kept where moves leave room (kStoresEval).
    void store(std::uint64_t key, Score score, int depth, Bound bound, std::optional<Move> move,
               std::optional<Score> eval = std::nullopt) {
        Bucket& b = bucket(key, depth);
        Entry* victim = &b.entries[0];
        int victim_worth = 1 << 30;
        for (auto& e : b.entries) {
            const std::uint64_t data = e.data.load(std::memory_order_relaxed);
            if ((e.key_xor_data.load(std::memory_order_relaxed) ^ data) == key && data != 0) {
                // Same position: keep its move if the new result has none, and
                // keep a deeper exact result over a shallow bound.
                const Fields old = unpack(data);
                if (!move && old.has_move) move = old.move;
                if (!eval) eval = old.eval;
                if (bound != Bound::Exact && old.depth > depth + 2 && old.generation == generation_) return;
                victim = &e;
                break;
            }
            const Fields f = unpack(data);
            const int age = (generation_ - f.generation) & kGenerationMask;
            const int worth = data == 0 ? -(1 << 29) : f.depth - 8 * age;
            if (worth < victim_worth) {
                victim_worth = worth;
                victim = &e;
            }
        }
        const std::uint64_t data = pack(score, depth, bound, move, eval);
        victim->data.store(data, std::memory_order_relaxed);
        victim->key_xor_data.store(key ^ data, std::memory_order_relaxed);
    }

    // Per mille of a sample of entries written in this search, as UCI's hashfull.
    [[nodiscard]] int hashfull() const {
        int used = 0;
        const std::size_t sample = std::min<std::size_t>(250, bucket_count_);
        for (std::size_t i = 0; i < sample; ++i)
            for (const auto& e : buckets_[i].entries) {
                const std::uint64_t data = e.data.load(std::memory_order_relaxed);
                used += data != 0 && unpack(data).generation == generation_;
            }
        return static_cast<int>(used * 1000 / (sample * kBucketSize));
    }

    void prefetch(std::uint64_t key, int depth) const { __builtin_prefetch(&bucket(key, depth)); }

    static constexpr int kBucketSize = 4;
    static constexpr std::size_t kBucketBytes = 64;
    // A move of 16 bits leaves the other 16 of its field to the evaluation.
    static constexpr bool kStoresEval = sizeof(Move) <= 2;

protected:
    Placement& placement() { return placement_; }
    [[nodiscard]] const Placement& placement() const { return placement_; }

private:
    static constexpr int kGenerationMask = 0xF;

    struct Entry {
        std::atomic<std::uint64_t> key_xor_data{0};
        std::atomic<std::uint64_t> data{0};
    };
    struct alignas(kBucketBytes) Bucket {
        std::array<Entry, kBucketSize> entries;
    };
    struct Fields {
        Move move{};
        bool has_move = false;
        Score score = 0;
        int depth = 0;
        Bound bound = Bound::None;
        std::uint8_t generation = 0;
        std::optional<Score> eval;
    };

    static constexpr std::uint16_t kNoEval = 0x8000;  // the int16 no evaluation takes (see eval_bits)
    static std::uint32_t eval_bits(std::optional<Score> eval) {
        const bool fits = eval && *eval > -0x8000 && *eval < 0x8000;  // another game's evaluation may not
        return std::uint32_t{fits ? static_cast<std::uint16_t>(*eval) : kNoEval} << 16;
    }

    // data: move (32, or 16 and the evaluation's 16) | score (16) | depth (8) | bound (2) | has move (1) |
    // generation (4) | 1
    std::uint64_t pack(Score score, int depth, Bound bound, std::optional<Move> move, std::optional<Score> eval) const {
        // Checked where a move is stored, not for the whole class: an engine
        // for a game without hash() holds a table it never writes, whatever its moves.
        static_assert(sizeof(Move) <= 4 && std::is_trivially_copyable_v<Move>, "the table stores moves in 32 bits");
        std::uint32_t move_bits = 0;
        if (move) std::memcpy(&move_bits, &*move, sizeof(Move));
        if constexpr (kStoresEval) move_bits |= eval_bits(eval);
        const auto depth_bits = static_cast<std::uint64_t>(std::clamp(depth + 1, 0, 255));
        return std::uint64_t{move_bits} | std::uint64_t{static_cast<std::uint16_t>(score)} << 32 | depth_bits << 48 |
               std::uint64_t{static_cast<std::uint8_t>(bound)} << 56 | std::uint64_t{move.has_value()} << 58 |
               std::uint64_t{generation_} << 59 | std::uint64_t{1} << 63;  // never 0 once written
    }
    static Fields unpack(std::uint64_t data) {
        Fields f;
        const auto move_bits = static_cast<std::uint32_t>(data);
        // Never more than the 32 bits stored: pack() refuses larger moves, but
        // a table that is never written (a game without hash()) still compiles this.
        constexpr std::size_t kMoveBytes = std::min(sizeof(Move), sizeof move_bits);
        std::memcpy(static_cast<void*>(&f.move), &move_bits, kMoveBytes);  // trivially copyable
        f.score = static_cast<std::int16_t>(static_cast<std::uint16_t>(data >> 32));
        f.depth = static_cast<int>((data >> 48) & 0xFF) - 1;
        f.bound = static_cast<Bound>((data >> 56) & 3);
        f.has_move = (data >> 58) & 1;
        f.generation = static_cast<std::uint8_t>((data >> 59) & 0xF);
        if constexpr (kStoresEval) {
            const auto bits = static_cast<std::uint16_t>(move_bits >> 16);
            if (bits != kNoEval) f.eval = static_cast<std::int16_t>(bits);
        }
        return f;
    }

    // Huge pages where the system offers them: every probe of a big table
    // lands on a page of its own, and with 4 KB pages nearly every one also
    // misses the processor's page translation cache.
    struct FreeBuckets {
        void operator()(Bucket* b) const { std::free(b); }
    };
    using Buckets = std::unique_ptr<Bucket[], FreeBuckets>;
    static Buckets allocate_buckets(std::size_t count, std::size_t megabytes) {
        constexpr std::size_t kHugePage = std::size_t{2} << 20;
        const std::size_t bytes = count * sizeof(Bucket);
        const std::size_t alignment = bytes >= kHugePage ? kHugePage : alignof(Bucket);
        void* memory = std::aligned_alloc(alignment, (bytes + alignment - 1) / alignment * alignment);
        if (!memory) throw OutOfMemory(megabytes, "transposition table");
#if defined(MADV_HUGEPAGE)
        if (alignment == kHugePage) madvise(memory, bytes, MADV_HUGEPAGE);  // a hint: failure costs nothing
#endif
        auto* buckets = static_cast<Bucket*>(memory);
        std::uninitialized_value_construct_n(buckets, count);
        return Buckets(buckets);
    }

    const Bucket& bucket(std::uint64_t key, int depth) const { return buckets_[placement_.index(key, depth)]; }
    Bucket& bucket(std::uint64_t key, int depth) {
        return const_cast<Bucket&>(std::as_const(*this).bucket(key, depth));
    }

    Buckets buckets_;
    std::size_t bucket_count_ = 0;
    std::size_t megabytes_ = 0;
    Placement placement_;
    std::uint8_t generation_ = 0;
};

}  // namespace ply::engine
