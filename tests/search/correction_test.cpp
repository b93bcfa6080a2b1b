// Correction history (search/engine/correction.hpp): positions with the same
// pawns and side to move share what the search learnt about the evaluation's
// error; it moves toward the error by depth, stays bounded, and clears.
#include <gtest/gtest.h>

#include <ply/games/chess/position.hpp>
#include <ply/search/engine/correction.hpp>

namespace {

using ply::chess::Position;
using Correction = ply::engine::CorrectionHistory<Position>;
using ply::Score;  // named here, not by whichever test a unity build puts before this one

}  // namespace

TEST(CorrectionHistory, PositionsWithTheSamePawnsShareTheCorrection) {
    const auto a = Position::from_fen("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1");
    const auto same_pawns = Position::from_fen("2r1k3/pp3ppp/8/8/3N4/8/PP3PPP/4K3 w - - 0 1");
    const auto other_side = Position::from_fen("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 b - - 0 1");
    const auto other_pawns = Position::from_fen("4k3/pp3ppp/8/8/4P3/8/PP3PPP/4K3 w - - 0 1");
    EXPECT_EQ(a.correction_key(), same_pawns.correction_key());
    EXPECT_NE(a.correction_key(), other_side.correction_key());
    EXPECT_NE(a.correction_key(), other_pawns.correction_key());

    Correction c;
    EXPECT_EQ(c.corrected(a, 10), 10);
    for (int i = 0; i < 200; ++i) c.update(a, 10, 0, 40);  // the search kept finding 40 where the evaluation said 0
    EXPECT_NEAR(c.corrected(a, 10), 50, 2);
    EXPECT_NEAR(c.corrected(same_pawns, -100), -60, 2);
    EXPECT_EQ(c.corrected(other_side, 10), 10);
    EXPECT_EQ(c.corrected(other_pawns, 10), 10);
    c.clear();
    EXPECT_EQ(c.corrected(a, 10), 10);
}

TEST(CorrectionHistory, DeeperResultsMoveItFurtherAndItStaysBounded) {
    const Position pos;
    Correction shallow, deep;
    shallow.update(pos, 1, 0, 100);
    deep.update(pos, 12, 0, 100);
    EXPECT_GT(deep.corrected(pos, 0), shallow.corrected(pos, 0));
    EXPECT_GE(shallow.corrected(pos, 0), 0);
    Correction wild;
    for (int i = 0; i < 1000; ++i) wild.update(pos, 20, 0, 5000);
    EXPECT_EQ(wild.corrected(pos, 0), Correction::kMaxCorrection / Correction::kGrain);
    for (int i = 0; i < 1000; ++i) wild.update(pos, 20, 0, -5000);
    EXPECT_EQ(wild.corrected(pos, 0), -Correction::kMaxCorrection / Correction::kGrain);
}

TEST(CorrectionHistory, EachSidesPiecesLearnAShareAndTogetherTheError) {
    const auto a = Position::from_fen("r3k3/pp3ppp/8/8/8/2N5/PP3PPP/4K3 w - - 0 1");
    const auto same_white_pieces = Position::from_fen("2b1k3/p4ppp/8/8/8/2N5/P4PPP/4K3 w - - 0 1");
    const auto unrelated = Position::from_fen("4k3/5ppp/8/8/8/8/5PPP/3QK3 w - - 0 1");
    EXPECT_EQ(a.piece_correction_keys()[ply::chess::White],
              same_white_pieces.piece_correction_keys()[ply::chess::White]);
    EXPECT_NE(a.piece_correction_keys()[ply::chess::Black],
              same_white_pieces.piece_correction_keys()[ply::chess::Black]);
    EXPECT_NE(a.correction_key(), same_white_pieces.correction_key());

    Correction c;
    for (int i = 0; i < 300; ++i) c.update(a, 10, 0, 42, true);
    // The three entries share the error: their sum is it, not three times it.
    EXPECT_NEAR(c.corrected(a, 10, true), 52, 2);
    const Score shared = c.corrected(same_white_pieces, 0, true);  // White's pieces' share alone
    EXPECT_NEAR(shared, 14, 2);
    EXPECT_EQ(c.corrected(unrelated, 0, true), 0);
    // Without the pieces, only the pawns' share counts.
    EXPECT_NEAR(c.corrected(a, 0, false), 14, 2);
}

TEST(CorrectionHistory, ThePiecesLearnNoMoreOfAnErrorThanOneEntryHolds) {
    const auto a = Position::from_fen("r3k3/pp3ppp/8/8/8/2N5/PP3PPP/4K3 w - - 0 1");
    const auto same_white_pieces = Position::from_fen("2b1k3/p4ppp/8/8/8/2N5/P4PPP/4K3 w - - 0 1");
    constexpr Score kMost = Correction::kMaxCorrection / Correction::kGrain;
    Correction c;
    // A tactic: the search keeps finding a piece more than the evaluation saw.
    for (int i = 0; i < 1000; ++i) c.update(a, 20, 0, 500, true);
    // The pawns' entry takes what it can hold; the pieces' entries are left with nothing more to learn,
    // where unbounded each would have reached the most too (the sum three times it).
    EXPECT_EQ(c.corrected(a, 0, true), kMost);
    EXPECT_NEAR(c.corrected(same_white_pieces, 0, true), 0, 2);
    // An error one entry can hold is still shared by the three.
    Correction quiet;
    for (int i = 0; i < 300; ++i) quiet.update(a, 10, 0, 42, true);
    EXPECT_NEAR(quiet.corrected(same_white_pieces, 0, true), 14, 2);
}
