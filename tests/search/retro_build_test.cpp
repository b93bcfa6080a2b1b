// The retrograde builder (search/retro/build.hpp) on a toy game with cycles,
// two slices and symmetries folded, against a plain negamax to the depth of
// each stored distance (an independent truth: forward search).
#include <gtest/gtest.h>

#include <array>

#include <ply/core/slices.hpp>
#include <ply/search/classic/negamax.hpp>
#include <ply/search/retro/build.hpp>

namespace {

// Two tokens on a ring of 12 cells, one a side; a move advances the mover's
// token 1, 5 or 9 cells; landing on the other token takes it, and a side
// without a token has lost. Play can circle for ever: draws exist.
struct RingChase {
    using Move = int;
    static constexpr std::size_t max_moves = 3;
    static constexpr int cells = 12;
    std::array<int, 2> at{0, 6};  // -1: taken
    int side = 0;

    void generate_moves(ply::MoveListOf<RingChase>& list) const {
        if (outcome() != ply::Outcome::Ongoing) return;
        for (int step : {1, 5, 9}) list.push_back(step);
    }
    void make(Move step) {
        taken_ = -1;
        at[side] = (at[side] + step) % cells;
        if (at[side] == at[1 - side]) {
            taken_ = at[1 - side];
            at[1 - side] = -1;
        }
        side = 1 - side;
    }
    void unmake(Move step) {
        side = 1 - side;
        if (taken_ >= 0) at[1 - side] = taken_;
        at[side] = (at[side] - step + cells) % cells;
        taken_ = -1;
    }
    [[nodiscard]] ply::Outcome outcome() const {
        if (at[side] < 0) return ply::Outcome::Loss;
        if (at[1 - side] < 0) return ply::Outcome::Win;
        return ply::Outcome::Ongoing;
    }
    [[nodiscard]] ply::Score evaluate() const { return 0; }

private:
    int taken_ = -1;  // one level of undo is all negamax needs between make and unmake
};

}  // namespace

// Slices: 2 tokens (indexed by the distance from the mover's token to the
// other's, the rotation and the colours folded) and 1 token.
template <>
struct ply::SliceIndex<RingChase> {
    using Slice = int;
    static std::vector<int> slices(int pieces) {
        std::vector<int> out;
        for (int p = 1; p <= std::min(pieces, 2); ++p) out.push_back(p);
        return out;
    }
    static std::string name(int s) { return std::to_string(s); }
    static std::optional<int> parse(std::string_view) { return std::nullopt; }
    static int pieces(int s) { return s; }
    static std::uint64_t size(int s) { return s == 2 ? RingChase::cells - 1 : 2; }
    static bool position(int s, std::uint64_t index, RingChase& out) {
        out = RingChase{};
        if (s == 1) {
            out.at = {index == 0 ? 0 : -1, index == 0 ? -1 : 0};
            return true;
        }
        out.at = {0, int(index) + 1};
        return true;
    }
    static std::optional<ply::SliceAddress<int>> address(const RingChase& g) {
        const int mine = g.at[g.side], theirs = g.at[1 - g.side];
        if (mine < 0 || theirs < 0) return ply::SliceAddress<int>{1, mine < 0 ? 1u : 0u};
        return ply::SliceAddress<int>{2, std::uint64_t((theirs - mine + RingChase::cells) % RingChase::cells - 1)};
    }
};

static_assert(ply::SlicedGame<RingChase>);

namespace {

using namespace ply;

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

TEST(RetroBuild, AStopAsksTheBuildToThrow) {
    auto none = [](const SliceAddress<int>&) { return retro::draw_code; };
    retro::BuildOptions stop{.threads = 1, .progress = [](const char*, double) { return false; }};
    EXPECT_THROW(retro::build_slice<RingChase>(1, none, stop), retro::Stopped);
}
