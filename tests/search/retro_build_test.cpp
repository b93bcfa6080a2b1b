// The retrograde builder (search/retro/build.hpp) on a toy game with cycles,
// two slices and symmetries folded, against a plain negamax to the depth of
// each stored distance (an independent truth: forward search).
#include <gtest/gtest.h>

#include <ply/core/slices.hpp>
#include <ply/search/classic/negamax.hpp>
#include <ply/search/retro/build.hpp>

#include "support/ring_chase.hpp"
#include "support/split_parts.hpp"

namespace {

using namespace ply;
using test::RingChase;

std::vector<retro::Code> build(int slice, int threads = 1) {
    const auto one = retro::build_slice<RingChase>(1, [](const SliceAddress<int>&) -> retro::Code {
        ADD_FAILURE() << "slice 1 has no exits";
        return retro::draw_code;
    });
    auto lookup = [&](const SliceAddress<int>& at) { return one.at(at.index); };
    if (slice == 1) return one;
    return retro::build_slice<RingChase>(slice, lookup, {.threads = threads, .progress = {}});
}

}  // namespace

TEST(RetroBuild, EndsOfTheGameAreSettledAtPlyZero) {
    const auto one = build(1);
    EXPECT_EQ(retro::decode(one[0]), (retro::Value{Outcome::Win, 0}));
    EXPECT_EQ(retro::decode(one[1]), (retro::Value{Outcome::Loss, 0}));
}

TEST(RetroBuild, EveryDistanceIsTheShortestForcedEndNegamaxFinds) {
    const auto two = build(2);
    int wins = 0, losses = 0, draws = 0;
    for (std::uint64_t i = 0; i < two.size(); ++i) {
        RingChase g;
        ASSERT_TRUE(SliceIndex<RingChase>::position(2, i, g));
        const retro::Value v = retro::decode(two[i]);
        SCOPED_TRACE("distance " + std::to_string(i + 1));
        if (v.result == Outcome::Draw) {
            ++draws;
            EXPECT_FALSE(is_mate(classic::Negamax<RingChase>(g).run(12).score));
            continue;
        }
        (v.result == Outcome::Win ? wins : losses)++;
        const Score exact = classic::Negamax<RingChase>(g).run(v.plies).score;
        EXPECT_EQ(exact, v.result == Outcome::Win ? mate_in_plies(v.plies) : mated_in_plies(v.plies));
        if (v.plies > 1) {
            EXPECT_FALSE(is_mate(classic::Negamax<RingChase>(g).run(v.plies - 2).score));
        }
    }
    EXPECT_GT(wins, 0);
    EXPECT_GT(losses, 0);
    EXPECT_GT(draws, 0);
}

TEST(RetroBuild, ThreadsChangeNothing) { EXPECT_EQ(build(2, 1), build(2, 3)); }

TEST(RetroBuild, UnmovesAndStoredLinksGiveTheSameCodes) {
    static_assert(UnmovesGame<RingChase>);
    const auto one = build(1);
    auto lookup = [&](const SliceAddress<int>& at) { return one.at(at.index); };
    using Links = retro::SliceBuilder<RingChase, decltype(lookup), retro::Predecessors::Links>;
    EXPECT_EQ(Links(2, lookup, {}).build(), build(2));
}

// Each part scans and settles its own range of indices and tells the others
// at each level: the codes are those of one build, however many parts.
TEST(RetroBuild, ASliceSplitIntoPartsGetsTheCodesOfOneBuild) {
    const auto one = build(1);
    auto lookup = [&](const SliceAddress<int>& at) { return one.at(at.index); };
    const auto whole = build(2);
    // Blocks of one index, so that every part holds some of the 11.
    for (const int parts : {1, 2, 3, 7}) {
        EXPECT_EQ(test::build_in_parts<RingChase>(2, lookup, parts, 1, 0), whole) << parts << " parts";
        EXPECT_EQ(test::build_in_parts<RingChase>(1, lookup, parts, 1, 0), one) << parts << " parts";
    }
    EXPECT_EQ(test::build_in_parts<RingChase>(2, lookup, 2, 2, 1), whole) << "blocks of 2, 2 threads";
}

TEST(RetroBuild, AStopAsksTheBuildToThrow) {
    auto none = [](const SliceAddress<int>&) { return retro::draw_code; };
    retro::BuildOptions stop{.threads = 1, .progress = [](const char*, double) { return false; }};
    EXPECT_THROW(retro::build_slice<RingChase>(1, none, stop), retro::Stopped);
}
