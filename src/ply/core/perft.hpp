// Where a game keeps a perft of its own, faster than the generic walk of
// search/perft.hpp (chess: bulk counting of the last ply, threads, a hash
// table). Its folder specializes PerftCounter<G>:
//
//   template <>
//   class PerftCounter<MyGame> {
//   public:
//       PerftCounter(int threads, std::size_t hash_mb);  // may throw OutOfMemory
//       std::uint64_t count(const MyGame& game, int depth);
//       std::vector<std::pair<MyGame::Move, std::uint64_t>> divide(const MyGame& game, int depth);
//   };
//
// An object rather than free functions, so that one table serves every count
// of a suite. A trait rather than members of G, as with EngineProtocol: the
// counter's threads and table stay out of the game's hot header; the game's
// description (games/<g>/description.hpp) includes it and checks it.
#pragma once

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <new>
#include <thread>
#include <utility>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/core/threads.hpp>

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>

namespace ply {

// Left undefined for a game without a perft of its own.
template <class G>
class PerftCounter;

template <class G>
concept FastPerftGame = Game<G> && described<G>() && requires(const G cg, int threads, std::size_t hash_mb) {
    { PerftCounter<G>{threads, hash_mb}.count(cg, 1) } -> std::same_as<std::uint64_t>;
    { PerftCounter<G>{threads, hash_mb}.divide(cg, 1).front().second } -> std::convertible_to<std::uint64_t>;
};

// Counts of subtrees by key (the position's and the depth's, mixed by the
// game), shared by threads. Reusable across counts: each count starts a new
// generation of keys, so entries from earlier roots are never mistaken for
// the current one's.
class PerftTable {
public:
    explicit PerftTable(std::size_t mb) {  // throws OutOfMemory
        std::size_t n = 1;
        while (n * 2 * sizeof(Slot) <= mb * 1024 * 1024) n *= 2;
        slots_ = new (std::nothrow) Slot[n];
        if (!slots_) throw OutOfMemory(mb, "perft hash table");
        mask_ = n - 1;
    }
    ~PerftTable() { delete[] slots_; }
    PerftTable(const PerftTable&) = delete;
    PerftTable& operator=(const PerftTable&) = delete;

    void new_generation() { salt_ = (salt_ + 1) * 0xD6E8FEB86659FD93ULL; }
    [[nodiscard]] std::uint64_t salt() const { return salt_; }

    bool probe(std::uint64_t key, std::uint64_t& count) const {
        const Slot& s = slots_[key & mask_];
        const std::uint64_t c = s.count.load(std::memory_order_relaxed);
        if ((s.check.load(std::memory_order_relaxed) ^ c) != key) return false;
        count = c;
        return true;
    }
    void store(std::uint64_t key, std::uint64_t count) {
        Slot& s = slots_[key & mask_];
        s.check.store(key ^ count, std::memory_order_relaxed);
        s.count.store(count, std::memory_order_relaxed);
    }

private:
    // The key xor the count next to the count, so that a slot torn by two
    // threads writing at once reads as a miss instead of a wrong count.
    struct Slot {
        std::atomic<std::uint64_t> check{0};
        std::atomic<std::uint64_t> count{0};
    };
    Slot* slots_ = nullptr;
    std::size_t mask_ = 0;
    std::uint64_t salt_ = 0;
};

// Whether a count was asked to stop (none asked: never).
inline bool perft_stopped(const std::atomic<bool>* stop) { return stop && stop->load(std::memory_order_relaxed); }

// Fills each root move's count with count(the position after it, mutable),
// the moves shared out among `threads` threads as they free up (as many as
// the system gives; the caller's alone if it gives none); no move is taken
// once *stop is set.
template <class G, class Count>
void count_root_moves(const G& root, std::vector<std::pair<typename G::Move, std::uint64_t>>& moves, int threads,
                      const std::atomic<bool>* stop, const Count& count) {
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        G g = root;
        for (std::size_t i; (i = next.fetch_add(1)) < moves.size() && !perft_stopped(stop);) {
            g.make(moves[i].first);
            moves[i].second = count(g);
            g.unmake(moves[i].first);
        }
    };
    if (std::clamp(threads, 1, 256) == 1) return work();
    std::vector<std::thread> pool;
    if (start_threads(pool, 0, std::clamp(threads, 1, 256), [&](int) { work(); }) == 0) work();
    for (auto& th : pool) th.join();
}

}  // namespace ply
