// UCI and SAN moves, and EPD records.
#include <ply/games/chess/notation.hpp>

#include <gtest/gtest.h>

#include <random>
#include <string>

#include <ply/core/error.hpp>
#include <ply/games/chess/epd.hpp>
#include "chess/chess_test_support.hpp"

namespace ply::chess {
namespace {

std::string san(const std::string& fen, const std::string& uci) {
    const Position pos = Position::from_fen(fen);
    const Move m = parse_uci(pos, uci);
    EXPECT_NE(m, Move::none()) << uci << " in " << fen;
    return to_san(pos, m);
}

TEST(ChessNotation, SanRoundTripsInRandomGames) {
    std::mt19937_64 rng(11);
    for (const char* fen : {kStartFen.data(), testing::kKiwipete, testing::kPosition3, testing::kPosition4,
                            testing::kPosition5, testing::kChess960}) {
        for (int game = 0; game < (testing::slow_build() ? 2 : 8); ++game) {
            Position pos = Position::from_fen(fen);
            for (int ply = 0; ply < 120; ++ply) {
                Position::MoveList moves;
                pos.generate_legal(moves);
                if (moves.empty()) break;
                for (const Move m : moves) {
                    const std::string text = to_san(pos, m);
                    ASSERT_EQ(parse_san(pos, text), m) << text << " in " << pos.fen();
                    ASSERT_EQ(pos.parse_move(text), m) << text << " in " << pos.fen();
                    ASSERT_EQ(pos.parse_move(pos.move_to_string(m)), m) << pos.fen();
                }
                pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
            }
        }
    }
}

TEST(ChessNotation, SanDisambiguationAndSuffixes) {
    // Knights on b1 and f3... file first, then rank, then both.
    EXPECT_EQ(san("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2"), "Nbd2");
    EXPECT_EQ(san("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2"), "Nfd2");
    EXPECT_EQ(san("4k3/8/8/8/8/8/R7/R3K3 w - - 0 1", "a2a3"), "Ra3");
    EXPECT_EQ(san("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "a1a4"), "R1a4");
    EXPECT_EQ(san("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "a7a4"), "R7a4");
    EXPECT_EQ(san("1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1"), "Qh4e1");
    EXPECT_EQ(san("1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "e4e1"), "Qee1");
    // A pinned rival does not force disambiguation.
    EXPECT_EQ(san("4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1", "c1d3"), "Nd3");
    // Pawns, captures, en passant, promotions, castling, check and mate.
    EXPECT_EQ(san(std::string(kStartFen), "e2e4"), "e4");
    EXPECT_EQ(san("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5"), "exd5");
    EXPECT_EQ(san("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6"), "exf6");
    EXPECT_EQ(san("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q"), "e8=Q");
    EXPECT_EQ(san("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7d8n"), "exd8=N");
    EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
    EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/3K4 b kq - 0 1", "e8c8"), "O-O-O+");
    EXPECT_EQ(san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
    EXPECT_EQ(san("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8+");
    EXPECT_EQ(san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
    EXPECT_EQ(san("8/8/8/8/8/8/1k4p1/4K3 b - - 0 1", "g2g1q"), "g1=Q+");
}

TEST(ChessNotation, SanParsingIsTolerantButStrict) {
    const Position pos = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    EXPECT_EQ(pos.parse_move("Nbd2"), parse_uci(pos, "b1d2"));
    EXPECT_EQ(pos.parse_move("Nb1d2!?"), parse_uci(pos, "b1d2"));
    EXPECT_EQ(pos.parse_move("Nf3-d2"), pos.parse_move("Nfd2"));
    EXPECT_THROW(pos.parse_move("Nd2"), ParseError);   // ambiguous
    EXPECT_THROW(pos.parse_move("Nd5"), ParseError);   // illegal
    EXPECT_THROW(pos.parse_move("e2e4"), ParseError);  // illegal coordinates
    EXPECT_THROW(pos.parse_move(""), ParseError);
    EXPECT_THROW(pos.parse_move("Zz9"), ParseError);
    EXPECT_THROW(pos.parse_move("O-O"), ParseError);
    const Position promo = Position::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    EXPECT_EQ(promo.parse_move("e8Q"), parse_uci(promo, "e7e8q"));
    EXPECT_EQ(promo.parse_move("e8=N+"), parse_uci(promo, "e7e8n"));
    EXPECT_EQ(promo.parse_move("e7e8Q"), parse_uci(promo, "e7e8q"));
    EXPECT_THROW(promo.parse_move("e8"), ParseError);  // promotion piece missing
    EXPECT_THROW(promo.parse_move("e7e8"), ParseError);
    const Position castle = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(castle.parse_move("0-0-0"), castle.parse_move("e1c1"));
    EXPECT_EQ(castle.parse_move("O-O"), castle.parse_move("e1h1"));  // king takes rook also accepted
}

TEST(ChessNotation, UciCastlingIn960Mode) {
    // Standard chess: e1g1; Chess960 mode: king takes own rook.
    const Position standard = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const Move oo = standard.parse_move("O-O");
    EXPECT_EQ(standard.move_to_string(oo), "e1g1");
    const Position mode960 = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
    EXPECT_EQ(mode960.move_to_string(oo), "e1h1");
    EXPECT_EQ(mode960.parse_move("e1h1"), oo);
    EXPECT_EQ(mode960.parse_move("e1a1"), mode960.parse_move("O-O-O"));

    // 960 start position with the king on b1 and rook on a1: b1c1 is a plain
    // king move, while queenside castling is b1a1 (the king lands on c1 too).
    const Position p = Position::from_fen("r5kr/8/8/8/8/8/8/RK5R w AHah - 0 1");
    EXPECT_TRUE(p.chess960());
    const Move ooo = p.parse_move("O-O-O");
    EXPECT_EQ(p.move_to_string(ooo), "b1a1");
    EXPECT_EQ(p.parse_move("b1a1"), ooo);
    EXPECT_EQ(p.parse_move("b1c1").type(), Normal);
    EXPECT_EQ(p.move_to_string(p.parse_move("O-O")), "b1h1");
    Position after = p;
    after.make(ooo);
    EXPECT_EQ(after.fen(), "r5kr/8/8/8/8/8/8/2KR3R b kq - 1 1");

    // King already on its castling square (g1), rook on h1: only castling moves the rook.
    const Position g = Position::from_fen("6kr/8/8/8/8/8/8/6KR w Hh - 0 1");
    const Move gcastle = g.parse_move("O-O");
    EXPECT_EQ(g.move_to_string(gcastle), "g1h1");
    Position g2 = g;
    g2.make(gcastle);
    EXPECT_EQ(g2.fen(), "6kr/8/8/8/8/8/8/5RK1 b k - 1 1");
}

TEST(ChessNotation, Chess960CastlingLegality) {
    // The rook on b1 shields the king from the a1 queen; castling would expose it.
    const Position pinned = Position::from_fen("4k3/8/8/8/8/8/8/qRK5 w B - 0 1");
    Position::MoveList moves;
    pinned.generate_legal(moves);
    for (const Move m : moves) EXPECT_NE(m.type(), Castling);
    // Castling through an attacked square is illegal; out of check too.
    for (const char* fen : {"4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1"}) {
        const Position pos = Position::from_fen(fen);
        pos.generate_legal(moves);
        int castles = 0;
        for (const Move m : moves) castles += m.type() == Castling;
        EXPECT_EQ(castles, 1) << fen;  // O-O-O only
    }
    const Position check = Position::from_fen("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    check.generate_legal(moves);
    for (const Move m : moves) EXPECT_NE(m.type(), Castling);
}

TEST(ChessEpd, ParsesOperations) {
    const EpdRecord r = parse_epd(
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - bm O-O Nc3; am d4; id \"test; "
        "one\"; c0 \"x\";");
    EXPECT_EQ(r.fen, "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq -");
    EXPECT_EQ(r.id, "test; one");
    ASSERT_EQ(r.best_moves.size(), 2u);
    EXPECT_EQ(r.best_moves[1], "Nc3");
    ASSERT_EQ(r.avoid_moves.size(), 1u);
    ASSERT_NE(r.find("c0"), nullptr);
    EXPECT_EQ(*r.find("c0"), "\"x\"");
    const auto bm = resolve_moves(r.position(), r.best_moves);
    EXPECT_EQ(bm[0].type(), Castling);

    const EpdRecord p = parse_epd("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197");
    EXPECT_EQ(p.fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    ASSERT_EQ(p.perft.size(), 3u);
    EXPECT_EQ(p.perft[2], (std::pair<int, std::uint64_t>{3, 1197}));

    EXPECT_THROW(parse_epd("4k3/8/8 w"), ParseError);
    EXPECT_THROW(parse_epd("4k3/8/8/8/8/8/8/4K2R w K - ;D1 x"), ParseError);
    EXPECT_THROW(parse_epd("4k3/8/8/8/8/8/8/4K2R w K - id \"open"), ParseError);
    EXPECT_THROW(read_epd_file("/nonexistent.epd"), ParseError);

    // Every line of the tactics suites parses and its best moves are legal.
    for (const char* file : {"bratko_kopec.epd", "wac_wacnew_arasan.epd"}) {
        const auto records = read_epd_file(std::string(PLY_DATA_DIR) + "/tactics/" + file);
        EXPECT_GT(records.size(), 10u);
        for (const auto& rec : records) {
            EXPECT_NO_THROW(resolve_moves(rec.position(), rec.best_moves)) << rec.id;
        }
    }
}

}  // namespace
}  // namespace ply::chess
