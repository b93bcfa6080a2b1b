// Time management on clocks alone: the soft and hard limits a move gets from
// the clock, the increment, the moves to go and the overhead. The figures
// are those the engine used before time management left it (issue 74).
#include <gtest/gtest.h>

#include <ply/search/time_manager.hpp>

using namespace ply;
using std::chrono::milliseconds;

namespace {

timing::ClockState on_clock(int left_ms, int increment_ms, std::optional<int> moves_to_go = std::nullopt) {
    timing::ClockState c;
    c.time_left = milliseconds(left_ms);
    c.increment = milliseconds(increment_ms);
    c.moves_to_go = moves_to_go;
    return c;
}

void expect_limits(const timing::ClockState& c, int soft_ms, int hard_ms) {
    const timing::TimeLimits t = timing::limits_for(c);
    ASSERT_TRUE(t.soft && t.hard);
    EXPECT_EQ(t.soft->count(), soft_ms);
    EXPECT_EQ(t.hard->count(), hard_ms);
}

}  // namespace

TEST(TimeManager, TenSecondsPlusATenth) {
    expect_limits(on_clock(10'000, 100), 377, 1885);  // 10+0.1, the first move
    expect_limits(on_clock(3'000, 100), 167, 837);    // late in the game
}

TEST(TimeManager, OneSecondSuddenDeath) {
    expect_limits(on_clock(1'000, 0), 19, 99);  // 1+0
    expect_limits(on_clock(300, 0), 0, 0);      // the overheads to come take it all: depth 1 only
}

TEST(TimeManager, FortyMovesInAMinute) {
    expect_limits(on_clock(60'000, 0, 40), 1340, 6700);  // 40/1
    expect_limits(on_clock(30'000, 0, 10), 2689, 13446);
    // The last move before the control: half and 80% of the clock at most.
    expect_limits(on_clock(1'000, 0, 1), 495, 792);
}

TEST(TimeManager, MovesToGoAreBounded) {
    // More than 40 counts as 40; none or fewer than one as one.
    expect_limits(on_clock(60'000, 0, 100), 1340, 6700);
    expect_limits(on_clock(1'000, 0, 0), 495, 792);
}

TEST(TimeManager, SlowMoverScalesTheShare) {
    timing::ClockState c = on_clock(10'000, 100);
    c.time_use_percent = 150;
    expect_limits(c, 566, 2830);
}

TEST(TimeManager, OverheadIsKeptForEveryMoveToCome) {
    timing::ClockState c = on_clock(10'000, 100);
    c.overhead = milliseconds(50);
    expect_limits(c, 338, 1692);
}

TEST(TimeManager, AFixedMoveTimeIsSpentInFull) {
    timing::ClockState c;
    c.move_time = milliseconds(1'000);
    const timing::TimeLimits t = timing::limits_for(c);
    EXPECT_FALSE(t.soft);
    ASSERT_TRUE(t.hard);
    EXPECT_EQ(t.hard->count(), 990);
    c.move_time = milliseconds(5);
    EXPECT_EQ(timing::limits_for(c).hard->count(), 0);
    c.time_left = milliseconds(10'000);  // a move time wins over the clock
    EXPECT_FALSE(timing::limits_for(c).soft);
}

TEST(TimeManager, NoClockNoLimits) {
    const timing::TimeLimits t = timing::limits_for(timing::ClockState{});
    EXPECT_FALSE(t.soft);
    EXPECT_FALSE(t.hard);
}

TEST(TimeManager, InstabilityGrowsWhenTheBestMoveChanges) {
    EXPECT_DOUBLE_EQ(timing::next_instability(1.0, true), 1.8);
    EXPECT_DOUBLE_EQ(timing::next_instability(1.0, false), 0.85);
    EXPECT_DOUBLE_EQ(timing::next_instability(2.0, true), timing::kInstabilityMax);
    EXPECT_DOUBLE_EQ(timing::next_instability(0.62, false), timing::kInstabilityMin);
}

TEST(TimeManager, SoftLimitScaled) {
    EXPECT_FALSE(timing::past_soft_limit(milliseconds(377), milliseconds(377), 1.0));
    EXPECT_TRUE(timing::past_soft_limit(milliseconds(378), milliseconds(377), 1.0));
    EXPECT_FALSE(timing::past_soft_limit(milliseconds(600), milliseconds(377), 1.8));
    EXPECT_TRUE(timing::past_soft_limit(milliseconds(227), milliseconds(377), 0.6));  // 226.2 counts as 226
}
