// Retrograde analysis of one slice: every position's value with perfect
// play, from the ends of the game backwards, given the values of the slices
// its moves lead out into.
//
// The game offers moves forward only, so the builder first walks every
// position's moves once to learn, for each position, who leads into it (its
// predecessors in the slice, stored compactly) and what its exits to other
// slices and to the end of the game are worth. Then values spread backwards
// level by level, as minimax from the leaves: a position with a child lost
// in n plies is won in n+1 (the first such child found, the shortest win);
// a position whose children are all won, the longest in n plies, is lost in
// n+1 (the longest resistance). What is settled by no level is a draw.
// Levels settle in increasing order, so the distances are exact (DTM in
// chess, distance to the win in checkers).
//
// Memory: 4 bytes per move inside the slice plus about 22 per position at
// the peak (codes, counters, offsets and the fill cursors of the links).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <ply/core/move_list.hpp>
#include <ply/core/slices.hpp>
#include <ply/core/threads.hpp>
#include <ply/search/retro/value.hpp>

namespace ply::retro {

struct BuildOptions {
    int threads = 1;
    // Called now and then with a phase ("moves", "links", "levels") and the
    // fraction done; return false to stop the build (it then throws Stopped).
    std::function<bool(const char* phase, double done)> progress;
};

struct Stopped : std::runtime_error {
    Stopped() : std::runtime_error("stopped") {}
};

// Runs body(first, last) over [0, size) in chunks, on `threads` threads.
// What the body throws on any thread (a stop, a failed lookup) ends the
// others at their next chunk and is thrown here once all have joined: out
// of a thread of its own it would end the program.
template <class Body>
void for_chunks(std::uint64_t size, int threads, const Body& body) {
    constexpr std::uint64_t chunk = 1 << 14;
    std::atomic<std::uint64_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&](int) {
        try {
            for (std::uint64_t first; (first = next.fetch_add(chunk)) < size;)
                body(first, std::min(size, first + chunk));
        } catch (...) {
            next = size;
            std::lock_guard lock(failure_mutex);
            if (!failure) failure = std::current_exception();
        }
    };
    {
        std::vector<std::jthread> helpers;
        start_threads(helpers, 1, std::max(1, threads), work);
        work(0);
    }
    if (failure) std::rethrow_exception(failure);
}

template <SlicedGame G, class Lookup>
class SliceBuilder {
public:
    using Slice = SliceOf<G>;
    using Index = std::uint32_t;

    // `lookup(address)` gives the code of a position in another slice
    // (already built); it is called from several threads at once.
    SliceBuilder(Slice slice, const Lookup& lookup, BuildOptions options)
        : slice_(std::move(slice)), lookup_(lookup), options_(std::move(options)) {
        const std::uint64_t size = SliceIndex<G>::size(slice_);
        if (size >= std::uint64_t(1) << 32)
            throw std::length_error("slice " + std::string(SliceIndex<G>::name(slice_)) + " has too many positions");
        size_ = Index(size);
    }

    // The codes of every index of the slice (not_counted_code where the index
    // names no position).
    std::vector<Code> build() {
        codes_.assign(size_, unknown_code);
        waiting_.assign(size_, 0);
        longest_exit_win_.assign(size_, 0);
        first_pred_.assign(std::size_t(size_) + 1, 0);
        levels_.clear();
        scan_moves();
        link_predecessors();
        settle_levels();
        for (Code& c : codes_)
            if (c == unknown_code) c = draw_code;
        return std::move(codes_);
    }

private:
    static constexpr std::uint16_t cannot_lose = 0xFFFF;

    void report(const char* phase, double done) {
        if (options_.progress && !options_.progress(phase, done)) throw Stopped();
    }

    enum class Kind { NotCounted, End, Inner };

    // Calls visit(child_index) for each move staying in the slice; exits to
    // other slices and the end of the game are noted if asked.
    template <class Visit>
    Kind walk(Index i, G& g, const Visit& visit, bool note_exits) {
        if (!SliceIndex<G>::position(slice_, i, g)) return Kind::NotCounted;
        if (const Outcome over = g.outcome(); is_over(over)) {
            if (note_exits) schedule_end(i, over);
            return Kind::End;
        }
        MoveListOf<G> moves;
        g.generate_moves(moves);
        int best_exit_loss = -1, longest_exit_win = 0;
        bool can_lose = true;
        for (const auto m : moves) {
            g.make(m);
            Code child = unknown_code;
            if (const Outcome over = g.outcome(); is_over(over))
                child = over == Outcome::Win ? win_code(0) : over == Outcome::Loss ? loss_code(0) : draw_code;
            else if (auto at = SliceIndex<G>::address(g); !at)
                throw std::logic_error("a move from slice " + std::string(SliceIndex<G>::name(slice_)) +
                                       " leads to no slice");
            else if (at->slice == slice_)
                visit(Index(at->index));
            else
                child = lookup_(*at);
            g.unmake(m);
            if (!note_exits || child == unknown_code) continue;
            const Value v = decode(child);
            if (v.result == Outcome::Loss && (best_exit_loss < 0 || v.plies < best_exit_loss)) best_exit_loss = v.plies;
            if (v.result == Outcome::Win)
                longest_exit_win = std::max(longest_exit_win, v.plies);
            else
                can_lose = false;
        }
        if (note_exits) note(i, best_exit_loss, longest_exit_win, can_lose);
        return Kind::Inner;
    }

