#include <ply/games/go/cleanup.hpp>

#include <array>
#include <random>

namespace ply::go {

namespace {

// For every point, in how many of the playouts it ends in `us`'s area.
std::array<int, kPoints> area_counts(const Go& game, Color us, std::uint64_t seed, int playouts) {
    std::array<int, kPoints> counts{};
    std::array<Color, kPoints> owner{};
    const int most_plies = 3 * game.size() * game.size();
    for (int k = 0; k < playouts; ++k) {
        Go g = game;
        std::mt19937_64 rng(seed + static_cast<std::uint64_t>(k));
        for (int ply = 0; ply < most_plies && g.outcome() == Outcome::Ongoing; ++ply) g.make(g.playout_move(rng));
        g.board().area_owners(owner);
        for (Point p = 0; p < kPoints; ++p) counts[p] += owner[p] == us;
    }
    return counts;
}

}  // namespace

std::optional<Move> dead_stone_capture(const Go& game, std::uint64_t seed, int playouts) {
    const Board& board = game.board();
    const Color us = game.to_move();
    const std::array<int, kPoints> ours = area_counts(game, us, seed, playouts);
    const auto owned = [&](Point p) { return 10 * ours[p] >= 8 * playouts; };
    std::optional<Move> closing_in;
    for (Point p = 0; p < kPoints; ++p) {
        if (board.at(p) != opponent(us) || !owned(p)) continue;
        for (const int step : kSteps) {
            const auto q = static_cast<Point>(p + step);
            if (board.at(q) != Empty || !owned(q) || !game.is_legal(q) || board.is_self_atari(q, us)) continue;
            if (board.in_atari(p)) return q;  // q is its last liberty: it comes off now
            if (!closing_in) closing_in = q;
        }
    }
    return closing_in;
}

}  // namespace ply::go
