// Go's playout policy and tree priors by the fitted move features
// (features.hpp): the weights a playout draws from, kept cheap by caching
// each point's pattern-and-line weight and weighing captures and escapes
// exactly only where the last two moves left a string in atari.
#include <ply/games/go/features.hpp>
#include <ply/games/go/go.hpp>
#include <ply/games/go/patterns.hpp>

namespace ply::go {

namespace {

// The weight of an empty point that neither player's stones change until
// its neighbourhood does: its pattern and line. An own eye weighs 0.
float point_weight(const Board& b, Point p, Color c, const FeatureWeights& w) {
    if (b.at(p) != Empty || b.is_eye(p, c)) return 0;
    const int n = b.size();
    const int line = std::min({column_of(p), row_of(p), n - 1 - column_of(p), n - 1 - row_of(p)}) + 1;
    return w.gamma[Pattern][canonical_pattern(neighbourhood(b, p), c)] *
           w.gamma[Line][static_cast<std::size_t>(line <= 3 ? line : 0)];
}

// Columns and rows of the points, and Coulom's distance levels by them
// (features.hpp): a playout asks for two a point a move.
struct Grid {
    std::array<std::uint8_t, kPoints> column{}, row{};
    constexpr Grid() {
        for (int p = 0; p < kPoints; ++p) {
            column[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(p % kStride);
            row[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(p / kStride);
        }
    }
};
inline constexpr Grid kGrid;

std::size_t distance_level(Point p, Move other) {
    if (other == kPass) return 0;
    const int dx = std::abs(kGrid.column[p] - kGrid.column[other]), dy = std::abs(kGrid.row[p] - kGrid.row[other]);
    return static_cast<std::size_t>(std::clamp(dx + dy + std::max(dx, dy), 2, 17) - 1);
}

// Points weighed exactly: the liberties of the strings in atari at or next
// to `last`, where captures and escapes are. Returns the new count.
int add_exact_points(const Board& b, Move last, Point* out, int count) {
    if (last == kPass) return count;
    for (int i = -1; i < 4; ++i) {
        const auto n = static_cast<Point>(i < 0 ? last : last + kSteps[static_cast<std::size_t>(i)]);
        if ((b.at(n) != Black && b.at(n) != White) || !b.in_atari(n)) continue;
        const Point p = b.atari_liberty(n);
        if (std::find(out, out + count, p) == out + count) out[count++] = p;
    }
    return count;
}

}  // namespace

void Go::build_point_weights() const {
    const FeatureWeights& w = learned_weights();
    for (Point p = 0; p < kPoints; ++p) {
        const bool empty = board_.on_board(p) && board_.at(p) == Empty;
        point_weight_[0][p] = empty ? point_weight(board_, p, Black, w) : 0;
        point_weight_[1][p] = empty ? point_weight(board_, p, White, w) : 0;
    }
    point_weights_built_ = true;
}

void Go::refresh_point_weights(Point p) {
    const FeatureWeights& w = learned_weights();
    for (const int step : {0, -kStride - 1, -kStride, -kStride + 1, -1, 1, kStride - 1, kStride, kStride + 1}) {
        const auto q = static_cast<Point>(p + step);
        if (!board_.on_board(q)) continue;
        point_weight_[0][q] = point_weight(board_, q, Black, w);
        point_weight_[1][q] = point_weight(board_, q, White, w);
    }
}

int Go::weigh_playout_points(PlayoutWeights& out) const {
    if (!point_weights_built_) build_point_weights();
    const FeatureWeights& w = learned_weights();
    const Move last = move_ago(0), before = move_ago(1);
    Point exact[10];
    const int exact_count = add_exact_points(board_, before, exact, add_exact_points(board_, last, exact, 0));
    std::array<std::uint64_t, (kPoints + 63) / 64> marked{};
    for (int i = 0; i < exact_count; ++i) marked[exact[i] / 64] |= std::uint64_t{1} << (exact[i] % 64);
    const auto& base = point_weight_[to_move_ == Black ? 0 : 1];
    const auto& near_last = w.gamma[DistanceLast];
    const auto& near_before = w.gamma[DistanceBefore];
    float total = 0;
    int n = 0;
    const auto add = [&](Point p, float weight, bool checked) {
        if (weight <= 0) return;
        total += weight;
        out.cumulative[static_cast<std::size_t>(n)] = total;
        out.points[static_cast<std::size_t>(n)] = p;
        out.checked[static_cast<std::size_t>(n++)] = checked;
    };
    for (int i = 0; i < board_.empty_count(); ++i) {
        const Point p = board_.empty_point(i);
        if (marked[p / 64] >> (p % 64) & 1) continue;
        add(p, base[p] * near_last[distance_level(p, last)] * near_before[distance_level(p, before)], false);
    }
    for (int i = 0; i < exact_count; ++i) {
        const Point p = exact[i];
        const bool fit = p != ko_ && !board_.is_eye(p, to_move_) && board_.is_legal_shape(p, to_move_);
        add(p, fit ? w.strength(move_features(*this, p)) : 0, true);
    }
    return n;
}

bool Go::fit_for_playout(Point p, float u) const {
    if (p == ko_ || !board_.is_legal_shape(p, to_move_)) return false;
    if (!board_.is_self_atari(p, to_move_)) return true;
    return u < learned_weights().gamma[SelfAtari][joins_own_stone(p) ? 2 : 1];
}

void Go::move_priors(const MoveListOf<Go>& moves, float* out) const {
    const FeatureWeights& w = learned_weights();
    float strongest = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        out[i] = moves[i] == kPass ? 0 : w.strength(move_features(*this, moves[i]));
        strongest = std::max(strongest, out[i]);
    }
    // From 0.3 (the weakest, and pass) to 0.7 (the strongest): a win rate
    // the search starts from, by the square root of the relative strength.
    for (std::size_t i = 0; i < moves.size(); ++i)
        out[i] = strongest > 0 ? 0.3f + 0.4f * std::sqrt(out[i] / strongest) : 0.5f;
}

}  // namespace ply::go
