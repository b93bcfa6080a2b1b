// The endgame tables' files (search/retro/table.hpp): every code read back
// as written, every damaged or foreign file refused; and the tables probed
// (table_set.hpp, probe.hpp) on the toy game of retro_build_test.cpp, the
// best moves checked against a plain negamax.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <ply/search/classic/negamax.hpp>
#include <ply/search/retro/build.hpp>
#include <ply/search/retro/probe.hpp>
#include <ply/search/retro/table.hpp>
#include <ply/search/retro/table_set.hpp>

#include "support/read_file.hpp"
#include "support/ring_chase.hpp"
#include "support/temp_file.hpp"

namespace {

using namespace ply;
using retro::Code;
using test::RingChase;

constexpr retro::TableLayout small_blocks{.block_positions = 64};

// Codes drawn from `distinct` values (more than 192 needs the escape).
std::vector<Code> scattered_codes(std::size_t n, int distinct, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<Code> out(n);
    for (Code& c : out) c = Code(rng() % unsigned(distinct));
    return out;
}

// Runs of 1 to 300 equal codes, mostly draws, some beyond one short token.
std::vector<Code> runny_codes(std::size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<Code> out;
    while (out.size() < n) {
        const Code c = rng() % 3 == 0 ? Code(rng() % 400) : retro::draw_code;
        out.insert(out.end(), std::min<std::size_t>(1 + rng() % 300, n - out.size()), c);
    }
    return out;
}

std::string written(const ply::testing::TempDir& dir, const std::vector<Code>& codes,
                    retro::TableLayout layout = small_blocks) {
    const std::string path = dir / "t.plyt";
    retro::write_table(path, "toy", "2v1", codes, layout);
    return path;
}

void expect_read_back(const std::vector<Code>& codes, retro::TableLayout layout) {
    const ply::testing::TempDir dir("retro_table_round");
    const auto table = retro::Table::open(written(dir, codes, layout), "toy", "2v1");
    ASSERT_EQ(table.size(), codes.size());
    for (std::uint64_t i = 0; i < codes.size(); ++i) ASSERT_EQ(table.at(i), codes[i]) << "index " << i;
    std::vector<Code> all(codes.size());
    table.read(0, all);
    EXPECT_EQ(all, codes);
    if (codes.size() > 10) {
        std::vector<Code> middle(codes.size() - 10);
        table.read(7, middle);
        EXPECT_TRUE(std::equal(middle.begin(), middle.end(), codes.begin() + 7));
    }
    EXPECT_THROW((void)table.at(codes.size()), std::out_of_range);
    EXPECT_EQ(table.file_bytes(), std::filesystem::file_size(dir / "t.plyt"));
    EXPECT_EQ(dir.others("t.plyt"), 0U) << "a temporary file was left behind";
}

// Opening must throw a TableError of one line naming the file.
void expect_refused(const std::string& path, const std::string& game = "toy", const std::string& slice = "2v1",
                    const std::string& says = "") {
    try {
        (void)retro::Table::open(path, game, slice);
        ADD_FAILURE() << "accepted";
    } catch (const retro::TableError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find(std::filesystem::path(path).filename().string()), std::string::npos) << what;
        EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        EXPECT_NE(what.find(says), std::string::npos) << what;
    }
}

}  // namespace

TEST(RetroTable, EveryCodeReadsBackAtEverySize) {
    for (const std::size_t n : {0, 1, 2, 63, 64, 65, 640, 641}) {
        SCOPED_TRACE("size " + std::to_string(n));
        expect_read_back(scattered_codes(n, 5, unsigned(n)), small_blocks);
        expect_read_back(scattered_codes(n, 700, unsigned(n) + 1), small_blocks);
        expect_read_back(runny_codes(n, unsigned(n) + 2), small_blocks);
    }
    const std::size_t b = retro::TableLayout{}.block_positions;
    for (const std::size_t n : {b - 1, b, b + 1, 3 * b + 5}) expect_read_back(runny_codes(n, 9), {});
    expect_read_back(std::vector<Code>(100000, retro::win_code(7)), {});  // runs longer than a block
}

