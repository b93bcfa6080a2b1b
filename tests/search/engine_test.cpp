// The production search against the exhaustive solver: on games it can search
// to the end, its score must be the exact game value, with every heuristic
// on and with each one switched off.
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include <ply/games/connect4/connect4.hpp>
#include <ply/games/tictactoe/tictactoe.hpp>
#include <ply/games/tree/tree.hpp>
#include <ply/search/classic/minimax.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/search/solve/exhaustive.hpp>
#include "support/random_tree.hpp"

using namespace ply;
using connect4::Connect4;
using tictactoe::TicTacToe;

namespace {

template <class G>
engine::Result<typename G::Move> search_to_depth(engine::Engine<G>& e, const G& g, int depth) {
    engine::Limits<typename G::Move> limits;
    limits.depth = depth;
    return e.think(g, limits);
}

std::vector<std::string> pons_lines(const char* set, std::size_t count) {
    std::ifstream in(std::string(PLY_DATA_DIR) + "/connect4/" + set);
    std::vector<std::string> out;
    std::string seq;
    int score;
    while (out.size() < count && in >> seq >> score) out.push_back(seq);
    return out;
}

}  // namespace

TEST(EngineSearch, TicTacToeValuesMatchTheSolverEverywhere) {
    engine::Engine<TicTacToe> e(1);
    std::mt19937_64 rng(3);
    for (int i = 0; i < 100; ++i) {
        TicTacToe g = TicTacToe::from_position("");
        const int plies = static_cast<int>(rng() % 6);
        for (int p = 0; p < plies && !is_over(g.outcome()); ++p) {
            MoveListOf<TicTacToe> moves;
            g.generate_moves(moves);
            g.make(moves[rng() % moves.size()]);
        }
        if (is_over(g.outcome())) continue;
        const auto exact = solve::exhaustive(g, 14);
        const auto r = search_to_depth(e, g, 9);
        ASSERT_EQ(r.score, exact.score) << g.position();
        ASSERT_TRUE(r.best);
        ASSERT_NE(std::find(exact.best_moves.begin(), exact.best_moves.end(), *r.best), exact.best_moves.end())
            << g.position();
    }
}

TEST(EngineSearch, ConnectFourEndGamesMatchTheSolver) {
    engine::Engine<Connect4> e(4);
    for (const auto& seq : pons_lines("Test_L3_R1", 60)) {
        const auto g = Connect4::from_position(seq);
        const auto exact = solve::exhaustive(g, 14);
        e.clear();
        const auto r = search_to_depth(e, g, 42 - g.moves_played());
        ASSERT_EQ(r.score, exact.score) << seq;
    }
}

TEST(EngineSearch, EveryFeatureOffStillFindsTheSameValues) {
    const auto positions = pons_lines("Test_L3_R1", 15);
    for (const auto& feature : engine::kFeatureSwitches) {
        engine::Engine<Connect4> e(1);
        e.features().*feature.member = false;
        for (const auto& seq : positions) {
            const auto g = Connect4::from_position(seq);
            e.clear();
            ASSERT_EQ(search_to_depth(e, g, 42 - g.moves_played()).score, solve::exhaustive(g, 14).score)
                << seq << " without " << feature.name;
        }
    }
}

TEST(EngineSearch, RandomTreesMatchMinimax) {
    // Trees have no heuristic value at inner nodes, so the pruning that
    // trusts the evaluation (futility, late moves) is off, and so is the
    // reduction of nodes without a hash move (a fixed depth is the point);
    // what remains, PVS with aspiration, the table and move ordering, must be exact.
    std::mt19937_64 rng(9);
    for (int i = 0; i < 300; ++i) {
        const auto game = tree::TreeGame::parse(ply::testing::random_tree_text(rng, 5, 6));
        engine::Engine<tree::TreeGame> e(1);
        e.features().reverse_futility = e.features().futility = false;
        e.features().late_move_pruning = e.features().late_move_reductions = false;
        e.features().internal_iterative_reduction = false;
        const auto r = search_to_depth(e, game, 6);
        if (!r.best) continue;
        ASSERT_EQ(r.score, classic::minimax(game, 6).score) << game.position();
    }
}

TEST(EngineSearch, NodeLimitIsExactWithOneThreadAndRepeatable) {
    engine::Engine<Connect4> e(4);
    engine::Limits<Connect4::Move> limits;
    limits.nodes = 20000;
    const auto g = Connect4::from_position("4453");
    e.clear();
    const auto a = e.think(g, limits);
    e.clear();
    const auto b = e.think(g, limits);
    EXPECT_EQ(a.nodes, 20000u);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_TRUE(a.best && b.best && *a.best == *b.best);
}

TEST(EngineSearch, WhatASearchLearnsServesTheNextAndANewGameForgetsIt) {
    // Without the table, only the move histories carry over between
    // searches: the same search again is ordered better, and clear() (a new
    // game) makes it the first search again, node for node.
    engine::Engine<Connect4> e(1);
    e.features().transposition_table = false;
    const auto g = Connect4::from_position("4453");
    const auto first = search_to_depth(e, g, 9).nodes;
    const auto again = search_to_depth(e, g, 9).nodes;
    EXPECT_NE(again, first);
    search_to_depth(e, Connect4::from_position("1234567"), 9);
    e.clear();
    EXPECT_EQ(search_to_depth(e, g, 9).nodes, first);
}

TEST(EngineSearch, ReportsEveryIterationWithAPv) {
    engine::Engine<Connect4> e(4);
    std::vector<int> depths;
    e.on_report = [&](const engine::Report<Connect4::Move>& r) {
        if (r.bound == engine::Bound::Exact) depths.push_back(r.depth);
        EXPECT_FALSE(r.pv.empty());
    };
    search_to_depth(e, Connect4::from_position(""), 8);
    EXPECT_EQ(depths, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(EngineSearch, StopFromAnotherThreadReturnsALegalMove) {
    engine::Engine<Connect4> e(4);
    engine::Limits<Connect4::Move> limits;
    limits.infinite = true;
    const auto g = Connect4::from_position("");
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        e.stop();
    });
    const auto r = e.think(g, limits);
    stopper.join();
    ASSERT_TRUE(r.best);
    MoveListOf<Connect4> moves;
    g.generate_moves(moves);
    EXPECT_TRUE(moves.contains(*r.best));
}

TEST(EngineSearch, TwoThreadsAgreeOnExactValues) {
    engine::Engine<Connect4> e(8);
    e.set_threads(2);
    for (const auto& seq : pons_lines("Test_L3_R1", 20)) {
        const auto g = Connect4::from_position(seq);
        ASSERT_EQ(search_to_depth(e, g, 42 - g.moves_played()).score, solve::exhaustive(g, 14).score) << seq;
    }
}

TEST(BusyPositions, MarksAPositionUntilItsSearcherLeaves) {
    engine::BusyPositions busy;
    constexpr std::uint64_t a = 0x1234'5678'9abc'def0ULL;
    const std::uint64_t same_slot = a ^ (std::uint64_t{1} << 40);  // low bits equal: one slot
    EXPECT_FALSE(busy.busy(a));
    busy.enter(a);
    EXPECT_TRUE(busy.busy(a));
    EXPECT_FALSE(busy.busy(same_slot)) << "a slot names one position, not its neighbours";
    busy.enter(same_slot);  // a second thread takes the slot over
    busy.leave(a);          // the first leaving must not clear the second's mark
    EXPECT_TRUE(busy.busy(same_slot));
    busy.leave(same_slot);
    EXPECT_FALSE(busy.busy(same_slot));
}
