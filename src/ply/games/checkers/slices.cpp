#include <ply/games/checkers/slices.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <stdexcept>
#include <tuple>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace ply {
namespace {

using checkers::Material;
using Slice = checkers::Slice;

constexpr auto make_binomials() {
    std::array<std::array<std::uint64_t, 33>, 33> c{};
    for (int n = 0; n <= 32; ++n) {
        c[n][0] = 1;
        for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k < n ? c[n - 1][k] : 0);
    }
    return c;
}
constexpr auto kBinomials = make_binomials();

// C(n, k), 0 where k is out of 0..n.
constexpr std::uint64_t choose(int n, int k) { return k < 0 || k > n || n < 0 ? 0 : kBinomials[n][k]; }

constexpr std::uint32_t kBlackHome = 0x0000000Fu;  // squares 1-4, where no White man stands
constexpr std::uint32_t kBlackMen = 0x0FFFFFFFu;   // squares 1-28
constexpr std::uint32_t kWhiteMen = 0xFFFFFFF0u;   // squares 5-32

// The colex rank of `set` among the squares of `among`, as if those were
// numbered 0, 1, 2... from the lowest.
std::uint64_t rank_in(std::uint32_t set, std::uint32_t among) {
    std::uint64_t rank = 0;
    int k = 0;
    for (; set; set &= set - 1) rank += choose(std::popcount(among & ((set & (0u - set)) - 1)), ++k);
    return rank;
}

// The `at`-th square (from 0) of `among`, as a bit.
std::uint32_t select(std::uint32_t among, int at) {
#if defined(__BMI2__)
    return _pdep_u32(1u << at, among);
#else
    for (; at > 0; --at) among &= among - 1;
    return among & (0u - among);
#endif
}

// The set of `k` squares of `among` whose rank_in() is `rank`: the squares'
// positions come out highest first, each the largest p with C(p, i) <= rank
// (so the search downwards takes at most 32 steps in all).
std::uint32_t unrank_in(std::uint64_t rank, int k, std::uint32_t among) {
    std::uint32_t set = 0;
    int p = std::popcount(among) - 1;
    for (int i = k; i >= 1; --i, --p) {
        while (kBinomials[p][i] > rank) --p;
        rank -= kBinomials[p][i];
        set |= select(among, p);
    }
    return set;
}

// Black to move with `mover`, White with `other`: how the men's placements
// are counted, grouped by j, the number of Black men on squares 1-4.
struct Layout {
    int black_men, white_men, black_kings, white_kings;
    std::array<std::uint64_t, 6> group{};  // the first men's rank of each j, group[5] the total
    std::uint64_t kings = 0;               // the kings' placements for each placement of the men

    Layout(Material mover, Material other)
        : black_men(mover.men), white_men(other.men), black_kings(mover.kings), white_kings(other.kings) {
        for (int j = 0; j <= 4; ++j) group[j + 1] = group[j] + men_in_group(j);
        const int empty = 32 - black_men - white_men;
        kings = choose(empty, black_kings) * choose(empty - black_kings, white_kings);
    }
    [[nodiscard]] std::uint64_t men_in_group(int j) const {
        return choose(4, j) * choose(24, black_men - j) * choose(28 - black_men + j, white_men);
    }
    [[nodiscard]] std::uint64_t size() const { return group[5] * kings; }

    [[nodiscard]] std::uint64_t rank(std::uint32_t black, std::uint32_t white, std::uint32_t kings_on) const {
        const std::uint32_t bm = black & ~kings_on, wm = white & ~kings_on;
        const int j = std::popcount(bm & kBlackHome);
        const std::uint64_t men = group[j] +
                                  (rank_in(bm & kBlackHome, kBlackHome) * choose(24, black_men - j) +
                                   rank_in(bm & ~kBlackHome, kBlackMen & ~kBlackHome)) *
                                      choose(28 - black_men + j, white_men) +
                                  rank_in(wm, kWhiteMen & ~bm);
        const std::uint32_t empty = ~(bm | wm), bk = black & kings_on;
        const std::uint64_t king_rank = rank_in(bk, empty) * choose(std::popcount(empty) - black_kings, white_kings) +
                                        rank_in(white & kings_on, empty & ~bk);
        return men * kings + king_rank;
    }

