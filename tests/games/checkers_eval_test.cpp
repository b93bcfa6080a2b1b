// The checkers evaluation and what the search asks of checkers beside it:
// the evaluation is the same for a position and its colours swapped, equal
// to the tuner's linear form of it, its weights file round-trips; a pending
// capture is the "check" (in_check, gives_check against the move generator),
// so quiescence never stands pat on one; packed positions round-trip.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/games/checkers/description.hpp>
#include <ply/games/checkers/evaluate.hpp>
#include <ply/search/engine/engine.hpp>

using namespace ply;
using checkers::Checkers;

namespace {

// Positions from random games, a few from each of many games, to the end.
std::vector<Checkers> sampled_positions(unsigned seed, int games) {
    std::mt19937 rng(seed);
    std::vector<Checkers> out;
    for (int i = 0; i < games; ++i) {
        Checkers g;
        for (int ply = 0; ply < 200; ++ply) {
            Checkers::MoveList moves;
            g.generate_moves(moves);
            if (moves.empty()) break;
            if (ply % 7 == 3) out.push_back(g);
            g.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
    }
    return out;
}

// The same position with the colours swapped: square n becomes 33 - n.
Checkers colours_swapped(const Checkers& g) {
    std::string fen = g.side_to_move() == checkers::Black ? "W" : "B";
    for (const auto& [letter, side] : {std::pair{":W", checkers::Black}, std::pair{":B", checkers::White}}) {
        fen += letter;
        const char* comma = "";
        for (int q = 31; q >= 0; --q)
            if (g.pieces(side) & checkers::bit(q)) {
                fen += std::exchange(comma, ",");
                if (g.kings() & checkers::bit(q)) fen += 'K';
                fen += std::to_string(32 - q);
            }
    }
    return Checkers::from_fen(fen);
}

}  // namespace

TEST(CheckersEval, ColoursSwappedScoreTheSame) {
    const auto positions = sampled_positions(1, 60);
    ASSERT_GT(positions.size(), 500u);
    int nonzero = 0;
    for (const Checkers& g : positions) {
        const Checkers swapped = colours_swapped(g);
        EXPECT_EQ(g.evaluate(), swapped.evaluate()) << g.fen() << " against " << swapped.fen();
        nonzero += g.evaluate() != 0;
    }
    EXPECT_GT(nonzero, static_cast<int>(positions.size()) / 2);  // it does say something
}

// At the start all is even but "the move", which White has: twelve pieces
// stand on Black's system (rows 1-4, 9-12, 17-20, 25-28).
TEST(CheckersEval, StartIsEvenButTheMove) {
    using namespace checkers::eval;
    const Trace t = trace(Checkers());
    for (int i = 0; i < kWeightCount; ++i)
        if (i != kOpposition) {
            EXPECT_EQ(t.counts[static_cast<std::size_t>(i)], 0) << i;
        }
    EXPECT_EQ(t.counts[static_cast<std::size_t>(kOpposition)], -1);
    EXPECT_EQ(Checkers().evaluate(), -kDefaultWeights[kOpposition][0]);
}

TEST(CheckersEval, EachTermCountsWhatItNames) {
    using namespace checkers::eval;
    // Black: men on 1 (its back row), 15 (centre, row 3) and 28 (row 6, in its dog hole: White holds 32), a king
    // on 19 (centre). White: a man on 32 (its back row, its square "1"), a king on 29 (free to step to 25).
    const Trace t = trace(Checkers::from_fen("B:W32,K29:B1,15,28,K19"));
    const auto at = [&](int i) { return t.counts[static_cast<std::size_t>(i)]; };
    EXPECT_EQ(at(kMan), 3 - 1);
    EXPECT_EQ(at(kKing), 1 - 1);
    EXPECT_EQ(at(kManRow + 0), 1 - 1);
    EXPECT_EQ(at(kManRow + 3), 1);
    EXPECT_EQ(at(kManRow + 6), 1);
    EXPECT_EQ(at(kBackRank + 0), 1 - 1);
    EXPECT_EQ(at(kCentreMan), 1);
    EXPECT_EQ(at(kCentreKing), 1);
    EXPECT_EQ(at(kDogHole), 1);
    EXPECT_EQ(at(kKingMobility), 3 - 1);  // 19 anywhere but onto its own 15, 29 to 25 only
    EXPECT_EQ(at(kOpposition), 0);        // four pieces against two: not "the move"'s business
    EXPECT_EQ(t.phase, 6);
    // A king boxed into its corner (4) by a man it cannot take (8, with 11 behind): no square; White's men
    // have one each (8-3, 11-7, 21-17).
    const Trace u = trace(Checkers::from_fen("W:W8,11,21:BK4"));
    EXPECT_EQ(u.counts[static_cast<std::size_t>(kKingMobility)], 0);
    EXPECT_EQ(u.counts[static_cast<std::size_t>(kManMobility)], -3);
}

TEST(CheckersEval, TheMoveInABareOpposition) {
    using namespace checkers::eval;
    // Black's man on 13, White's on 21 below it on the same file: whoever moves first must walk into the
    // other's jump, so the side to move does not have the move (both on odd rows, outside Black's system).
    const Trace black_to_move = trace(Checkers::from_fen("B:W21:B13"));
    const Trace white_to_move = trace(Checkers::from_fen("W:W21:B13"));
    EXPECT_EQ(black_to_move.counts[static_cast<std::size_t>(kOpposition)], -1);  // White has it
    EXPECT_EQ(white_to_move.counts[static_cast<std::size_t>(kOpposition)], 1);   // Black has it
}

TEST(CheckersEval, LinearFormIsTheEvaluation) {
    const auto weights = Tuning<Checkers>::weights();
    for (const Checkers& g : sampled_positions(2, 30)) {
        const LinearEval e = Tuning<Checkers>::linear(g);
        double mg = e.fixed_mg, eg = e.fixed_eg;
        for (const auto& [index, count] : e.counts) {
            mg += weights[index][0] * count;
            eg += weights[index][1] * count;
        }
        const double first = mg * e.mg_share + eg * e.eg_share;
        const double mover = g.side_to_move() == checkers::Black ? first : -first;
        EXPECT_LE(std::abs(mover - g.evaluate()), 1.0) << g.fen();  // the evaluation rounds toward zero
    }
}

TEST(CheckersEval, WeightsFileRoundTripsAndRefusesNonsense) {
    auto w = checkers::eval::kDefaultWeights;
    w[static_cast<std::size_t>(checkers::eval::kDogHole)] = {7, -9};
    const std::string text = checkers::eval::weights_text(w);
    EXPECT_EQ(checkers::eval::parse_weights(text), w);
    const auto partial = checkers::eval::parse_weights("# a comment\nking 140 160\n");
    EXPECT_EQ(partial[static_cast<std::size_t>(checkers::eval::kKing)], (checkers::eval::Pair{140, 160}));
    EXPECT_EQ(partial[0], checkers::eval::kDefaultWeights[0]);
    EXPECT_THROW(checkers::eval::parse_weights("queen 1 2\n"), ParseError);
    EXPECT_THROW(checkers::eval::parse_weights("king 1\n"), ParseError);
    EXPECT_THROW(checkers::eval::parse_weights("king 1 x\n"), ParseError);
    EXPECT_THROW(checkers::eval::parse_weights("king 1 2\nking 3 4\n"), ParseError);
    EXPECT_THROW(checkers::eval::parse_weights("king 99999 2\n"), ParseError);
}

TEST(CheckersEval, PackedPositionsRoundTrip) {
    std::array<std::byte, Tuning<Checkers>::kPackedSize> bytes{};
    for (const Checkers& g : sampled_positions(3, 20)) {
        Tuning<Checkers>::pack(g, bytes);
        EXPECT_EQ(Tuning<Checkers>::unpack(bytes).fen(), g.fen());
    }
    bytes.fill(std::byte{0});
    bytes[0] = bytes[4] = std::byte{1};  // square 1 held by both sides
    EXPECT_THROW(Tuning<Checkers>::unpack(bytes), ParseError);
    bytes.fill(std::byte{0});
    bytes[3] = std::byte{0x80};  // a black man on 32, its crowning row
    EXPECT_THROW(Tuning<Checkers>::unpack(bytes), ParseError);
}

// The "check" against the move generator: a capture pending is one, and a
// move gives one where the opponent has a capture after it.
TEST(CheckersEval, PendingCaptureIsCheck) {
    int checks = 0, offers = 0;
    for (Checkers g : sampled_positions(4, 40)) {
        Checkers::MoveList captures;
        g.generate_tactical(captures);
        EXPECT_EQ(g.in_check(), !captures.empty()) << g.fen();
        checks += g.in_check();
        Checkers::MoveList moves;
        g.generate_moves(moves);
        for (const auto m : moves) {
            const bool says = g.gives_check(m);
            g.make(m);
            EXPECT_EQ(says, g.in_check()) << g.fen();
            offers += says;
            g.unmake(m);
        }
    }
    EXPECT_GT(checks, 20);
    EXPECT_GT(offers, 100);
}

// White's 23-18 offers a man; either capture Black must make (14x23, 15x22:
// the back row full, neither goes on) lets White take two back (27x11, 26x10). At depth 1 the shot is seen only if
// quiescence plays Black's forced capture instead of standing pat on it.
TEST(CheckersEval, QuiescencePlaysForcedCaptures) {
    const Checkers g = Checkers::from_fen("W:W23,26,27,30,31,32:B1,2,3,4,14,15");
    engine::Engine<Checkers> e(1);
    engine::Limits<Checkers::Move> limits;
    limits.depth = 1;
    const auto r = e.think(g, limits);
    ASSERT_TRUE(r.best);
    EXPECT_EQ(g.move_to_string(*r.best), "23-18");
    EXPECT_GE(r.score, 60);  // a man ahead, less what the position costs
}
