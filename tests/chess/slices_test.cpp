// Chess's endgame slices (games/chess/slices.hpp) and the retrograde builder
// on them (search/retro/build.hpp), against independent truth: the Syzygy
// generator's published statistics and the known longest mates.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iterator>
#include <map>
#include <random>
#include <ranges>
#include <set>
#include <span>

#include <ply/games/chess/description.hpp>
#include <ply/games/chess/notation.hpp>
#include <ply/search/retro/build.hpp>
#include <ply/search/retro/table_set.hpp>

#include "support/split_parts.hpp"

// A namespace of its own: the unity build puts several test files in one unit.
namespace ply::chess::slices_test {
namespace {

using Index = SliceIndex<Position>;
using Address = SliceAddress<Material>;

Material slice(std::string_view name) {
    const auto m = Index::parse(name);
    if (!m) throw std::invalid_argument("no slice " + std::string(name));
    return *m;
}

// Won, drawn and lost positions for each side to move (side 0, the stronger
// side, is White in the stored positions).
struct Counts {
    std::array<std::uint64_t, 3> white{}, black{};  // win, draw, loss
    int longest_win = 0;                            // plies, either side to move
    friend bool operator==(const Counts&, const Counts&) = default;
};

Counts count(const Material& m, const std::vector<retro::Code>& codes) {
    Counts c;
    const std::uint64_t half = Index::size(m) / 2;
    for (std::uint64_t i = 0; i < codes.size(); ++i) {
        if (codes[i] == retro::not_counted_code) continue;
        const retro::Value v = retro::decode(codes[i]);
        auto& side = i < half ? c.white : c.black;
        ++side[v.result == Outcome::Win ? 0 : v.result == Outcome::Draw ? 1 : 2];
        if (v.result == Outcome::Win) c.longest_win = std::max(c.longest_win, v.plies);
    }
    return c;
}

// The slice a side-swapped or unchanged signature is named as.
Material normalized(Material m) {
    if (Index::parse(Index::name(m))) return m;
    std::swap(m.count[0], m.count[1]);
    return m;
}

// Every slice a capture, a promotion or both lead into from `m`.
std::set<Material> successors(const Material& m) {
    std::set<Material> out;
    for (int side = 0; side < 2; ++side)
        for (int t = Pawn; t <= Queen; ++t) {
            if (m.count[side][t] == 0) continue;
            Material taken = m;  // a man of `side` is captured
            --taken.count[side][t];
            out.insert(normalized(taken));
            if (t != Pawn) continue;
            for (int p = Knight; p <= Queen; ++p) {
                Material promoted = m;  // `side` promotes, perhaps capturing
                --promoted.count[side][Pawn];
                ++promoted.count[side][p];
                out.insert(normalized(promoted));
                for (int u = Knight; u <= Queen; ++u) {
                    if (promoted.count[1 - side][u] == 0) continue;
                    Material both = promoted;
                    --both.count[1 - side][u];
                    out.insert(normalized(both));
                }
            }
        }
    return out;
}

// Builds `targets` and every slice they lead into, in the order slices()
// gives, with the wall and processor seconds each took.
struct Tables {
    std::map<Material, std::vector<retro::Code>> codes;
    std::map<Material, std::pair<double, double>> seconds;