TEST(RetroTable, DontCareEntriesReadBackAsAnythingAndCostNothing) {
    const ply::testing::TempDir dir("retro_table_care");
    std::vector<Code> plain(5000, retro::loss_code(3)), holed = plain;
    for (std::size_t i = 0; i < holed.size(); i += 3) holed[i] = retro::not_counted_code;
    plain[4000] = holed[4000] = retro::win_code(2);
    retro::write_table(dir / "plain.plyt", "toy", "s", plain);
    retro::write_table(dir / "holed.plyt", "toy", "s", holed);
    EXPECT_EQ(std::filesystem::file_size(dir / "holed.plyt"), std::filesystem::file_size(dir / "plain.plyt"));
    const auto table = retro::Table::open(dir / "holed.plyt", "toy", "s");
    for (std::size_t i = 0; i < holed.size(); ++i)
        ASSERT_TRUE(holed[i] == retro::not_counted_code || table.at(i) == holed[i]) << i;
    // Nothing counted at all still makes a table.
    retro::write_table(dir / "none.plyt", "toy", "s", std::vector<Code>(300, retro::not_counted_code));
    EXPECT_EQ(retro::Table::open(dir / "none.plyt", "toy", "s").size(), 300U);
}

TEST(RetroTable, RunsShrinkToAFewBytes) {
    const ply::testing::TempDir dir("retro_table_runs");
    // Runs of 150 positions on average cost at most 4 bytes (a symbol, an
    // escape and a 2-byte count), 1 more where a block starts, and 16 bytes
    // of index a block: under 0.045 bytes a position.
    const auto runs = runny_codes(1 << 20, 5);
    const auto t = retro::Table::open(written(dir, runs, {}), "toy", "2v1");
    EXPECT_LT(double(t.file_bytes()) / double(t.size()), 0.045);
    // Scattered win/draw/loss: one byte a position, and the index.
    const auto flat = retro::Table::open(written(dir, scattered_codes(1 << 16, 3, 1), {}), "toy", "2v1");
    EXPECT_LT(double(flat.file_bytes()) / double(flat.size()), 1.02);
}

TEST(RetroTable, UnsettledCodesAreNotWritten) {
    const ply::testing::TempDir dir("retro_table_unsettled");
    std::vector<Code> codes(10, retro::draw_code);
    codes[4] = retro::unknown_code;
    EXPECT_THROW(retro::write_table(dir / "t.plyt", "toy", "2v1", codes), retro::TableError);
    EXPECT_EQ(dir.others(), 0U);
}

TEST(RetroTable, TheSameCodesMakeTheSameFile) {
    const ply::testing::TempDir dir("retro_table_same");
    const auto codes = runny_codes(20000, 3);
    retro::write_table(dir / "a.plyt", "toy", "2v1", codes);
    retro::write_table(dir / "b.plyt", "toy", "2v1", codes);
    EXPECT_EQ(ply::testing::read_file(dir / "a.plyt"), ply::testing::read_file(dir / "b.plyt"));
    EXPECT_EQ(retro::Table::open(dir / "a.plyt", "toy", "2v1").checksum(),
              retro::Table::open(dir / "b.plyt", "toy", "2v1").checksum());
    auto other = codes;
    other[12345] ^= 2;
    retro::write_table(dir / "b.plyt", "toy", "2v1", other);  // replaces the file
    EXPECT_NE(retro::Table::open(dir / "a.plyt", "toy", "2v1").checksum(),
              retro::Table::open(dir / "b.plyt", "toy", "2v1").checksum());
}

namespace {

// Every damaged copy of a file's bytes must be refused; through a file on
// disk for every `on_disk`-th, in memory for the others (as fast).
void expect_all_refused(const ply::testing::TempDir& dir, const std::vector<std::string>& damaged,
                        std::size_t on_disk) {
    for (std::size_t k = 0; k < damaged.size(); ++k) {
        SCOPED_TRACE("damaged copy " + std::to_string(k));
        if (k % on_disk == 0) {
            expect_refused(dir.write("t.plyt", damaged[k]));
            continue;
        }
        const std::vector<unsigned char> bytes(damaged[k].begin(), damaged[k].end());
        EXPECT_THROW((void)retro::Table::from_bytes(bytes, "t.plyt", "toy", "2v1"), retro::TableError);
    }
}

}  // namespace

