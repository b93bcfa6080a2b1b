// Each game's search parameters: chess's own set, the defaults scaled to a
// game's evaluation unit, the defaults for a game that says nothing.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include <ply/games/checkers/checkers.hpp>
#include <ply/games/chess/position.hpp>
#include <ply/games/connect4/connect4.hpp>
#include <ply/games/minichess/minichess.hpp>
#include <ply/search/engine/engine.hpp>
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
    // Checkers states its own: the defaults scaled to a man, with narrower futility and razoring margins.
    EXPECT_EQ(engine::parameters_of<checkers::Checkers>, checkers::kSearchParameters);
    EXPECT_LT(engine::parameters_of<checkers::Checkers>.razoring_margin,
              SearchParameters::scaled_to(checkers::Checkers::eval_unit).razoring_margin);
}

TEST(SearchParameters, EachNameSetsItsOwnMember) {
    std::set<std::string> names;
    for (const SearchParameterName& n : kSearchParameterNames) {
        EXPECT_TRUE(names.insert(n.name).second) << n.name;
        ASSERT_NE(n.integer == nullptr, n.real == nullptr) << n.name;
        EXPECT_EQ(search_parameter(n.name), &n);
        // Changing it changes the struct, and no other name's member.
        SearchParameters p;
        if (n.integer)
            p.*(n.integer) += 1;
        else
            p.*(n.real) += 0.5;
        EXPECT_NE(p, SearchParameters{}) << n.name;
        for (const SearchParameterName& other : kSearchParameterNames)
            if (&other != &n) {
                if (other.integer) {
                    EXPECT_EQ(p.*(other.integer), SearchParameters{}.*(other.integer)) << n.name;
                } else {
                    EXPECT_EQ(p.*(other.real), SearchParameters{}.*(other.real)) << n.name;
                }
            }
    }
    EXPECT_EQ(search_parameter("lmr"), nullptr);
    EXPECT_EQ(search_parameter("LMR_DIVISOR"), nullptr);  // names as spelt in the struct
}

TEST(SearchParameters, TheEngineSearchesWithTheParametersSet) {
    // Reductions all but gone search more nodes to the same depth; the game's own set back searches as a new engine.
    const chess::Position start;
    const auto nodes = [&](engine::Engine<chess::Position>& e) {
        engine::Limits<chess::Position::Move> limits;
        limits.depth = 7;
        e.clear();
        return e.think(start, limits).nodes;
    };
    engine::Engine<chess::Position> fresh(1), e(1);
    const std::uint64_t plain = nodes(fresh);
    EXPECT_EQ(e.parameters(), engine::parameters_of<chess::Position>);
    SearchParameters p = e.parameters();
    p.lmr_divisor = 1000;
    p.lmr_base = 0;
    e.set_parameters(p);
    EXPECT_GT(nodes(e), plain);
    e.set_parameters(engine::parameters_of<chess::Position>);
    EXPECT_EQ(nodes(e), plain);
}
