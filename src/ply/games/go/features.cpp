#include <ply/games/go/features.hpp>

#include <algorithm>
#include <utility>

#include <ply/games/go/learned_weights.hpp>
#include <ply/games/go/patterns.hpp>

namespace ply::go {

namespace {

// The neighbour (0..7, NW N NE W E SW S SE) at row r and column c of the
// 3x3 square (-1..1 each), and back.
constexpr int kCellOf[3][3] = {{0, 1, 2}, {3, -1, 4}, {5, 6, 7}};

std::uint16_t transformed(std::uint16_t code, int symmetry) {
    std::uint16_t out = 0;
    for (int r = -1; r <= 1; ++r)
        for (int c = -1; c <= 1; ++c) {
            const int from = kCellOf[r + 1][c + 1];
            if (from < 0) continue;
            int tr = r, tc = c;
            if (symmetry & 1) tc = -tc;
            if (symmetry & 2) tr = -tr;
            if (symmetry & 4) std::swap(tr, tc);
            const int to = kCellOf[tr + 1][tc + 1];
            const int colour = code >> (2 * (7 - from)) & 3;
            out = static_cast<std::uint16_t>(out | colour << (2 * (7 - to)));
        }
    return out;
}

// Black and White swapped in every two-bit field (Empty and Edge stay).
std::uint16_t swapped(std::uint16_t code) {
    const unsigned low = code & 0x5555u, high = code >> 1 & 0x5555u;
    const unsigned differ = low ^ high;  // fields holding 1 or 2
    return static_cast<std::uint16_t>(code ^ (differ | differ << 1));
}

std::vector<std::uint16_t> make_canonical_table() {
    std::vector<std::uint16_t> table(1 << 16);
    for (std::uint32_t code = 0; code < table.size(); ++code) {
        auto best = static_cast<std::uint16_t>(code);
        for (int s = 1; s < 8; ++s) best = std::min(best, transformed(static_cast<std::uint16_t>(code), s));
        table[code] = best;
    }
    return table;
}

// The distinct liberties of the string at p, counted up to `enough`.
int string_liberties(const Board& b, Point p, int enough) {
    Point found[4];
    int count = 0;
    Point s = p;
    do {
        for (const int step : kSteps) {
            const auto q = static_cast<Point>(s + step);
            if (b.at(q) != Empty || std::find(found, found + count, q) != found + count) continue;
            found[count++] = q;
            if (count >= enough) return count;
        }
        s = b.next_stone(s);
    } while (s != p);
    return count;
}

// Whether a stone of the string at p has neighbour q.
bool string_touches(const Board& b, Point p, Point q) {
    Point s = p;
    do {
        for (const int step : kSteps)
            if (static_cast<Point>(s + step) == q) return true;
        s = b.next_stone(s);
    } while (s != p);
    return false;
}

// Whether the string at p touches a string of colour c in atari.
bool touches_atari(const Board& b, Point p, Color c) {
    Point s = p;
    do {
        for (const int step : kSteps) {
            const auto q = static_cast<Point>(s + step);
            if (b.at(q) == c && b.in_atari(q)) return true;
        }
        s = b.next_stone(s);
    } while (s != p);
    return false;
}

int distance_level(Point p, Move other) {
    if (other == kPass) return 0;
    return std::clamp(move_distance(p, other), 2, 17) - 1;
}

}  // namespace

std::uint16_t canonical_pattern(std::uint16_t neighbourhood, Color c) {
    static const std::vector<std::uint16_t> table = make_canonical_table();
    return table[c == Black ? neighbourhood : swapped(neighbourhood)];
}

MoveFeatures move_features(const Go& game, Point p) {
    const Board& b = game.board();
    const Color us = game.to_move(), them = opponent(us);
    const Move last = game.move_ago(0);
    MoveFeatures f;
    f.level[Pattern] = canonical_pattern(neighbourhood(b, p), us);
    int capture = 0, escape = 0;
    bool atari = false;
    for (const int step : kSteps) {
        const auto n = static_cast<Point>(p + step);
        if (b.at(n) == them) {
            if (b.in_atari(n)) {
                const int level = touches_atari(b, n, us)                                ? 1
                                  : last != kPass && b.string_of(last) == b.string_of(n) ? 2
                                                                                         : 3;
                capture = capture == 0 ? level : std::min(capture, level);
            } else if (string_liberties(b, n, 3) == 2) {
                atari = true;
            }
        } else if (b.at(n) == us && b.in_atari(n)) {
            const int level = last != kPass && string_touches(b, n, last) ? 1 : 2;
            escape = escape == 0 ? level : std::min(escape, level);
        }
    }
    f.level[Capture] = static_cast<std::uint16_t>(capture);
    const int liberties = b.liberties_after(p, us, 2);
    if (capture == 0 && escape != 0 && liberties >= 2) f.level[Escape] = static_cast<std::uint16_t>(escape);
    if (capture == 0 && liberties < 2) {
        bool alone = true;
        for (const int step : kSteps) alone &= b.at(static_cast<Point>(p + step)) != us;
        f.level[SelfAtari] = alone ? 1 : 2;
    }
    // An atari that is itself a self-atari is the opponent's capture.
    if (atari && f.level[SelfAtari] == 0) f.level[Atari] = 1;
    const int n = b.size();
    const int line = std::min({column_of(p), row_of(p), n - 1 - column_of(p), n - 1 - row_of(p)}) + 1;
    f.level[Line] = static_cast<std::uint16_t>(line <= 3 ? line : 0);
    f.level[DistanceLast] = static_cast<std::uint16_t>(distance_level(p, last));
    f.level[DistanceBefore] = static_cast<std::uint16_t>(distance_level(p, game.move_ago(1)));
    return f;
}

FeatureWeights::FeatureWeights() {
    for (int i = 0; i < kFeatureCount; ++i)
        gamma[static_cast<std::size_t>(i)].assign(
            static_cast<std::size_t>(kFeatureLevels[static_cast<std::size_t>(i)]) + (i == Pattern ? 0 : 1), 1.0f);
}

const FeatureWeights& learned_weights() {
    static const FeatureWeights weights = [] {
        FeatureWeights w;
        for (const auto& [feature, level, gamma] : learned::kGammas)
            w.gamma[static_cast<std::size_t>(feature)][static_cast<std::size_t>(level)] = gamma;
        return w;
    }();
    return weights;
}

// The tree's priors (PriorGame): each move's strength; pass weighs 0.
void Go::move_priors(const MoveListOf<Go>& moves, float* out) const {
    const FeatureWeights& w = learned_weights();
    for (std::size_t i = 0; i < moves.size(); ++i)
        out[i] = moves[i] == kPass ? 0 : w.strength(move_features(*this, moves[i]));
}

}  // namespace ply::go