TEST(RetroTable, ATruncatedFileIsRefusedAtEveryLength) {
    const ply::testing::TempDir dir("retro_table_cut");
    const std::string whole = ply::testing::read_file(written(dir, runny_codes(700, 4)));
    std::vector<std::string> cut;
    for (std::size_t length = 0; length < whole.size(); ++length) cut.push_back(whole.substr(0, length));
    cut.push_back(whole + "x");
    expect_all_refused(dir, cut, 10);
}

TEST(RetroTable, AFlippedByteAnywhereIsRefused) {
    const ply::testing::TempDir dir("retro_table_flip");
    auto codes = scattered_codes(700, 300, 6);
    std::fill(codes.begin() + 100, codes.begin() + 400, retro::draw_code);
    const std::string whole = ply::testing::read_file(written(dir, codes));
    std::vector<std::string> flipped;
    for (std::size_t at = 0; at < whole.size(); ++at) {
        for (const int mask : {0x01, 0x80, 0xFF}) {
            flipped.push_back(whole);
            flipped.back()[at] = char(whole[at] ^ mask);
        }
    }
    expect_all_refused(dir, flipped, 37);
}

TEST(RetroTable, AForeignFileIsRefused) {
    const ply::testing::TempDir dir("retro_table_foreign");
    const std::string path = written(dir, runny_codes(300, 7));
    expect_refused(path, "chess", "2v1", "a table of game toy, not chess");
    expect_refused(path, "toy", "KQvK", "a table of slice 2v1, not KQvK");
    std::string later = ply::testing::read_file(path);
    later[8] = 2;  // the format version
    expect_refused(dir.write("t.plyt", later), "toy", "2v1", "format version 2");
    expect_refused(dir.write("t.plyt", "[Event \"?\"]\n"), "toy", "2v1", "not a Ply endgame table");
    expect_refused(dir / "missing.plyt", "toy", "2v1", "cannot read");
}

TEST(RetroTable, AWriteThatFailsLeavesNoFile) {
    const ply::testing::TempDir dir("retro_table_nowrite");
    EXPECT_THROW(retro::write_table(dir / "absent/t.plyt", "toy", "2v1", runny_codes(100, 1)), retro::TableError);
    EXPECT_FALSE(std::filesystem::exists(dir / "absent"));
    EXPECT_EQ(dir.others(), 0U);
}

namespace {

bool has_partial_file(const std::filesystem::path& folder) {
    for (const auto& e : std::filesystem::directory_iterator(folder))
        if (e.path().filename().string().find(".partial-") != std::string::npos) return true;
    return false;
}

}  // namespace

// A writer killed while it writes leaves no file under the table's name,
// or a whole one: never a file that looks complete and is not.
TEST(RetroTable, AKilledWriteLeavesNoTableOrAWholeOne) {
    const ply::testing::TempDir dir("retro_table_killed");
    const auto codes = scattered_codes(30'000'000, 150, 8);  // about 30 MB
    int caught_writing = 0;
    for (int trial = 0; trial < 3; ++trial) {
        std::filesystem::remove(dir / "t.plyt");
        const pid_t child = ::fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            try {
                retro::write_table(dir / "t.plyt", "toy", "2v1", codes);
            } catch (...) {}
            ::_exit(0);
        }
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (!has_partial_file(dir.path) && !std::filesystem::exists(dir / "t.plyt") &&
               std::chrono::steady_clock::now() < give_up)
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        ::kill(child, SIGKILL);
        ::waitpid(child, nullptr, 0);
        caught_writing += has_partial_file(dir.path);
        if (std::filesystem::exists(dir / "t.plyt")) {
            EXPECT_EQ(retro::Table::open(dir / "t.plyt", "toy", "2v1").size(), codes.size());
        }
        for (const auto& e : std::filesystem::directory_iterator(dir.path))
            if (e.is_regular_file()) std::filesystem::remove(e.path());
    }
    EXPECT_GT(caught_writing, 0) << "no kill landed while the file was written";
}

