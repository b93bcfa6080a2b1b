// Each game's search parameters: chess's own set, the defaults scaled to a
// game's evaluation unit, the defaults for a game that says nothing.
#include <gtest/gtest.h>

#include <ply/games/chess/position.hpp>
#include <ply/games/connect4/connect4.hpp>
#include <ply/games/minichess/minichess.hpp>
#include <ply/search/engine/parameters.hpp>
#include "support/nim.hpp"

using namespace ply;

TEST(SearchParameters, TheDefaultsAreChessValues) {
    // Chess spells its values out; today they are the reference the defaults scale from.
    EXPECT_EQ(engine::parameters_of<chess::Position>, SearchParameters{});
    EXPECT_EQ(SearchParameters::scaled_to(SearchParameters::kReferenceUnit), SearchParameters{});
}

TEST(SearchParameters, MarginsScaleWithTheUnitAndDepthsDoNot) {
    constexpr SearchParameters p = SearchParameters::scaled_to(10);
    EXPECT_EQ(p.aspiration_delta, 2);
    EXPECT_EQ(p.aspiration_widen, 1);
    EXPECT_EQ(p.reverse_futility_margin, 8);
    EXPECT_EQ(p.razoring_margin, 25);
    EXPECT_EQ(p.futility_base, 9);
    EXPECT_EQ(p.futility_per_ply, 9);
    EXPECT_EQ(p.see_quiet_margin, -6);
    EXPECT_EQ(p.see_tactical_margin, -2);
    EXPECT_EQ(p.delta_margin, 20);
    EXPECT_EQ(p.reverse_futility_depth, SearchParameters{}.reverse_futility_depth);
    EXPECT_EQ(p.null_move_base_reduction, SearchParameters{}.null_move_base_reduction);
    EXPECT_EQ(p.lmr_divisor, SearchParameters{}.lmr_divisor);
    EXPECT_EQ(SearchParameters::scaled_to(1000).futility_base, 900);
}

TEST(SearchParameters, NoMarginRoundsToNothing) {
    constexpr SearchParameters p = SearchParameters::scaled_to(1);
    EXPECT_EQ(p.aspiration_delta, 1);
    EXPECT_EQ(p.futility_base, 1);
    EXPECT_EQ(p.see_quiet_margin, -1);
    EXPECT_EQ(p.razoring_margin, 3);
    EXPECT_EQ(p.singular_margin, 1);
}

TEST(SearchParameters, EachGameGetsItsOwn) {
    EXPECT_EQ(engine::parameters_of<connect4::Connect4>, SearchParameters::scaled_to(connect4::Connect4::eval_unit));
    EXPECT_EQ(engine::parameters_of<connect4::Connect4>.futility_base, 9);
    EXPECT_EQ(engine::parameters_of<minichess::Minichess>, SearchParameters{});  // centipawns, as chess
    EXPECT_EQ(engine::parameters_of<test::Nim>, SearchParameters{});             // says nothing: the defaults
}