    Tables(const std::vector<std::string_view>& targets, int threads,
           retro::Predecessors by = retro::Predecessors::Unmoves) {
        std::set<Material> needed;
        std::vector<Material> todo;
        for (auto name : targets) todo.push_back(slice(name));
        while (!todo.empty()) {
            const Material m = todo.back();
            todo.pop_back();
            if (!needed.insert(m).second) continue;
            for (const Material& next : successors(m)) todo.push_back(next);
        }
        auto lookup = [this](const Address& at) { return codes.at(at.slice)[at.index]; };
        for (const Material& m : Index::slices(Material::max_pieces)) {
            if (!needed.count(m)) continue;
            const auto wall = std::chrono::steady_clock::now();
            const std::clock_t processor = std::clock();
            const retro::BuildOptions options{.threads = threads, .progress = {}};
            using Lookup = decltype(lookup);
            codes[m] =
                by == retro::Predecessors::Unmoves
                    ? retro::SliceBuilder<Position, Lookup, retro::Predecessors::Unmoves>(m, lookup, options).build()
                    : retro::SliceBuilder<Position, Lookup, retro::Predecessors::Links>(m, lookup, options).build();
            seconds[m] = {std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(),
                          double(std::clock() - processor) / CLOCKS_PER_SEC};
        }
    }
};

}  // namespace

TEST(ChessSlices, NamesAreSyzygysAndParseIsTheirInverse) {
    // Syzygy has 145 tables of 3 to 5 pieces (syzygy-tables.info); KvK is ours too.
    EXPECT_EQ(Index::slices(5).size(), 146u);
    EXPECT_EQ(Index::slices(4).size(), 36u);
    EXPECT_EQ(Index::slices(3).size(), 6u);
    EXPECT_EQ(Index::slices(9), Index::slices(5));
    EXPECT_TRUE(Index::slices(1).empty());
    for (const Material& m : Index::slices(5)) {
        const std::string name = Index::name(m);
        EXPECT_EQ(Index::parse(name), m) << name;
        EXPECT_EQ(Index::pieces(m), int(name.size()) - 1) << name;
    }
    for (const char* name : {"KvK", "KQvK", "KRPvKR", "KBNvK", "KNvKP", "KQvKQ", "KQRvK", "KRvKB", "KPvKP", "KBPvKN"}) {
        const auto m = Index::parse(name);
        ASSERT_TRUE(m) << name;
        EXPECT_EQ(Index::name(*m), name);
    }
    EXPECT_EQ(slice("KQvKR").count[0][Queen], 1);
    EXPECT_EQ(slice("KQvKR").count[1][Rook], 1);
}

TEST(ChessSlices, BadNamesAreRefused) {
    for (const char* name :
         {"",      "K",     "v",    "KvKQ", "KRvKQ", "KNBvK", "KPNvK", "KQvKvK",  "KQvkK",   "kqvk",
          "KQ vK", "KQvK ", "KKvK", "KXvK", "vK",    "Kv",    "QKvK",  "KQQQQvK", "KQRBvKN", "KQvKR\n"})
        EXPECT_FALSE(Index::parse(name)) << name;
}

TEST(ChessSlices, EverySliceComesAfterTheSlicesItsMovesLeadInto) {
    const auto order = Index::slices(5);
    for (std::size_t i = 0; i < order.size(); ++i)
        for (const Material& next : successors(order[i])) {
            const auto at = std::ranges::find(order, next);
            ASSERT_NE(at, order.end()) << Index::name(next);
            EXPECT_LT(std::size_t(at - order.begin()), i)
                << Index::name(order[i]) << " leads into " << Index::name(next);
        }
}

TEST(ChessSlices, SizesAreDense) {
    // 462 king pairs without pawns (the usual triangle), 1806 with pawns (files a-d).
    EXPECT_EQ(Index::size(slice("KvK")), 2u * 462);
    EXPECT_EQ(Index::size(slice("KQvK")), 2u * 462 * 62);
    EXPECT_EQ(Index::size(slice("KQvKR")), 2u * 462 * 62 * 61);
    EXPECT_EQ(Index::size(slice("KPvK")), 2u * 1806 * 48);
    EXPECT_EQ(Index::size(slice("KRPvKR")), 2u * 1806 * 48 * 61 * 60);
    EXPECT_EQ(Index::size(slice("KPPvKP")), 2u * 1806 * 48 * 47 * 46);
}

namespace {

// A board symmetry (bit 0 files mirrored, bit 1 ranks, bit 2 the long
// diagonal) and perhaps the colour flip, applied to a position.
Position image(const Position& pos, int symmetry, bool flip) {
    std::vector<std::pair<Piece, Square>> placed;
    for (Bitboard b = pos.pieces(); b;) {
        const Square from = pop_lsb(b);
        Square s = from;
        Piece p = pos.piece_on(from);
        if (flip) s ^= 56, p = make_piece(~color_of(p), type_of(p));
        if (symmetry & 1) s ^= 7;
        if (symmetry & 2) s ^= 56;
        if (symmetry & 4) s = make_square(rank_of(s), file_of(s));
        placed.emplace_back(p, s);
    }
    Position out;
    out.set_pieces(placed, flip ? ~pos.side_to_move() : pos.side_to_move());
    return out;
}

}  // namespace

TEST(ChessSlices, EveryCountedIndexComesBackFromItsPosition) {
    Position pos;
    for (const char* name : {"KQvK", "KPvK", "KBvKN"}) {
        const Material m = slice(name);
        std::uint64_t counted = 0;
        for (std::uint64_t i = 0; i < Index::size(m); ++i) {
            if (!Index::position(m, i, pos)) continue;
            ++counted;
            const auto at = Index::address(pos);
            ASSERT_TRUE(at) << pos.fen();
            ASSERT_EQ(at->slice, m) << pos.fen();
            ASSERT_EQ(at->index, i) << pos.fen();
            ASSERT_FALSE(pos.attackers_to(pos.king_square(~pos.side_to_move()), pos.pieces()) &
                         pos.pieces(pos.side_to_move()))
                << pos.fen();
        }
        EXPECT_GT(counted, Index::size(m) / 4) << name;
        EXPECT_FALSE(Index::position(m, Index::size(m), pos));
    }
}

TEST(ChessSlices, SymmetricImagesAndTheColourFlipShareAnAddress) {
    std::mt19937_64 random(76);
    const auto all = Index::slices(5);
    Position pos;
    int tried = 0;
    while (tried < 400) {
        const Material m = all[random() % all.size()];
        if (!Index::position(m, random() % Index::size(m), pos)) continue;
        ++tried;
        const auto home = Index::address(pos);
        ASSERT_TRUE(home);
        const bool pawns = pos.pieces(Pawn) != 0;
        // With equal material the colour flip is another position of the
        // slice, with the other side to move.
        const bool even = m.count[0] == m.count[1];
        for (int symmetry = 0; symmetry < (pawns ? 2 : 8); ++symmetry)
            for (const bool flip : {false, true}) {
                const Position other = image(pos, symmetry, flip);
                const auto there = Index::address(other);
                ASSERT_TRUE(there) << other.fen();
                if (flip && even) {
                    EXPECT_EQ(there->slice, m);
                    EXPECT_NE(there->index < Index::size(m) / 2, home->index < Index::size(m) / 2) << other.fen();
                    EXPECT_EQ(there, Index::address(image(image(pos, 0, true), symmetry, false))) << other.fen();
                    continue;
                }
                EXPECT_EQ(there, home) << pos.fen() << " seen as " << other.fen();
            }
    }
}

TEST(ChessSlices, PositionsNoSliceHoldsHaveNoAddress) {
    EXPECT_FALSE(Index::address(Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")));     // castling
    EXPECT_FALSE(Index::address(Position::from_fen("4k3/8/8/8/8/8/PPP5/R3K3 w - - 0 1")));  // 6 pieces
    EXPECT_FALSE(Index::address(Position()));
    // An en passant right is not stored: the position is the same without it.
    EXPECT_EQ(Index::address(Position::from_fen("7k/8/8/3pP3/8/8/8/K7 w - d6 0 1")),
              Index::address(Position::from_fen("7k/8/8/3pP3/8/8/8/K7 w - - 0 1")));
    // ...but the position is aliased: the files keep the value without it.
    EXPECT_TRUE(Index::aliased(Position::from_fen("7k/8/8/3pP3/8/8/8/K7 w - d6 0 1")));
    EXPECT_FALSE(Index::aliased(Position::from_fen("7k/8/8/3pP3/8/8/8/K7 w - - 0 1")));
    EXPECT_FALSE(retro::is_stored(Position::from_fen("7k/8/8/3pP3/8/8/8/K7 w - d6 0 1")));
    const auto weaker_white = Index::address(Position::from_fen("8/8/8/8/8/2k5/4q3/K7 b - - 0 1"));
    ASSERT_TRUE(weaker_white);
    EXPECT_EQ(Index::name(weaker_white->slice), "KQvK");
    EXPECT_LT(weaker_white->index, Index::size(weaker_white->slice) / 2);  // the queen's side to move
}

// Both ways on random indices of slices of 3 to 5 pieces: a move that stays
// in the slice (not to an aliased position) is one of its result's unmoves,
// and an unmove to a counted index is one of that position's moves.
TEST(ChessSlices, UnmovesAreTheMovesTakenBack) {
    std::mt19937_64 random(76);
    auto unmoves = [](const Material& m, std::uint64_t i) {
        Position g;
        EXPECT_TRUE(Index::position(m, i, g));
        std::vector<std::uint64_t> out;
        Index::unmoves(m, g, out);
        return out;
    };
    for (const char* name : {"KQvKR", "KPvKP", "KBNvK", "KRPvKR", "KPPvKP", "KQRvKR", "KBPvKN"}) {
        const Material m = slice(name);
        int aliased = 0, inside = 0;
        for (int checked = 0; checked < 200;) {
            const std::uint64_t i = random() % Index::size(m);
            Position g;
            if (!Index::position(m, i, g)) continue;
            ++checked;
            MoveListOf<Position> moves;
            g.generate_moves(moves);
            for (const auto move : moves) {
                g.make(move);
                const auto at = Index::address(g);
                const bool alias = Index::aliased(g);
                g.unmake(move);
                aliased += alias;
                if (!at || at->slice != m || alias) continue;
                ++inside;
                EXPECT_TRUE(std::ranges::count(unmoves(m, at->index), i)) << g.fen() << " " << to_uci(move, false);
            }
            for (const std::uint64_t p : unmoves(m, i)) {
                Position before;
                if (!Index::position(m, p, before)) continue;
                MoveListOf<Position> theirs;
                before.generate_moves(theirs);
                const bool leads_here = std::ranges::any_of(theirs, [&](auto move) {
                    before.make(move);
                    const bool here = Index::address(before) == Address{m, i} && !Index::aliased(before);
                    before.unmake(move);
                    return here;
                });
                EXPECT_TRUE(leads_here) << before.fen() << " does not lead to " << g.fen();
            }
        }
        EXPECT_GT(inside, 1000) << name;
        if (std::string_view(name) == "KPvKP") {
            EXPECT_GT(aliased, 0);
        }
    }
}

namespace {

// The Syzygy generator's statistics (win, draw, loss for the side to move;
// cursed wins and blessed losses counted as wins and losses), from the file
// stats.json of github.com/niklasf/syzygy-tables.info (the "wdl" entries).
// With two like men (KPPvK) Syzygy counts each position once per order of
// them, twice what the slice holds.
struct Published {
    const char* name;
    std::array<std::uint64_t, 3> white, black;
    std::uint64_t orders = 1;
};

constexpr Published kThreePieces[] = {
    {"KQvK", {18081, 0, 0}, {0, 2896, 25160}},      {"KRvK", {21959, 0, 0}, {0, 2796, 25260}},
    {"KBvK", {0, 24178, 0}, {0, 28056, 0}},         {"KNvK", {0, 25750, 0}, {0, 28056, 0}},
    {"KPvK", {62480, 19184, 0}, {0, 35210, 48802}},
};

constexpr Published kFourPieces[] = {
    {"KBvKB", {52, 1479132, 14}, {52, 1479132, 14}},
    {"KBvKN", {2, 1479195, 1}, {5, 1567216, 1}},
    {"KBvKP", {104, 4212608, 232968}, {1174317, 3807159, 28}},
    {"KNvKN", {5, 1567216, 1}, {5, 1567216, 1}},
    {"KNvKP", {208, 4095612, 608446}, {1622140, 3359329, 35}},
    {"KPvKP", {1606514, 1242545, 868985}, {1606514, 1242545, 868985}},
    {"KBNvK", {1352913, 6665, 0}, {0, 309147, 1398741}},
    {"KBPvK", {4141811, 174804, 0}, {0, 859923, 4264809}},
    {"KNPvK", {4405320, 169405, 0}, {0, 947832, 4176900}},
    {"KPPvK", {3555030, 58312, 0}, {0, 302686, 3522058}, 2},
    {"KQBvK", {962339, 0, 0}, {0, 160147, 1547741}},
    {"KQNvK", {1030802, 0, 0}, {0, 164666, 1543222}},
    {"KQPvK", {3273697, 0, 0}, {0, 145936, 4978796}},
    {"KQRvK", {864052, 0, 0}, {0, 17684, 1690204}},
    {"KRBvK", {1170995, 0, 0}, {0, 150238, 1557650}},
    {"KRNvK", {1238446, 0, 0}, {0, 156789, 1551099}},
    {"KRPvK", {3938586, 0, 0}, {0, 125934, 4998798}},
    {"KQvKB", {1115754, 3462, 0}, {0, 342019, 1137179}},
    {"KQvKN", {1111906, 7310, 0}, {0, 305896, 1261326}},
    {"KQvKP", {3349631, 21317, 20}, {385976, 601733, 3993795}},
    {"KQvKQ", {467214, 646911, 5091}, {467214, 646911, 5091}},
    {"KQvKR", {1108111, 8963, 2142}, {386313, 78518, 883075}},
    {"KRvKB", {473447, 874459, 0}, {0, 1431462, 47736}},
    {"KRvKN", {651492, 696413, 1}, {4, 1396546, 170672}},
    {"KRvKP", {3703102, 340191, 6727}, {816810, 871949, 3292745}},
    {"KRvKR", {392459, 946389, 9058}, {392459, 946389, 9058}},
};

void expect_published(const Tables& tables, std::span<const Published> published) {
    for (const Published& p : published) {
        const Counts c = count(slice(p.name), tables.codes.at(slice(p.name)));
        auto times = [&](std::array<std::uint64_t, 3> n) {
            for (auto& k : n) k *= p.orders;
            return n;
        };
        EXPECT_EQ(times(c.white), p.white) << p.name << " with White to move";
        EXPECT_EQ(times(c.black), p.black) << p.name << " with Black to move";
    }
}

std::vector<std::string_view> names(std::span<const Published> published) {
    std::vector<std::string_view> out;
    for (const Published& p : published) out.push_back(p.name);
    return out;
}

// The longest win of a slice in plies; a mate in m moves takes 2m-1.
int longest_win(const Tables& tables, const char* name) {
    return count(slice(name), tables.codes.at(slice(name))).longest_win;
}

}  // namespace

TEST(ChessRetro, UnmovesAndStoredLinksGiveTheSameCodes) {
    const auto three = names(kThreePieces);
    EXPECT_EQ(Tables(three, 2, retro::Predecessors::Links).codes, Tables(three, 2).codes);
}

// En passant (aliased positions): the two ways of finding predecessors give
// their nodes the same values, with every other slice a stand-in draw. The
// counts against Syzygy's are in the bench below (all KPvKP's successors
// take minutes to build).
TEST(ChessRetro, UnmovesAndStoredLinksAgreeOnEnPassant) {
    const Material m = slice("KPvKP");
    auto draws = [](const Address&) { return retro::draw_code; };
    using Draws = decltype(draws);
    const retro::BuildOptions two{.threads = 2, .progress = {}};
    using Links = retro::SliceBuilder<Position, Draws, retro::Predecessors::Links>;
    using Unmoves = retro::SliceBuilder<Position, Draws, retro::Predecessors::Unmoves>;
    const auto by_links = Links(m, draws, two).build();
    EXPECT_EQ(Unmoves(m, draws, two).build(), by_links);
}

// Split into three parts, KPvKP gets the codes of one build: its aliased
// nodes (en passant) belong to the part of their parent, their bases may be
// in another. The other slices are stand-ins of every kind, so that exits
// win, lose and draw at many distances.
TEST(ChessRetro, KPvKPSplitIntoPartsGetsTheCodesOfOneBuild) {
    const Material m = slice("KPvKP");
    auto stand_in = [](const Address& at) {
        const auto h = int((at.index * 0x9E3779B97F4A7C15ULL) >> 59);  // 0 to 31
        return h < 10 ? retro::win_code(h) : h < 20 ? retro::loss_code(h - 10) : retro::draw_code;
    };
    const retro::BuildOptions two{.threads = 2, .progress = {}};
    const auto whole = retro::SliceBuilder<Position, decltype(stand_in)>(m, stand_in, two).build();
    EXPECT_EQ(ply::test::build_in_parts<Position>(m, stand_in, 3, 2), whole);
}

TEST(ChessRetro, ThreePieceTablesMatchSyzygysCounts) {
    const Tables tables(names(kThreePieces), 1);
    expect_published(tables, kThreePieces);
    EXPECT_EQ(longest_win(tables, "KQvK"), 2 * 10 - 1);
    EXPECT_EQ(longest_win(tables, "KRvK"), 2 * 16 - 1);
}

// Two of the four-piece tables here; bench/chess-egtb builds them all.
TEST(ChessRetro, KQvKRAndKBNvKMatchSyzygyAndTheLongestMates) {
    const Tables tables({"KQvKR", "KBNvK"}, 2);
    std::vector<Published> two;
    std::ranges::copy_if(kFourPieces, std::back_inserter(two), [](const Published& p) {
        return p.name == std::string_view("KQvKR") || p.name == std::string_view("KBNvK");
    });
    ASSERT_EQ(two.size(), 2u);
    expect_published(tables, two);
    EXPECT_EQ(longest_win(tables, "KQvKR"), 2 * 35 - 1);
    EXPECT_EQ(longest_win(tables, "KBNvK"), 2 * 33 - 1);
}

// Every four-piece table Syzygy's statistics above cover, the longest mates
// of KQvKR, KBBvK and KBNvK, and the time each slice took; run by
// bench/chess-egtb (PLY_EGTB_THREADS threads, 1 by default; predecessors
// from stored links with PLY_EGTB_LINKS=1).
TEST(ChessRetroBench, DISABLED_EveryFourPieceTable) {
    const char* threads = std::getenv("PLY_EGTB_THREADS");
    const char* links = std::getenv("PLY_EGTB_LINKS");
    auto targets = names(kFourPieces);
    targets.push_back("KBBvK");
    const Tables tables(
        targets, threads ? std::max(1, std::atoi(threads)) : 1,
        links && std::string_view(links) == "1" ? retro::Predecessors::Links : retro::Predecessors::Unmoves);
    expect_published(tables, kFourPieces);
    EXPECT_EQ(longest_win(tables, "KQvKR"), 2 * 35 - 1);
    EXPECT_EQ(longest_win(tables, "KBBvK"), 2 * 19 - 1);
    EXPECT_EQ(longest_win(tables, "KBNvK"), 2 * 33 - 1);
    // Indices per second of processor time (all threads) is what a loaded
    // machine leaves comparable; wall time is what a user waits.
    std::printf("%-8s %10s %10s %8s %8s %12s\n", "slice", "indices", "positions", "wall s", "cpu s", "indices/cpu s");
    std::uint64_t all = 0;
    double wall = 0, processor = 0;
    for (const auto& [m, took] : tables.seconds) {
        const auto& codes = tables.codes.at(m);
        const auto counted = std::ranges::count_if(codes, [](retro::Code c) { return c != retro::not_counted_code; });
        all += codes.size(), wall += took.first, processor += took.second;
        std::printf("%-8s %10zu %10lld %8.2f %8.2f %12.0f\n", Index::name(m).c_str(), codes.size(),
                    static_cast<long long>(counted), took.first, took.second, double(codes.size()) / took.second);
    }
    std::printf("all %zu slices: %llu indices, %.1f s wall, %.1f s cpu, %.0f indices/cpu s\n", tables.seconds.size(),
                static_cast<unsigned long long>(all), wall, processor, double(all) / processor);
}

}  // namespace ply::chess::slices_test
