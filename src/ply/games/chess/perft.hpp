// Perft: the number of legal move paths of a given length, the standard
// check of a move generator. The last ply is counted, not played (bulk
// counting); an optional hash table and threads help with large counts.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include <ply/core/perft.hpp>
#include <ply/games/chess/position.hpp>

namespace ply::chess {

using PerftTable = ply::PerftTable;  // (core/perft.hpp)

struct PerftOptions {
    int threads = 1;              // root moves are shared out between threads
    std::size_t hash_mb = 0;      // 0: no hash table
    PerftTable* table = nullptr;  // a table to reuse (hash_mb is then ignored)
    // Set from another thread to end the count early (the counts are then partial).
    const std::atomic<bool>* stop = nullptr;
};

std::uint64_t perft(const Position& pos, int depth, const PerftOptions& options = {});

// The count below each root move, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         const PerftOptions& options = {});

}  // namespace ply::chess

namespace ply {

// Chess's perft for the front ends (core/perft.hpp): one table for every
// count, as allocating it per count would cost more than it saves.
template <>
class PerftCounter<chess::Position> {
public:
    PerftCounter(int threads, std::size_t hash_mb)
        : threads_(threads), table_(hash_mb > 0 ? std::make_unique<chess::PerftTable>(hash_mb) : nullptr) {}

    std::uint64_t count(const chess::Position& pos, int depth) const { return chess::perft(pos, depth, options()); }
    std::vector<std::pair<chess::Move, std::uint64_t>> divide(const chess::Position& pos, int depth) const {
        return chess::perft_divide(pos, depth, options());
    }

private:
    chess::PerftOptions options() const { return {threads_, 0, table_.get()}; }

    int threads_;
    std::unique_ptr<chess::PerftTable> table_;
};

}  // namespace ply