    // The end of the game: a draw now, a win or a loss at level 0 (where
    // settle() reads waiting_ 0 as lost).
    void schedule_end(Index i, Outcome over) {
        if (over == Outcome::Draw) {
            codes_[i] = draw_code;
            return;
        }
        waiting_[i] = over == Outcome::Loss ? 0 : cannot_lose;
        push_later(i, 0);
    }

    void note(Index i, int best_exit_loss, int longest_exit_win, bool can_lose) {
        longest_exit_win_[i] = std::uint16_t(longest_exit_win);
        if (!can_lose) waiting_[i] = cannot_lose;
        if (best_exit_loss >= 0) push_later(i, best_exit_loss + 1);
    }

    // Scanned by several threads: positions of one level are collected per
    // chunk and merged under a lock.
    void push_later(Index i, int level) {
        std::lock_guard lock(levels_mutex_);
        if (std::size_t(level) >= levels_.size()) levels_.resize(std::size_t(level) + 1);
        levels_[std::size_t(level)].push_back(i);
    }

    // Pass 1: count each position's moves inside the slice (it waits for all
    // of them to be won before it can be lost) and its predecessors.
    void scan_moves() {
        std::vector<std::atomic<Index>> preds(size_);
        std::atomic<std::uint64_t> done{0};
        for_chunks(size_, options_.threads, [&](std::uint64_t first, std::uint64_t last) {
            G g;
            for (auto i = Index(first); i < last; ++i) {
                int inside = 0;
                const Kind kind = walk(
                    i, g,
                    [&](Index child) {
                        ++inside;
                        preds[child].fetch_add(1, std::memory_order_relaxed);
                    },
                    true);
                if (kind == Kind::NotCounted) codes_[i] = not_counted_code;
                if (kind == Kind::Inner && waiting_[i] != cannot_lose) {
                    waiting_[i] = std::uint16_t(inside);
                    if (inside == 0) push_later(i, longest_exit_win_[i] + 1);  // no way out but wins
                }
            }
            progress_chunk(done, last - first, "moves");
        });
        for (Index i = 0; i < size_; ++i)
            first_pred_[i + 1] = first_pred_[i] + preds[i].load(std::memory_order_relaxed);
    }

    // Pass 2: the same moves again, each written into its child's list of
    // predecessors.
    void link_predecessors() {
        pred_.assign(first_pred_[size_], 0);
        std::vector<std::atomic<std::uint64_t>> fill(size_);
        for (Index i = 0; i < size_; ++i) fill[i].store(first_pred_[i], std::memory_order_relaxed);
        std::atomic<std::uint64_t> done{0};
        for_chunks(size_, options_.threads, [&](std::uint64_t first, std::uint64_t last) {
            G g;
            for (auto i = Index(first); i < last; ++i)
                if (codes_[i] == unknown_code)
                    walk(
                        i, g, [&](Index child) { pred_[fill[child].fetch_add(1, std::memory_order_relaxed)] = i; },
                        false);
            progress_chunk(done, last - first, "links");
        });
    }

    void progress_chunk(std::atomic<std::uint64_t>& done, std::uint64_t count, const char* phase) {
        const std::uint64_t now = done.fetch_add(count) + count;
        if (options_.progress && (now >> 20) != ((now - count) >> 20)) {
            std::lock_guard lock(levels_mutex_);
            report(phase, double(now) / double(size_));
        }
    }

    void settle_levels() {
        for (std::size_t level = 0; level < levels_.size(); ++level) {
            std::vector<Index> now = std::move(levels_[level]);
            for (const Index i : now) settle(i, int(level));
            if (level % 16 == 0) report("levels", 0.0);
        }
    }

    // `i` was scheduled at `level`: settle it unless an earlier level did,
    // then tell its predecessors.
    void settle(Index i, int level) {
        Code& code = codes_[i];
        if (code != unknown_code) return;  // settled already, by a shorter win
        if (level > max_plies) throw std::length_error("a distance beyond the code's range");
        code = waiting_[i] == 0 ? loss_code(level) : win_code(level);
        const Value v = decode(code);
        for (std::uint64_t k = first_pred_[i]; k < first_pred_[i + 1]; ++k) {
            const Index p = pred_[k];
            if (codes_[p] != unknown_code) continue;
            if (v.result == Outcome::Loss) {
                push_now(p, level + 1);
            } else if (v.result == Outcome::Win && waiting_[p] != cannot_lose && --waiting_[p] == 0) {
                push_now(p, std::max(level, int(longest_exit_win_[p])) + 1);
            }
        }
    }

    void push_now(Index i, int level) {
        if (std::size_t(level) >= levels_.size()) levels_.resize(std::size_t(level) + 1);
        levels_[std::size_t(level)].push_back(i);
    }

    Slice slice_;
    const Lookup& lookup_;
    BuildOptions options_;
    Index size_ = 0;
    std::vector<Code> codes_;
    std::vector<std::uint16_t> waiting_;           // moves inside not yet known won; cannot_lose
    std::vector<std::uint16_t> longest_exit_win_;  // plies, over exits to other slices
    std::vector<std::uint64_t> first_pred_;
    std::vector<Index> pred_;
    std::vector<std::vector<Index>> levels_;
    std::mutex levels_mutex_;
};

template <SlicedGame G, class Lookup>
std::vector<Code> build_slice(const SliceOf<G>& slice, const Lookup& lookup, const BuildOptions& options = {}) {
    return SliceBuilder<G, Lookup>(slice, lookup, options).build();
}

}  // namespace ply::retro
