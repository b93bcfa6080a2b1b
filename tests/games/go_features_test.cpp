// Go's move features (features.hpp) and the tree priors drawn from them:
// Burnside's count of 3x3 patterns, the features of a move unchanged when
// the board is turned, mirrored or its colours swapped, hand-made tactics,
// and the priors' order on a capture.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <map>
#include <random>
#include <set>
#include <string>

#include <ply/games/go/features.hpp>
#include <ply/games/go/go.hpp>
#include <ply/games/go/patterns.hpp>

namespace {

using namespace ply::go;

// Burnside's lemma over the eight symmetries of the square acting on the
// four corner and four edge neighbours, each of four colours: 4^8 fixed by
// the identity, 4^2 by each quarter turn, 4^4 by the half turn, 4^5 by each
// of the four reflections: (65536 + 32 + 256 + 4096) / 8.
TEST(GoFeatures, PatternClassesAreTheOrbitsOfTheSquare) {
    std::set<std::uint16_t> classes;
    for (std::uint32_t code = 0; code < (1u << 16); ++code)
        classes.insert(canonical_pattern(static_cast<std::uint16_t>(code), Black));
    EXPECT_EQ(classes.size(), 8740u);
}

// The position's rows turned by `symmetry` (bit 0 mirrors, bit 1 flips,
// bit 2 transposes), with the colours and the side to move swapped if asked.
std::string transformed(const Go& g, int symmetry, bool swap_colours) {
    const int n = g.size();
    std::string rows;
    for (int r = n - 1; r >= 0; --r) {
        for (int c = 0; c < n; ++c) {
            // The point shown at (c, r) is the original's at (sc, sr).
            int sc = c, sr = r;
            if (symmetry & 4) std::swap(sc, sr);
            if (symmetry & 2) sr = n - 1 - sr;
            if (symmetry & 1) sc = n - 1 - sc;
            const Color col = g.board().at(point_at(sc, sr));
            const Color shown = swap_colours && col != Empty ? opponent(col) : col;
            rows += shown == Black ? 'X' : shown == White ? 'O' : '.';
        }
        if (r > 0) rows += '/';
    }
    const bool black = (g.to_move() == Black) != swap_colours;
    return rows + (black ? " b 7" : " w 7");
}

Point image(Point p, int n, int symmetry) {
    // Inverse of the map above: the original (sc, sr) is shown at (c, r).
    int c = column_of(p), r = row_of(p);
    if (symmetry & 1) c = n - 1 - c;
    if (symmetry & 2) r = n - 1 - r;
    if (symmetry & 4) std::swap(c, r);
    return point_at(c, r);
}

TEST(GoFeatures, AMoveHasTheSameFeaturesTurnedMirroredAndInTheOtherColours) {
    std::mt19937_64 rng(5);
    int compared = 0;
    for (int game = 0; game < 6; ++game) {
        Go g = Go::from_position("7x7");
        for (int ply = 0; ply < 30 + 4 * game && g.outcome() == ply::Outcome::Ongoing; ++ply)
            g.make(g.playout_move(rng));
        const Go plain = Go::from_position(g.position());  // no last moves: distances absent on both sides
        for (int symmetry = 0; symmetry < 8; ++symmetry)
            for (const bool swap : {false, true}) {
                const Go other = Go::from_position(transformed(plain, symmetry, swap));
                for (int i = 0; i < plain.board().empty_count(); ++i) {
                    const Point p = plain.board().empty_point(i);
                    const auto a = move_features(plain, p), b = move_features(other, image(p, 7, symmetry));
                    ASSERT_EQ(a.level, b.level) << plain.position() << " at " << Go::vertex(p) << ", symmetry "
                                                << symmetry << (swap ? " swapped" : "");
                    ++compared;
                }
            }
    }
    EXPECT_GT(compared, 1000);
}

MoveFeatures features_at(const Go& g, const char* vertex) {
    return move_features(g, Go::parse_vertex(vertex, g.size()));
}

Go played(const char* size, std::initializer_list<const char*> moves) {
    Go g = Go::from_position(size);
    for (const char* m : moves) g.make(g.parse_move(m));
    return g;
}

TEST(GoFeatures, CapturesAndEscapes) {
    // Rows from the top (row 5). White C4 has one liberty, C5.
    const char* rows = "...../.XOX./..X../...../.....";
    const auto black = features_at(Go::from_position(std::string(rows) + " b 7"), "C5");
    EXPECT_EQ(black.level[Capture], 3);  // no last move, no string of ours in atari next to it
    EXPECT_EQ(black.level[Escape], 0);
    EXPECT_EQ(black.level[Line], 1);
    const auto white = features_at(Go::from_position(std::string(rows) + " w 7"), "C5");
    EXPECT_EQ(white.level[Capture], 0);
    EXPECT_EQ(white.level[Escape], 2);  // C4-C5 has B5 and D5
    EXPECT_EQ(white.level[SelfAtari], 0);

    // Black A2 and White A3 and B2 are each in atari.
    const char* tangled = "...../...../OX.../XO.../.X...";
    const Go b = Go::from_position(std::string(tangled) + " b 7");
    EXPECT_EQ(features_at(b, "A4").level[Capture], 1);  // takes A3, next to our A2 in atari
    EXPECT_EQ(features_at(b, "C2").level[Capture], 1);  // takes B2, the same
    const auto a1 = features_at(b, "A1");               // joins A2 and B1: one liberty, C1
    EXPECT_EQ(a1.level[SelfAtari], 2);
    EXPECT_EQ(a1.level[Escape], 0);  // out of atari into atari is no escape
    EXPECT_EQ(features_at(Go::from_position(std::string(tangled) + " w 7"), "A1").level[Capture], 1);

    // The last move, White C4, put itself in atari: C5 takes it back.
    const Go last = played("5x5", {"B4", "E1", "D4", "A1", "C3", "C4"});
    const auto c5 = features_at(last, "C5");
    EXPECT_EQ(c5.level[Capture], 2);
    EXPECT_EQ(c5.level[DistanceLast], 1);    // next to C4: d = 1 + 0 + 1
    EXPECT_EQ(c5.level[DistanceBefore], 3);  // two above C3: d = 0 + 2 + 2
}

TEST(GoFeatures, AtariSelfAtariLineAndDistance) {
    const Go g = Go::from_position("...../...../.XO../..X../..... b 7");
    EXPECT_EQ(features_at(g, "D3").level[Atari], 1);  // C3 keeps C4 only
    EXPECT_EQ(features_at(g, "C4").level[Atari], 1);
    EXPECT_EQ(features_at(g, "D2").level[Atari], 0);
    const Go eye = Go::from_position("...../...../.O.../O.O../..... b 7");
    const auto b2 = features_at(eye, "B2");
    EXPECT_EQ(b2.level[SelfAtari], 1);  // a lone stone with one liberty, B1
    EXPECT_EQ(b2.level[Line], 2);
    const Go far = played("9x9", {"E5", "C3"});
    const auto e6 = features_at(far, "E6");
    EXPECT_EQ(e6.level[DistanceLast], 7);                         // C3 to E6: 2 + 3 + 3 = 8
    EXPECT_EQ(e6.level[DistanceBefore], 1);                       // next to E5
    EXPECT_EQ(e6.level[Line], 0);                                 // the fifth line
    EXPECT_EQ(features_at(far, "A9").level[DistanceLast], 13);    // C3 to A9: 2 + 6 + 6 = 14
    EXPECT_EQ(features_at(far, "J1").level[DistanceBefore], 11);  // E5 to J1: 4 + 4 + 4 = 12
}

// The priors are the features' strengths: a capture of a string in atari
// weighs most, an own-eye-like first-line point little, pass nothing.
TEST(GoFeatures, PriorsWeighACaptureMostAndPassNothing) {
    const Go g = Go::from_position("...../..X../.XO../..X../..... b 7");
    ply::MoveListOf<Go> moves;
    g.generate_moves(moves);
    std::vector<float> weights(moves.size());
    g.move_priors(moves, weights.data());
    const auto& w = learned_weights();
    std::size_t strongest = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (moves[i] == kPass) {
            EXPECT_EQ(weights[i], 0.0f);
            continue;
        }
        EXPECT_FLOAT_EQ(weights[i], w.strength(move_features(g, moves[i]))) << Go::vertex(moves[i]);
        if (weights[i] > weights[strongest]) strongest = i;
    }
    EXPECT_EQ(Go::vertex(moves[strongest]), "D3") << "the capture";
}

}  // namespace
