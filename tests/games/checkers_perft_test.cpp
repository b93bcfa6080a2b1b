// Checkers' own perft (bitboards, threads, a hash table) against OEIS
// A133046 to depth 12, and against the walk of generate_legal (itself
// checked against a brute force in checkers_test.cpp) on positions with
// kings and multiple jumps, plain, threaded and hashed.
#include <ply/games/checkers/perft.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace ply::checkers {
namespace {

// Positions with kings and pending jumps: random games from the start,
// and random placements with kings.
std::vector<Checkers> perft_positions_with_kings_and_jumps() {
    std::vector<Checkers> out = {
        Checkers::from_fen("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"),
        Checkers::from_fen("W:WK10:B14,15,22,23"),  // a king round a ring, two ways
        Checkers::from_fen("W:WK19,K23:B12,K28"),   // First Position
        Checkers::from_fen("B:W6,7,14,15,22,23,K30:BK1,K10,K19"),
    };
    std::mt19937 rng(1975);
    for (int n = 0; n < 24; ++n) {
        Checkers g;
        for (int ply = 0, length = 20 + static_cast<int>(rng() % 60); ply < length; ++ply) {
            MoveListOf<Checkers> moves;
            g.generate_legal(moves);
            if (moves.empty()) break;
            g.make(moves[rng() % moves.size()]);
        }
        out.push_back(Checkers::from_fen(g.fen()));
    }
    return out;
}

TEST(CheckersPerft, FromTheStartMatchesOeisA133046ToDepth12) {
    const std::uint64_t expected[] = {7,      49,     302,     1469,     7361,     36768,
                                      179740, 845931, 3963680, 18391564, 85242128, 388623673};
    const Checkers start;
    for (int depth = 1; depth <= 9; ++depth) EXPECT_EQ(fast_perft(start, depth), expected[depth - 1]) << depth;
    PerftTable table(64);
    for (int depth = 10; depth <= 12; ++depth) {
        EXPECT_EQ(fast_perft(start, depth, {.threads = 2, .table = &table}), expected[depth - 1]) << depth;
    }
    EXPECT_EQ(fast_perft(start, 0), 1u);
}

TEST(CheckersPerft, PlainThreadedAndHashedAgreeWithTheWalk) {
    PerftTable small(1);  // small enough for entries to be overwritten often
    int with_kings = 0, with_jumps = 0;
    for (Checkers g : perft_positions_with_kings_and_jumps()) {
        with_kings += g.kings() != 0;
        MoveListOf<Checkers> moves;
        g.generate_legal(moves);
        with_jumps += !moves.empty() && moves[0].is_capture();
        const int depth = 5;
        const std::uint64_t walk = g.perft(depth);
        EXPECT_EQ(fast_perft(g, depth), walk) << g.fen();
        EXPECT_EQ(fast_perft(g, depth, {.threads = 3}), walk) << g.fen();
        EXPECT_EQ(fast_perft(g, depth, {.threads = 2, .table = &small}), walk) << g.fen();
        for (int d = 1; d <= 3; ++d) EXPECT_EQ(fast_perft(g, d, {.table = &small}), g.perft(d)) << g.fen() << d;
        // Divide: generate_legal's moves in its order, each with the walk's count.
        const auto divide = fast_perft_divide(g, 3, {.table = &small});
        ASSERT_EQ(divide.size(), moves.size()) << g.fen();
        for (std::size_t i = 0; i < moves.size(); ++i) {
            EXPECT_EQ(divide[i].first, moves[i]);
            Checkers child = g;
            child.make(moves[i]);
            EXPECT_EQ(divide[i].second, child.perft(2)) << g.fen();
        }
    }
    EXPECT_GT(with_kings, 8) << "the positions exercise kings";
    EXPECT_GT(with_jumps, 3) << "the positions exercise captures";
}

TEST(CheckersPerft, TheCounterOfTheFrontEndsSharesItsTable) {
    PerftCounter<Checkers> counter(2, 4);
    const Checkers start;
    for (int round = 0; round < 2; ++round) {
        EXPECT_EQ(counter.count(start, 8), 845931u);
        EXPECT_EQ(counter.count(Checkers::from_fen("W:WK10:B14,15,22,23"), 4),
                  Checkers::from_fen("W:WK10:B14,15,22,23").perft(4));
    }
    std::uint64_t total = 0;
    for (const auto& [move, n] : counter.divide(start, 6)) total += n;
    EXPECT_EQ(total, 36768u);
}

}  // namespace
}  // namespace ply::checkers
