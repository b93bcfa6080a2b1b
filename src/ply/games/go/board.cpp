#include <ply/games/go/board.hpp>

#include <algorithm>
#include <utility>

namespace ply::go {

Board::Board(int size) : size_(size) {
    color_.fill(Edge);
    for (int row = 0; row < size; ++row)
        for (int column = 0; column < size; ++column) {
            const Point p = point_at(column, row);
            color_[p] = Empty;
            add_empty(p);
        }
}

bool Board::is_legal_shape(Point p, Color c) const {
    if (color_[p] != Empty) return false;
    const Color them = opponent(c);
    for (const int step : kSteps) {
        const Point n = static_cast<Point>(p + step);
        const Color nc = static_cast<Color>(color_[n]);
        if (nc == Empty) return true;
        // Joining a string with another liberty, or taking the last one of an enemy string.
        if (nc == c && !in_atari(n)) return true;
        if (nc == them && in_atari(n)) return true;
    }
    return false;
}

int Board::neighbour_strings(Point p, Color colour, Point heads[4]) const {
    int count = 0;
    for (const int step : kSteps) {
        const Point n = static_cast<Point>(p + step);
        if (color_[n] != colour) continue;
        bool seen = false;
        for (int i = 0; i < count; ++i) seen |= heads[i] == head_[n];
        if (!seen) heads[count++] = head_[n];
    }
    return count;
}

std::uint64_t Board::hash_after(Point p, Color c) const {
    std::uint64_t h = hash_ ^ detail::kZobrist.stone[c - 1][p];
    const Color them = opponent(c);
    Point heads[4];
    const int strings = neighbour_strings(p, them, heads);
    for (int i = 0; i < strings; ++i) {
        if (!in_atari(heads[i])) continue;  // only strings whose last liberty p is are taken
        Point s = heads[i];
        do {
            h ^= detail::kZobrist.stone[them - 1][s];
            s = next_[s];
        } while (s != heads[i]);
    }
    return h;
}

int Board::play(Point p, Color c, Point* captured) {
    color_[p] = c;
    hash_ ^= detail::kZobrist.stone[c - 1][p];
    remove_empty(p);
    start_string(p);
    for (const int step : kSteps) {
        const Point n = static_cast<Point>(p + step);
        if (color_[n] == Empty)
            add_liberty(p, n);
        else if (color_[n] != Edge)
            remove_liberty(head_[n], p);
    }
    for (const int step : kSteps) {
        const Point n = static_cast<Point>(p + step);
        if (color_[n] == c && head_[n] != head_[p]) merge(head_[p], head_[n]);
    }
    int count = 0;
    const Color them = opponent(c);
    for (const int step : kSteps) {
        const Point n = static_cast<Point>(p + step);
        if (color_[n] == them && libs_[head_[n]] == 0) count += capture(head_[n], captured + count);
    }
    return count;
}

// The smaller string joins the larger: fewer heads to rewrite.
void Board::merge(Point a, Point b) {
    if (string_size_[a] < string_size_[b]) std::swap(a, b);
    Point s = b;
    do {
        head_[s] = a;
        s = next_[s];
    } while (s != b);
    std::swap(next_[a], next_[b]);  // splices the two circles into one
    string_size_[a] = static_cast<std::uint16_t>(string_size_[a] + string_size_[b]);
    libs_[a] = static_cast<std::uint16_t>(libs_[a] + libs_[b]);
    lib_sum_[a] += lib_sum_[b];
    lib_sumsq_[a] += lib_sumsq_[b];
}

int Board::capture(Point head, Point* captured) {
    const Color colour = static_cast<Color>(color_[head]);
    int count = 0;
    Point s = head;
    do {
        color_[s] = Empty;
        hash_ ^= detail::kZobrist.stone[colour - 1][s];
        add_empty(s);
        captured[count++] = s;
        s = next_[s];
    } while (s != head);
    // Only now are all of them empty: neighbours gain a liberty per stone.
    for (int i = 0; i < count; ++i)
        for (const int step : kSteps) {
            const Point n = static_cast<Point>(captured[i] + step);
            if (color_[n] == Black || color_[n] == White) add_liberty(head_[n], captured[i]);
        }
    return count;
}

void Board::undo_play(Point p, const Point* captured, int count, Color captured_colour) {
    hash_ ^= detail::kZobrist.stone[color_[p] - 1][p];
    color_[p] = Empty;
    for (int i = 0; i < count; ++i) {
        color_[captured[i]] = captured_colour;
        hash_ ^= detail::kZobrist.stone[captured_colour - 1][captured[i]];
    }
    rebuild();
}

void Board::set_stone(Point p, Color c) {
    if (color_[p] != Empty) hash_ ^= detail::kZobrist.stone[color_[p] - 1][p];
    color_[p] = c;
    if (c != Empty) hash_ ^= detail::kZobrist.stone[c - 1][p];
    rebuild();
}

// Strings, liberties and empty points from the colours alone.
void Board::rebuild() {
    empty_count_ = 0;
    head_.fill(kNoPoint);
    std::array<Point, kMaxSize * kMaxSize> stack{};
    for (Point p = 0; p < kPoints; ++p) {
        if (color_[p] == Empty) add_empty(p);
        if ((color_[p] != Black && color_[p] != White) || head_[p] != kNoPoint) continue;
        const Color c = static_cast<Color>(color_[p]);
        start_string(p);
        int top = 0;
        stack[top++] = p;
        while (top > 0) {
            const Point s = stack[--top];
            for (const int step : kSteps) {
                const Point n = static_cast<Point>(s + step);
                if (color_[n] == Empty) add_liberty(p, n);
                if (color_[n] != c || head_[n] != kNoPoint) continue;
                head_[n] = p;
                next_[n] = next_[p];
                next_[p] = n;
                ++string_size_[p];
                stack[top++] = n;
            }
        }
    }
}

int Board::liberties_after(Point p, Color c, int enough) const {
    Point found[4]{};
    int count = 0;
    const auto add = [&](Point q) {
        if (q == p) return;
        for (int i = 0; i < count; ++i)
            if (found[i] == q) return;
        found[count++] = q;
    };
    const Color them = opponent(c);
    for (const int step : kSteps) {
        const Point n = static_cast<Point>(p + step);
        if (color_[n] == Empty) add(n);
        if (color_[n] == them && in_atari(n)) return enough;
        if (count >= enough) return count;
    }
    // The strings it joins: their liberties, found by walking their stones.
    Point heads[4];
    const int strings = neighbour_strings(p, c, heads);
    for (int i = 0; i < strings; ++i) {
        // A liberty counts at most four times: more than 4 * enough pseudo-
        // liberties are more than `enough` liberties, p taking only one.
        if (libs_[heads[i]] > 4 * enough) return enough;
        Point s = heads[i];
        do {
            for (const int step : kSteps) {
                const Point q = static_cast<Point>(s + step);
                if (color_[q] == Empty) add(q);
                if (count >= enough) return count;
            }
            s = next_[s];
        } while (s != heads[i]);
    }
    return count;
}

int Board::liberties(Point p, Point* out, int most) const {
    int count = 0;
    const Point head = head_[p];
    Point s = head;
    do {
        for (const int step : kSteps) {
            const auto q = static_cast<Point>(s + step);
            if (color_[q] != Empty || std::find(out, out + count, q) != out + count) continue;
            out[count++] = q;
            if (count == most) return count;
        }
        s = next_[s];
    } while (s != head);
    return count;
}

bool Board::all_strings_breathe() const {
    for (Point p = 0; p < kPoints; ++p)
        if ((color_[p] == Black || color_[p] == White) && libs_[head_[p]] == 0) return false;
    return true;
}

bool Board::is_eye(Point p, Color c) const {
    if (color_[p] != Empty) return false;
    for (const int step : kSteps) {
        const std::uint8_t nc = color_[p + step];
        if (nc != c && nc != Edge) return false;
    }
    int enemies = 0, edges = 0;
    const Color them = opponent(c);
    for (const int step : kDiagonals) {
        const std::uint8_t dc = color_[p + step];
        enemies += dc == them;
        edges += dc == Edge;
    }
    return enemies + (edges > 0 ? 1 : 0) < 2;
}

int Board::area_difference() const {
    int difference = 0;
    for (Point p = 0; p < kPoints; ++p) difference += color_[p] == Black ? 1 : color_[p] == White ? -1 : 0;
    for_each_empty_region([&](const Point*, int count, Color owner) {
        difference += owner == Black ? count : owner == White ? -count : 0;
    });
    return difference;
}

void Board::area_owners(std::array<Color, kPoints>& owner) const {
    for (Point p = 0; p < kPoints; ++p) owner[p] = color_[p] == Edge ? Empty : static_cast<Color>(color_[p]);
    for_each_empty_region([&](const Point* points, int count, Color region_owner) {
        for (int i = 0; i < count; ++i) owner[points[i]] = region_owner;
    });
}

}  // namespace ply::go