namespace {

// The toy's two slices built, written to a folder as game "ring".
struct RingTables {
    ply::testing::TempDir dir;
    std::vector<Code> one, two;
    explicit RingTables(const std::string& folder = "retro_table_ring") : dir(folder) {
        auto none = [](const SliceAddress<int>&) { return retro::draw_code; };
        one = retro::build_slice<RingChase>(1, none);
        auto from_one = [&](const SliceAddress<int>& at) { return one.at(at.index); };
        two = retro::build_slice<RingChase>(2, from_one);
        retro::write_table(dir / "1.plyt", "ring", "1", one);
        retro::write_table(dir / "2.plyt", "ring", "2", two);
    }
};

RingChase ring_position(std::uint64_t index) {
    RingChase g;
    SliceIndex<RingChase>::position(2, index, g);
    return g;
}

// Negamax's word on whether `m` keeps the value `v` of `g`: the child is
// lost (won) in exactly one ply less, or drawn (no mate within `horizon`).
bool keeps_by_negamax(RingChase g, int m, retro::Value v, int horizon) {
    g.make(m);
    const auto depth = v.result == Outcome::Draw ? horizon : v.plies - 1;
    const Score s = classic::Negamax<RingChase>(g).run(depth).score;
    if (v.result == Outcome::Win) return s == mated_in_plies(v.plies - 1);
    if (v.result == Outcome::Loss) return s == mate_in_plies(v.plies - 1);
    return !is_mate(s);
}

}  // namespace

TEST(RetroTableSet, ProbesReadTheBuiltValues) {
    const RingTables ring;
    retro::TableSet<RingChase> set(ring.dir.path, "ring");
    EXPECT_EQ(set.file_name(2), "2.plyt");
    EXPECT_EQ(set.path(2), ring.dir.path / "2.plyt");
    EXPECT_TRUE(set.has(2));
    for (std::uint64_t i = 0; i < ring.two.size(); ++i)
        EXPECT_EQ(set.probe(ring_position(i)), retro::decode(ring.two[i])) << i;
    RingChase over;
    SliceIndex<RingChase>::position(1, 0, over);
    EXPECT_EQ(set.probe(over), std::nullopt);  // the game is over: no probe
    EXPECT_EQ(set.code({1, 1}), ring.one[1]);
}

TEST(RetroTableSet, BestMovesAreTheOnesNegamaxSaysKeepTheValue) {
    const RingTables ring;
    retro::TableSet<RingChase> set(ring.dir.path, "ring");
    int longest = 0, left_out = 0;
    for (const Code c : ring.two) longest = std::max(longest, retro::decode(c).plies);
    for (std::uint64_t i = 0; i < ring.two.size(); ++i) {
        const RingChase g = ring_position(i);
        const retro::Value v = retro::decode(ring.two[i]);
        const auto best = retro::best_moves(set, g);
        for (const int m : {1, 5, 9}) {
            const bool chosen = std::find(best.begin(), best.end(), m) != best.end();
            EXPECT_EQ(chosen, keeps_by_negamax(g, m, v, longest + 2)) << "distance " << i + 1 << " move " << m;
            left_out += !chosen;
        }
        EXPECT_FALSE(best.empty());
        EXPECT_EQ(set.searched(g), v) << i;
    }
    EXPECT_GT(left_out, 0);
}

TEST(RetroTableSet, AWrongStoredValueDisagreesWithOnePlyOfSearch) {
    RingTables ring;
    const auto won = std::find_if(ring.two.begin(), ring.two.end(), [](Code c) { return c % 2 == 1; });
    ASSERT_NE(won, ring.two.end());
    *won = Code(*won + 2);  // won one move later than it is
    retro::write_table(ring.dir / "2.plyt", "ring", "2", ring.two);
    retro::TableSet<RingChase> set(ring.dir.path, "ring");
    const RingChase g = ring_position(std::uint64_t(won - ring.two.begin()));
    EXPECT_NE(set.searched(g), set.probe(g));
}

TEST(RetroTableSet, AbsentTablesGiveNothingUntilWrittenAndForgotten) {
    const RingTables ring;
    std::filesystem::rename(ring.dir / "2.plyt", ring.dir / "sub/2.plyt");
    retro::TableSet<RingChase> set(ring.dir.path, "ring");
    EXPECT_FALSE(set.has(2));
    EXPECT_EQ(set.table(2), nullptr);
    EXPECT_EQ(set.probe(ring_position(0)), std::nullopt);
    EXPECT_TRUE(retro::best_moves(set, ring_position(0)).empty());
    std::filesystem::rename(ring.dir / "sub/2.plyt", ring.dir / "2.plyt");
    EXPECT_EQ(set.table(2), nullptr);  // absence is remembered
    set.forget(2);
    EXPECT_EQ(set.probe(ring_position(0)), retro::decode(ring.two[0]));
}

