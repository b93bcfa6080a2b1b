// PVS, MTD(f) and Best Node Search against minimax on random trees and on
// positions of real games.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <ply/games/chess/position.hpp>
#include <ply/games/connect4/connect4.hpp>
#include <ply/games/tictactoe/tictactoe.hpp>
#include <ply/games/tree/tree.hpp>
#include <ply/search/classic/algorithm.hpp>
#include <ply/search/classic/bns.hpp>
#include <ply/search/classic/minimax.hpp>
#include <ply/search/classic/mtdf.hpp>
#include <ply/search/classic/pvs.hpp>
#include "support/random_tree.hpp"

using namespace ply;
using namespace ply::classic;

namespace {

// Value of `m` at the root (alpha-beta is checked against minimax elsewhere).
template <class G>
Score move_value(const G& g, typename G::Move m, int depth) {
    G child = g;
    child.make(m);
    return -alphabeta(child, depth - 1, {.root_ply = 1}).score;
}

template <class G>
void expect_all_agree(const G& g, int depth) {
    const auto truth = minimax(g, depth);
    ASSERT_EQ(pvs(g, depth).score, truth.score) << g.position();
    ASSERT_EQ(mtdf(g, depth).score, truth.score) << g.position();
    ASSERT_EQ(search_iterative(Algorithm::Mtdf, g, depth).score, truth.score) << g.position();
    const auto m = mtdf(g, depth, 5);
    if (truth.best) {
        ASSERT_TRUE(m.best);
        ASSERT_EQ(move_value(g, *m.best, depth), truth.score) << "MTD(f)'s move in " << g.position();
        const auto b = best_node_search(g, depth);
        ASSERT_TRUE(b.best);
        ASSERT_EQ(move_value(g, *b.best, depth), truth.score) << "BNS's move in " << g.position();
        ASSERT_LE(b.score, truth.score) << "BNS reports a proven lower bound";
    }
}

}  // namespace

TEST(Lab, RandomTreesAllAlgorithmsAgreeWithMinimax) {
    std::mt19937_64 rng(21);
    for (int i = 0; i < 2000; ++i) {
        const int depth = 1 + static_cast<int>(rng() % 7);
        int branching = 1 + static_cast<int>(rng() % 6);
        while (branching > 1 && std::pow(branching, depth) > 4000) --branching;
        expect_all_agree(tree::TreeGame::parse(ply::testing::random_tree_text(rng, branching, depth)), depth);
    }
}

TEST(Lab, TicTacToeAndConnectFourPositions) {
    std::mt19937_64 rng(4);
    for (int i = 0; i < 40; ++i) {
        auto t = tictactoe::TicTacToe::from_position("");
        for (int p = static_cast<int>(rng() % 4); p > 0 && !is_over(t.outcome()); --p) {
            MoveListOf<tictactoe::TicTacToe> moves;
            t.generate_moves(moves);
            t.make(moves[rng() % moves.size()]);
        }
        expect_all_agree(t, 9);
        auto c = connect4::Connect4::from_position("");
        for (int p = 10 + static_cast<int>(rng() % 10); p > 0 && !is_over(c.outcome()); --p) {
            MoveListOf<connect4::Connect4> moves;
            c.generate_moves(moves);
            c.make(moves[rng() % moves.size()]);
        }
        expect_all_agree(c, 5);
    }
}

TEST(Lab, ChessPositions) {
    // Quiet, tactical and mating positions; depth 3 keeps plain minimax quick.
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}) {
        const auto g = chess::Position::from_position(fen);
        expect_all_agree(g, 3);
        for (const Algorithm a : {Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::Mtdf})
            ASSERT_EQ(search_iterative(a, g, 3).score, minimax(g, 3).score) << algorithm_name(a) << " " << fen;
    }
}

TEST(Lab, PvsSearchesNoMoreThanAlphaBetaWithGoodOrdering) {
    // Best move first at every node: the scout windows never fail high.
    const auto g = tree::TreeGame::parse("((8 9) (5 6) (4 7))");
    const auto p = pvs(g, 2);
    EXPECT_EQ(p.score, 8);
    EXPECT_EQ(p.researches, 0u);
    EXPECT_EQ(p.leaves, 4u);  // 8 and 9, then one refutation for each other move
    EXPECT_EQ(alphabeta(g, 2).leaves, 4u);
}

TEST(Lab, MtdfConvergesFromAnyGuess) {
    const auto g = tree::TreeGame::parse("((3 5 2) (4 6 1) (7 9 8))");
    for (Score guess : {-100, 0, 7, 8, 100}) {
        const auto r = mtdf(g, 2, guess);
        EXPECT_EQ(r.score, 7) << guess;
        EXPECT_EQ(*r.best, 3) << guess;
    }
    EXPECT_EQ(mtdf(g, 2, 7).researches, 1u) << "a perfect guess needs one pass up and one down";
}
