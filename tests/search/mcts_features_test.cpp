// Monte Carlo tree search beyond plain UCT: the game's playout policy and
// RAVE on Go against known values (2x2 and 3x3 are won by Black, 3x3 and
// 5x5 wholly only from the centre), tree reuse, root parallelism, evaluation cut-offs and
// the limits.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <vector>

#include <ply/games/go/go.hpp>
#include <ply/games/tictactoe/tictactoe.hpp>
#include <ply/search/mcts/parallel.hpp>
#include "support/nim.hpp"

namespace {

using ply::go::Go;
using ply::mcts::Limits;
using ply::mcts::Options;
using ply::mcts::ParallelSearcher;
using ply::mcts::Proof;
using ply::mcts::Searcher;
using ply::test::Nim;
using ply::tictactoe::TicTacToe;

// A game that never ends, whose moves 0, 1 and 2 change the mover's
// standing by -1, 0 and +1: only an evaluation tells them apart.
struct Drift {
    using Move = int;
    static constexpr std::size_t max_moves = 3;
    int first_player_lead = 0;
    int plies = 0;

    void generate_moves(ply::MoveList<Move, max_moves>& out) const {
        for (int m = 0; m < 3; ++m) out.push_back(m);
    }
    void make(Move m) { first_player_lead += (plies++ % 2 == 0 ? 1 : -1) * (m - 1); }
    void unmake(Move m) { first_player_lead -= (--plies % 2 == 0 ? 1 : -1) * (m - 1); }
    ply::Outcome outcome() const { return ply::Outcome::Ongoing; }
    ply::Score evaluate() const { return 100 * (plies % 2 == 0 ? first_player_lead : -first_player_lead); }
};

TEST(MctsGo, TheSolverProvesTinyBoardsWonForBlack) {
    for (const char* board : {"2x2 komi 0", "3x3 komi 0"}) {
        const auto r = Searcher<Go>().search(Go::from_position(board), Limits{.iterations = 1'000'000});
        EXPECT_EQ(r.proof, Proof::Win) << board;
    }
}

// 3x3 is worth nine points to Black (Tromp and van der Werf): with komi 8.5
// Black still wins, so takes all nine, the most the board holds. The exact
// value by a proof, where exhaustive alpha-beta takes minutes (superko keys
// its table by history, so few positions transpose).
TEST(MctsGo, ThreeByThreeIsWonByNinePoints) {
    const auto r = Searcher<Go>().search(Go::from_position("3x3 komi 8.5"), Limits{.iterations = 3'000'000});
    EXPECT_EQ(r.proof, Proof::Win);
    EXPECT_EQ(r.best, std::optional<Go::Move>(ply::go::point_at(1, 1)));
}

// Only the centre takes the whole 3x3 board: plain UCT finds it, and so
// does RAVE with the solver, whose proofs drop the edge moves that RAVE
// alone values as high as the centre (62% for Black, all five).
TEST(MctsGo, ThreeByThreeIsPlayedFromTheCentre) {
    for (const bool rave : {true, false}) {
        Options options;
        options.solver = rave;
        options.rave = rave;
        const Go g = Go::from_position("3x3 komi 8.5");  // Black wins only by taking all nine points
        const auto r = Searcher<Go>(options).search(g, Limits{.iterations = 30'000});
        ASSERT_TRUE(r.best);
        EXPECT_EQ(g.move_to_string(*r.best), "B2") << (rave ? "RAVE and the solver" : "UCT");
    }
}

// RAVE learns faster: at the same small budget (1,000 iterations) its
// choice on 5x5, where only the centre takes the whole board (van der Werf),
// is right for more seeds than plain UCT's (17 and 13 of 20 when written).
TEST(MctsGo, RaveFindsTheCentreSoonerThanUct) {
    const Go g = Go::from_position("5x5 komi 24.5");
    int right[2] = {0, 0};
    for (int rave = 0; rave < 2; ++rave)
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            Options options;
            options.solver = false;
            options.rave = rave == 1;
            options.seed = seed;
            const auto r = Searcher<Go>(options).search(g, Limits{.iterations = 1000});
            right[rave] += r.best && g.move_to_string(*r.best) == "C3";
        }
    EXPECT_GT(right[1], right[0]) << "RAVE " << right[1] << "/20, UCT " << right[0] << "/20";
}

TEST(MctsGo, PlayoutsOnNineByNineEndAndTheTreeStaysBounded) {
    Options options;
    options.max_nodes = 20'000;
    const auto r = Searcher<Go>(options).search(Go::from_position("9x9"), Limits{.iterations = 3000});
    EXPECT_EQ(r.iterations, 3000u);
    EXPECT_LE(r.nodes, 20'000u);
    ASSERT_TRUE(r.best);
    EXPECT_GT(r.mean, 0.2);
    EXPECT_LT(r.mean, 0.8);
}

TEST(MctsReuse, ASearchTwoPliesOnKeepsTheSubtree) {
    Options options;
    options.solver = false;
    Searcher<TicTacToe> mcts(options);
    TicTacToe g;
    const auto first = mcts.search(g, Limits{.iterations = 20'000});
    EXPECT_EQ(first.reused, 0u);
    g.make(*first.best);
    ply::MoveListOf<TicTacToe> replies;
    g.generate_moves(replies);
    g.make(replies[0]);
    const auto second = mcts.search(g, Limits{.iterations = 1000});
    EXPECT_GT(second.reused, 0u) << "the grandchild's visits come along";
    std::uint64_t visits = 0;
    for (const auto& m : second.moves) visits += m.visits;
    EXPECT_GE(visits + 1, second.reused + 1000) << "the root's children hold the old visits and the new";

    // An unrelated position starts afresh, and so does a searcher told not to reuse.
    EXPECT_EQ(mcts.search(TicTacToe::from_position("X........"), Limits{.iterations = 10}).reused, 0u);
    options.reuse_tree = false;
    Searcher<TicTacToe> fresh(options);
    (void)fresh.search(TicTacToe{}, Limits{.iterations = 1000});
    EXPECT_EQ(fresh.search(TicTacToe{}, Limits{.iterations = 10}).reused, 0u);
}

// Nim whose key is the stones left and nothing else: heaps of another
// maximum take share keys, as Go boards of two sizes once did.
class KeyedNim : public Nim {
public:
    static constexpr std::size_t max_moves = 8;
    KeyedNim(int stones, int max_take) : Nim(stones), max_take_(max_take) {}
    void generate_moves(ply::MoveListOf<KeyedNim>& out) const {
        for (int k = 1; k <= max_take_ && k <= stones(); ++k) out.push_back(k);
    }
    [[nodiscard]] std::uint64_t hash() const { return static_cast<std::uint64_t>(stones()); }

private:
    int max_take_;
};

TEST(MctsReuse, ATreeWhoseMovesAreNotTheRootsIsNotReused) {
    Searcher<KeyedNim> mcts;
    (void)mcts.search(KeyedNim(9, 3), Limits{.iterations = 2000});
    const auto other = mcts.search(KeyedNim(9, 5), Limits{.iterations = 2000});
    EXPECT_EQ(other.reused, 0u) << "same key, other moves: a stale tree";
    EXPECT_EQ(other.proof, Proof::Win);
    EXPECT_EQ(other.best, std::optional<int>(3)) << "9 = 6 + 3: take 3, leave a multiple of 6";
    EXPECT_GT(mcts.search(KeyedNim(9, 5), Limits{.iterations = 10}).reused, 0u) << "the same setting is reused";
}

TEST(MctsReuse, GoBoardsOfAnotherSizeOrKomiAreNotReused) {
    Searcher<Go> mcts;
    (void)mcts.search(Go(9), Limits{.iterations = 300});
    EXPECT_EQ(mcts.search(Go(5), Limits{.iterations = 10}).reused, 0u);
    EXPECT_EQ(mcts.search(Go(5, 0), Limits{.iterations = 10}).reused, 0u) << "another komi";
    EXPECT_GT(mcts.search(Go(5, 0), Limits{.iterations = 10}).reused, 0u);
}

TEST(MctsThreads, ThreadsGrowingOneTreeProveWhatOneProves) {
    ParallelSearcher<TicTacToe> two(Options{}, 2);
    EXPECT_EQ(two.threads(), 2);
    EXPECT_EQ(two.search(TicTacToe{}, Limits{.iterations = 4'000'000}).proof, Proof::Draw);
    ParallelSearcher<Nim> nim(Options{}, 2);
    for (int stones = 5; stones <= 8; ++stones) {
        const auto r = nim.search(Nim(stones), Limits{.iterations = 200'000});
        EXPECT_EQ(r.proof, stones % 4 == 0 ? Proof::Loss : Proof::Win) << stones;
        if (stones % 4 != 0) {
            EXPECT_EQ(r.best, std::optional<int>(stones % 4)) << stones;
        }
    }
}

TEST(MctsThreads, IterationsAreSharedAndStatisticsSummed) {
    Options options;
    options.solver = false;
    ParallelSearcher<TicTacToe> two(options, 2);
    const auto r = two.search(TicTacToe::from_position("XX.OO...."), Limits{.iterations = 10'000});
    EXPECT_EQ(r.iterations, 10'000u);
    std::uint64_t visits = 0;
    for (const auto& m : r.moves) visits += m.visits;
    EXPECT_EQ(visits, r.iterations);
    ASSERT_TRUE(r.best);
    EXPECT_EQ(TicTacToe::from_position("XX.OO....").move_to_string(*r.best), "3");
}

// Go's playouts run outside the tree's lock, on both threads at once (TSan
// reads this test); the line and the move are the board's.
TEST(MctsThreads, TwoThreadsGrowOneGoTree) {
    Go go(9, 14);
    for (const char* move : {"E5", "C3"}) go.make(go.parse_move(move));
    ParallelSearcher<Go> two(Options{}, 2);
    const auto r = two.search(go, Limits{.iterations = 3000});
    EXPECT_EQ(r.iterations, 3000u);
    std::uint64_t visits = 0;
    for (const auto& m : r.moves) visits += m.visits;
    EXPECT_EQ(visits, r.iterations) << "one tree: every iteration passed its root once";
    ASSERT_GE(r.pv.size(), 2u);
    Go line = go;
    for (const auto& m : r.pv) {
        ASSERT_TRUE(line.is_legal(m)) << line.move_to_string(m);
        line.make(m);
    }
    go.make(r.pv[0]);
    go.make(r.pv[1]);
    EXPECT_GT(two.search(go, Limits{.iterations = 500}).reused, 0u) << "the tree is kept for the next move";
}

// Go's move priors start each new node's moves as AMAF visits. Weighed
// heavily they steer the search to the move they favour (the capture of
// a stone in atari, where without them the visits spread over the board),
// and the root's moves report their shares of the weights.
TEST(MctsPriors, HeavyPriorsSteerTheSearchAndTheSharesAreReported) {
    const Go g = Go::from_position(
        "........./........./........./....X..../...XOX.../........./........./........./......... b 7");
    ply::MoveListOf<Go> moves;
    g.generate_moves(moves);
    std::vector<float> weights(moves.size());
    g.move_priors(moves, weights.data());
    const auto favoured =
        moves[static_cast<std::size_t>(std::max_element(weights.begin(), weights.end()) - weights.begin())];
    Options options;
    options.prior_visits = 100'000;
    const auto r = Searcher<Go>(options).search(g, Limits{.iterations = 300});
    ASSERT_TRUE(r.best);
    EXPECT_EQ(g.move_to_string(*r.best), g.move_to_string(favoured));
    double shares = 0, total = 0;
    for (const float w : weights) total += w;
    for (const auto& m : r.moves) {
        shares += m.prior;
        const auto at = static_cast<std::size_t>(std::find(moves.begin(), moves.end(), m.move) - moves.begin());
        EXPECT_NEAR(m.prior, weights[at] / total, 1e-6) << g.move_to_string(m.move);
    }
    EXPECT_NEAR(shares, 1.0, 1e-6);
    const auto visits_of_best = [](const auto& result) {
        std::uint64_t most = 0;
        for (const auto& m : result.moves) most = std::max(most, m.visits);
        return most;
    };
    EXPECT_GT(visits_of_best(r), 40u);  // 61 when written
    options.prior_visits = 0;
    EXPECT_LT(visits_of_best(Searcher<Go>(options).search(g, Limits{.iterations = 300})), 20u)
        << "without priors the visits spread (7 at most when written)";
}

TEST(MctsCutoff, TheEvaluationDecidesPlayoutsThatDoNotEnd) {
    Options options;
    options.max_playout_plies = 40;
    const auto blind = Searcher<Drift>(options).search(Drift{}, Limits{.iterations = 3000});
    for (const auto& m : blind.moves) EXPECT_DOUBLE_EQ(m.mean, 0.5) << "no end, no evaluation: all draws";
    options.playout_cutoff = 2;
    const auto judged = Searcher<Drift>(options).search(Drift{}, Limits{.iterations = 3000});
    EXPECT_EQ(judged.best, std::optional<int>(2));
    EXPECT_GT(judged.mean, 0.55);
    for (const auto& m : judged.moves) {
        if (m.move != 2) {
            EXPECT_LT(m.mean, judged.mean) << m.move;
        }
    }
}

TEST(MctsLimits, NodesAndAStopFlagEndTheSearch) {
    const auto bounded = Searcher<TicTacToe>().search(TicTacToe{}, Limits{.iterations = 100'000, .nodes = 500});
    EXPECT_LT(bounded.nodes, 500u + 9);
    EXPECT_LT(bounded.iterations, 100'000u);
    const auto tiny = Searcher<TicTacToe>().search(TicTacToe{}, Limits{.nodes = 1});
    EXPECT_EQ(tiny.iterations, 1u) << "one iteration at least, so that there is a move";
    EXPECT_TRUE(tiny.best);
    const std::atomic<bool> stop{true};
    const auto stopped = Searcher<TicTacToe>().search(TicTacToe{}, Limits{.stop = &stop});
    EXPECT_EQ(stopped.iterations, 1u);
    ParallelSearcher<TicTacToe> two(Options{}, 2);
    EXPECT_LE(two.search(TicTacToe{}, Limits{.stop = &stop}).iterations, 2u);
}

}  // namespace
