// Skill levels: the pick among the best lines, and what it guarantees.
#include <ply/search/engine/skill.hpp>

#include <gtest/gtest.h>

#include <map>
#include <vector>

namespace ply::engine {
namespace {

using Lines = std::vector<ScoredMove<int>>;

TEST(Skill, FullStrengthAlwaysPlaysTheBest) {
    const Lines lines{{1, 30}, {2, 29}, {3, 28}};
    for (std::uint64_t seed = 0; seed < 200; ++seed) EXPECT_EQ(Skill{}.choose(lines, seed), 1);
}

TEST(Skill, AWeakLevelVariesAmongCloseMovesButNeverPicksOneFurtherBehind) {
    const Skill weakest{0};
    const Lines lines{{1, 50}, {2, 40}, {3, 30}, {4, 50 - weakest.spread() - 1}};
    std::map<int, int> picked;
    for (std::uint64_t seed = 0; seed < 2000; ++seed) ++picked[weakest.choose(lines, seed)];
    EXPECT_EQ(picked[4], 0) << "a move further behind than the spread";
    for (int move : {1, 2, 3}) EXPECT_GT(picked[move], 200) << move;
    EXPECT_GT(picked[1], picked[3]) << "the best is favoured";
}

TEST(Skill, HigherLevelsPickTheBestMoreOften) {
    const Lines lines{{1, 50}, {2, 35}, {3, 20}, {4, 5}};
    auto best_share = [&](int level) {
        int best = 0;
        for (std::uint64_t seed = 0; seed < 2000; ++seed) best += Skill{level}.choose(lines, seed) == 1;
        return best;
    };
    EXPECT_LT(best_share(0), best_share(10));
    EXPECT_LT(best_share(10), best_share(19));
    EXPECT_EQ(best_share(19), 2000) << "15 points of spread never cover a 15 point gap";
}

TEST(Skill, AWinningOrMatingWeakPlayerPlaysItsBestMove) {
    const Skill weakest{0};
    for (const Lines& lines :
         {Lines{{1, param::kSkillDecisive}, {2, param::kSkillDecisive - 1}}, Lines{{1, mate_in_plies(3)}, {2, 200}}})
        for (std::uint64_t seed = 0; seed < 200; ++seed) EXPECT_EQ(weakest.choose(lines, seed), 1);
}

TEST(Skill, DepthGrowsWithTheLevel) {
    EXPECT_EQ(Skill{0}.depth(), 1);
    EXPECT_LT(Skill{5}.depth(), Skill{15}.depth());
    EXPECT_EQ(Skill{0}.depth(param::kSkillDecisive), kMaxPly - 1) << "clearly winning: no limit";
    EXPECT_FALSE(Skill{Skill::kFull}.weakened());
    EXPECT_TRUE(Skill{Skill::kFull - 1}.weakened());
}

}  // namespace
}  // namespace ply::engine
