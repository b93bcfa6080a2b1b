#include <ply/games/checkers/evaluate.hpp>

#include <algorithm>
#include <bit>

#include <ply/core/weights_text.hpp>

namespace ply::checkers::eval {
namespace {

Weights g_weights = kDefaultWeights;

constexpr std::uint32_t kCentre = bit(13) | bit(14) | bit(17) | bit(18);  // squares 14, 15, 18, 19
// Rows 0, 2, 4, 6 (squares 1-4, 9-12, 17-20, 25-28): Black's system for "the move".
constexpr std::uint32_t kBlackSystem = 0x0F0F0F0Fu;

// One side's counts, added to `counts` with `sign`.
void count_side(const Checkers& g, Side s, int sign, Trace& t) {
    const std::uint32_t own = g.pieces(s), enemy = g.pieces(static_cast<Side>(1 - s)), empty = g.empty();
    auto add = [&](int index, int n) { t.counts[static_cast<std::size_t>(index)] += sign * n; };
    const int forward = s == Black ? 0 : 2;
    for (std::uint32_t left = own & ~g.kings(); left; left &= left - 1) {
        const int q = std::countr_zero(left);
        const int row = s == Black ? row_of(q) : 7 - row_of(q);
        add(kMan, 1);
        add(kManRow + row, 1);
        if (row == 0) add(kBackRank + (s == Black ? q : 31 - q), 1);
        for (int d = forward; d < forward + 2; ++d) {
            const int to = kTables.step[q][d];
            if (to != kNone && (empty & bit(to))) add(kManMobility, 1);
        }
    }
    for (std::uint32_t left = own & g.kings(); left; left &= left - 1) {
        const int q = std::countr_zero(left);
        add(kKing, 1);
        for (int d = 0; d < 4; ++d) {
            const int to = kTables.step[q][d], beyond = kTables.jump[q][d];
            if (to == kNone) continue;
            if ((empty & bit(to)) || (beyond != kNone && (enemy & bit(to)) && (empty & bit(beyond))))
                add(kKingMobility, 1);
        }
    }
    add(kCentreMan, std::popcount(own & ~g.kings() & kCentre));
    add(kCentreKing, std::popcount(own & g.kings() & kCentre));
    // White's man on 5 held by a piece on 1; Black's on 28 by one on 32.
    const int hole = s == Black ? 27 : 4, holder = s == Black ? 31 : 0;
    if ((own & ~g.kings() & bit(hole)) && (enemy & bit(holder))) add(kDogHole, 1);
}

}  // namespace

const Weights& weights() { return g_weights; }
void set_weights(const Weights& weights) { g_weights = weights; }

Trace trace(const Checkers& g) {
    Trace t;
    count_side(g, Black, 1, t);
    count_side(g, White, -1, t);
    const std::uint32_t occupied = ~g.empty();
    t.phase = std::min(kPhaseMax, std::popcount(occupied));
    const int to_move = g.side_to_move() == Black ? 1 : -1;
    // The move: with even numbers, the side to move has it when its system
    // holds an odd number of pieces.
    if (std::popcount(g.pieces(Black)) == std::popcount(g.pieces(White))) {
        const std::uint32_t system = g.side_to_move() == Black ? kBlackSystem : ~kBlackSystem;
        t.counts[kOpposition] = std::popcount(occupied & system) % 2 == 1 ? to_move : -to_move;
    }
    return t;
}

Score evaluate(const Checkers& g, const Weights& w) {
    const Trace t = trace(g);
    int mg = 0, eg = 0;
    for (std::size_t i = 0; i < t.counts.size(); ++i) {
        mg += w[i][0] * t.counts[i];
        eg += w[i][1] * t.counts[i];
    }
    const int black = (mg * t.phase + eg * (kPhaseMax - t.phase)) / kPhaseMax;
    return static_cast<Score>(g.side_to_move() == Black ? black : -black);
}

std::vector<std::string> weight_names() {
    std::vector<std::string> names;
    for (const Group& group : kGroups)
        for (int i = 0; i < group.size; ++i)
            names.push_back(group.size == 1 ? std::string(group.name)
                                            : std::string(group.name) + "[" + std::to_string(i) + "]");
    return names;
}

std::string weights_text(const Weights& weights) {
    return ply::weights_text("Ply's checkers evaluation weights (eval_weights.hpp)", weight_names(), weights);
}

Weights parse_weights(std::string_view text, const Weights& base) {
    const auto flat = parse_weights_text(text, weight_names(), std::vector<WeightPair>(base.begin(), base.end()));
    Weights out;
    std::copy(flat.begin(), flat.end(), out.begin());
    return out;
}

}  // namespace ply::checkers::eval

namespace ply::checkers {

Score Checkers::evaluate() const { return eval::evaluate(*this, eval::weights()); }

}  // namespace ply::checkers
