// Singular extensions, continuation history, history by threats, correction by the pieces and quiescence without
// even trades, on chess: each changes the tree a search walks (its node count at a fixed depth), and none changes
// what the search proves: the same mate, at the same distance, with it on or off. And the nodes each root move took,
// which the clock reads, which completed iteration drops one under way, and what a search stopped inside an
// iteration plays with PartialIteration.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <ply/games/chess/position.hpp>
#include <ply/search/engine/engine.hpp>

namespace {

using ply::chess::Position;

// WAC positions with a forced mate in 2 to 4 moves (found with both features
// off as with both on).
const std::vector<std::string> kMates = {
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",         // WAC.004
    "4k1r1/2p3r1/1pR1p3/3pP2p/3P2qP/P4N2/1PQ4P/5R1K b - - 0 1",           // WAC.012
    "r2rb1k1/pp1q1p1p/2n1p1p1/2bp4/5P2/PP1BPR1Q/1BPN2PP/R5K1 w - - 0 1",  // WAC.014
    "r3r2k/2R3pp/pp1q1p2/8/3P3R/7P/PP3PP1/3Q2K1 w - - 0 1",               // WAC.035
    "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1",             // WAC.050
    "r3kr2/1pp4p/1p1p4/7q/4P1n1/2PP2Q1/PP4P1/R1BB2K1 b q - 0 1",          // WAC.054
    "r3q1kr/ppp5/3p2pQ/8/3PP1b1/5R2/PPP3P1/5RK1 w - - 0 1",               // WAC.057
};
const std::vector<int> kMateDistances = {2, 2, 4, 4, 3, 2, 3};  // in moves, per position of kMates

const std::string kQuietOpening = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

struct Outcome {
    std::vector<int> mates;   // in moves, per position
    std::uint64_t nodes = 0;  // over all positions, the quiet opening's too
};

using ply::engine::Features;
using Switch = bool Features::*;
constexpr Switch kTested[] = {&Features::singular_extensions, &Features::continuation_history,
                              &Features::piece_correction, &Features::quiescence_skip_even_trades,
                              &Features::threat_history};

// With the tested switches in `on` on, the others of kTested off.
Outcome search_all(std::span<const Switch> on) {
    Outcome out;
    ply::engine::Engine<Position> e(16);
    for (const Switch s : kTested) e.features().*s = false;
    for (const Switch s : on) e.features().*s = true;
    ply::engine::Limits<ply::chess::Move> limits;
    limits.depth = 14;  // deep enough for every mate with any set of the switches (WAC.014 needed 14, not 12)
    for (const auto& fen : kMates) {
        e.clear();
        const auto r = e.think(Position::from_fen(fen), limits);
        EXPECT_TRUE(ply::is_mate(r.score)) << fen;
        out.mates.push_back(ply::mate_in(r.score));
        out.nodes += r.nodes;
    }
    // A quiet opening, deeper: histories there grow enough to prune by.
    e.clear();
    limits.depth = 13;
    out.nodes += e.think(Position::from_fen(kQuietOpening), limits).nodes;
    return out;
}

}  // namespace

TEST(ChessSearchFeatures, EachSwitchChangesTheTreeButNotTheMates) {
    const Outcome none = search_all({});
    EXPECT_EQ(none.mates, kMateDistances);
    for (std::size_t i = 0; i < std::size(kTested); ++i) {
        SCOPED_TRACE("switch " + std::to_string(i));
        const Outcome alone = search_all(std::span(kTested).subspan(i, 1));
        EXPECT_EQ(alone.mates, none.mates);
        EXPECT_NE(alone.nodes, none.nodes) << "switched on where it says: the tree differs";
    }
    const Outcome all = search_all(kTested);
    EXPECT_EQ(all.mates, none.mates);
}

namespace {

// One worker at Kiwipete's root, every move a root move, with its own table.
struct KiwipeteWorker {
    using Move = ply::chess::Move;
    const Position root = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    ply::engine::TranspositionTable<Move> table{16};
    ply::engine::SharedState<Move> shared;
    ply::engine::ThreadMemory<Position> memory;
    ply::retro::Endgames<Position> endgames;
    ply::engine::Worker<Position> worker{shared, root, memory, endgames};

