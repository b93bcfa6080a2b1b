#include <ply/games/checkers/perft.hpp>

#include <algorithm>
#include <bit>

#include <ply/games/checkers/bitboard.hpp>

namespace ply::checkers {
namespace {

using namespace bitboard;

// A key for the table: the position, the side and the depth, well mixed.
std::uint64_t table_key(const Board& b, int us, int depth, std::uint64_t salt) {
    std::uint64_t x = (std::uint64_t{b.pieces[0]} << 32 | b.pieces[1]) ^ salt;
    x = (x ^ (x >> 31)) * 0x7FB5D329728EA185ULL;
    x ^= (std::uint64_t{b.kings} << 8 | static_cast<std::uint64_t>(depth) << 1 | static_cast<std::uint64_t>(us));
    x = (x ^ (x >> 27)) * 0x81DADEF4BC2DD44DULL;
    return x ^ (x >> 33);
}

struct Context {
    PerftTable* table;
    const std::atomic<bool>* stop;
};

template <int Us>
std::uint64_t count(const Board& b, int depth, const Context& c);

template <int Us>
std::uint64_t count_moves(const Board& b, int depth, const Context& c) {
    const std::uint32_t empty = ~(b.pieces[0] | b.pieces[1]);
    const std::uint32_t jumping = all_jumpers<Us>(b, empty);
    std::uint64_t total = 0;
    if (depth == 1) {  // counted, not played
        if (!jumping) return count_quiet<Us>(b, empty);
        each_jump<Us>(b, jumping, empty, [&](std::uint32_t, std::uint32_t, std::uint32_t) { ++total; });
        return total;
    }
    if (jumping) {
        each_jump<Us>(b, jumping, empty, [&](std::uint32_t from, std::uint32_t to, std::uint32_t taken) {
            total += count<1 - Us>(after<Us>(b, from, to, taken), depth - 1, c);
        });
        return total;
    }
    const std::uint32_t mine = b.pieces[Us], kings = mine & b.kings;
    const auto play = [&](int d, std::uint32_t movers) {
        for (std::uint32_t to = step(d, movers) & empty; to; to &= to - 1) {
            const std::uint32_t target = to & (0u - to);
            total += count<1 - Us>(after<Us>(b, step(opposite(d), target), target, 0), depth - 1, c);
        }
    };
    play(kForward<Us>, mine);
    play(kForward<Us> + 1, mine);
    play(kBackward<Us>, kings);
    play(kBackward<Us> + 1, kings);
    return total;
}

template <int Us>
std::uint64_t count(const Board& b, int depth, const Context& c) {
    if (depth < 3 || !c.table) return count_moves<Us>(b, depth, c);
    if (depth >= 5 && perft_stopped(c.stop)) return 0;
    const std::uint64_t key = table_key(b, Us, depth, c.table->salt());
    if (std::uint64_t cached; c.table->probe(key, cached)) return cached;
    const std::uint64_t total = count_moves<Us>(b, depth, c);
    if (!perft_stopped(c.stop)) c.table->store(key, total);  // a partial count is not kept
    return total;
}

std::uint64_t count_from(const Checkers& g, int depth, const Context& c) {
    if (depth <= 0) return 1;
    const Board b{{g.pieces(Black), g.pieces(White)}, g.kings()};
    return g.side_to_move() == Black ? count<Black>(b, depth, c) : count<White>(b, depth, c);
}

}  // namespace

std::vector<std::pair<Move, std::uint64_t>> fast_perft_divide(const Checkers& root, int depth,
                                                              const PerftOptions& options) {
    if (depth <= 0) return {};
    Checkers::MoveList moves;
    root.generate_legal(moves);
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (const Move m : moves) result.emplace_back(m, 0);
    if (options.table) options.table->new_generation();
    const Context context{options.table, options.stop};
    count_root_moves(root, result, options.threads, options.stop,
                     [&](Checkers& g) { return count_from(g, depth - 1, context); });
    return result;
}

std::uint64_t fast_perft(const Checkers& root, int depth, const PerftOptions& options) {
    if (depth <= 0) return 1;
    if (options.threads <= 1 && !options.table && !options.stop) return count_from(root, depth, {nullptr, nullptr});
    std::uint64_t total = 0;
    for (const auto& [move, n] : fast_perft_divide(root, depth, options)) total += n;
    return total;
}

}  // namespace ply::checkers
