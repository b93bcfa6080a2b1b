#include <ply/games/go/status.hpp>

#include <random>

#include <ply/games/go/safety.hpp>

namespace ply::go {

Ownership ownership(const Go& game, std::uint64_t seed, int playouts) {
    Ownership o;
    o.playouts = playouts;
    std::array<Color, kPoints> owner{};
    const int most_plies = 3 * game.size() * game.size();
    for (int k = 0; k < playouts; ++k) {
        Go g = game;
        if (g.passes() >= 2) g.resume();
        std::mt19937_64 rng(seed + static_cast<std::uint64_t>(k));
        for (int ply = 0; ply < most_plies && g.outcome() == Outcome::Ongoing; ++ply) g.make(g.playout_move(rng));
        g.board().area_owners(owner);
        for (Point p = 0; p < kPoints; ++p) {
            o.black[p] += owner[p] == Black;
            o.white[p] += owner[p] == White;
        }
    }
    return o;
}

std::array<StoneStatus, kPoints> stone_statuses(const Go& game, std::uint64_t seed, int playouts) {
    const Board& board = game.board();
    const Ownership own = ownership(game, seed, playouts);
    std::array<bool, kPoints> safe{};
    mark_unconditionally_alive(board, Black, safe);
    mark_unconditionally_alive(board, White, safe);
    std::array<StoneStatus, kPoints> status{};
    for (Point head = 0; head < kPoints; ++head) {
        const Color c = board.at(head);
        if ((c != Black && c != White) || board.string_of(head) != head) continue;
        int stones = 0, lost = 0;
        bool shared_liberty = false;
        Point p = head;
        do {
            ++stones;
            lost += own.of(opponent(c), p);
            for (const int step : kSteps) {
                const auto n = static_cast<Point>(p + step);
                shared_liberty |= board.at(n) == Empty && 2 * own.neither(n) >= playouts;
            }
            p = board.next_stone(p);
        } while (p != head);
        StoneStatus s = StoneStatus::Alive;
        if (!safe[head] && 2 * lost > stones * playouts)
            s = StoneStatus::Dead;
        else if (!safe[head] && shared_liberty)
            s = StoneStatus::Seki;
        p = head;
        do {
            status[p] = s;
            p = board.next_stone(p);
        } while (p != head);
    }
    return status;
}

}  // namespace ply::go
