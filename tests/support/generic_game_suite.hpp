// One test suite run on every game (OpenSpiel-style harness): random playouts
// in which unmake restores the exact state and hash (and hash_after predicts
// make's), legal moves exist exactly while the game is on, and notation
// round-trips.
//
// A game joins by specialising GameSamples<G> (a few positions to start
// playouts from) and instantiating the suite in its own test file, inside
// namespace ply::testing:
//   INSTANTIATE_TYPED_TEST_SUITE_P(Chess, GenericGame, ::testing::Types<chess::Position>);
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include <ply/core/game.hpp>

namespace ply::testing {

template <class G>
struct GameSamples;  // static std::vector<G> starts(); static int playouts(); static int max_plies();

template <class G>
class GenericGame : public ::testing::Test {};

TYPED_TEST_SUITE_P(GenericGame);

template <class G>
std::string state_of(const G& g) {
    std::string s = g.position();
    if constexpr (HashedGame<G>) s += " #" + std::to_string(g.hash());
    return s;
}

TYPED_TEST_P(GenericGame, UnmakeRestoresStateInRandomPlayouts) {
    using G = TypeParam;
    std::mt19937_64 rng(20261122);
    for (G game : GameSamples<G>::starts()) {
        for (int playout = 0; playout < GameSamples<G>::playouts(); ++playout) {
            G g = game;
            std::vector<typename G::Move> line;
            for (int p = 0; p < GameSamples<G>::max_plies(); ++p) {
                MoveListOf<G> moves;
                g.generate_moves(moves);
                ASSERT_EQ(moves.empty(), is_over(g.outcome())) << g.position();
                if (moves.empty()) break;
                // Every move must make and unmake cleanly, not only the one played.
                const std::string before = state_of(g);
                for (const auto& m : moves) {
                    std::uint64_t predicted = 0;
                    if constexpr (HashAfterGame<G>) predicted = g.hash_after(m);
                    g.make(m);
                    if constexpr (HashAfterGame<G>) {
                        ASSERT_EQ(predicted, g.hash()) << "hash_after disagrees with make, from " << before;
                    }
                    g.unmake(m);
                    ASSERT_EQ(state_of(g), before) << "after make/unmake of " << g.move_to_string(m);
                }
                auto m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
                g.make(m);
                line.push_back(m);
            }
            // Unwinding the whole line restores the start.
            for (auto it = line.rbegin(); it != line.rend(); ++it) g.unmake(*it);
            ASSERT_EQ(state_of(g), state_of(game));
        }
    }
}

TYPED_TEST_P(GenericGame, NotationRoundTrips) {
    using G = TypeParam;
    std::mt19937_64 rng(7);
    for (G game : GameSamples<G>::starts()) {
        G g = game;
        for (int p = 0; p < GameSamples<G>::max_plies(); ++p) {
            const G reparsed = G::from_position(g.position());
            ASSERT_EQ(state_of(reparsed), state_of(g));
            MoveListOf<G> moves;
            g.generate_moves(moves);
            if (moves.empty()) break;
            for (const auto& m : moves) {
                const std::string text = g.move_to_string(m);
                ASSERT_TRUE(g.parse_move(text) == m) << text << " in " << g.position();
            }
            g.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
    }
}

REGISTER_TYPED_TEST_SUITE_P(GenericGame, UnmakeRestoresStateInRandomPlayouts, NotationRoundTrips);

}  // namespace ply::testing
