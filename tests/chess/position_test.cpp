// Position: attacks, FEN in and out, Zobrist keys, make/unmake, outcome,
// and the search capabilities (gives_check, see_ge, tactical moves).
#include <ply/games/chess/position.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <random>
#include <string>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/games/chess/movegen.hpp>
#include <ply/games/chess/notation.hpp>
#include "chess/chess_test_support.hpp"

namespace ply::chess {
namespace {

const std::vector<std::string> kSamples = {
    std::string(kStartFen),
    testing::kKiwipete,
    testing::kPosition3,
    testing::kPosition4,
    testing::kPosition5,
    testing::kChess960,
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
};

// Plays `plies` random legal moves from `pos`, calling `check(pos)` before each.
template <class F>
void random_game(Position pos, int plies, std::mt19937_64& rng, F check) {
    for (int p = 0; p < plies; ++p) {
        check(pos);
        Position::MoveList moves;
        pos.generate_legal(moves);
        if (moves.empty()) return;
        pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    check(pos);
}

TEST(ChessAttacks, SlidersMatchRayWalking) {
    std::mt19937_64 rng(1);
    for (int i = 0; i < 500; ++i) {
        const Bitboard occ = rng() & rng();
        for (Square s = 0; s < 64; ++s) {
            const Bitboard rook = detail::ray_attacks(s, occ, false), bishop = detail::ray_attacks(s, occ, true);
            ASSERT_EQ(rook_attacks(s, occ), rook);
            ASSERT_EQ(bishop_attacks(s, occ), bishop);
            ASSERT_EQ(attacks::magic_rook_attacks(s, occ), rook);
            ASSERT_EQ(attacks::magic_bishop_attacks(s, occ), bishop);
        }
    }
}

TEST(ChessAttacks, LinesAndBetween) {
    EXPECT_EQ(between_bb(0, 63), 0x0040201008040200ULL);
    EXPECT_EQ(between_bb(0, 7), 0x7EULL);
    EXPECT_EQ(between_bb(0, 10), 0u);
    EXPECT_EQ(line_bb(9, 18) & square_bb(0), square_bb(0));
    EXPECT_EQ(line_bb(0, 10), 0u);
}

// The board from Black's side: rank 1 at the top, the h-file on the left.
TEST(ChessRender, FromEitherSide) {
    const Position p = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    const std::string white = p.render(), black = p.render(true);
    EXPECT_EQ(white, p.render(false));
    EXPECT_NE(white.find("8 |   |   |   |   | k |"), std::string::npos) << white;
    EXPECT_NE(white.find("1 | R |   |   |   | K |   |   | R |"), std::string::npos) << white;
    EXPECT_LT(white.find("8 |"), white.find("1 |")) << white;
    EXPECT_NE(white.find("    a   b   c   d   e   f   g   h"), std::string::npos) << white;
    EXPECT_LT(black.find("1 |"), black.find("8 |")) << black;
    EXPECT_NE(black.find("1 | R |   |   | K |   |   |   | R |"), std::string::npos) << black;
    EXPECT_NE(black.find("8 |   |   |   | k |   |"), std::string::npos) << black;
    EXPECT_NE(black.find("    h   g   f   e   d   c   b   a"), std::string::npos) << black;
}

TEST(ChessFen, RoundTrips) {
    for (const auto& fen : kSamples) {
        const Position pos = Position::from_fen(fen);
        const Position again = Position::from_fen(pos.fen());
        EXPECT_EQ(again.fen(), pos.fen());
        EXPECT_EQ(again.hash(), pos.hash());
        EXPECT_EQ(Position::from_fen(pos.fen(true)).fen(), pos.fen()) << "Shredder-FEN of " << fen;
    }
    // Standard FENs come back unchanged.
    for (const char* fen : {kStartFen.data(), testing::kKiwipete, testing::kPosition4, testing::kPosition5})
        EXPECT_EQ(Position::from_fen(fen).fen(), fen);
    EXPECT_EQ(Position::from_fen(kStartFen).fen(true), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    // X-FEN: K and Q mean the outermost rook; an inner rook is named by file.
    EXPECT_EQ(Position::from_fen("4k3/8/8/8/8/8/8/RR2K1RR w KQ - 0 1").fen(), "4k3/8/8/8/8/8/8/RR2K1RR w KQ - 0 1");
    EXPECT_EQ(Position::from_fen("4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1").fen(), "4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1");
    // Four-field EPD style, and startpos.
    EXPECT_EQ(Position::from_fen("8/8/8/4k3/8/8/8/4K3 b - -").fen(), "8/8/8/4k3/8/8/8/4K3 b - - 0 1");
    EXPECT_EQ(Position::from_position("startpos").fen(), std::string(kStartFen));
    // An en-passant square that no pawn can use is dropped (same key as without).
    const Position a = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    EXPECT_EQ(a.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(Position::from_fen("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1").ep_square(), make_square(3, 2));
}

TEST(ChessFen, DetectsChess960) {
    EXPECT_FALSE(Position::from_fen(kStartFen).chess960());
    EXPECT_TRUE(Position::from_fen(testing::kChess960).chess960());
    EXPECT_TRUE(Position::from_fen(kStartFen, true).chess960());
}

void expect_rejected(const std::string& fen, const std::string& fragment) {
    try {
        (void)Position::from_fen(fen);
        ADD_FAILURE() << "accepted: " << fen;
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos)
            << "message '" << e.what() << "' for " << fen << " lacks '" << fragment << "'";
    }
}

TEST(ChessFen, RejectsBadInput) {
    expect_rejected("", "empty");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "missing fields");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "missing fields");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "missing");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "extra fields");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 2 has 7 squares");
    expect_rejected("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad empty-square count '9'");
    expect_rejected("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits in a row");
    expect_rejected("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "only 7 ranks");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 ranks");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown piece 'X'");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w KQkq - 0 1", "pawn on rank 1");
    expect_rejected("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "pawn on rank 8");
    expect_rejected("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "no Black king");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", "more than one White king");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move");
    expect_rejected("4k3/8/8/8/8/8/8/4K2R w KX - 0 1", "unknown castling right 'X'");
    expect_rejected("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "without a rook");
    expect_rejected("4k3/8/8/8/8/8/4K3/7R w K - 0 1", "king is not on its first rank");
    expect_rejected("4k3/8/8/8/8/8/8/4K2R w KH - 0 1", "two kingside castling rights");
    expect_rejected("4k3/8/8/8/8/8/8/4K2R w C - 0 1", "without a rook");
    expect_rejected("4k3/8/8/8/8/8/8/4K2R w - e5 0 1", "en-passant square e5 is not on the 6th rank");
    expect_rejected("4k3/8/8/8/8/8/8/4K2R w - e6 0 1", "no pawn has just moved");
    expect_rejected("4k3/8/8/8/8/8/8/4K2R w - z9 0 1", "bad en-passant square");
    expect_rejected("4k3/8/8/8/8/8/8/4K2R w - - -1 1", "halfmove clock");
    expect_rejected("4k3/8/8/8/8/8/8/4K2R w - - 0 x", "fullmove number");
    expect_rejected("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "the side not to move (Black) is in check");
    expect_rejected("4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "the side not to move (White) is in check");
}

TEST(ChessZobrist, IncrementalKeyMatchesRecomputation) {
    std::mt19937_64 rng(42);
    for (const auto& fen : kSamples) {
        for (int game = 0; game < (testing::slow_build() ? 3 : 10); ++game) {
            random_game(Position::from_fen(fen), 200, rng, [](const Position& pos) {
                ASSERT_EQ(pos.hash(), pos.compute_hash()) << pos.fen();
                ASSERT_EQ(pos.hash(), Position::from_fen(pos.fen()).hash()) << pos.fen();
                // Every move, made and unmade.
                Position p = pos;
                Position::MoveList moves;
                p.generate_legal(moves);
                for (const Move m : moves) {
                    p.make(m);
                    ASSERT_EQ(p.hash(), p.compute_hash()) << pos.fen() << " " << to_uci(m, true);
                    p.unmake(m);
                    ASSERT_EQ(p.fen(), pos.fen());
                    ASSERT_EQ(p.hash(), pos.hash());
                }
                if (!p.in_check()) {
                    p.make_null();
                    ASSERT_EQ(p.hash(), p.compute_hash());
                    ASSERT_NE(p.hash(), pos.hash());
                    p.unmake_null();
                    ASSERT_EQ(p.fen(), pos.fen());
                    ASSERT_EQ(p.hash(), pos.hash());
                }
            });
        }
    }
}

TEST(ChessZobrist, TranspositionsShareKeys) {
    Position a, b;
    for (const char* m : {"g1f3", "g8f6", "b1c3", "b8c6"}) a.make(a.parse_move(m));
    for (const char* m : {"b1c3", "b8c6", "g1f3", "g8f6"}) b.make(b.parse_move(m));
    EXPECT_EQ(a.hash(), b.hash());
    Position c;
    for (const char* m : {"e2e4", "a7a6", "e4e5", "d7d5"}) c.make(c.parse_move(m));
    const Position d = Position::from_fen("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    EXPECT_NE(c.hash(), d.hash());  // the en-passant chance differs
    EXPECT_EQ(c.fen(), "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    EXPECT_EQ(c.hash(), Position::from_fen(c.fen()).hash());
}

TEST(ChessOutcome, MateStalemateAndDrawRules) {
    Position mate;
    for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) mate.make(mate.parse_move(m));
    EXPECT_EQ(mate.outcome(), Outcome::Loss);
    EXPECT_TRUE(mate.in_check());

    const Position stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    EXPECT_EQ(stalemate.outcome(), Outcome::Draw);
    EXPECT_FALSE(stalemate.in_check());

    EXPECT_EQ(Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80").outcome(), Outcome::Ongoing);
    const Position fifty = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80");
    EXPECT_EQ(fifty.outcome(), Outcome::Draw);
    Position::MoveList moves;
    fifty.generate_moves(moves);
    EXPECT_TRUE(moves.empty());
    fifty.generate_legal(moves);
    EXPECT_FALSE(moves.empty());
    // Checkmate on the hundredth half-move still counts as mate.
    EXPECT_EQ(Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80").outcome(), Outcome::Loss);

    Position rep;
    const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    for (const char* m : cycle) rep.make(rep.parse_move(m));
    EXPECT_TRUE(rep.is_repetition());  // twofold
    EXPECT_EQ(rep.outcome(), Outcome::Ongoing);
    for (const char* m : cycle) rep.make(rep.parse_move(m));
    EXPECT_EQ(rep.outcome(), Outcome::Draw);  // threefold
    rep.generate_moves(moves);
    EXPECT_TRUE(moves.empty());
    EXPECT_FALSE(Position().is_repetition());

    // After a null move the earlier positions no longer count.
    Position nul;
    for (const char* m : {"g1f3", "g8f6", "f3g1"}) nul.make(nul.parse_move(m));
    nul.make_null();
    EXPECT_FALSE(nul.is_repetition());

    for (const char* fen :
         {"8/8/4k3/8/8/3K4/8/8 w - - 0 1", "8/8/4k3/8/8/3KB3/8/8 w - - 0 1", "8/8/4k3/8/8/3KN3/8/8 b - - 0 1",
          "8/2b5/4k3/8/8/3KB3/8/8 w - - 0 1", "1b6/8/4k3/8/8/3KB3/8/B7 w - - 0 1"})
        EXPECT_EQ(Position::from_fen(fen).outcome(), Outcome::Draw) << fen;
    for (const char* fen :
         {"8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", "8/3b4/4k3/8/8/3KB3/8/8 w - - 0 1", "8/8/4k3/8/8/3KN3/8/7b w - - 0 1",
          "8/8/4k3/8/8/3K4/7P/8 w - - 0 1", "8/8/4k3/8/8/3K4/8/7R w - - 0 1"})
        EXPECT_EQ(Position::from_fen(fen).outcome(), Outcome::Ongoing) << fen;
}

TEST(ChessCapabilities, GivesCheckAgreesWithMaking) {
    std::mt19937_64 rng(3);
    for (const auto& fen : kSamples) {
        for (int game = 0; game < (testing::slow_build() ? 2 : 10); ++game) {
            random_game(Position::from_fen(fen), 150, rng, [](const Position& pos) {
                Position p = pos;
                Position::MoveList moves;
                p.generate_legal(moves);
                for (const Move m : moves) {
                    const bool predicted = p.gives_check(m);
                    p.make(m);
                    ASSERT_EQ(predicted, p.in_check()) << pos.fen() << " " << to_uci(m, true);
                    p.unmake(m);
                }
            });
        }
    }
    // Castling with check (the rook) and discovered check by en passant.
    const Position castle = Position::from_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_TRUE(castle.gives_check(castle.parse_move("O-O")));
    const Position ep = Position::from_fen("8/8/8/KPp4k/8/8/8/8 w - c6 0 1");
    EXPECT_FALSE(ep.gives_check(ep.parse_move("bxc6")));
    const Position ep2 = Position::from_fen("8/8/8/k1pP3R/8/8/8/7K w - c6 0 1");
    EXPECT_TRUE(ep2.gives_check(ep2.parse_move("dxc6")));
}

TEST(ChessCapabilities, TacticalMovesAreCapturesPromotionsOrEvasions) {
    std::mt19937_64 rng(5);
    for (const auto& fen : kSamples) {
        for (int game = 0; game < (testing::slow_build() ? 2 : 10); ++game) {
            random_game(Position::from_fen(fen), 150, rng, [](const Position& pos) {
                Position::MoveList all, tactical, expected;
                pos.generate_legal(all);
                pos.generate_tactical(tactical);
                for (const Move m : all) {
                    const bool capture =
                        m.type() == EnPassant || (m.type() != Castling && pos.piece_on(m.to()) != NoPiece);
                    if (pos.in_check() || capture || m.type() == Promotion) expected.push_back(m);
                }
                ASSERT_EQ(tactical.size(), expected.size()) << pos.fen();
                for (const Move m : expected) ASSERT_TRUE(tactical.contains(m)) << pos.fen();
            });
        }
    }
}

TEST(ChessCapabilities, StaticExchange) {
    // An undefended pawn.
    const Position a = Position::from_fen("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1");
    const Move rxe5 = a.parse_move("Rxe5");
    EXPECT_TRUE(a.see_ge(rxe5, 100));
    EXPECT_FALSE(a.see_ge(rxe5, 101));
    // A knight for a defended pawn, with x-rays behind on both sides: -220.
    const Position b = Position::from_fen("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1");
    const Move nxe5 = b.parse_move("Nxe5");
    EXPECT_TRUE(b.see_ge(nxe5, -220));
    EXPECT_FALSE(b.see_ge(nxe5, -219));
    EXPECT_FALSE(b.see_ge(nxe5, 0));
    // Pawn takes pawn, pawn takes back: even.
    const Position c = Position::from_fen("4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1");
    EXPECT_TRUE(c.see_ge(c.parse_move("dxe5"), 0));
    EXPECT_FALSE(c.see_ge(c.parse_move("dxe5"), 1));
    // A queen moving where a pawn takes it; a quiet safe move.
    const Position d = Position::from_fen("4k3/8/8/3p4/8/8/8/4KQ2 w - - 0 1");
    EXPECT_FALSE(d.see_ge(d.parse_move("Qe2"), 1));
    EXPECT_TRUE(d.see_ge(d.parse_move("Qe2"), 0));
    const Position f = Position::from_fen("4k3/8/8/3p4/8/8/8/4K2Q w - - 0 1");
    EXPECT_FALSE(f.see_ge(f.parse_move("Qe4"), 0));
    EXPECT_TRUE(f.see_ge(f.parse_move("Qe4"), -900));
    // The king may not recapture onto a defended square.
    const Position g = Position::from_fen("4k3/8/8/8/8/2n5/3r4/3QK3 b - - 0 1");
    EXPECT_TRUE(g.see_ge(g.parse_move("Rxd1+"), 900));
}

// The exchange on `to` for `side`, next to capture, by plain recursion over
// the same rules as see_ge (least valuable attacker first, x-rays through the
// pieces gone, pins ignored, no king capture onto a defended square).
constexpr int kExchangeValue[6] = {100, 320, 330, 500, 900, 20000};
int exchange_gain(const Position& pos, Square to, Bitboard occupied, Color side, int on_square) {
    const Bitboard mine = pos.attackers_to(to, occupied) & occupied & pos.pieces(side);
    if (!mine) return 0;
    PieceType type = Pawn;
    while (!(mine & pos.pieces(type))) type = PieceType(type + 1);
    const Bitboard rest = occupied ^ square_bb(lsb(mine & pos.pieces(type)));
    if (type == King && (pos.attackers_to(to, rest) & rest & pos.pieces(~side))) return 0;
    return std::max(0, on_square - exchange_gain(pos, to, rest, ~side, kExchangeValue[type]));
}

TEST(ChessCapabilities, StaticExchangeAgreesWithRecursion) {
    std::mt19937_64 rng(7);
    for (const auto& fen : kSamples) {
        for (int game = 0; game < (testing::slow_build() ? 2 : 10); ++game) {
            random_game(Position::from_fen(fen), 150, rng, [](const Position& pos) {
                Position::MoveList moves;
                pos.generate_legal(moves);
                for (const Move m : moves) {
                    if (m.type() == Castling || m.type() == Promotion) continue;
                    Bitboard occupied = pos.pieces() ^ square_bb(m.from());
                    int taken = pos.piece_on(m.to()) != NoPiece ? kExchangeValue[type_of(pos.piece_on(m.to()))] : 0;
                    if (m.type() == EnPassant) {
                        taken = kExchangeValue[Pawn];
                        occupied ^= square_bb(m.to() ^ 8);
                    }
                    const int mover = kExchangeValue[type_of(pos.piece_on(m.from()))];
                    const int value = taken - exchange_gain(pos, m.to(), occupied, ~pos.side_to_move(), mover);
                    ASSERT_TRUE(pos.see_ge(m, value)) << pos.fen() << " " << to_uci(m, true) << " " << value;
                    ASSERT_FALSE(pos.see_ge(m, value + 1)) << pos.fen() << " " << to_uci(m, true) << " " << value;
                }
            });
        }
    }
}

TEST(ChessCapabilities, NullMoveAndMoveKeys) {
    Position pos = Position::from_fen(testing::kKiwipete);
    const std::string before = pos.fen();
    pos.make_null();
    EXPECT_EQ(pos.side_to_move(), Black);
    EXPECT_EQ(pos.hash(), pos.compute_hash());
    pos.unmake_null();
    EXPECT_EQ(pos.fen(), before);
    Position::MoveList moves;
    pos.generate_legal(moves);
    for (const Move m : moves) EXPECT_LT(pos.move_key(m), Position::move_key_count);
}

TEST(ChessCapabilities, ThreatsAreTheSquaresTheOpponentAttacks) {
    std::mt19937_64 rng(11);
    for (const auto& fen : kSamples) {
        random_game(Position::from_fen(fen), 120, rng, [](const Position& pos) {
            Bitboard attacked = 0;
            for (Square s = 0; s < 64; ++s)
                if (pos.attackers_to(s, pos.pieces()) & pos.pieces(~pos.side_to_move())) attacked |= square_bb(s);
            ASSERT_EQ(pos.threats(), attacked) << pos.fen();
        });
    }
    // White's rook on a1 attacks Black's on a2, White's king d2, e2 and f2, nothing else Black's pieces reach.
    const Position pos = Position::from_fen("4k3/8/8/8/6n1/8/r7/R3K3 b - - 0 1");
    const Bitboard threats = pos.threats();
    EXPECT_EQ(Position::threat_class(pos.parse_move("Nf2"), threats), 1U);  // into an attack
    EXPECT_EQ(Position::threat_class(pos.parse_move("Ne3"), threats), 0U);
    EXPECT_EQ(Position::threat_class(pos.parse_move("Ra3"), threats), 2U);  // out of one
    EXPECT_EQ(Position::threat_class(pos.parse_move("Re2"), threats), 3U);  // out of one, into another
}

// The board seen from the other side: colours swapped, ranks mirrored.
std::string flip_fen(const std::string& fen) {
    std::vector<std::string> f;
    for (std::size_t i = 0, j; i < fen.size(); i = j + 1) {
        j = fen.find(' ', i);
        if (j == std::string::npos) j = fen.size();
        f.push_back(fen.substr(i, j - i));
    }
    std::vector<std::string> ranks;
    for (std::size_t i = 0, j; i <= f[0].size(); i = j + 1) {
        j = f[0].find('/', i);
        if (j == std::string::npos) j = f[0].size();
        ranks.push_back(f[0].substr(i, j - i));
    }
    std::string board;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
        if (!board.empty()) board += '/';
        for (char c : *it) board += std::isalpha(static_cast<unsigned char>(c)) ? c ^ 32 : c;
    }
    std::string castling = f[2] == "-" ? "-" : "";
    for (char c : f[2])
        if (c != '-') castling += char(c ^ 32);
    std::string ep = f[3] == "-" ? "-" : std::string{f[3][0], char('1' + '8' - f[3][1])};
    return board + (f[1] == "w" ? " b " : " w ") + castling + " " + ep + " " + f[4] + " " + f[5];
}

TEST(ChessEvaluate, SymmetricAndBounded) {
    std::mt19937_64 rng(9);
    for (const auto& fen : kSamples) {
        random_game(Position::from_fen(fen), 100, rng, [](const Position& pos) {
            const Position flipped = Position::from_fen(flip_fen(pos.fen()));
            ASSERT_EQ(pos.evaluate(), flipped.evaluate()) << pos.fen() << " vs " << flipped.fen();
            ASSERT_LT(std::abs(pos.evaluate()), kMaxEval);
        });
    }
    EXPECT_GT(Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").evaluate(), 500);
    EXPECT_LT(Position::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").evaluate(), -500);
}

}  // namespace
}  // namespace ply::chess
