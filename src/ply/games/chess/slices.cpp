#include <ply/games/chess/slices.hpp>

#include <algorithm>
#include <utility>

namespace ply::chess {
namespace {

using Counts = std::array<int, 5>;  // by PieceType, Pawn .. Queen

constexpr std::array<PieceType, 5> kNameTypes = {Queen, Rook, Bishop, Knight, Pawn};  // as names list them
constexpr std::string_view kLetters = "PNBRQ";                                        // by PieceType
constexpr Bitboard kPawnSquares = 0x00FFFFFFFFFFFF00ULL;                              // ranks 2-7
constexpr int kMaxMen = Material::max_pieces - 2;

template <class C>
int men(const C& c) {
    int n = 0;
    for (const auto k : c) n += k;
    return n;
}

// Syzygy's order of the two sides of a name: more men first; with as many,
// the stronger pieces at the first difference, strongest first.
template <class C>
bool stronger_or_equal(const C& a, const C& b) {
    if (men(a) != men(b)) return men(a) > men(b);
    for (const PieceType t : kNameTypes)
        if (a[t] != b[t]) return a[t] > b[t];
    return true;
}

// The `n`-th square of `set` counting from a1, and how many of `set` come before `s`.
Square nth_square(Bitboard set, int n) {
    for (; n > 0; --n) set &= set - 1;
    return lsb(set);
}

int squares_below(Bitboard set, Square s) { return popcount(set & (square_bb(s) - 1)); }

Square transpose(Square s) { return make_square(rank_of(s), file_of(s)); }

// The canonical king pairs: side 0's king in the a1-d1-d4 triangle (its
// partner on or below the long diagonal when it stands on it), or with pawns
// on files a-d; never touching.
struct KingPairs {
    std::array<std::int16_t, 64 * 64> id{};
    std::vector<std::pair<Square, Square>> squares;

    explicit KingPairs(bool pawns) {
        id.fill(-1);
        for (Square a = 0; a < 64; ++a)
            for (Square b = 0; b < 64; ++b) {
                if (a == b || (king_attacks(a) & square_bb(b))) continue;
                if (file_of(a) > 3) continue;
                if (!pawns && (rank_of(a) > file_of(a) || (rank_of(a) == file_of(a) && rank_of(b) > file_of(b))))
                    continue;
                id[std::size_t(a * 64 + b)] = std::int16_t(squares.size());
                squares.emplace_back(a, b);
            }
    }
};

const KingPairs& king_pairs(bool pawns) {
    static const KingPairs without(false), with(true);
    return pawns ? with : without;
}

// Where everything stands in the slice's frame: [0] side 0's king, [1] side
// 1's, then the men (kings aside) in index order: pawns of side 0 then side
// 1, then side 0's pieces Q R B N, then side 1's. Like men share a kind.
struct Placement {
    std::array<Square, 2 + kMaxMen> sq{};
    std::array<int, kMaxMen> kind{};  // 8 * side + type
    int men = 0, pawns = 0;

