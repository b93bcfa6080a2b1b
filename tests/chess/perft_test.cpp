// Perft counts from the three suites in data/perft, capped by node count so
// that the run stays quick (every depth: bench/perft-suites).
#include <ply/games/chess/perft.hpp>

#include <gtest/gtest.h>

#include <string>

#include <ply/games/chess/epd.hpp>
#include "chess/chess_test_support.hpp"

namespace ply::chess {
namespace {

using testing::slow_build;

void check_suite(const std::string& file, std::uint64_t cap) {
    const auto records = read_epd_file(std::string(PLY_DATA_DIR) + "/perft/" + file);
    ASSERT_FALSE(records.empty());
    int checked = 0;
    for (const auto& r : records) {
        ASSERT_FALSE(r.perft.empty()) << r.fen;
        const Position pos = r.position();
        for (const auto& [depth, nodes] : r.perft) {
            // Always the first two depths, then as deep as the budget allows.
            if (depth > 2 && nodes > cap) break;
            ASSERT_EQ(perft(pos, depth), nodes) << file << ": " << r.fen << " depth " << depth;
            ++checked;
        }
    }
    EXPECT_GE(checked, 2 * static_cast<int>(records.size()));
}

TEST(ChessPerft, ClassicPositions) { check_suite("cpw_classic_positions.epd", slow_build() ? 200'000 : 5'000'000); }
TEST(ChessPerft, EtherealStandard) { check_suite("ethereal_standard.epd", slow_build() ? 100'000 : 2'000'000); }
TEST(ChessPerft, EtherealFischer) { check_suite("ethereal_fischer.epd", slow_build() ? 30'000 : 1'000'000); }

TEST(ChessPerft, DeeperClassicPositions) {
    if (slow_build()) GTEST_SKIP() << "release builds only";
    EXPECT_EQ(perft(Position(), 6), 119060324u);
    EXPECT_EQ(perft(Position::from_fen(testing::kKiwipete), 5), 193690690u);
    EXPECT_EQ(perft(Position::from_fen(testing::kPosition3), 7), 178633661u);
    EXPECT_EQ(perft(Position::from_fen(testing::kPosition4), 5), 15833292u);
}

TEST(ChessPerft, HashAndThreadsAgree) {
    const Position pos = Position::from_fen(testing::kKiwipete);
    EXPECT_EQ(perft(pos, 4, {.threads = 2, .hash_mb = 4}), 4085603u);
    EXPECT_EQ(perft(pos, 4, {.threads = 1, .hash_mb = 1}), 4085603u);
    EXPECT_EQ(perft(pos, 4, {.threads = 3, .hash_mb = 0}), 4085603u);
    std::uint64_t total = 0;
    const auto divide = perft_divide(pos, 3);
    EXPECT_EQ(divide.size(), 48u);
    for (const auto& [m, n] : divide) total += n;
    EXPECT_EQ(total, 97862u);
    EXPECT_EQ(perft(pos, 0), 1u);

    // A table reused across roots never mixes their counts up.
    PerftTable table(2);
    for (int round = 0; round < 2; ++round) {
        EXPECT_EQ(perft(pos, 4, {.threads = 2, .table = &table}), 4085603u);
        EXPECT_EQ(perft(Position::from_fen(testing::kPosition4), 4, {.table = &table}), 422333u);
        EXPECT_EQ(perft(Position(), 5, {.table = &table}), 4865609u);
    }
}

}  // namespace
}  // namespace ply::chess
