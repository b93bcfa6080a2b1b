// The production engine on Nim, a game with only the required part of the
// Game concept (tests/support/nim.hpp): it must compile without any optional
// capability, find the winning move, report the exact win or loss where its
// depth reaches the end, honour every limit, and agree with the classic
// algorithms.
#include <gtest/gtest.h>

#include <chrono>

#include <ply/search/classic/algorithm.hpp>
#include <ply/search/engine/engine.hpp>
#include "support/nim.hpp"

using namespace ply;
using test::Nim;

namespace {

engine::Result<int> think(engine::Engine<Nim>& e, int stones, engine::Limits<int> limits) {
    return e.think(Nim(stones), limits);
}

engine::Limits<int> to_depth(int depth) {
    engine::Limits<int> limits;
    limits.depth = depth;
    return limits;
}

bool legal(int stones, const std::optional<int>& move) { return move && *move >= 1 && *move <= 3 && *move <= stones; }

}  // namespace

TEST(NimEngine, TheValueFormulaMatchesMinimax) {
    for (int stones = 1; stones <= 10; ++stones)
        EXPECT_EQ(classic::minimax(Nim(stones), stones).score, Nim::value(stones)) << stones << " stones";
}

TEST(NimEngine, FindsTheWinningMoveAndTheExactValue) {
    engine::Engine<Nim> e;
    for (int stones = 1; stones <= 21; ++stones) {
        const auto r = think(e, stones, to_depth(stones));  // deep enough to reach the end
        ASSERT_TRUE(legal(stones, r.best)) << stones << " stones";
        EXPECT_EQ(r.score, Nim::value(stones)) << stones << " stones";
        if (stones % 4 != 0) {
            EXPECT_EQ(*r.best, stones % 4) << stones << " stones";
        }
    }
}

TEST(NimEngine, ReportsMatesInFullMoves) {
    engine::Engine<Nim> e;
    EXPECT_EQ(mate_in(think(e, 9, to_depth(9)).score), 3);   // take 1, then two rounds of 4: 5 plies
    EXPECT_EQ(mate_in(think(e, 8, to_depth(8)).score), -2);  // 4 plies to the last stone
}

TEST(NimEngine, TooShallowToSeeTheEndScoresNoMate) {
    engine::Engine<Nim> e;
    const auto r = think(e, 30, to_depth(4));
    ASSERT_TRUE(legal(30, r.best));
    EXPECT_FALSE(is_mate(r.score));
    EXPECT_EQ(r.depth, 4);
}

TEST(NimEngine, EveryFeatureOffStillFindsTheSameValues) {
    for (const auto& feature : engine::kFeatureSwitches) {
        engine::Engine<Nim> e;
        e.features().*feature.member = false;
        for (int stones = 1; stones <= 13; ++stones)
            ASSERT_EQ(think(e, stones, to_depth(stones)).score, Nim::value(stones))
                << stones << " stones without " << feature.name;
    }
}

TEST(NimEngine, NodeLimitIsExactAndRepeatable) {
    engine::Engine<Nim> e;
    engine::Limits<int> limits;
    limits.nodes = 5000;
    const auto a = think(e, 40, limits);
    const auto b = think(e, 40, limits);
    EXPECT_EQ(a.nodes, 5000u);
    EXPECT_EQ(a.nodes, b.nodes);
    ASSERT_TRUE(legal(40, a.best));
    EXPECT_EQ(*a.best, *b.best);
}

TEST(NimEngine, MoveTimeStopsASearchThatCannotFinish) {
    engine::Engine<Nim> e;
    engine::Limits<int> limits;
    limits.move_time = std::chrono::milliseconds(100);
    const auto start = std::chrono::steady_clock::now();
    const auto r = think(e, 200, limits);  // no table: the tree grows without end
    const auto took = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(legal(200, r.best));
    EXPECT_GE(r.depth, 1);
    EXPECT_LT(took, std::chrono::seconds(2));
}

TEST(NimEngine, MoveTimeIsSpentInFullEvenWhenTheMoveIsStable) {
    // 201 stones: every iteration finds no win and keeps its first move, the
    // most stable best move there is; a movetime is still a fixed time.
    engine::Engine<Nim> e;
    engine::Limits<int> limits;
    limits.move_time = std::chrono::milliseconds(400);
    const auto start = std::chrono::steady_clock::now();
    const auto r = think(e, 201, limits);
    const auto took = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(legal(201, r.best));
    EXPECT_GE(took, std::chrono::milliseconds(400) - limits.overhead);
    EXPECT_LT(took, std::chrono::seconds(2));
}

