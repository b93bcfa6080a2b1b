// The Go board: stones, strings and liberties, kept incrementally as stones
// are played, for boards of 2x2 to 19x19.
//
// Points are indices into a 21x21 array whose outer ring (and, on smaller
// boards, everything beyond the board) is Edge, so neighbours are p-1, p+1,
// p-21 and p+21 on every board. Index 0 is always Edge: the Move for a pass.
//
// Strings are circular lists of stones (next_) with one head each (head_);
// a head holds the string's pseudo-liberties: every (stone, empty
// neighbour) pair counts once, with the sum and the sum of squares of the
// empty points. A string has no liberty exactly when the count is 0, and a
// single one (atari) exactly when count * sum of squares == sum * sum (all
// counted points are then the same point: sum / count). This is cheaper than
// real liberty sets and answers everything the rules and a playout ask.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <ply/core/hash.hpp>

namespace ply::go {

enum Color : std::uint8_t { Empty = 0, Black = 1, White = 2, Edge = 3 };

constexpr Color opponent(Color c) { return c == Black ? White : Black; }

using Point = std::uint16_t;

inline constexpr int kMaxSize = 19;
inline constexpr int kStride = kMaxSize + 2;
inline constexpr int kPoints = kStride * kStride;
inline constexpr Point kNoPoint = 0;  // an Edge point: "none", and the pass move
inline constexpr std::array<int, 4> kSteps = {-kStride, -1, 1, kStride};
inline constexpr std::array<int, 4> kDiagonals = {-kStride - 1, -kStride + 1, kStride - 1, kStride + 1};

// column 0..size-1 from the left, row 0..size-1 from the bottom.
constexpr Point point_at(int column, int row) { return static_cast<Point>((row + 1) * kStride + column + 1); }
constexpr int column_of(Point p) { return p % kStride - 1; }
constexpr int row_of(Point p) { return p / kStride - 1; }

namespace detail {
struct ZobristKeys {
    std::array<std::array<std::uint64_t, kPoints>, 2> stone{};
};
constexpr ZobristKeys make_zobrist_keys() {
    ZobristKeys keys;
    std::uint64_t state = 0x476f20426f617264ULL;  // "Go Board"
    for (auto& colour : keys.stone)
        for (auto& key : colour) key = splitmix64(state);
    return keys;
}
inline constexpr ZobristKeys kZobrist = make_zobrist_keys();
}  // namespace detail

class Board {
public:
    explicit Board(int size = 9);

    int size() const { return size_; }
    Color at(Point p) const { return static_cast<Color>(color_[p]); }
    bool on_board(Point p) const { return p < kPoints && color_[p] != Edge; }
    // The stones alone, not whose turn it is: positional superko's key.
    std::uint64_t stones_hash() const { return hash_; }
    int empty_count() const { return empty_count_; }
    Point empty_point(int i) const { return empty_[i]; }

    // Whether `c` may play at p by the rules of stones (not suicide), ko and
    // superko aside.
    bool is_legal_shape(Point p, Color c) const;
    // stones_hash() after c plays at p (p legal by shape).
    std::uint64_t hash_after(Point p, Color c) const;
    // Plays c at p (legal by shape); returns the stones captured, and the
    // captured points are written to `captured` (room for every point).
    int play(Point p, Color c, Point* captured);
    // Takes p off and puts back `count` stones of colour `c`: the inverse of
    // play(), the strings rebuilt from scratch (used by searches of tiny
    // boards; playouts never unmake).
    void undo_play(Point p, const Point* captured, int count, Color captured_colour);
    // Puts a stone without captures (positions given as text), and checks after.
    void set_stone(Point p, Color c);
    // The liberties the string of a stone c played at p would have, counted
    // up to `enough`, at most 4 (a capture counts as enough: it makes room).
    int liberties_after(Point p, Color c, int enough) const;
    // Whether c at p would be left in atari without taking anything.
    bool is_self_atari(Point p, Color c) const { return liberties_after(p, c, 2) < 2; }
    // Whether every string has a liberty.
    bool all_strings_breathe() const;