    std::uint64_t radix(int j) const { return std::uint64_t(j < pawns ? 48 - j : 62 - j); }
    // Appends `count` men of one kind; `square` (if given) says where the k-th stands.
    template <class Where>
    void add(int side, PieceType type, int count, const Where& square) {
        for (int k = 0; k < count; ++k, ++men) {
            kind[std::size_t(men)] = 8 * side + type;
            sq[std::size_t(2 + men)] = square(k);
        }
        if (type == Pawn) pawns = men;
    }
};

// Calls add(side, type) for each kind of man in index order.
template <class Add>
void each_kind(const Add& add) {
    for (int side = 0; side < 2; ++side) add(side, Pawn);
    for (int side = 0; side < 2; ++side)
        for (const PieceType t : {Queen, Rook, Bishop, Knight}) add(side, t);
}

// The men of a slice, squares unset.
Placement placement_of(const Material& m) {
    Placement p;
    each_kind([&](int side, PieceType t) { p.add(side, t, m.count[side][t], [](int) { return NoSquare; }); });
    return p;
}

// The index; sorts like men in `p` (taken by reference: a copy's wide loads
// of the stores just made would stall).
std::uint64_t encode(Placement& p, int side_to_move) {
    // Like men in ascending squares: one order of each set counts.
    for (int j = 1; j < p.men; ++j)
        for (int k = j; k > 0 && p.kind[std::size_t(k)] == p.kind[std::size_t(k - 1)] && p.sq[k + 2] < p.sq[k + 1]; --k)
            std::swap(p.sq[std::size_t(k + 2)], p.sq[std::size_t(k + 1)]);
    const KingPairs& kings = king_pairs(p.pawns > 0);
    std::uint64_t index =
        std::uint64_t(side_to_move) * kings.squares.size() + std::uint64_t(kings.id[p.sq[0] * 64 + p.sq[1]]);
    Bitboard taken = 0;
    for (int j = 0; j < p.men; ++j) {
        const Square s = p.sq[std::size_t(j + 2)];
        if (j == p.pawns) taken |= square_bb(p.sq[0]) | square_bb(p.sq[1]);
        const Bitboard free = j < p.pawns ? kPawnSquares & ~taken : ~taken;
        index = index * p.radix(j) + std::uint64_t(squares_below(free, s));
        taken |= square_bb(s);
    }
    return index;
}

// The index of a position seen in the slice's frame, its symmetries folded.
std::uint64_t fold(Placement& p, int side_to_move) {
    auto each = [&](auto f) {
        for (int j = 0; j < p.men + 2; ++j) p.sq[std::size_t(j)] = f(p.sq[std::size_t(j)]);
    };
    const auto& sq = p.sq;
    if (file_of(sq[0]) > 3) each([](Square s) { return s ^ 7; });
    if (p.pawns > 0) return encode(p, side_to_move);
    if (rank_of(sq[0]) > 3) each([](Square s) { return s ^ 56; });
    if (rank_of(sq[0]) > file_of(sq[0])) each(transpose);
    if (rank_of(sq[0]) != file_of(sq[0])) return encode(p, side_to_move);
    if (rank_of(sq[1]) > file_of(sq[1])) each(transpose);
    if (rank_of(sq[1]) != file_of(sq[1])) return encode(p, side_to_move);
    // Both kings on the diagonal: it mirrors the position onto another.
    const std::uint64_t here = encode(p, side_to_move);
    each(transpose);
    return std::min(here, encode(p, side_to_move));
}

Counts counts_of(const Position& pos, Color c) {
    Counts k{};
    for (int t = Pawn; t <= Queen; ++t) k[std::size_t(t)] = popcount(pos.pieces(c, PieceType(t)));
    return k;
}

// Where a position's men stand in the slice's frame, `strong` as side 0
// (playing up the board).
Placement placement_in_frame(const Position& pos, Color strong) {
    const auto frame = [&](Square s) { return strong == White ? s : s ^ 56; };
    Placement p;
    p.sq[0] = frame(pos.king_square(strong));
    p.sq[1] = frame(pos.king_square(~strong));
    each_kind([&](int side, PieceType t) {
        Bitboard b = pos.pieces(side == 0 ? strong : ~strong, t);
        p.add(side, t, popcount(b), [&](int) { return frame(pop_lsb(b)); });
    });
    return p;
}

// The squares a pawn of `mover` on `s` came from by a push: one back, two
// from its start unless that gave an en passant right (then the result is
// aliased, not `g`).
Bitboard pawn_origins(const Position& g, Color mover, Square s) {
    const int back = mover == White ? -8 : 8;
    const Bitboard empty = ~g.pieces();
    const Square one = s + back;
    if (!(kPawnSquares & empty & square_bb(one))) return 0;
    Bitboard from = square_bb(one);
    const int start = mover == White ? 1 : 6;
    const Square two = one + back;
    if (rank_of(two) == start && (empty & square_bb(two)) && !(pawn_attacks(mover, one) & g.pieces(~mover, Pawn)))
        from |= square_bb(two);
    return from;
}

std::string side_name(const std::array<std::uint8_t, 5>& c) {
    std::string out = "K";
    for (const PieceType t : kNameTypes) out.append(c[t], kLetters[t]);
    return out;
}

}  // namespace
}  // namespace ply::chess

