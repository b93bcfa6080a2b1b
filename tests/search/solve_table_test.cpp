// The solver's table: a part in use that starts small and grows, and a
// near part for shallow entries (solve/table.hpp).
#include <gtest/gtest.h>

#include <ply/search/solve/table.hpp>

using namespace ply;
using solve::Bound;

namespace {

// Keys whose buckets differ only in bits above the first megabyte's.
std::uint64_t key_in_bucket(std::uint64_t bucket_in_first_mb, std::uint64_t high, std::uint64_t low) {
    constexpr std::uint64_t kBucketsPerMb = (1 << 20) / 64;
    return (high * kBucketsPerMb + bucket_in_first_mb) << 16 | low;
}

}  // namespace

TEST(SolveTable, APartInUseSharesItsBucketsUntilItGrows) {
    solve::SolveTable<int> tt(4);
    tt.use_first(1024);
    // Five keys that meet in one bucket of the first megabyte: one goes.
    for (std::uint64_t h = 0; h < 5; ++h)
        tt.store(key_in_bucket(7, h, 1), 0, 10 + static_cast<int>(h), Bound::Exact, 0);
    EXPECT_FALSE(tt.probe(key_in_bucket(7, 0, 1), 10)) << "the shallowest gave way";
    for (std::uint64_t h = 1; h < 5; ++h) EXPECT_TRUE(tt.probe(key_in_bucket(7, h, 1), 10 + static_cast<int>(h))) << h;
    EXPECT_EQ(tt.entries_in_use(), std::size_t{(1 << 20) / 16});
    // The whole table: each of these keys has a bucket of its own.
    tt.use_all();
    EXPECT_EQ(tt.entries_in_use(), std::size_t{(4 << 20) / 16});
    for (std::uint64_t h = 0; h < 8; ++h) tt.store(key_in_bucket(9, h, 1), 0, 1, Bound::Exact, 0);
    for (std::uint64_t h = 0; h < 8; ++h) EXPECT_TRUE(tt.probe(key_in_bucket(9, h, 1), 1)) << h;
}

TEST(SolveTable, GrowingDoublesThePartInUseUpToTheWholeTable) {
    solve::SolveTable<int> tt(4);
    tt.use_first(1024);
    tt.grow();
    EXPECT_EQ(tt.entries_in_use(), std::size_t{(2 << 20) / 16});
    tt.grow();
    tt.grow();
    EXPECT_EQ(tt.entries_in_use(), std::size_t{(4 << 20) / 16}) << "never beyond the table";
    // Entries stored before the growth whose bucket stays the same are found.
    tt.use_first(1024);
    tt.store(key_in_bucket(3, 0, 5), 17, 4, Bound::Exact, 2);
    tt.grow();
    const auto hit = tt.probe(key_in_bucket(3, 0, 5), 4);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->score, 17);
}

TEST(SolveTable, ANearPartLargerThanThePartInUseIsCutToIt) {
    solve::SolveTable<int> tt(4);
    tt.keep_near(10, 2048);
    tt.use_first(1024);
    // Five shallow keys that meet in one bucket of the first megabyte (in
    // two of the first two megabytes): the part in use holds four.
    int found = 0;
    for (std::uint64_t h = 0; h < 5; ++h) tt.store(key_in_bucket(21, h, 1), 0, 5, Bound::Exact, 0);
    for (std::uint64_t h = 0; h < 5; ++h) found += tt.probe(key_in_bucket(21, h, 1), 5).has_value();
    EXPECT_EQ(found, 4);
}

TEST(SolveTable, ShallowEntriesStayInTheNearPartWhateverIsInUse) {
    solve::SolveTable<int> tt(4);
    tt.keep_near(10, 1024);  // depths below 10 in the first megabyte
    // Shallow: five keys meet in one near bucket and one gives way...
    for (std::uint64_t h = 0; h < 5; ++h) tt.store(key_in_bucket(11, h, 1), 0, 5, Bound::Exact, 0);
    int found = 0;
    for (std::uint64_t h = 0; h < 5; ++h) found += tt.probe(key_in_bucket(11, h, 1), 5).has_value();
    EXPECT_EQ(found, 4);
    // ...deep ones spread over the whole table.
    for (std::uint64_t h = 0; h < 5; ++h) tt.store(key_in_bucket(12, h, 1), 0, 10, Bound::Exact, 0);
    for (std::uint64_t h = 0; h < 5; ++h) EXPECT_TRUE(tt.probe(key_in_bucket(12, h, 1), 10)) << h;
    // Growing the part in use does not move the near entries.
    tt.use_first(1024);
    tt.store(key_in_bucket(13, 2, 1), 33, 3, Bound::Lower, 0);
    tt.grow();
    tt.grow();
    ASSERT_TRUE(tt.probe(key_in_bucket(13, 2, 1), 3));
    EXPECT_EQ(tt.probe(key_in_bucket(13, 2, 1), 3)->score, 33);
    // use_all() ends the split: depth no longer picks the part.
    tt.use_all();
    EXPECT_FALSE(tt.probe(key_in_bucket(13, 2, 1), 3)) << "its bucket is now the whole table's";
}

// Its parts are masks, so it takes the power of two below the size asked
// for, and says so.
TEST(SolveTable, ReportsTheSizeItHas) {
    EXPECT_EQ(solve::SolveTable<int>(100).megabytes(), 64u);
    EXPECT_EQ(solve::SolveTable<int>(64).megabytes(), 64u);
    EXPECT_EQ(solve::SolveTable<int>(1).megabytes(), 1u);
}
