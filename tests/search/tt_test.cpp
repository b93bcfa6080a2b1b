#include <gtest/gtest.h>

#include <thread>

#include <ply/search/engine/tt.hpp>

using namespace ply;
using engine::Bound;
using engine::TranspositionTable;

TEST(TranspositionTable, StoresAndFindsEveryField) {
    TranspositionTable<std::uint16_t> tt(1);
    tt.store(0x1234567890ABCDEFull, -1234, 7, Bound::Lower, std::uint16_t{0xBEEF});
    const auto hit = tt.probe(0x1234567890ABCDEFull, 7);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->score, -1234);
    EXPECT_EQ(hit->depth, 7);
    EXPECT_EQ(hit->bound, Bound::Lower);
    ASSERT_TRUE(hit->move);
    EXPECT_EQ(*hit->move, 0xBEEF);
    EXPECT_FALSE(tt.probe(0x1234567890ABCDEEull, 7)) << "another key in the same bucket";
}

TEST(TranspositionTable, KeepsTheEvaluationBesideMovesOf16Bits) {
    TranspositionTable<std::uint16_t> tt(1);
    for (const Score eval : {-32767, -1, 0, 1, 32767}) {
        const std::uint64_t key = 0xC0FFEEull + static_cast<std::uint64_t>(eval + 40000) * 0x10001ull;
        tt.store(key, 77, 3, Bound::Exact, std::uint16_t{0xFFFF}, eval);
        const auto hit = tt.probe(key, 3);
        ASSERT_TRUE(hit && hit->move && hit->eval) << eval;
        EXPECT_EQ(*hit->eval, eval);
        EXPECT_EQ(*hit->move, 0xFFFF) << "the move's bits are its own";
        EXPECT_EQ(hit->score, 77);
        // A later result without an evaluation (a node in check) keeps the position's.
        tt.store(key, -5, 4, Bound::Upper, std::nullopt);
        ASSERT_TRUE(tt.probe(key, 4)->eval);
        EXPECT_EQ(*tt.probe(key, 4)->eval, eval);
    }
    tt.store(1, 0, 1, Bound::Lower, std::nullopt);
    EXPECT_FALSE(tt.probe(1, 1)->eval) << "none stored";
    tt.store(2, 0, 1, Bound::Lower, std::nullopt, 40000);
    EXPECT_FALSE(tt.probe(2, 1)->eval) << "too large for 16 bits: not kept";
    TranspositionTable<std::uint32_t> wide(1);
    wide.store(3, 0, 1, Bound::Lower, 0xFFFFFFFFu, 25);
    ASSERT_TRUE(wide.probe(3, 1)->move);
    EXPECT_EQ(*wide.probe(3, 1)->move, 0xFFFFFFFFu);
    EXPECT_FALSE(wide.probe(3, 1)->eval) << "a 32-bit move leaves no room";
}

TEST(TranspositionTable, EachEntryOfAFullBucketAnswersForItsOwnKey) {
    // 64 MB: a table of huge pages where the system has them.
    TranspositionTable<int> tt(64);
    const std::uint64_t base = 0x5A5Aull << 16;  // four keys in one bucket (the same high bits)
    EXPECT_FALSE(tt.probe(0, 1)) << "an empty entry holds no key, not even 0";
    for (int i = 0; i < 4; ++i) EXPECT_FALSE(tt.probe(base + static_cast<std::uint64_t>(i), 1));
    for (int i = 0; i < 4; ++i) tt.store(base + static_cast<std::uint64_t>(i), 100 + i, 10 + i, Bound::Exact, i);
    for (int i = 0; i < 4; ++i) {
        const auto hit = tt.probe(base + static_cast<std::uint64_t>(i), 10 + i);
        ASSERT_TRUE(hit && hit->move) << i;
        EXPECT_EQ(hit->score, 100 + i);
        EXPECT_EQ(hit->depth, 10 + i);
        EXPECT_EQ(*hit->move, i);
    }
    EXPECT_FALSE(tt.probe(base + 4, 1)) << "a fifth key of the bucket";
}

// UCI's Hash 100 once gave 64 MB and Hash 1000 512 MB (the power of two
// below) while the engine said it had what was asked.
TEST(TranspositionTable, HasTheSizeAskedForAndUsesEveryBucket) {
    for (const std::size_t mb : {1, 3, 100}) {
        TranspositionTable<int> tt(mb);
        EXPECT_EQ(tt.megabytes(), mb);
        EXPECT_EQ(tt.bucket_count() * TranspositionTable<int>::kBucketBytes, mb << 20) << "the memory it has";
        // Keys spread over the whole table: the last bucket is as reachable as the first.
        const std::uint64_t last = ~std::uint64_t{0};
        tt.store(last, 1, 1, Bound::Exact, 1);
        tt.store(1, 2, 1, Bound::Exact, 2);
        ASSERT_TRUE(tt.probe(last, 1) && tt.probe(1, 1));
        EXPECT_EQ(tt.probe(last, 1)->score, 1);
        EXPECT_EQ(tt.probe(1, 1)->score, 2);
    }
    TranspositionTable<int> tt(1);
    tt.resize(1000);
    EXPECT_EQ(tt.megabytes(), 1000u);
    EXPECT_EQ(tt.bucket_count(), std::size_t{1000} << 14);
    tt.resize(0);
    EXPECT_EQ(tt.megabytes(), 1u) << "at least one megabyte";
}

