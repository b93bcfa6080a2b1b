// What the search learns from a cutoff (search/engine/history.hpp): the
// refuting move's history and continuation history rise, after exactly the
// moves that came before it; the moves tried before it fall; a switch off
// learns nothing.
#include <gtest/gtest.h>

#include <ply/games/chess/position.hpp>
#include <ply/search/engine/history.hpp>

namespace {

using ply::chess::Position;
using History = ply::engine::MoveHistory<Position>;

struct Cutoff {
    Position pos = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    ply::chess::Move best = pos.parse_move("f1b5"), tried = pos.parse_move("f1c4");
    // Black's knight to c6 one ply back, White's knight to f3 two plies back (piece * 64 + square).
    History::PreviousMoves previous{std::size_t{7 * 64 + 42}, std::size_t{1 * 64 + 21}};
};

}  // namespace

TEST(MoveHistory, ACutoffRaisesTheMoveAfterTheMovesBeforeItAndLowersTheOnesTried) {
    Cutoff c;
    History h;
    ply::engine::Features features;
    features.continuation_history = true;  // off by default
    h.reward(c.pos, 4, 6, c.best, std::nullopt, c.previous, &c.tried, 1, features);
    const auto best = c.pos.piece_move_key(c.best), tried = c.pos.piece_move_key(c.tried);
    EXPECT_GT(h.continuation_score(c.previous, best), 0);
    EXPECT_LT(h.continuation_score(c.previous, tried), 0);
    EXPECT_GT(h.score(c.pos, 4, c.best), 0);
    // After other moves, or none, nothing was learnt about it.
    EXPECT_EQ(h.continuation_score({std::size_t{5}, std::size_t{7}}, best), 0);
    EXPECT_EQ(h.continuation_score({std::nullopt, std::nullopt}, best), 0);
    // One ply back alone still counts what was learnt one ply back.
    EXPECT_GT(h.continuation_score({c.previous[0], std::nullopt}, best), 0);
    h.clear();
    EXPECT_EQ(h.continuation_score(c.previous, best), 0);
}

TEST(MoveHistory, SwitchedOffItLearnsNothing) {
    Cutoff c;
    History h;
    ply::engine::Features features;
    features.continuation_history = false;
    h.reward(c.pos, 4, 6, c.best, std::nullopt, c.previous, &c.tried, 1, features);
    EXPECT_EQ(h.continuation_score(c.previous, c.pos.piece_move_key(c.best)), 0);
    EXPECT_GT(h.score(c.pos, 4, c.best), 0);  // the plain history still learns
}

TEST(MoveHistory, EntriesSaturate) {
    Cutoff c;
    History h;
    ply::engine::Features features;
    features.continuation_history = true;
    for (int i = 0; i < 1000; ++i) h.reward(c.pos, 4, 20, c.best, std::nullopt, c.previous, nullptr, 0, features);
    const int s = h.continuation_score(c.previous, c.pos.piece_move_key(c.best));
    EXPECT_GT(s, ply::engine::param::kHistoryMax);  // two plies' entries, each near the bound
    EXPECT_LE(s, 2 * ply::engine::param::kHistoryMax);
}

TEST(MoveHistory, AgeingHalvesWhatWasLearntAndForgetsTheKillers) {
    Cutoff c;
    History h;
    ply::engine::Features features;
    features.continuation_history = true;
    h.reward(c.pos, 4, 6, c.best, std::nullopt, c.previous, &c.tried, 1, features);
    const auto key = c.pos.piece_move_key(c.best);
    const int plain = h.score(c.pos, 4, c.best), continuation = h.continuation_score(c.previous, key);
    ASSERT_TRUE(h.is_killer(4, c.best));
    h.age();
    EXPECT_EQ(h.score(c.pos, 4, c.best), plain / 2);
    EXPECT_NEAR(h.continuation_score(c.previous, key), continuation / 2, 1);  // two entries, each rounded
    EXPECT_FALSE(h.is_killer(4, c.best));  // a killer belongs to its ply under the old root
}

TEST(MoveHistory, ThreatsKeepAnEntryPerClassOfTheMove) {
    Cutoff c;
    History h;
    const ply::engine::Features features;
    const ply::chess::Bitboard threats = c.pos.threats();
    h.reward(c.pos, 4, 6, c.best, std::nullopt, c.previous, &c.tried, 1, features, threats);
    EXPECT_GT(h.score(c.pos, 4, c.best, threats), 0);
    EXPECT_LT(h.score(c.pos, 4, c.tried, threats), 0);
    // Against the other threats the moves are in other classes (both their squares' bits flipped): nothing learnt.
    EXPECT_EQ(h.score(c.pos, 4, c.best, ~threats), 0);
    EXPECT_EQ(h.score(c.pos, 4, c.tried, ~threats), 0);
}
