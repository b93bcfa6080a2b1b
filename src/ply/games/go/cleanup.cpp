#include <ply/games/go/cleanup.hpp>

#include <ply/games/go/status.hpp>

namespace ply::go {

std::optional<Move> dead_stone_capture(const Go& game, std::uint64_t seed, int playouts) {
    const Board& board = game.board();
    const Color us = game.to_move();
    const Ownership own = ownership(game, seed, playouts);
    const auto owned = [&](Point p) { return 10 * own.of(us, p) >= 8 * playouts; };
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

std::optional<Move> dead_string_attack(const Go& game, std::uint64_t seed) {
    const Board& board = game.board();
    const Color us = game.to_move();
    const auto status = stone_statuses(game, seed);
    std::optional<Move> closing_in;
    for (Point p = 0; p < kPoints; ++p) {
        if (board.at(p) != opponent(us) || status[p] != StoneStatus::Dead) continue;
        for (const int step : kSteps) {
            const auto q = static_cast<Point>(p + step);
            if (board.at(q) != Empty || !game.is_legal(q) || board.is_self_atari(q, us)) continue;
            if (board.in_atari(p)) return q;
            if (!closing_in) closing_in = q;
        }
    }
    return closing_in;
}

}  // namespace ply::go
