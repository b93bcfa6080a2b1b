#include <ply/games/go/safety.hpp>

#include <algorithm>
#include <array>
#include <vector>

namespace ply::go {

namespace {

// A maximal connected set of points that are not c's, and the c strings
// (by head) that border it.
struct EnclosedRegion {
    std::vector<Point> points;
    std::vector<Point> borders;
    bool alive = true;  // still enclosed by strings that may be alive
};

std::vector<EnclosedRegion> regions_enclosed_by(const Board& board, Color c) {
    std::vector<EnclosedRegion> regions;
    std::array<bool, kPoints> seen{};
    for (Point start = 0; start < kPoints; ++start) {
        if (!board.on_board(start) || board.at(start) == c || seen[start]) continue;
        EnclosedRegion region;
        seen[start] = true;
        region.points.push_back(start);
        for (std::size_t i = 0; i < region.points.size(); ++i) {
            for (const int step : kSteps) {
                const auto n = static_cast<Point>(region.points[i] + step);
                if (board.at(n) == c) {
                    const Point head = board.string_of(n);
                    if (std::find(region.borders.begin(), region.borders.end(), head) == region.borders.end())
                        region.borders.push_back(head);
                } else if (board.on_board(n) && !seen[n]) {
                    seen[n] = true;
                    region.points.push_back(n);
                }
            }
        }
        regions.push_back(std::move(region));
    }
    return regions;
}

// Benson's "vital": every empty point of the region is a liberty of the string.
bool is_vital_to(const Board& board, const EnclosedRegion& region, Point head) {
    return std::all_of(region.points.begin(), region.points.end(), [&](Point p) {
        if (board.at(p) != Empty) return true;
        return std::any_of(kSteps.begin(), kSteps.end(),
                           [&](int step) { return board.string_of(static_cast<Point>(p + step)) == head; });
    });
}

// Benson's fixed point: a string needs two vital regions among those still
// alive; a region dies with any string that borders it. What is left alive
// of both is safe.
struct Benson {
    std::vector<EnclosedRegion> regions;
    std::vector<Point> heads;
    std::array<bool, kPoints> dead{};
};

Benson benson(const Board& board, Color c) {
    Benson b{regions_enclosed_by(board, c), {}, {}};
    for (const EnclosedRegion& r : b.regions)
        for (const Point h : r.borders)
            if (std::find(b.heads.begin(), b.heads.end(), h) == b.heads.end()) b.heads.push_back(h);
    for (bool changed = true; changed;) {
        changed = false;
        for (const Point h : b.heads) {
            if (b.dead[h]) continue;
            int vital = 0;
            for (const EnclosedRegion& r : b.regions)
                if (r.alive && std::find(r.borders.begin(), r.borders.end(), h) != r.borders.end() &&
                    is_vital_to(board, r, h))
                    ++vital;
            if (vital < 2) {
                b.dead[h] = true;
                changed = true;
            }
        }
        for (EnclosedRegion& r : b.regions) {
            if (r.alive && std::any_of(r.borders.begin(), r.borders.end(), [&](Point h) { return b.dead[h]; })) {
                r.alive = false;
                changed = true;
            }
        }
    }
    return b;
}

}  // namespace

int safe_points(const Board& board, Color c) {
    const Benson b = benson(board, c);
    int safe = 0;
    for (const Point h : b.heads)
        if (!b.dead[h]) safe += board.string_size(h);
    for (const EnclosedRegion& r : b.regions)
        if (r.alive && !r.borders.empty() && r.points.size() == 1) ++safe;
    return safe;
}

void mark_unconditionally_alive(const Board& board, Color c, std::array<bool, kPoints>& safe) {
    const Benson b = benson(board, c);
    for (const Point h : b.heads) {
        if (b.dead[h]) continue;
        Point p = h;
        do {
            safe[p] = true;
            p = board.next_stone(p);
        } while (p != h);
    }
}

}  // namespace ply::go
