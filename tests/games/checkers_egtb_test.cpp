// Checkers' endgame values from the retrograde builder (search/retro/build.hpp
// over games/checkers/slices.hpp), every slice of up to 4 pieces built in
// memory, against independent truth: Ed Trice's published 1 king against 1
// king slice, the exact solver's forward search (games/checkers/solve.hpp)
// on random positions, and the classic First Position.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

#include <ply/games/checkers/description.hpp>
#include <ply/search/retro/build.hpp>
#include "support/checkers_placement.hpp"

namespace {

using ply::checkers::Checkers;
using ply::checkers::Slice;
using EgtbIndex = ply::SliceIndex<Checkers>;
using ply::retro::Code;

using Tables = std::map<Slice, std::vector<Code>>;

// Every slice of up to `pieces` pieces with at most `most_men` men (no
// move makes more).
Tables build_tables(int pieces, int most_men, ply::retro::Predecessors by = ply::retro::Predecessors::Unmoves,
                    int threads = 2) {
    Tables t;
    const auto lookup = [&](const ply::SliceAddress<Slice>& at) { return t.at(at.slice).at(at.index); };
    using Lookup = decltype(lookup);
    for (const Slice& s : EgtbIndex::slices(pieces)) {
        if (s.first.men + s.second.men > most_men) continue;
        if (by == ply::retro::Predecessors::Unmoves)
            t[s] =
                ply::retro::SliceBuilder<Checkers, Lookup, ply::retro::Predecessors::Unmoves>(s, lookup, {threads, {}})
                    .build();
        else
            t[s] = ply::retro::SliceBuilder<Checkers, Lookup, ply::retro::Predecessors::Links>(s, lookup, {threads, {}})
                       .build();
    }
    return t;
}

ply::retro::Value egtb_value(const Tables& tables, const Checkers& g) {
    const auto at = EgtbIndex::address(g);
    return ply::retro::decode(tables.at(at->slice).at(at->index));
}

}  // namespace

TEST(CheckersEgtb, OneKingAgainstOneKingIsEdTricesSlice) {
    const auto codes = build_tables(2, 0).at(*EgtbIndex::parse("1Kv1K"));
    ASSERT_EQ(codes.size(), 32u * 31u);
    int won = 0, drawn = 0, lost = 0, longest_win = 0;
    for (const Code c : codes) {
        const auto v = ply::retro::decode(c);
        won += v.result == ply::Outcome::Win;
        drawn += v.result == ply::Outcome::Draw;
        lost += v.result == ply::Outcome::Loss;
        if (v.result == ply::Outcome::Win) longest_win = std::max(longest_win, v.plies);
    }
    EXPECT_EQ(won, 230);
    EXPECT_EQ(drawn, 654);
    EXPECT_EQ(lost, 108);
    EXPECT_EQ(longest_win, 11);
}

// White to move wins; its colour-swapped image, Black to move, reads the same.
TEST(CheckersEgtb, UnmovesAndStoredLinksGiveTheSameCodes) {
    EXPECT_EQ(build_tables(4, 1, ply::retro::Predecessors::Links), build_tables(4, 1));
}

// Levels settle on several threads, codes and counters shared (TSan runs
// this test: its name holds "Thread").
TEST(CheckersEgtb, ThreadsGiveTheSameCodes) {
    EXPECT_EQ(build_tables(4, 0, ply::retro::Predecessors::Unmoves, 1),
              build_tables(4, 0, ply::retro::Predecessors::Unmoves, 3));
}

TEST(CheckersEgtb, FirstPositionIsAWin) {
    const Tables tables = build_tables(4, 1);
    const auto first = Checkers::from_fen("W:WK19,K23:B12,K28");
    const auto v = egtb_value(tables, first);
    EXPECT_EQ(v.result, ply::Outcome::Win);
    EXPECT_EQ(v.plies, ply::GameSolver<Checkers>(256).solve(first, [] { return false; }).plies);
    EXPECT_EQ(egtb_value(tables, Checkers::from_fen("B:WK5,21:BK10,K14")), v);
}

TEST(CheckersEgtb, AgreesWithTheExactSolver) {
    const Tables tables = build_tables(4, 4);
    std::mt19937_64 random(2026);
    const ply::GameSolver<Checkers> solver(256);
    std::map<ply::Outcome, int> seen;
    // 1,000 each of 2 and 3 pieces, 200 of 4 (their solves take 80 ms
    // each; bench/checkers-egtb compares thousands more).
    for (int k = 0; k < 2200; ++k) {
        const Checkers g = ply::testing::random_placement(random, k < 1000 ? 2 : k < 2000 ? 3 : 4);
        const auto solved = solver.solve(g, [] { return false; });
        ASSERT_NE(solved.result, ply::Outcome::Ongoing) << g.fen() << ": " << solved.unknown_why;
        const auto v = egtb_value(tables, g);
        ASSERT_EQ(v.result, solved.result) << g.fen();
        ASSERT_EQ(v.plies, solved.plies) << g.fen();
        ++seen[v.result];
    }
    // Not a sample of one kind: wins, draws and losses all met.
    EXPECT_GT(seen[ply::Outcome::Win], 200);
    EXPECT_GT(seen[ply::Outcome::Draw], 200);
    EXPECT_GT(seen[ply::Outcome::Loss], 200);
}

// A lookup that fails (or a stop) on a helper thread reaches the caller as
// the exception it is: 2Kv1K is two chunks of work, so both threads meet the
// failure; 4Kv1K's first report of progress (after 2^20 positions) comes
// from either thread.
TEST(CheckersEgtb, AFailureOnAnyThreadReachesTheCaller) {
    const auto missing = [](const ply::SliceAddress<Slice>&) -> Code { throw std::out_of_range("no such table"); };
    EXPECT_THROW(ply::retro::build_slice<Checkers>(*EgtbIndex::parse("2Kv1K"), missing, {2, {}}), std::out_of_range);
    const ply::retro::BuildOptions stop{2, [](const char*, double) { return false; }};
    const auto none = [](const ply::SliceAddress<Slice>&) { return ply::retro::draw_code; };
    EXPECT_THROW(ply::retro::build_slice<Checkers>(*EgtbIndex::parse("4Kv1K"), none, stop), ply::retro::Stopped);
}
