#include <ply/games/go/handicap.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>

namespace ply::go {

namespace {

// The layouts of 2 to 9 stones: each point's row and column as 0 (near
// the lower or left edge), 1 (the middle) or 2 (the far edge).
constexpr std::array<const char*, 8> kLayouts = {
    "0022",         "002220",         "00222002",         "0022200211",
    "002220021012", "00222002101211", "0022200210120121", "002220021012012111",
};

}  // namespace

int max_fixed_handicap(int size) {
    if (size < 7) return 0;
    return size % 2 == 0 || size == 7 ? 4 : 9;
}

std::vector<Point> fixed_handicap(int size, int stones) {
    if (stones < 2 || stones > max_fixed_handicap(size)) return {};
    const int line = size < 13 ? 2 : 3;  // the third or fourth line, counted from 0
    const std::array<int, 3> at = {line, (size - 1) / 2, size - 1 - line};
    std::vector<Point> points;
    for (const char* p = kLayouts[static_cast<std::size_t>(stones - 2)]; *p; p += 2)
        points.push_back(point_at(at[static_cast<std::size_t>(p[1] - '0')], at[static_cast<std::size_t>(p[0] - '0')]));
    return points;
}

std::vector<Point> free_handicap(int size, int stones) {
    if (stones < 2 || stones > size * size - 1) return {};
    std::vector<Point> points = fixed_handicap(size, std::min(stones, max_fixed_handicap(size)));
    while (static_cast<int>(points.size()) < stones) {
        // The empty point farthest (in board steps) from every stone; ties
        // to the one nearest the centre, then the first in board order.
        Point best = kNoPoint;
        std::pair<int, int> best_key{-1, 0};
        for (int row = 0; row < size; ++row)
            for (int column = 0; column < size; ++column) {
                const Point p = point_at(column, row);
                if (std::find(points.begin(), points.end(), p) != points.end()) continue;
                int nearest = std::numeric_limits<int>::max();
                for (const Point q : points)
                    nearest = std::min(nearest, std::abs(column_of(q) - column) + std::abs(row_of(q) - row));
                const int off_centre = std::abs(2 * column - (size - 1)) + std::abs(2 * row - (size - 1));
                const std::pair<int, int> key{nearest, -off_centre};
                if (key > best_key) best_key = key, best = p;
            }
        points.push_back(best);
    }
    return points;
}

}  // namespace ply::go