TEST(NimEngine, SlowMoverScalesTheTimeTakenFromTheClock) {
    // 201 stones never resolve, so the clock alone ends each search. From 6 s
    // half the usual share stops at its hard limit at the latest, 4.5 x 0.5 x
    // 5.68 s / 30 = 426 ms; ten times that share runs on at least to its soft
    // limit scaled by the most stable move's 0.6: 0.6 x 0.9 x 10 x 5.68 s / 30
    // = 1022 ms.
    auto took = [](int percent) {
        engine::Engine<Nim> e;
        engine::Limits<int> limits;
        limits.time_left = std::chrono::seconds(6);
        limits.time_use_percent = percent;
        const auto start = std::chrono::steady_clock::now();
        EXPECT_TRUE(legal(201, think(e, 201, limits).best));
        return std::chrono::steady_clock::now() - start;
    };
    EXPECT_LT(took(50), std::chrono::milliseconds(700));
    EXPECT_GE(took(1000), std::chrono::milliseconds(700));
}

TEST(NimEngine, ClockTimeFindsAShortWin) {
    engine::Engine<Nim> e;
    engine::Limits<int> limits;
    limits.time_left = std::chrono::seconds(10);
    const auto r = think(e, 11, limits);
    ASSERT_TRUE(legal(11, r.best));
    EXPECT_EQ(*r.best, 3);
    EXPECT_EQ(r.score, Nim::value(11));
}

TEST(NimEngine, TwoThreadsAgree) {
    engine::Engine<Nim> e;
    e.set_threads(2);
    for (int stones = 1; stones <= 13; ++stones)
        ASSERT_EQ(think(e, stones, to_depth(stones)).score, Nim::value(stones)) << stones << " stones";
}

TEST(NimEngine, TheClassicAlgorithmsAgree) {
    engine::Engine<Nim> e;
    for (int stones = 1; stones <= 12; ++stones) {
        const auto r = think(e, stones, to_depth(stones));
        for (const auto& [algo, name] : classic::kAlgorithmNames) {
            const auto c = classic::search_once(algo, Nim(stones), stones);
            ASSERT_TRUE(legal(stones, c.best)) << name << ", " << stones << " stones";
            // Best Node Search proves a bound, not the value: its move is what counts.
            if (algo != classic::Algorithm::Bns) {
                EXPECT_EQ(c.score, r.score) << name << ", " << stones << " stones";
            }
            if (stones % 4 != 0) {
                EXPECT_EQ(*c.best, *r.best) << name << ", " << stones << " stones";
            }
        }
    }
}

namespace {

// Nim whose moves are too wide for a table entry: without hash() the engine
// never stores a move, so their size must not matter.
struct WideMove {
    int take = 0;
    int unused[3] = {};
    bool operator==(const WideMove& o) const { return take == o.take; }
};
class WideNim {
public:
    using Move = WideMove;
    static constexpr std::size_t max_moves = 3;
    explicit WideNim(int stones) : nim_(stones) {}
    void generate_moves(MoveListOf<WideNim>& out) const {
        for (int k = 1; k <= 3 && k <= nim_.stones(); ++k) out.push_back({k});
    }
    void make(Move m) { nim_.make(m.take); }
    void unmake(Move m) { nim_.unmake(m.take); }
    [[nodiscard]] Outcome outcome() const { return nim_.outcome(); }
    [[nodiscard]] Score evaluate() const { return nim_.evaluate(); }

private:
    Nim nim_;
};
static_assert(Game<WideNim> && !HashedGame<WideNim> && sizeof(WideMove) > 4);

}  // namespace

TEST(NimEngine, MovesOfAnySizeWithoutAHash) {
    engine::Engine<WideNim> e;
    engine::Limits<WideMove> limits;
    limits.depth = 7;
    const auto r = e.think(WideNim(7), limits);
    ASSERT_TRUE(r.best);
    EXPECT_EQ(r.best->take, 3);
    EXPECT_EQ(r.score, Nim::value(7));
}