    KiwipeteWorker() {
        shared.table = &table;
        ply::MoveListOf<Position> moves;
        root.generate_moves(moves);
        std::vector<ply::engine::RootMove<Move>> root_moves;
        for (const Move& m : moves) root_moves.push_back({m, -ply::kInfinity, -ply::kInfinity, {m}});
        worker.start(root, root_moves);
    }
};

// A search to `depth` within an iteration to `iteration`, after one to
// `completed`: whether the worker dropped it.
bool superseded(int completed, int iteration, int depth) {
    KiwipeteWorker k;
    k.shared.completed_depth.store(completed);
    k.worker.begin_iteration(iteration);
    k.worker.search_root(depth, 0, -ply::kInfinity, ply::kInfinity);
    EXPECT_GE(k.worker.nodes(), 1024u) << "long enough to look at the completed depth";
    return k.worker.superseded();
}

}  // namespace

// Only a deeper completed iteration drops one under way, whatever depth the
// iteration's re-search is at: were the re-search's depth taken for the
// iteration's, a completed one as deep would drop it and the iteration would
// start again, forever.
TEST(ChessSearchFeatures, AShallowerReSearchIsNotSupersededByTheIterationBefore) {
    EXPECT_FALSE(superseded(5, 6, 4));
    EXPECT_TRUE(superseded(6, 6, 4)) << "an iteration as deep as this one completed";
}

// The time manager reads each root move's share of the nodes: every node
// below the root is counted to the move it was searched under, over all
// iterations and re-searches, and the root itself once per call.
TEST(ChessSearchFeatures, EachRootMoveKeepsTheNodesSearchedUnderIt) {
    KiwipeteWorker k;
    auto& worker = k.worker;
    std::uint64_t calls = 0;
    for (int depth = 1; depth <= 8; ++depth, ++calls) {
        worker.begin_iteration(depth);
        worker.search_root(depth, 0, -ply::kInfinity, ply::kInfinity);
    }
    std::uint64_t below = 0;
    for (const auto& rm : worker.root_moves()) {
        EXPECT_GT(rm.nodes, 0u) << "every root move is searched at every depth";
        below += rm.nodes;
    }
    EXPECT_EQ(below + calls, worker.nodes());
    // Kiwipete's best move is no landslide: it takes well under all the nodes.
    EXPECT_LT(worker.root_moves().front().nodes, worker.nodes() * 9 / 10);
}