    // Black's pieces, White's, the kings.
    [[nodiscard]] std::array<std::uint32_t, 3> unrank(std::uint64_t index) const {
        std::uint64_t men = index / kings, king_rank = index % kings;
        int j = 0;
        while (men >= group[j + 1]) ++j;
        men -= group[j];
        const std::uint64_t white_count = choose(28 - black_men + j, white_men);
        const std::uint64_t rest_count = choose(24, black_men - j);
        const std::uint64_t white_rank = men % white_count, black_rank = men / white_count;
        const std::uint32_t bm = unrank_in(black_rank / rest_count, j, kBlackHome) |
                                 unrank_in(black_rank % rest_count, black_men - j, kBlackMen & ~kBlackHome);
        const std::uint32_t wm = unrank_in(white_rank, white_men, kWhiteMen & ~bm);
        const std::uint32_t empty = ~(bm | wm);
        const std::uint64_t white_kings_count = choose(std::popcount(empty) - black_kings, white_kings);
        const std::uint32_t bk = unrank_in(king_rank / white_kings_count, black_kings, empty);
        const std::uint32_t wk = unrank_in(king_rank % white_kings_count, white_kings, empty & ~bk);
        return {bm | bk, wm | wk, bk | wk};
    }
};

// Every layout of up to kMostSlicePieces pieces, computed once: the
// indexing asks for one at every move.
const Layout& layout_of(Material mover, Material other) {
    constexpr int n = checkers::kMostSlicePieces + 1;
    static const std::vector<Layout> all = [] {
        std::vector<Layout> out;
        out.reserve(n * n * n * n);
        for (int a = 0; a < n * n * n * n; ++a)
            out.emplace_back(Material{a / (n * n * n), a / (n * n) % n}, Material{a / n % n, a % n});
        return out;
    }();
    return all[static_cast<std::size_t>(((mover.kings * n + mover.men) * n + other.kings) * n + other.men)];
}

// Square n to square 33 - n: the board turned half round.
constexpr std::uint32_t turned(std::uint32_t b) {
    b = ((b >> 1) & 0x55555555u) | ((b & 0x55555555u) << 1);
    b = ((b >> 2) & 0x33333333u) | ((b & 0x33333333u) << 2);
    b = ((b >> 4) & 0x0F0F0F0Fu) | ((b & 0x0F0F0F0Fu) << 4);
    b = ((b >> 8) & 0x00FF00FFu) | ((b & 0x00FF00FFu) << 8);
    return (b >> 16) | (b << 16);
}
static_assert(turned(1) == 0x80000000u && turned(0x0000000Fu) == 0xF0000000u);

constexpr bool stronger(Material a, Material b) {
    return a.pieces() != b.pieces() ? a.pieces() > b.pieces() : a.kings > b.kings;
}

std::string side_name(Material m) {
    if (m.pieces() == 0) return "0";
    std::string out;
    if (m.kings > 0) out += std::to_string(m.kings) + "K";
    if (m.men > 0) out += std::to_string(m.men) + "M";
    return out;
}

// "2K1M", "1K", "3M", "0"; nullopt for anything else read from `text`.
std::optional<Material> parse_side(std::string_view text) {
    if (text == "0") return Material{};
    Material m;
    while (!text.empty()) {
        int count = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), count);
        const auto used = static_cast<std::size_t>(end - text.data());
        if (error != std::errc() || used == text.size() || count < 1 || count > 32) return std::nullopt;
        if (text[used] == 'K')
            m.kings = count;
        else if (text[used] == 'M')
            m.men = count;
        else
            return std::nullopt;
        text.remove_prefix(used + 1);
    }
    return m;
}

// Whether a slice, however made, is one of those indexed (parse() makes no other).
bool indexed(const Slice& s) {
    return s.first.kings >= 0 && s.first.men >= 0 && s.second.kings >= 0 && s.second.men >= 0 && s.pieces() >= 1 &&
           s.pieces() <= checkers::kMostSlicePieces && !stronger(s.second, s.first);
}

}  // namespace

std::vector<Slice> SliceIndex<checkers::Checkers>::slices(int pieces) {
    if (pieces > checkers::kMostSlicePieces)
        throw std::out_of_range("checkers slices go up to " + std::to_string(checkers::kMostSlicePieces) +
                                " pieces, not " + std::to_string(pieces));
    std::vector<Slice> out;
    for (int n = 1; n <= pieces; ++n)
        for (int a = (n + 1) / 2; a <= n; ++a)
            for (int ak = 0; ak <= a; ++ak)
                for (int bk = 0; bk <= n - a; ++bk) {
                    const Slice s{{ak, a - ak}, {bk, n - a - bk}};
                    if (!stronger(s.second, s.first)) out.push_back(s);
                }
    const auto key = [](const Slice& s) { return std::tuple(s.pieces(), s.first.men + s.second.men, s); };
    std::sort(out.begin(), out.end(), [&](const Slice& x, const Slice& y) { return key(x) < key(y); });
    return out;
}

std::string SliceIndex<checkers::Checkers>::name(const Slice& slice) {
    return side_name(slice.first) + "v" + side_name(slice.second);
}

