// Playouts that learn (LearningPlayoutGame): the search teaches each
// thread's memory the iteration's moves from the root and who won.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <numeric>
#include <random>
#include <span>

#include <ply/search/mcts/parallel.hpp>
#include "support/nim.hpp"

namespace {

using ply::mcts::Limits;
using ply::mcts::ParallelSearcher;
using ply::mcts::Searcher;

constexpr int kRootStones = 21;
std::atomic<int> lessons{0}, wrong_lessons{0};

// Nim whose playout memory checks each lesson: its keys are the takes of a
// whole game from the root, and the side that moved first won exactly
// when it took the last stone.
class LessonCheckingNim : public ply::test::Nim {
public:
    using Nim::Nim;
    static constexpr bool moves_are_places = true;
    static constexpr std::size_t move_key_count = 4;
    std::size_t move_key(Move m) const { return static_cast<std::size_t>(m); }
    int side_to_move() const { return plies_ % 2; }
    void make(Move m) {
        Nim::make(m);
        ++plies_;
    }
    void unmake(Move m) {
        Nim::unmake(m);
        --plies_;
    }

    struct PlayoutMemory {
        void learn(std::span<const std::uint32_t> keys, int first_side, bool first_won) const {
            ++lessons;
            const auto taken = std::accumulate(keys.begin(), keys.end(), 0U);
            if (taken != kRootStones || first_side != 0 || first_won != (keys.size() % 2 == 1)) ++wrong_lessons;
        }
    };
    template <class Rng>
    Move playout_move(Rng& rng) const {
        return std::uniform_int_distribution<int>(1, std::min(3, stones()))(rng);
    }
    template <class Rng>
    Move playout_move(Rng& rng, const PlayoutMemory&) const {
        return playout_move(rng);
    }

private:
    int plies_ = 0;
};
static_assert(ply::LearningPlayoutGame<LessonCheckingNim>);

TEST(MctsLearning, EveryPlayoutTeachesItsWholeGameAndItsWinner) {
    for (const int threads : {1, 2}) {
        for (const bool rave : {true, false}) {
            lessons = 0;
            wrong_lessons = 0;
            ply::mcts::Options options;
            options.learn_playouts = true;
            options.solver = false;  // every iteration a playout, none ended by a proof
            options.rave = rave;
            ParallelSearcher<LessonCheckingNim> search(options, threads);
            search.search(LessonCheckingNim(kRootStones), Limits{.iterations = 2000});
            EXPECT_GT(lessons, 1000) << threads << " threads, rave " << rave;
            EXPECT_EQ(wrong_lessons, 0) << threads << " threads, rave " << rave;
        }
    }
    lessons = 0;
    Searcher<LessonCheckingNim>().search(LessonCheckingNim(kRootStones), Limits{.iterations = 2000});
    EXPECT_EQ(lessons, 0) << "learning is off by default";
}

}  // namespace