TEST(TranspositionTable, MateScoresRoundTripThroughPlies) {
    // A mate found 9 plies from the root at a node 4 plies deep is stored as
    // mate in 5 from that node; reached again at ply 2, it is mate in 7.
    TranspositionTable<int> tt(1);
    tt.store(42, score_to_tt(mate_in_plies(9), 4), 3, Bound::Exact, std::nullopt);
    const auto hit = tt.probe(42, 3);
    ASSERT_TRUE(hit);
    EXPECT_FALSE(hit->move);
    EXPECT_EQ(score_from_tt(hit->score, 2), mate_in_plies(7));
    tt.store(43, score_to_tt(mated_in_plies(12), 6), 3, Bound::Upper, 5);
    EXPECT_EQ(score_from_tt(tt.probe(43, 3)->score, 6), mated_in_plies(12));
}

TEST(TranspositionTable, KeepsTheMoveWhenANewResultHasNone) {
    TranspositionTable<int> tt(1);
    tt.store(99, 10, 4, Bound::Lower, 3);
    tt.store(99, 5, 5, Bound::Upper, std::nullopt);
    const auto hit = tt.probe(99, 5);
    ASSERT_TRUE(hit && hit->move);
    EXPECT_EQ(*hit->move, 3);
    EXPECT_EQ(hit->depth, 5);
}

TEST(TranspositionTable, ReplacesShallowOrOldEntriesFirst) {
    TranspositionTable<int> tt(1);
    // Five keys in one bucket (same bits 16 and up): the shallowest goes.
    const std::uint64_t base = 0x77ull << 16;
    for (int i = 0; i < 4; ++i) tt.store(base + static_cast<std::uint64_t>(i), 0, 10 + i, Bound::Exact, i);
    tt.store(base + 4, 0, 1, Bound::Exact, 4);
    EXPECT_FALSE(tt.probe(base + 0, 10));
    for (int i = 1; i <= 4; ++i) EXPECT_TRUE(tt.probe(base + static_cast<std::uint64_t>(i), 10 + i % 4)) << i;
    // A deep entry from searches long ago gives way before fresh shallow ones.
    const std::uint64_t other = 0x99ull << 16;
    tt.store(other, 0, 20, Bound::Exact, 0);
    for (int s = 0; s < 3; ++s) tt.new_search();
    for (int i = 1; i <= 3; ++i) tt.store(other + static_cast<std::uint64_t>(i), 0, 1, Bound::Exact, i);
    tt.store(other + 4, 0, 1, Bound::Exact, 4);
    EXPECT_FALSE(tt.probe(other, 20));
    for (int i = 1; i <= 4; ++i) EXPECT_TRUE(tt.probe(other + static_cast<std::uint64_t>(i), 1)) << i;
}

TEST(TranspositionTable, HashfullCountsThisSearchOnly) {
    TranspositionTable<int> tt(1);
    EXPECT_EQ(tt.hashfull(), 0);
    // 1 MB is 2^14 buckets: a key's top 14 bits name its bucket.
    for (std::uint64_t b = 0; b < 250; ++b)
        for (std::uint64_t j = 1; j <= 4; ++j) tt.store(b << 50 | j, 0, 1, Bound::Exact, 0);
    EXPECT_EQ(tt.hashfull(), 1000);
    tt.new_search();
    EXPECT_EQ(tt.hashfull(), 0);
}

TEST(TranspositionTable, ConcurrentWritersNeverProduceForeignData) {
    // Threads hammer the same buckets; every hit must be what was stored for
    // that key (score == low bits of key), never a mix of two writes.
    TranspositionTable<int> tt(1);
    auto writer = [&](std::uint64_t seed) {
        for (std::uint64_t i = 0; i < 200000; ++i) {
            const std::uint64_t key = ((i * 2654435761u + seed) % 4096) << 16 | (i & 0xFF);
            tt.store(key, static_cast<Score>(key & 0xFF), 1, Bound::Exact, static_cast<int>(key & 0xFF));
            if (auto hit = tt.probe(key ^ 1, 1)) {
                ASSERT_EQ(hit->score, static_cast<Score>((key ^ 1) & 0xFF));
            }
        }
    };
    std::thread a(writer, 1), b(writer, 2);
    a.join();
    b.join();
}
