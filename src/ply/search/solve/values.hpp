// The values an exact solve can end with, and the order in which its
// null-window probes test them (Pons' driver).
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include <ply/core/game.hpp>

namespace ply::solve {

// The values a solve can end with, ascending, so that probes bisect the
// values that can occur rather than the gaps between them (a probe far
// below the real values costs a weak solve of one move). Games of bounded
// length end in a draw or a win or loss at most `length` plies away; others
// (trees with scored leaves) may end with any score.
class ValueScale {
public:
    ValueScale() = default;  // any score
    explicit ValueScale(std::vector<Score> values) : values_(std::move(values)) {}
    [[nodiscard]] int lowest() const { return values_.empty() ? -kInfinity : 0; }
    [[nodiscard]] int highest() const { return values_.empty() ? kInfinity : static_cast<int>(values_.size()) - 1; }
    [[nodiscard]] Score value(int i) const { return values_.empty() ? Score(i) : values_[static_cast<std::size_t>(i)]; }
    // The largest value <= s and the smallest >= s: a fail-soft bound can
    // name a score that cannot occur.
    [[nodiscard]] int at_most(Score s) const {
        if (values_.empty()) return s;
        const auto i = std::upper_bound(values_.begin(), values_.end(), s) - values_.begin();
        return std::max(static_cast<int>(i) - 1, lowest());
    }
    [[nodiscard]] int at_least(Score s) const {
        if (values_.empty()) return s;
        const auto i = std::lower_bound(values_.begin(), values_.end(), s) - values_.begin();
        return std::min(static_cast<int>(i), highest());
    }

private:
    std::vector<Score> values_;
};

// Plies to the end of the game from `root` (0: not bounded).
template <Game G>
int plies_left(const G& root) {
    if constexpr (BoundedLengthGame<G>) return std::clamp(root.max_plies_left(), 1, kMaxPly - 1);
    return 0;
}

// Whether a win comes only with the move that ends the game (BoundedLengthGame).
template <Game G>
constexpr bool wins_by_moving() {
    if constexpr (BoundedLengthGame<G>) return G::wins_by_moving;
    return false;
}

// Assumes the root neither wins at once nor, with forced lines, loses to
// the next move (the driver answers those without a probe).
template <Game G>
ValueScale possible_values(const G& root) {
    const int length = plies_left(root);
    if (length == 0) return ValueScale();
    constexpr bool parity = wins_by_moving<G>();
    const int first_win = ForcedLineGame<G> ? 2 : 1, first_loss = ForcedLineGame<G> ? 3 : 1;
    std::vector<Score> values;
    values.reserve(static_cast<std::size_t>(length) + 1);
    for (int p = first_loss; p <= length; ++p)
        if (!parity || p % 2 == 0) values.push_back(mated_in_plies(p));
    values.push_back(0);
    for (int p = length; p >= first_win; --p)
        if (!parity || p % 2 == 1) values.push_back(mate_in_plies(p));
    return ValueScale(std::move(values));
}

// The middle of [a, b] with a pull towards 0, where most values lie.
inline int middle_towards_draw(int a, int b) {
    int mid = a + (b - a) / 2;
    if (mid <= 0 && a / 2 < mid)
        mid = a / 2;
    else if (mid >= 0 && b / 2 > mid)
        mid = b / 2;
    return mid;
}

// The next null-window test: an index in (lo, hi], bisecting with a pull
// towards the draw. The bisection runs over plies to the end, as if every
// distance could occur: that sequence of tests costs fewer nodes on Pons'
// sets than one over the possible values alone; the test is then the
// possible value it names.
inline int next_probe(const ValueScale& scale, int lo, int hi, int length) {
    if (length == 0) return std::clamp(middle_towards_draw(lo, hi), lo + 1, hi);  // any score
    // Plies as an order: 0 the draw, +-1 the slowest win or loss,
    // +-length the quickest; +-(length + 1) for nothing known yet.
    const auto ordinal = [&](int index, int unknown) {
        if (index == unknown) return unknown == 0 ? -(length + 1) : length + 1;
        const Score v = scale.value(index);
        if (v == 0) return 0;
        return (v > 0 ? 1 : -1) * std::clamp(length + 1 - mate_plies(v), 1, length);
    };
    const int a = ordinal(lo, 0), b = ordinal(hi, scale.highest());
    const int mid = std::clamp(middle_towards_draw(a, b), a + 1, b);
    const Score named = mid == 0 ? 0 : mid > 0 ? mate_in_plies(length + 1 - mid) : mated_in_plies(length + 1 + mid);
    return std::clamp(scale.at_least(named), lo + 1, hi);
}

}  // namespace ply::solve
