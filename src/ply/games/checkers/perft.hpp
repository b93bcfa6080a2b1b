// Checkers' own perft: the move generator of checkers.hpp redone on whole
// bitboards (every man of a side steps with one shift), the last ply counted
// without generating its moves, copies made instead of make/unmake, and
// optionally threads and a hash table (core/perft.hpp). Counts as perft
// does in the field: a king taking the same pieces by two routes makes two
// moves (OEIS A133046).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include <ply/core/perft.hpp>
#include <ply/games/checkers/checkers.hpp>

namespace ply::checkers {

struct PerftOptions {
    int threads = 1;              // root moves are shared out between threads
    PerftTable* table = nullptr;  // none: no hash table
    // Set from another thread to end the count early (the counts are then partial).
    const std::atomic<bool>* stop = nullptr;
};

std::uint64_t fast_perft(const Checkers& game, int depth, const PerftOptions& options = {});

// The count below each root move, in generate_legal's order.
std::vector<std::pair<Move, std::uint64_t>> fast_perft_divide(const Checkers& game, int depth,
                                                              const PerftOptions& options = {});

}  // namespace ply::checkers

namespace ply {

// For the front ends: one table for every count of a suite.
template <>
class PerftCounter<checkers::Checkers> {
public:
    PerftCounter(int threads, std::size_t hash_mb)
        : threads_(threads), table_(hash_mb > 0 ? std::make_unique<PerftTable>(hash_mb) : nullptr) {}

    std::uint64_t count(const checkers::Checkers& game, int depth) const {
        return checkers::fast_perft(game, depth, {threads_, table_.get()});
    }
    std::vector<std::pair<checkers::Move, std::uint64_t>> divide(const checkers::Checkers& game, int depth) const {
        return checkers::fast_perft_divide(game, depth, {threads_, table_.get()});
    }

private:
    int threads_;
    std::unique_ptr<PerftTable> table_;
};

}  // namespace ply