    // A string's head, and what the pseudo-liberties tell.
    Point string_of(Point p) const { return head_[p]; }
    bool in_atari(Point p) const {
        const Point h = head_[p];
        const std::uint64_t n = libs_[h];
        return n > 0 && n * lib_sumsq_[h] == std::uint64_t{lib_sum_[h]} * lib_sum_[h];
    }
    // The liberty of a string in atari.
    Point atari_liberty(Point p) const {
        const Point h = head_[p];
        return static_cast<Point>(lib_sum_[h] / libs_[h]);
    }
    int string_size(Point p) const { return string_size_[head_[p]]; }
    // Counted once per stone beside it, a liberty counts at most four times.
    bool may_have_two_liberties(Point p) const { return libs_[head_[p]] <= 8; }
    // The distinct liberties of p's string, up to `most`, written to `out`;
    // returns how many.
    int liberties(Point p, Point* out, int most) const;
    Point next_stone(Point p) const { return next_[p]; }
    // An empty point surrounded by c's stones with at most one enemy
    // diagonal (none at the edge): filling it would take away c's eye.
    bool is_eye(Point p, Color c) const;

    // Black's area minus White's (stones plus empty regions that reach only
    // one colour): Tromp-Taylor's count, without komi.
    int area_difference() const;
    // Who each point counts for in that count: Black, White, or Empty
    // (neither: an empty region reaching both colours; off the board).
    void area_owners(std::array<Color, kPoints>& owner) const;

private:
    void add_liberty(Point head, Point lib) {
        ++libs_[head];
        lib_sum_[head] += lib;
        lib_sumsq_[head] += std::uint32_t{lib} * lib;
    }
    void remove_liberty(Point head, Point lib) {
        --libs_[head];
        lib_sum_[head] -= lib;
        lib_sumsq_[head] -= std::uint32_t{lib} * lib;
    }
    // The distinct strings of `colour` next to p, by their heads; returns how many.
    int neighbour_strings(Point p, Color colour, Point heads[4]) const;
    // p alone: a string of one stone with no liberty counted yet.
    void start_string(Point p) {
        head_[p] = p;
        next_[p] = p;
        string_size_[p] = 1;
        libs_[p] = 0;
        lib_sum_[p] = 0;
        lib_sumsq_[p] = 0;
    }
    void merge(Point a, Point b);
    int capture(Point head, Point* captured);
    void add_empty(Point p) {
        empty_index_[p] = static_cast<std::uint16_t>(empty_count_);
        empty_[empty_count_++] = p;
    }
    void remove_empty(Point p) {
        const Point last = empty_[--empty_count_];
        empty_[empty_index_[p]] = last;
        empty_index_[last] = empty_index_[p];
    }
    void rebuild();
    // Calls f(points, count, owner) for every empty region: its points, and
    // the one colour it reaches (Empty: both or none).
    template <class F>
    void for_each_empty_region(F&& f) const {
        std::array<std::uint8_t, kPoints> seen{};
        std::array<Point, kMaxSize * kMaxSize> region{};
        for (Point p = 0; p < kPoints; ++p) {
            if (color_[p] != Empty || seen[p]) continue;
            int count = 0;
            bool reaches_black = false, reaches_white = false;
            seen[p] = 1;
            region[count++] = p;
            for (int i = 0; i < count; ++i) {
                for (const int step : kSteps) {
                    const auto n = static_cast<Point>(region[static_cast<std::size_t>(i)] + step);
                    reaches_black |= color_[n] == Black;
                    reaches_white |= color_[n] == White;
                    if (color_[n] == Empty && !seen[n]) {
                        seen[n] = 1;
                        region[static_cast<std::size_t>(count++)] = n;
                    }
                }
            }
            const Color owner = reaches_black == reaches_white ? Empty : reaches_black ? Black : White;
            f(region.data(), count, owner);
        }
    }

    int size_;
    int empty_count_ = 0;
    std::uint64_t hash_ = 0;
    std::array<std::uint8_t, kPoints> color_{};
    std::array<Point, kPoints> head_{};
    std::array<Point, kPoints> next_{};
    std::array<std::uint16_t, kPoints> string_size_{};
    std::array<std::uint16_t, kPoints> libs_{};
    std::array<std::uint32_t, kPoints> lib_sum_{};
    std::array<std::uint32_t, kPoints> lib_sumsq_{};
    std::array<Point, kMaxSize * kMaxSize> empty_{};
    std::array<std::uint16_t, kPoints> empty_index_{};
};

}  // namespace ply::go
