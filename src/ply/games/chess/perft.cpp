#include <ply/games/chess/perft.hpp>

#include <algorithm>
#include <atomic>
#include <memory>

#include <ply/games/chess/movegen.hpp>

namespace ply::chess {

namespace {

constexpr std::uint64_t depth_key(int depth) { return 0x9E3779B97F4A7C15ULL * std::uint64_t(depth + 1); }

// Checked where a node's subtree is big enough for the load not to show.
template <Color Us>
std::uint64_t count_paths(Position& pos, int depth, PerftTable* table, const std::atomic<bool>* stop) {
    constexpr Color Them = Us == White ? Black : White;
    if (depth == 1) return movegen::generate<Us, movegen::Gen::All, true>(pos, nullptr);
    if (depth >= 4 && perft_stopped(stop)) return 0;
    std::uint64_t key = 0;
    if (table) {
        key = pos.hash() ^ depth_key(depth) ^ table->salt();
        if (std::uint64_t cached; table->probe(key, cached)) return cached;
    }
    Move moves[Position::max_moves];
    const int n = movegen::generate<Us, movegen::Gen::All, false>(pos, moves);
    std::uint64_t total = 0;
    if (depth == 2) {
        for (int i = 0; i < n; ++i) {
            pos.make(moves[i]);
            total += movegen::generate<Them, movegen::Gen::All, true>(pos, nullptr);
            pos.unmake(moves[i]);
        }
    } else {
        for (int i = 0; i < n; ++i) {
            pos.make(moves[i]);
            total += count_paths<Them>(pos, depth - 1, table, stop);
            pos.unmake(moves[i]);
        }
    }
    if (table && !perft_stopped(stop)) table->store(key, total);  // a partial count is not kept
    return total;
}

std::uint64_t count_from(Position& pos, int depth, PerftTable* table, const std::atomic<bool>* stop = nullptr) {
    if (depth <= 0) return 1;
    return pos.side_to_move() == White ? count_paths<White>(pos, depth, table, stop)
                                       : count_paths<Black>(pos, depth, table, stop);
}

}  // namespace

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& root, int depth, const PerftOptions& options) {
    Position::MoveList moves;
    root.generate_legal(moves);
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (const Move m : moves) result.emplace_back(m, 0);
    if (depth <= 0) return {};

    std::unique_ptr<PerftTable> own;
    PerftTable* table = options.table;
    if (!table && options.hash_mb > 0 && depth >= 3)
        table = (own = std::make_unique<PerftTable>(options.hash_mb)).get();
    if (table) table->new_generation();
    count_root_moves(root, result, options.threads, options.stop,
                     [&](Position& pos) { return count_from(pos, depth - 1, table, options.stop); });
    return result;
}

std::uint64_t perft(const Position& root, int depth, const PerftOptions& options) {
    if (depth <= 0) return 1;
    if (options.threads <= 1 && options.hash_mb == 0 && !options.table && !options.stop) {
        Position pos = root;
        return count_from(pos, depth, nullptr);
    }
    std::uint64_t total = 0;
    for (const auto& [move, count] : perft_divide(root, depth, options)) total += count;
    return total;
}

}  // namespace ply::chess