namespace ply {

using chess::Material;

std::vector<Material> SliceIndex<chess::Position>::slices(int most) {
    const int men = std::min(most, Material::max_pieces) - 2;
    std::vector<Material> out;
    if (men < 0) return out;
    // Every count of the ten (side, type) kinds summing to at most `men`.
    Material m;
    auto add = [&](auto& self, int kind, int left) -> void {
        if (kind == 10) {
            if (chess::stronger_or_equal(m.count[0], m.count[1])) out.push_back(m);
            return;
        }
        for (int k = 0; k <= left; ++k) {
            m.count[std::size_t(kind / 5)][std::size_t(kind % 5)] = std::uint8_t(k);
            self(self, kind + 1, left - k);
        }
        m.count[std::size_t(kind / 5)][std::size_t(kind % 5)] = 0;
    };
    add(add, 0, men);
    auto key = [](const Material& s) {
        return std::pair(SliceIndex::pieces(s), s.count[0][chess::Pawn] + s.count[1][chess::Pawn]);
    };
    std::sort(out.begin(), out.end(), [&](const Material& a, const Material& b) {
        return key(a) != key(b) ? key(a) < key(b) : name(a) < name(b);
    });
    return out;
}

std::vector<Material> SliceIndex<chess::Position>::successors(const Material& m) {
    using namespace chess;
    // The signature in the slices' orientation: the stronger side first.
    const auto oriented = [](Material s) {
        if (!stronger_or_equal(s.count[0], s.count[1])) std::swap(s.count[0], s.count[1]);
        return s;
    };
    std::vector<Material> out;
    for (int mover = 0; mover < 2; ++mover) {
        const auto other = std::size_t(1 - mover);
        std::vector<Material> after_capture{m};
        for (int t = Pawn; t <= Queen; ++t)
            if (m.count[other][std::size_t(t)] > 0) {
                Material c = m;
                --c.count[other][std::size_t(t)];
                after_capture.push_back(c);
            }
        for (const Material& c : after_capture) {
            out.push_back(oriented(c));
            if (c.count[std::size_t(mover)][Pawn] == 0) continue;
            for (int t = Knight; t <= Queen; ++t) {
                Material promoted = c;
                --promoted.count[std::size_t(mover)][Pawn];
                ++promoted.count[std::size_t(mover)][std::size_t(t)];
                out.push_back(oriented(promoted));
            }
        }
    }
    return out;
}

std::string SliceIndex<chess::Position>::name(const Material& m) {
    return chess::side_name(m.count[0]) + "v" + chess::side_name(m.count[1]);
}

std::optional<Material> SliceIndex<chess::Position>::parse(std::string_view text) {
    const auto v = text.find('v');
    if (v == std::string_view::npos || text.size() > 2 * Material::max_pieces + 1) return std::nullopt;
    Material m;
    for (int side = 0; side < 2; ++side) {
        const std::string_view part = side == 0 ? text.substr(0, v) : text.substr(v + 1);
        if (part.empty() || part[0] != 'K') return std::nullopt;
        for (const char c : part.substr(1)) {
            const auto t = chess::kLetters.find(c);
            if (t == std::string_view::npos) return std::nullopt;
            ++m.count[std::size_t(side)][t];
        }
    }
    if (pieces(m) > Material::max_pieces || name(m) != text || !chess::stronger_or_equal(m.count[0], m.count[1]))
        return std::nullopt;
    return m;
}

int SliceIndex<chess::Position>::pieces(const Material& m) {
    return 2 + chess::men(m.count[0]) + chess::men(m.count[1]);
}

std::uint64_t SliceIndex<chess::Position>::size(const Material& m) {
    const chess::Placement men = chess::placement_of(m);
    std::uint64_t n = 2 * chess::king_pairs(men.pawns > 0).squares.size();
    for (int j = 0; j < men.men; ++j) n *= men.radix(j);
    return n;
}

bool SliceIndex<chess::Position>::position(const Material& m, std::uint64_t index, chess::Position& out) {
    using namespace chess;
    const Placement men = placement_of(m);
    const KingPairs& kings = king_pairs(men.pawns > 0);
    std::array<std::uint64_t, kMaxMen> digit{};
    std::uint64_t rest = index;
    for (int j = men.men - 1; j >= 0; --j) {
        digit[std::size_t(j)] = rest % men.radix(j);
        rest /= men.radix(j);
    }
    if (rest >= 2 * kings.squares.size()) return false;
    const auto [k0, k1] = kings.squares[rest % kings.squares.size()];
    const Color to_move = rest < kings.squares.size() ? White : Black;

    std::array<std::pair<Piece, Square>, 2 + kMaxMen> placed{};
    placed[0] = {make_piece(White, King), k0};
    placed[1] = {make_piece(Black, King), k1};
    Bitboard taken = 0;
    for (int j = 0; j < men.men; ++j) {
        if (j == men.pawns) taken |= square_bb(k0) | square_bb(k1);
        const Bitboard free = j < men.pawns ? kPawnSquares & ~taken : ~taken;
        const Square s = nth_square(free, int(digit[std::size_t(j)]));
        if (s == k0 || s == k1) return false;  // a pawn on a king
        taken |= square_bb(s);
        const int kind = men.kind[std::size_t(j)];
        placed[std::size_t(j + 2)] = {make_piece(kind < 8 ? White : Black, PieceType(kind % 8)), s};
    }
    out.set_pieces(std::span(placed.data(), std::size_t(men.men + 2)), to_move);
    if (out.attackers_to(out.king_square(~to_move), out.pieces()) & out.pieces(to_move)) return false;
    const auto at = address(out);
    return at && at->index == index;
}

std::optional<SliceAddress<Material>> SliceIndex<chess::Position>::address(const chess::Position& pos) {
    using namespace chess;
    if (pos.castling_rights() != 0 || popcount(pos.pieces()) > Material::max_pieces) return std::nullopt;
    // Positions no slice counts (set up by hand): kings touching, pawns on a back rank.
    if ((king_attacks(pos.king_square(White)) & pos.pieces(Black, King)) || (pos.pieces(Pawn) & ~kPawnSquares))
        return std::nullopt;
    const Counts white = counts_of(pos, White), black = counts_of(pos, Black);
    const Color strong = stronger_or_equal(white, black) ? White : Black;
    Material m;
    for (int t = Pawn; t <= Queen; ++t) {
        m.count[0][std::size_t(t)] = std::uint8_t((strong == White ? white : black)[std::size_t(t)]);
        m.count[1][std::size_t(t)] = std::uint8_t((strong == White ? black : white)[std::size_t(t)]);
    }
    Placement p = placement_in_frame(pos, strong);
    return SliceAddress<Material>{m, fold(p, pos.side_to_move() == strong ? 0 : 1)};
}

void SliceIndex<chess::Position>::unmoves(const Material&, const chess::Position& g, std::vector<std::uint64_t>& out) {
    using namespace chess;
    // g as position() sets it: White is side 0, the frame is the board's.
    const Placement here = placement_in_frame(g, White);
    const Color mover = ~g.side_to_move();
    const Bitboard occupied = g.pieces();
    auto from = [&](int j, Square s) {
        Placement before = here;
        before.sq[std::size_t(j)] = s;
        out.push_back(fold(before, mover == White ? 0 : 1));
    };
    const Square their_king = g.king_square(~mover);
    for (Bitboard b = king_attacks(g.king_square(mover)) & ~occupied; b;)
        if (const Square s = pop_lsb(b); !(king_attacks(s) & square_bb(their_king))) from(mover == White ? 0 : 1, s);
    for (int j = 0; j < here.men; ++j) {
        const int kind = here.kind[std::size_t(j)];
        if ((kind < 8 ? White : Black) != mover) continue;
        const Square s = here.sq[std::size_t(j + 2)];
        const auto type = PieceType(kind % 8);
        Bitboard origins = type == Pawn ? pawn_origins(g, mover, s) : piece_attacks(type, s, occupied) & ~occupied;
        while (origins) from(j + 2, pop_lsb(origins));
    }
}

bool SliceIndex<chess::Position>::aliased(const chess::Position& pos) { return pos.ep_square() != chess::NoSquare; }

}  // namespace ply
