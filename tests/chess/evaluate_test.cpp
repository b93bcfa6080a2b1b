// The evaluation's terms: the trace adds up to the value, and each term
// prefers what chess players prefer, checked on pairs of positions that
// differ in one feature only.
#include <ply/games/chess/evaluate.hpp>

#include <gtest/gtest.h>

#include <random>

#include <ply/games/chess/default_weights.hpp>
#include <ply/games/chess/position.hpp>

namespace ply::chess {
namespace {

Score eval_of(const char* fen) { return Position::from_fen(fen).evaluate(); }

eval::Trace trace_of(const char* fen) {
    eval::Trace t;
    eval::evaluate_traced(Position::from_fen(fen), t);
    return t;
}

// How many times a weight counted for `c`: the feature as chess defines it,
// whatever the weight's value (tuned, or still 0).
int count_of(const char* fen, Color c, const eval::Pair& weight_of_kDefaultWeights) {
    return trace_of(fen).counts[eval::weight_index(eval::kDefaultWeights, weight_of_kDefaultWeights)][c];
}
constexpr const eval::Weights& w = eval::kDefaultWeights;

TEST(ChessEvaluation, TraceAddsUpToTheValue) {
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1", "8/8/8/8/3k4/8/8/KQ6 b - - 0 1"}) {
        eval::Trace t;
        const Score v = eval::evaluate_traced(Position::from_fen(fen), t);
        eval::Pair total;
        for (const auto& term : t.terms) total += term[White] - term[Black];
        const int blended =
            (total.mg * t.phase + total.eg * t.scale / eval::kScaleMax * (eval::kPhaseMax - t.phase)) / eval::kPhaseMax;
        EXPECT_NEAR(blended, t.white, 1) << fen;
        EXPECT_EQ(v, Position::from_fen(fen).side_to_move() == White ? t.white : -t.white) << fen;
        EXPECT_EQ(v, Position::from_fen(fen).evaluate()) << fen;
    }
}

TEST(ChessEvaluation, NewWeightsAreReadAtOnceThoughTheLastValueIsKept) {
    // The same position twice in a row comes from the evaluation cache; new
    // weights must not get the old value from it.
    const Position pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPPP/R3K2R w KQkq - 0 1");
    const Score before = pos.evaluate();
    ASSERT_EQ(pos.evaluate(), before);
    const eval::Weights saved = eval::weights();
    eval::Weights more_tempo = saved;
    more_tempo.tempo.mg += 50;
    more_tempo.tempo.eg += 50;
    eval::set_weights(more_tempo);
    const Score after = pos.evaluate();
    eval::set_weights(saved);
    EXPECT_NEAR(after, before + 50, 1);  // the tempo adds 50 to both halves (rounded in the blend)
    EXPECT_EQ(pos.evaluate(), before);
    eval::Trace t;
    EXPECT_EQ(eval::evaluate_traced(pos, t), before);
}

// Random games from a few openings: most positions share their pawns with an
// earlier one, whose structure the pawn cache then supplies. The traced
// evaluation never reads a cache.
TEST(ChessEvaluation, CachedPawnStructuresGiveTheValueComputedAfresh) {
    std::mt19937_64 rng(5);
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1"}) {
        Position pos = Position::from_fen(fen);
        for (int ply = 0; ply < 120; ++ply) {
            eval::Trace t;
            ASSERT_EQ(pos.evaluate(), eval::evaluate_traced(pos, t)) << pos.fen();
            Position::MoveList moves;
            pos.generate_legal(moves);
            if (moves.empty()) break;
            pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
    }
}

// The pawn cache keeps a shelter for the square each king last stood on:
// the same pawns with the kings elsewhere, and back, must each get their own.
TEST(ChessEvaluation, CachedSheltersFollowTheKings) {
    const char* kings[] = {"6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", "6k1/5ppp/8/8/8/8/5PPP/K7 w - - 0 1",
                           "k7/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", "6k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"};
    for (int round = 0; round < 2; ++round)
        for (const char* fen : kings) {
            const Position pos = Position::from_fen(fen);
            eval::Trace t;
            EXPECT_EQ(pos.evaluate(), eval::evaluate_traced(pos, t)) << fen;
        }
    eval::Trace home, away;
    eval::evaluate_traced(Position::from_fen(kings[0]), home);
    eval::evaluate_traced(Position::from_fen(kings[1]), away);
    EXPECT_NE(home.terms[eval::KingSafety][White], away.terms[eval::KingSafety][White]) << "the shelter differs";
}

TEST(ChessEvaluation, NewPawnWeightsAreReadThoughTheStructureIsCached) {
    const Position pos = Position::from_fen("4k3/ppp3pp/8/8/8/8/PP1P2PP/4K3 w - - 0 1");
    const Position same_pawns = Position::from_fen("3k4/ppp3pp/8/8/8/8/PP1P2PP/3K4 w - - 0 1");
    const Score before = same_pawns.evaluate();
    ASSERT_EQ(pos.evaluate(), pos.evaluate());  // the structure is cached
    const eval::Weights saved = eval::weights();
    eval::Weights harsher = saved;
    harsher.isolated.mg -= 40;
    harsher.isolated.eg -= 40;
    eval::set_weights(harsher);
    const Score after = same_pawns.evaluate();
    eval::set_weights(saved);
    EXPECT_LT(after, before - 20);  // White's d-pawn is isolated, none of Black's
    EXPECT_EQ(same_pawns.evaluate(), before);
}

// With nothing in its way: a pawn the enemy king stands in front of, ours
// far off, is a draw on any rank, and the tuned tables say so.
TEST(ChessEvaluation, PassedPawnsGainValueAsTheyAdvance) {
    const Score sixth = eval_of("7k/7n/3P4/8/8/8/8/K7 w - - 0 1");
    const Score third = eval_of("7k/7n/8/8/8/3P4/8/K7 w - - 0 1");
    EXPECT_GT(sixth, third);
    EXPECT_GT(trace_of("7k/7n/3P4/8/8/8/8/K7 w - - 0 1").terms[eval::PassedPawns][White].eg, 0);
}

TEST(ChessEvaluation, PawnWeaknessesCost) {
    // Same material: doubled and isolated pawns against a healthy pair.
    const Score healthy = eval_of("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
    const Score doubled = eval_of("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1");
    EXPECT_GT(healthy, doubled);
    EXPECT_LT(trace_of("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1").terms[eval::PawnStructure][White].eg, 0);
}

TEST(ChessEvaluation, ExposedWeakPawnsAndCandidatePassersAreFound) {
    // a2 is isolated with no black pawn in front; c2 has one (c7), so it is not exposed, nor is c7.
    EXPECT_EQ(count_of("4k3/2p5/8/8/8/8/P1P5/4K3 w - - 0 1", White, w.isolated_exposed), 1);
    EXPECT_EQ(count_of("4k3/2p5/8/8/8/8/P1P5/4K3 w - - 0 1", Black, w.isolated_exposed), 0);
    // d3 is backward (c4 ahead of it, e5 hits d4); a black pawn on d6 covers its file.
    EXPECT_EQ(count_of("4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1", White, w.backward_exposed), 1);
    EXPECT_EQ(count_of("4k3/8/3p4/4p3/2P5/3P4/8/4K3 w - - 0 1", White, w.backward_exposed), 0);
    EXPECT_EQ(count_of("4k3/8/3p4/4p3/2P5/3P4/8/4K3 w - - 0 1", White, w.backward), 1);
    // c4 faces one sentry (b6) with one helper (b3): a candidate on the fourth rank; without b3 it is not.
    EXPECT_EQ(count_of("4k3/8/1p6/8/2P5/1P6/8/4K3 w - - 0 1", White, w.candidate_passed[3]), 1);
    EXPECT_EQ(count_of("4k3/8/1p6/8/2P5/8/8/4K3 w - - 0 1", White, w.candidate_passed[3]), 0);
    EXPECT_EQ(count_of("4k3/8/1p6/8/2P5/8/8/4K3 w - - 0 1", Black, w.candidate_passed[2]), 0);
    EXPECT_EQ(count_of("4k3/8/1p6/8/2P5/8/8/4K3 w - - 0 1", White, w.passed[3]), 0);
}

TEST(ChessEvaluation, ClosednessBishopsAndKingDefendersAreCounted) {
    // The start: 16 pawns, none blocked, no open file (16 / 3 = 5); one pawn; every file locked.
    EXPECT_EQ(count_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", White, w.knight_closedness[5]), 2);
    EXPECT_EQ(count_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Black, w.rook_closedness[5]), 2);
    EXPECT_EQ(count_of("4k3/p7/8/8/8/8/8/1N2KR2 w - - 0 1", White, w.knight_closedness[0]), 1);
    EXPECT_EQ(count_of("4k3/8/8/pppppppp/PPPPPPPP/8/8/1N2K3 w - - 0 1", White, w.knight_closedness[8]), 1);
    // A bishop on b2 sees d4 and e5 unless a pawn on c3 blocks it.
    EXPECT_EQ(count_of("4k3/p7/8/8/8/8/1B6/4K3 w - - 0 1", White, w.bishop_long_diagonal), 1);
    EXPECT_EQ(count_of("4k3/p7/8/8/8/2P5/1B6/4K3 w - - 0 1", White, w.bishop_long_diagonal), 0);
    // e3 is on the c1 bishop's colour; blocked by e4, it is rammed.
    EXPECT_EQ(count_of("4k3/8/8/8/4p3/4P3/8/2B1K3 w - - 0 1", White, w.bishop_rammed_pawn), 1);
    EXPECT_EQ(count_of("4k3/p7/8/8/8/4P3/8/2B1K3 w - - 0 1", White, w.bishop_rammed_pawn), 0);
    // At the start the e1 king's zone holds the pawns on d2, e2 and f2 and the f1 bishop.
    EXPECT_EQ(count_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", White, w.king_defenders[4]), 1);
}

TEST(ChessEvaluation, PiecesPreferActivity) {
    // A rook on an open file beats one behind its own pawn.
    EXPECT_GT(trace_of("4k3/pp6/8/8/8/8/PP6/2R1K3 w - - 0 1").terms[eval::Pieces][White].mg,
              trace_of("4k3/pp6/8/8/8/8/PP6/1R2K3 w - - 0 1").terms[eval::Pieces][White].mg);
    // The bishop pair counts and is worth something (Black keeps a pawn: against
    // a bare king only the mating pattern counts).
    EXPECT_EQ(count_of("4k3/p7/8/8/8/8/8/2B1KB2 w - - 0 1", White, w.bishop_pair), 1);
    EXPECT_EQ(count_of("4k3/p7/8/8/8/8/8/B1B1K3 w - - 0 1", White, w.bishop_pair), 0);  // both dark
    EXPECT_GT(w.bishop_pair.mg, 0);
    EXPECT_GT(w.bishop_pair.eg, 0);
}

TEST(ChessEvaluation, AnOpenKingIsInDanger) {
    // Black's queen and rook aim at a king without its pawn shield.
    const char* sheltered = "6k1/5ppp/8/8/8/r2q4/5PPP/6K1 w - - 0 1";
    const char* open = "6k1/5ppp/8/8/8/r2q4/8/6K1 w - - 0 1";
    EXPECT_LT(trace_of(open).terms[eval::KingSafety][White].mg, trace_of(sheltered).terms[eval::KingSafety][White].mg);
}

// A pawn ending (phase 0: the endgame half alone), White a pawn up; the
// complexity weights 0 but the one changed.
TEST(ChessEvaluation, ComplexityMovesTheEndgameValueButNeverPastZero) {
    const Position pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    const eval::Weights saved = eval::weights();
    auto with_base = [&](int eg) {
        eval::Weights changed = saved;
        for (eval::Pair* p :
             {&changed.complexity_pawns, &changed.complexity_both_wings, &changed.complexity_pawn_ending,
              &changed.complexity_infiltration, &changed.complexity_base})
            *p = {};
        changed.complexity_base.eg = eg;
        eval::set_weights(changed);
        const Score v = pos.evaluate();
        eval::set_weights(saved);
        return v;
    };
    const Score before = with_base(0);
    ASSERT_GT(before, 0);
    EXPECT_EQ(with_base(100), before + 100);  // toward the side ahead
    EXPECT_EQ(with_base(-20), before - 20);   // toward a draw
    EXPECT_EQ(with_base(-5000), 0);           // but never past it
    EXPECT_EQ(count_of("4k3/p7/8/8/8/8/4P2P/4K3 w - - 0 1", White, w.complexity_pawns), 3);
    EXPECT_EQ(count_of("4k3/p7/8/8/8/8/4P2P/4K3 w - - 0 1", White, w.complexity_both_wings), 1);
    EXPECT_EQ(count_of("4k3/p7/8/8/8/8/4P2P/4K3 w - - 0 1", White, w.complexity_pawn_ending), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/8/8/5P1P/3NK3 w - - 0 1", White, w.complexity_both_wings), 0);
    EXPECT_EQ(count_of("4k3/8/8/8/8/8/5P1P/3NK3 w - - 0 1", White, w.complexity_pawn_ending), 0);
}

TEST(ChessEvaluation, PasserSupportAndQueenThreatsAreCounted) {
    EXPECT_EQ(count_of("4k3/8/8/8/3P4/8/8/3RK3 w - - 0 1", White, w.rook_behind_passer), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/3P4/3N4/8/3RK3 w - - 0 1", White, w.rook_behind_passer), 0);  // cut off
    EXPECT_EQ(count_of("4k3/8/8/8/3P4/8/5K2/3r4 w - - 0 1", White, w.enemy_rook_behind_passer), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", White, w.passed_safe_push[3]), 1);
    EXPECT_EQ(count_of("8/8/4k3/8/3P4/8/8/4K3 w - - 0 1", White, w.passed_safe_push[3]), 0);  // the king hits d5
    // Nb1 reaches c3, from where it hits the queen on d5; Rb1 reaches d1, defended by the king.
    EXPECT_EQ(count_of("4k3/8/8/3q4/8/8/8/1N2K3 w - - 0 1", White, w.knight_on_queen), 1);
    EXPECT_EQ(count_of("4k3/8/8/3q4/8/8/8/RR2K3 w - - 0 1", White, w.slider_on_queen), 1);
    EXPECT_EQ(count_of("4k3/8/8/3q4/8/8/8/1N2K3 w - - 0 1", Black, w.knight_on_queen), 0);
}

TEST(ChessEvaluation, OutpostsKingFilesTrappedRooksAndPinnedQueensAreCounted) {
    EXPECT_EQ(count_of("4k3/8/8/8/4P3/2N5/8/4K3 w - - 0 1", White, w.knight_reachable_outpost), 1);  // Nc3-d5
    EXPECT_EQ(count_of("4k3/8/8/8/8/2N5/8/4K3 w - - 0 1", White, w.knight_reachable_outpost), 0);
    EXPECT_EQ(count_of("4k3/8/8/4n3/8/8/8/4RK2 w - - 0 1", White, w.major_on_king_file), 1);
    EXPECT_EQ(count_of("4k3/8/8/4n3/8/8/4P3/4RK2 w - - 0 1", White, w.major_on_king_file), 0);
    EXPECT_EQ(count_of("4k3/8/8/8/8/8/5PPP/5K1R w - - 0 1", White, w.rook_trapped), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1", White, w.rook_trapped), 0);  // castling frees it
    EXPECT_EQ(count_of("7k/8/8/8/1b6/8/3N4/4Q1K1 w - - 0 1", White, w.queen_relative_pin), 1);
    EXPECT_EQ(count_of("7k/8/8/8/1b6/2P5/3N4/4Q1K1 w - - 0 1", White, w.queen_relative_pin), 0);
    EXPECT_EQ(count_of("8/8/8/4K3/8/8/8/k7 w - - 0 1", White, w.complexity_infiltration), 1);
    EXPECT_EQ(count_of("7k/8/8/8/8/8/8/K7 w - - 0 1", White, w.complexity_infiltration), 0);
}

// Files count from the nearer edge (a and h 0, d and e 3), eight ranks each.
TEST(ChessEvaluation, ShelterStormChecksAndKingDistanceAreCounted) {
    const char* castled = "4k3/8/8/8/8/7P/5PP1/6K1 w - - 0 1";
    EXPECT_EQ(count_of(castled, White, w.shelter_by_file[2 * 8 + 1]), 1);  // f2
    EXPECT_EQ(count_of(castled, White, w.shelter_by_file[1 * 8 + 1]), 1);  // g2
    EXPECT_EQ(count_of(castled, White, w.shelter_by_file[0 * 8 + 2]), 1);  // h3
    EXPECT_EQ(count_of(castled, White, w.shelter_king_file[1]), 1);
    EXPECT_EQ(count_of(castled, White, w.shelter_king_file[2]), 0);
    // g4 against g3 is blocked; against g2 it is a lever.
    EXPECT_EQ(count_of("4k3/8/8/8/6p1/6P1/8/6K1 w - - 0 1", White, w.storm_blocked[3]), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/6p1/6P1/8/6K1 w - - 0 1", White, w.storm_by_file[1 * 8 + 3]), 0);
    EXPECT_EQ(count_of("4k3/8/8/8/6p1/8/6P1/6K1 w - - 0 1", White, w.storm_by_file[1 * 8 + 3]), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/6p1/8/6P1/6K1 w - - 0 1", White, w.storm_blocked[3]), 0);
    // The queen's checks (Qd1, Qxf2) are covered by the rook and the king; without the rook Qd1 is safe.
    EXPECT_EQ(count_of("4k3/8/8/8/3q4/8/5PPP/1R4K1 w - - 0 1", White, w.danger_unsafe_check), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/3q4/8/5PPP/1R4K1 w - - 0 1", White, w.danger_safe_check[Queen]), 0);
    EXPECT_EQ(count_of("4k3/8/8/8/3q4/8/5PPP/6K1 w - - 0 1", White, w.danger_unsafe_check), 0);
    EXPECT_EQ(count_of("4k3/8/8/8/3q4/8/5PPP/6K1 w - - 0 1", White, w.danger_safe_check[Queen]), 1);
    EXPECT_EQ(count_of("4k3/p7/8/8/8/8/8/1N4K1 w - - 0 1", White, w.knight_king_distance), 5);
}

// The seventh round's terms, each on a position built for it (never a bare
// king: its ending has an evaluation of its own).
TEST(ChessEvaluation, FilesPhalanxRingsAndOverloadAreCounted) {
    EXPECT_EQ(count_of("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", White, w.isolated_by_file[0]), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", White, w.passed_by_file[0]), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", White, w.isolated_by_file[3]), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", White, w.isolated_by_file[0]), 0);
    EXPECT_EQ(count_of("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", White, w.phalanx[3]), 2);
    EXPECT_EQ(count_of("4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1", White, w.phalanx[3]), 0);  // supported, not side by side
    // The space squares again, in the table of the number of pieces.
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    EXPECT_GT(count_of(start, White, w.space), 0);
    EXPECT_EQ(count_of(start, White, w.space_by_pieces[7]), count_of(start, White, w.space));
    const char* two_pieces = "4k3/pppppppp/8/8/8/8/PPPPPPPP/RN2K3 w - - 0 1";
    EXPECT_EQ(count_of(two_pieces, White, w.space_by_pieces[2]), count_of(two_pieces, White, w.space));
    // Both pawns on a1's diagonal count, the far one through the near.
    EXPECT_EQ(count_of("4k3/6p1/8/8/8/2p5/8/B3K3 w - - 0 1", White, w.bishop_xray_pawns), 2);
    // Aimed at g8's zone through a knight (not a pawn), and not once it hits the zone (g7 blocks the rook).
    EXPECT_EQ(count_of("6k1/p7/8/8/3N4/8/1B6/4K3 w - - 0 1", White, w.bishop_on_king_ring), 1);
    EXPECT_EQ(count_of("6k1/p7/8/8/3P4/8/1B6/4K3 w - - 0 1", White, w.bishop_on_king_ring), 0);
    EXPECT_EQ(count_of("6k1/p7/8/8/8/8/1B6/4K3 w - - 0 1", White, w.bishop_on_king_ring), 0);
    EXPECT_EQ(count_of("6k1/8/8/8/8/8/6P1/6RK w - - 0 1", White, w.rook_on_king_ring), 1);
    EXPECT_EQ(count_of("6k1/p5p1/8/8/8/8/8/6RK w - - 0 1", White, w.rook_on_king_ring), 0);
    EXPECT_EQ(count_of("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", White, w.rook_on_queen_file), 1);
    EXPECT_EQ(count_of("4k3/7p/8/3Q4/8/8/8/4K3 w - - 0 1", White, w.queen_infiltration), 1);
    EXPECT_EQ(count_of("4k3/2p4p/8/3Q4/8/8/8/4K3 w - - 0 1", White, w.queen_infiltration), 0);  // ...c6 hits it
    EXPECT_EQ(count_of("4k3/7p/8/8/3Q4/8/8/4K3 w - - 0 1", White, w.queen_infiltration), 0);
    // The bishop's one defender is its king; a pawn defending too frees it.
    EXPECT_EQ(count_of("8/8/4k3/3b4/8/4N3/8/4K3 w - - 0 1", White, w.threat_overloaded), 1);
    EXPECT_EQ(count_of("8/8/2p1k3/3b4/8/4N3/8/4K3 w - - 0 1", White, w.threat_overloaded), 0);
}

TEST(ChessEvaluation, DrawishEndingsAreScaledDown) {
    // A lone minor piece cannot win: the endgame part is scaled to nothing.
    EXPECT_EQ(trace_of("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1").scale, eval::kScaleNoPawnsMinorUp);
    EXPECT_LT(std::abs(eval_of("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")), 60);
    // Two knights cannot force mate against a bare king.
    EXPECT_EQ(trace_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").scale, eval::kScaleNoPawnsMinorUp);
    EXPECT_EQ(trace_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").terms[eval::Endgame][White], eval::Pair{});
    // Bishops of opposite colours with pawns only.
    EXPECT_EQ(trace_of("4k3/4b3/8/8/8/3PP3/2B5/4K3 w - - 0 1").scale, eval::kScaleOppositeBishops);
}

TEST(ChessEvaluation, ABareKingIsDrivenToTheEdge) {
    const Score cornered = eval_of("k7/8/2K5/8/8/8/7Q/8 w - - 0 1");
    const Score central = eval_of("8/8/8/3k4/8/2K5/7Q/8 w - - 0 1");
    EXPECT_GT(cornered, central);
}

// Against a bare king only the material and the kings count: no tuned
// weight (the queen's squares, king danger) pulls the search off the mate.
TEST(ChessEvaluation, ABareKingsEndingIgnoresTheWeights) {
    const Position pos = Position::from_fen("8/8/8/8/3k4/8/8/KQ6 b - - 0 1");
    const Score before = pos.evaluate();
    const eval::Weights saved = eval::weights();
    eval::Weights other = saved;
    for (auto& square : other.pst[static_cast<std::size_t>(Queen)]) square.eg += 100;
    other.danger_safe_check[static_cast<std::size_t>(Queen)].eg += 500;
    eval::set_weights(other);
    const Score after = pos.evaluate();
    eval::set_weights(saved);
    EXPECT_EQ(after, before);
    EXPECT_LT(before, -900);  // Black, to move, is a queen down
    eval::Trace t;
    EXPECT_EQ(eval::evaluate_traced(pos, t), before);
    EXPECT_EQ(t.white, -before);
}

TEST(ChessEvaluation, DescribeNamesEveryTerm) {
    const std::string table = eval::describe(Position());
    for (const char* name : eval::kTermNames) EXPECT_NE(table.find(name), std::string::npos) << name;
    EXPECT_NE(table.find("Final evaluation:"), std::string::npos);
}

}  // namespace
}  // namespace ply::chess