namespace {

// Middlegames of the Strategic Test Suite (STS 1-15, every thirtieth position).
const std::vector<std::string> kMiddlegames = {
    "1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - 0 1",
    "2q5/1pb2r1k/p1b3pB/P1Pp3p/3P4/3B1pPP/1R3P1K/2Q5 b - - 0 1",
    "4rrk1/p6p/2q2pp1/1p6/2pP1BQP/5N2/P4PP1/2R3K1 w - - 0 1",
    "r4r2/1p2pbk1/1np1qppp/p7/3PP2P/P1Q2NP1/1P3PB1/2R1R1K1 w - - 0 1",
    "2r1q2k/7p/p1np1P1P/8/1pP2R2/8/PP1Q4/R1KN2r1 b - - 0 1",
    "4r1k1/R5p1/4b2p/1p2P3/7P/P1nP4/6PK/4R3 w - - 0 1",
    "r1b2rk1/4bpp1/7p/1B1pP3/3B4/8/1PP3PP/2KR3R b - - 0 1",
    "1r6/1q2b1k1/pn1pb3/B1p1p1pp/2P1Pp2/NP3P1P/1R2Q1PN/6K1 b - - 0 1",
    "4k2r/1r2np2/2q1p1p1/p2pP3/n1pP1PP1/1pP1NNK1/1P2Q3/R4R2 w k - 0 1",
    "r1b2rk1/pp3pp1/2np2qp/b1p1p3/2P1P3/2NPB1P1/PP3PBP/R2Q1RK1 w - - 0 1",
    "6k1/p2pp2p/bp4n1/q1r4R/1RP1P3/2P2B2/P2Q2P1/4K3 w - - 0 1",
    "1r5r/1p6/p2p2p1/P2P1pkq/1R1Qp3/2P1P1bP/1P2R3/5BK1 b - - 0 1",
    "5b1k/r7/Pq5p/2p5/3p3N/R2Q2P1/5PK1/8 w - - 0 1",
    "3r2k1/5pb1/5qpp/1Np5/8/1P3P1P/1PQ3P1/1K5R b - - 0 1",
    "2n2rk1/p2b2bp/3p2p1/q1pPp2n/P1P1P3/1QN5/3BBNPP/1R4K1 w - - 0 1",
    "4r1k1/p4p1p/1p2q1pB/1Q2Pn2/P3B2P/5P2/bR3P2/6K1 w - - 0 1",
    "r2r2k1/ppp2pb1/2n1p1pp/1B2P3/3PNn1q/2Q1BP2/PP3P1P/2R1K2R w K - 0 1",
    "1r2r1k1/pb1n1pp1/1p1p2np/2P1p1q1/P1P1P3/2P2PP1/2QNBB1P/1R1R3K b - - 0 1",
    "3r1r2/pkp4p/1np1p3/3P4/1b2N3/1P3P2/1B4PP/2R2RK1 b - - 0 1",
    "r1qr2k1/4bp2/p1p1p1p1/2pb4/PP1P1P2/3NQ3/5BPP/R2R2K1 w - - 0 1",
    "1R3b2/r4pk1/2qpn1p1/P1p1p2p/2P1P2P/5PP1/6K1/1Q1BB3 w - - 0 1",
    "2r3k1/p2q1pp1/2p4p/1p1p1b1n/2PP4/P1QP1PP1/3B3P/4RBK1 b - - 0 1",
    "5k2/4rpp1/pp6/4b2p/4N1q1/2NRB1P1/BP3P1P/6K1 b - - 0 1",
    "r3k1r1/2q1bp2/2p1p1np/p1Pp2P1/Pp1Pn2P/1P2P3/1B2NNP1/R3QRK1 b q - 0 1",
    "2r3k1/pp2p1b1/q2pP1p1/3pnrPp/P7/1P5P/2PB1PB1/2RQR1K1 w - - 0 1",
};

}  // namespace

// A node budget stops a search inside an iteration. With PartialIteration, a
// move that iteration proved better than the last completed one's best is
// played, and reported as the last line; the completed iteration at that
// depth agrees with it far more often than with the move played without.
TEST(ChessSearchFeatures, PartialIterationPlaysWhatTheUnfinishedIterationFound) {
    using ply::chess::Move;
    ply::engine::Engine<Position> e(16);
    std::optional<ply::engine::Report<Move>> last;
    e.on_report = [&](const ply::engine::Report<Move>& r) { last = r; };
    int changed = 0, agree_on = 0, agree_off = 0;
    for (const auto& fen : kMiddlegames) {
        for (const std::uint64_t nodes : {3000, 6000, 12000}) {
            last.reset();
            SCOPED_TRACE(fen + ", " + std::to_string(nodes) + " nodes");
            const Position root = Position::from_fen(fen);
            ply::engine::Limits<Move> limits;
            limits.nodes = nodes;
            e.clear();
            e.features().partial_iteration = false;
            const auto off = e.think(root, limits);
            e.clear();
            e.features().partial_iteration = true;
            const auto on = e.think(root, limits);
            ASSERT_TRUE(off.best && on.best);
            if (*on.best == *off.best) continue;
            ++changed;
            ASSERT_TRUE(last);
            EXPECT_EQ(last->pv.front(), *on.best) << "the move played is the last line reported";
            EXPECT_EQ(last->depth, on.depth + 1) << "found one ply deeper than the deepest completed iteration";
            ply::engine::Limits<Move> deeper;
            deeper.depth = on.depth + 1;
            e.clear();
            const auto full = e.think(root, deeper);  // the same search, completed at that depth
            agree_on += *full.best == *on.best;
            agree_off += *full.best == *off.best;
        }
    }
    EXPECT_GE(changed, 3) << "node budgets end iterations that have found a new best move";
    EXPECT_GT(agree_on, 2 * agree_off);
}