std::optional<Slice> SliceIndex<checkers::Checkers>::parse(std::string_view text) {
    const auto v = text.find('v');
    if (v == std::string_view::npos) return std::nullopt;
    const auto first = parse_side(text.substr(0, v)), second = parse_side(text.substr(v + 1));
    if (!first || !second) return std::nullopt;
    const Slice s{*first, *second};
    if (s.pieces() < 1 || s.pieces() > checkers::kMostSlicePieces || name(s) != text) return std::nullopt;
    if (stronger(s.second, s.first)) return std::nullopt;
    return s;
}

std::uint64_t SliceIndex<checkers::Checkers>::size(const Slice& slice) {
    if (!indexed(slice)) return 0;
    const std::uint64_t half = layout_of(slice.first, slice.second).size();
    return slice.first == slice.second ? half : 2 * half;
}

bool SliceIndex<checkers::Checkers>::position(const Slice& slice, std::uint64_t index, checkers::Checkers& out) {
    if (!indexed(slice)) return false;
    const Layout& first = layout_of(slice.first, slice.second);
    if (index < first.size()) {
        const auto [black, white, kings] = first.unrank(index);
        out.set_board(black, white, kings, checkers::Black);
        return true;
    }
    if (slice.first == slice.second) return false;
    const Layout& second = layout_of(slice.second, slice.first);
    if (index - first.size() >= second.size()) return false;
    const auto [black, white, kings] = second.unrank(index - first.size());
    out.set_board(black, white, kings, checkers::Black);
    return true;
}

std::optional<SliceAddress<Slice>> SliceIndex<checkers::Checkers>::address(const checkers::Checkers& game) {
    const bool turn = game.side_to_move() == checkers::White;
    const std::uint32_t mover = game.pieces(game.side_to_move()),
                        other = game.pieces(turn ? checkers::Black : checkers::White);
    const int count = std::popcount(mover | other);
    if (count == 0 || count > checkers::kMostSlicePieces) return std::nullopt;
    const std::uint32_t kings = game.kings();
    const Material m{std::popcount(mover & kings), std::popcount(mover & ~kings)};
    const Material o{std::popcount(other & kings), std::popcount(other & ~kings)};
    const Layout& layout = layout_of(m, o);
    const std::uint64_t at =
        turn ? layout.rank(turned(mover), turned(other), turned(kings)) : layout.rank(mover, other, kings);
    // The first half holds the other side to move: as many, turned round.
    if (stronger(o, m)) return SliceAddress<Slice>{{o, m}, layout.size() + at};
    return SliceAddress<Slice>{{m, o}, at};
}

void SliceIndex<checkers::Checkers>::unmoves(const Slice&, const checkers::Checkers& g,
                                             std::vector<std::uint64_t>& out) {
    using namespace checkers;
    // g as position() sets it: Black to move, so White made the last move.
    const std::uint32_t black = g.pieces(Black), white = g.pieces(White), kings = g.kings();
    const std::uint32_t empty = ~(black | white);
    Checkers before;
    for (std::uint32_t left = white; left; left &= left - 1) {
        const int to = std::countr_zero(left);
        const bool king = (kings & bit(to)) != 0;
        // A White man steps towards row 0: it came from the row 7 side.
        for (int d = 0; d < (king ? 4 : 2); ++d) {
            const int from = kTables.step[to][d];
            if (from == kNone || !(empty & bit(from))) continue;
            const std::uint32_t w = (white & ~bit(to)) | bit(from);
            const std::uint32_t k = king ? (kings & ~bit(to)) | bit(from) : kings;
            if (can_capture(White, w, black, k)) continue;  // a capture was due instead
            before.set_board(black, w, k, White);
            out.push_back(address(before)->index);
        }
    }
}

std::vector<checkers::Slice> SliceIndex<checkers::Checkers>::successors(const checkers::Slice& s) {
    using checkers::Material;
    const auto ordered = [](Material a, Material b) {
        const auto key = [](Material m) { return std::pair(m.pieces(), m.kings); };
        return key(a) < key(b) ? checkers::Slice{b, a} : checkers::Slice{a, b};
    };
    std::vector<checkers::Slice> out;
    for (const auto& [mover, other] : {std::pair(s.first, s.second), std::pair(s.second, s.first)})
        for (int crowned = 0; crowned <= (mover.men > 0 ? 1 : 0); ++crowned)
            for (int k = 0; k <= other.kings; ++k)
                for (int m = 0; m <= other.men; ++m)
                    if (k + m > 0) out.push_back(ordered({mover.kings + crowned, mover.men - crowned}, {k, m}));
    return out;
}

}  // namespace ply