TEST(RetroTableSet, AnUnusableTableThrowsAtEveryProbe) {
    const RingTables ring;
    retro::write_table(ring.dir / "2.plyt", "ring", "2", std::vector<Code>(5, retro::draw_code));
    retro::TableSet<RingChase> set(ring.dir.path, "ring");
    for (int twice = 0; twice < 2; ++twice) {
        EXPECT_THROW((void)set.probe(ring_position(0)), retro::TableError);
    }
    try {
        (void)set.table(2);
        ADD_FAILURE() << "accepted";
    } catch (const retro::TableError& e) {
        EXPECT_NE(std::string(e.what()).find("holds 5 positions, the slice has 11"), std::string::npos) << e.what();
    }
    retro::TableSet<RingChase> other_game(ring.dir.path, "chess");
    EXPECT_THROW((void)other_game.table(1), retro::TableError);
}

TEST(RetroTableSet, ThreadsOpenAndProbeTogether) {
    const RingTables ring;
    retro::TableSet<RingChase> set(ring.dir.path, "ring");
    std::vector<int> wrong(4, 0);
    {
        std::vector<std::jthread> threads;
        for (std::size_t t = 0; t < wrong.size(); ++t)
            threads.emplace_back([&, t] {
                for (int round = 0; round < 200; ++round)
                    for (std::uint64_t i = 0; i < ring.two.size(); ++i)
                        wrong[t] += set.probe(ring_position(i)) != retro::decode(ring.two[i]);
            });
    }
    EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

namespace {

// The toy with its positions where the mover can take left out of the
// files, as the checkers databases leave out positions with a capture
// pending.
struct SkippingRing : RingChase {};

}  // namespace

template <>
struct ply::SliceIndex<SkippingRing> {
    using Ring = SliceIndex<RingChase>;
    using Slice = int;
    static std::vector<int> slices(int pieces) { return Ring::slices(pieces); }
    static std::string name(int s) { return Ring::name(s); }
    static std::optional<int> parse(std::string_view text) { return Ring::parse(text); }
    static int pieces(int s) { return s; }
    static std::uint64_t size(int s) { return Ring::size(s); }
    static bool position(int s, std::uint64_t index, SkippingRing& out) { return Ring::position(s, index, out); }
    static std::optional<SliceAddress<int>> address(const SkippingRing& g) { return Ring::address(g); }
    static bool stored(const SkippingRing& g) {
        const int apart = (g.at[1 - g.side] - g.at[g.side] + RingChase::cells) % RingChase::cells;
        return g.at[0] < 0 || g.at[1] < 0 || (apart != 1 && apart != 5 && apart != 9);
    }
};

TEST(RetroTableSet, PositionsLeftOutOfTheFilesAreSearched) {
    const RingTables ring, whole_ring("retro_table_whole_ring");
    retro::TableSet<RingChase> whole(whole_ring.dir.path, "ring");
    auto dropped = ring.two;
    retro::drop_unstored<SkippingRing>(2, dropped);
    EXPECT_EQ(std::count(dropped.begin(), dropped.end(), retro::not_counted_code), 3);
    auto wrong = ring.two;  // what the files hold there must not matter
    for (std::size_t i = 0; i < wrong.size(); ++i) {
        if (dropped[i] == retro::not_counted_code) wrong[i] = retro::loss_code(40);
    }
    for (const auto& written : {dropped, wrong}) {
        retro::write_table(ring.dir / "2.plyt", "ring", "2", written);
        retro::TableSet<SkippingRing> set(ring.dir.path, "ring");
        for (std::uint64_t i = 0; i < ring.two.size(); ++i) {
            SkippingRing g;
            SliceIndex<SkippingRing>::position(2, i, g);
            EXPECT_EQ(set.probe(g), retro::decode(ring.two[i])) << i;
            EXPECT_EQ(set.code({2, i}), ring.two[i]) << i;
            EXPECT_EQ(retro::best_moves(set, g), retro::best_moves(whole, ring_position(i)));
        }
    }
}
