// Checkers' rules against published perft counts (OEIS A133046) and
// against a brute-force generator written here in another style (an 8x8
// array of characters, moves as the boards they lead to), on positions with
// kings and multiple jumps; PDN FEN read, written and refused.
#include <ply/games/checkers/checkers.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <ply/core/error.hpp>

namespace ply::checkers {
namespace {

// ---- The brute force -----------------------------------------------------

// 'b', 'w': men; 'B', 'W': kings; '.': empty; 'x': taken during a jump.
struct Grid {
    std::array<std::array<char, 8>, 8> cell{};
    bool black_to_move = true;
};

Grid grid_of(const Checkers& g) {
    Grid out;
    for (auto& row : out.cell) row.fill('.');
    for (int n = 1; n <= 32; ++n) {
        const int row = (n - 1) / 4, column = 2 * ((n - 1) % 4) + (row % 2 == 0 ? 1 : 0);
        const std::uint32_t b = std::uint32_t{1} << (n - 1);
        const bool king = (g.kings() & b) != 0;
        if (g.pieces(Side::Black) & b) out.cell[row][column] = king ? 'B' : 'b';
        if (g.pieces(Side::White) & b) out.cell[row][column] = king ? 'W' : 'w';
    }
    out.black_to_move = g.side_to_move() == Side::Black;
    return out;
}

bool mine(const Grid& g, char c) { return g.black_to_move ? (c == 'b' || c == 'B') : (c == 'w' || c == 'W'); }
bool theirs(const Grid& g, char c) { return g.black_to_move ? (c == 'w' || c == 'W') : (c == 'b' || c == 'B'); }
bool inside(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }

Grid finished(Grid g) {
    for (auto& row : g.cell)
        for (char& c : row)
            if (c == 'x') c = '.';
    g.black_to_move = !g.black_to_move;
    return g;
}

// Every way the piece `piece` on (r, c) of `g` goes on jumping; appends the
// boards where each sequence ends.
void jumps_from(const Grid& g, int r, int c, char piece, bool jumped, std::vector<Grid>& out) {
    const bool king = piece == 'B' || piece == 'W';
    const int forward = piece == 'b' || piece == 'B' ? 1 : -1;
    bool more = false;
    for (int dr : {-1, 1}) {
        if (!king && dr != forward) continue;
        for (int dc : {-1, 1}) {
            const int r1 = r + dr, c1 = c + dc, r2 = r + 2 * dr, c2 = c + 2 * dc;
            if (!inside(r2, c2) || !theirs(g, g.cell[r1][c1]) || g.cell[r2][c2] != '.') continue;
            more = true;
            Grid next = g;
            next.cell[r1][c1] = 'x';
            next.cell[r][c] = '.';
            const bool crowns = !king && (r2 == 0 || r2 == 7);
            next.cell[r2][c2] = crowns ? static_cast<char>(piece - 'a' + 'A') : piece;
            if (crowns)
                out.push_back(finished(next));
            else
                jumps_from(next, r2, c2, piece, true, out);
        }
    }
    if (!more && jumped) out.push_back(finished(g));
}

std::vector<Grid> successors(const Grid& g) {
    std::vector<Grid> out;
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c)
            if (mine(g, g.cell[r][c])) jumps_from(g, r, c, g.cell[r][c], false, out);
    if (!out.empty()) return out;
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) {
            const char piece = g.cell[r][c];
            if (!mine(g, piece)) continue;
            const bool king = piece == 'B' || piece == 'W';
            const int forward = piece == 'b' || piece == 'B' ? 1 : -1;
            for (int dr : {-1, 1})
                for (int dc : {-1, 1}) {
                    if ((!king && dr != forward) || !inside(r + dr, c + dc) || g.cell[r + dr][c + dc] != '.') continue;
                    Grid next = g;
                    next.cell[r][c] = '.';
                    const bool crowns = !king && (r + dr == 0 || r + dr == 7);
                    next.cell[r + dr][c + dc] = crowns ? static_cast<char>(piece - 'a' + 'A') : piece;
                    out.push_back(finished(next));
                }
        }
    return out;
}

std::uint64_t brute_perft(const Grid& g, int depth) {
    if (depth == 0) return 1;
    std::uint64_t total = 0;
    for (const Grid& next : successors(g)) total += brute_perft(next, depth - 1);
    return total;
}

// A random legal-looking position: `pieces` of each side, some kings, no
// man on its own crowning row.
Checkers random_position(std::mt19937& rng, int pieces) {
    std::vector<int> squares(32);
    for (int i = 0; i < 32; ++i) squares[static_cast<std::size_t>(i)] = i + 1;
    std::shuffle(squares.begin(), squares.end(), rng);
    std::string sides[2];
    for (int i = 0; i < 2 * pieces; ++i) {
        const int side = i % 2, n = squares[static_cast<std::size_t>(i)];
        const bool on_crowning_row = side == 0 ? n >= 29 : n <= 4;
        const bool king = on_crowning_row || rng() % 3 == 0;
        std::string& list = sides[side];
        if (!list.empty()) list += ',';
        list += (king ? "K" : "") + std::to_string(n);
    }
    return Checkers::from_fen(std::string(rng() % 2 ? "B" : "W") + ":W" + sides[1] + ":B" + sides[0]);
}

// ---- Tests ----------------------------------------------------------------

TEST(Checkers, PerftFromTheStartMatchesOeisA133046) {
    const std::uint64_t expected[] = {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680};
    Checkers g;
    for (int depth = 1; depth <= 9; ++depth) EXPECT_EQ(g.perft(depth), expected[depth - 1]) << "depth " << depth;
    EXPECT_EQ(g.fen(), Checkers().fen()) << "perft leaves the position as it was";
}

TEST(Checkers, PerftAgreesWithABruteForceOnPositionsWithKingsAndJumps) {
    std::mt19937 rng(75);
    int with_captures = 0;
    for (int trial = 0; trial < 300; ++trial) {
        Checkers g = random_position(rng, 3 + trial % 8);
        MoveListOf<Checkers> moves;
        g.generate_moves(moves);
        with_captures += !moves.empty() && moves[0].is_capture();
        const int depth = trial % 8 < 4 ? 4 : 3;
        ASSERT_EQ(g.perft(depth), brute_perft(grid_of(g), depth)) << g.fen() << " depth " << depth;
    }
    EXPECT_GT(with_captures, 30) << "the positions exercise captures";
    // Positions of play: random games from the start, compared every few plies.
    for (int game = 0; game < 20; ++game) {
        Checkers g;
        for (int ply = 0; ply < 80; ++ply) {
            MoveListOf<Checkers> moves;
            g.generate_moves(moves);
            if (moves.empty()) break;
            if (ply % 8 == 7) {
                ASSERT_EQ(g.perft(4), brute_perft(grid_of(g), 4)) << g.fen();
            }
            g.make(moves[rng() % moves.size()]);
        }
    }
    // The FEN of PDN's standard, kings and a pending multiple jump.
    Checkers pdn = Checkers::from_fen("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29");
    for (int depth = 1; depth <= 5; ++depth) EXPECT_EQ(pdn.perft(depth), brute_perft(grid_of(pdn), depth)) << depth;
}

TEST(Checkers, AKingTakingTheSamePiecesByTwoRoutesMakesTwoMoves) {
    // A white king on 10 in a ring of four black men: round one way or the other.
    Checkers g = Checkers::from_fen("W:WK10:B14,15,22,23");
    MoveListOf<Checkers> moves;
    g.generate_moves(moves);
    EXPECT_EQ(moves.size(), brute_perft(grid_of(g), 1));
    int full_circles = 0;
    for (const Move& m : moves) full_circles += std::popcount(trace(m).captured) == 4;
    EXPECT_EQ(full_circles, 2) << "round one way and round the other";
}

TEST(Checkers, MakeAndUnmakeRestoreThePositionThroughRandomGames) {
    std::mt19937 rng(7);
    for (int game = 0; game < 50; ++game) {
        Checkers g;
        std::vector<std::string> fens{g.fen()};
        std::vector<Move> played;
        for (int ply = 0; ply < 150; ++ply) {
            MoveListOf<Checkers> moves;
            g.generate_moves(moves);
            if (moves.empty()) {
                EXPECT_NE(g.outcome(), Outcome::Ongoing);
                break;
            }
            played.push_back(moves[rng() % moves.size()]);
            g.make(played.back());
            fens.push_back(g.fen());
            ASSERT_EQ(g.hash(), g.compute_hash()) << g.fen();
            EXPECT_EQ(Checkers::from_fen(g.fen()).fen(), g.fen());
        }
        while (!played.empty()) {
            g.unmake(played.back());
            played.pop_back();
            fens.pop_back();
            ASSERT_EQ(g.fen(), fens.back());
            ASSERT_EQ(g.hash(), g.compute_hash()) << g.fen();
        }
    }
}

TEST(Checkers, FenRangesAndBadFensRefusedInOneLine) {
    EXPECT_EQ(Checkers::from_fen("B:W21-32:B1-12").fen(),
              "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    EXPECT_EQ(Checkers::from_fen("start").fen(), Checkers().fen());
    EXPECT_EQ(Checkers::from_fen(" W : B K5 , 9 : W 30 ").fen(), "W:W30:BK5,9");
    for (const char* bad : {"B", "X:W1:B2", "B:W1:W2", "B:W33:B1", "B:W0:B1", "B:W1:B1", "B:W5-2:B1", "B:W1,a:B9",
                            "B:W9:B30", "B:W5-17:B20", "B:W2:B9:W3", "B:Wx:B1", "B:W1:B-1"}) {
        try {
            (void)Checkers::from_fen(bad);
            ADD_FAILURE() << "accepted '" << bad << "'";
        } catch (const ParseError& e) {
            EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << bad;
        }
    }
}

TEST(Checkers, MovesReadAndWrittenInStandardNotation) {
    Checkers g;
    EXPECT_EQ(g.move_to_string(g.parse_move("11-15")), "11-15");
    EXPECT_EQ(g.move_to_string(g.parse_move(" 9-14 ")), "9-14");
    EXPECT_EQ(g.parse_move("11x15"), g.parse_move("11-15")) << "a step written with x, as some files do";
    // A double jump by its ends, and by every landing.
    Checkers jump = Checkers::from_fen("B:W19,27:B15");
    const Move m = jump.parse_move("15x31");
    EXPECT_EQ(jump.move_to_string(m), "15x31");
    EXPECT_EQ(jump.parse_move("15x24x31"), m);
    EXPECT_EQ(jump.parse_move("15-31"), m);
    // Two routes round the ring end where they began: the ends alone are ambiguous.
    Checkers ring = Checkers::from_fen("W:WK10:B14,15,22,23");
    MoveListOf<Checkers> moves;
    ring.generate_moves(moves);
    for (const Move& r : moves) {
        const std::string text = ring.move_to_string(r);
        EXPECT_EQ(ring.parse_move(text), r) << text;
        if (std::popcount(trace(r).captured) == 4) {
            EXPECT_EQ(std::count(text.begin(), text.end(), 'x'), 4) << text;
        }
    }
    EXPECT_THROW((void)ring.parse_move("10x10"), ParseError);
    for (const char* bad :
         {"", "11", "11-", "-15", "11-15-", "0-4", "11-33", "11--15", "a-b", "11-17", "11x17", "22-18"}) {
        try {
            (void)g.parse_move(bad);
            ADD_FAILURE() << "accepted '" << bad << "'";
        } catch (const ParseError& e) {
            EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << bad;
        }
    }
    // A capture is compulsory: the plain move is refused with the reason.
    try {
        (void)jump.parse_move("15-18");
        ADD_FAILURE();
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("compulsory"), std::string::npos) << e.what();
    }
}

TEST(Checkers, DrawsByRepetitionAndByTheFortyMoveRule) {
    // Two kings each shuffling: the third occurrence ends the game.
    Checkers g = Checkers::from_fen("B:WK32:BK1");
    const char* shuffle[] = {"1-6", "32-27", "6-1", "27-32"};
    for (int i = 0; i < 4; ++i) g.make(g.parse_move(shuffle[i]));
    EXPECT_EQ(g.repetitions(), 1);
    EXPECT_TRUE(g.is_rule_draw()) << "the search's twofold";
    EXPECT_EQ(g.outcome(), Outcome::Ongoing);
    for (int i = 0; i < 4; ++i) g.make(g.parse_move(shuffle[i]));
    EXPECT_EQ(g.outcome(), Outcome::Draw);
    EXPECT_EQ(g.end_reason(), "threefold repetition");
    MoveListOf<Checkers> moves;
    g.generate_moves(moves);
    EXPECT_TRUE(moves.empty());
    g.generate_legal(moves);
    EXPECT_FALSE(moves.empty());
    // 79 quiet king plies, a parameter; a man's move starts the count again.
    Checkers k = Checkers::from_fen("B:WK32,K28,21:BK1,K5,12");
    k.set_quiet_ply_limit(6);
    const char* walk[] = {"1-6", "32-27", "5-9", "28-24", "6-10", "27-23"};
    for (int i = 0; i < 5; ++i) k.make(k.parse_move(walk[i]));
    EXPECT_EQ(k.quiet_plies(), 5);
    EXPECT_EQ(k.outcome(), Outcome::Ongoing);
    k.make(k.parse_move(walk[5]));
    EXPECT_EQ(k.outcome(), Outcome::Draw);
    EXPECT_EQ(k.end_reason(), "the 40-move rule");
    Checkers man = Checkers::from_fen("B:WK32,K28,21:BK1,K5,12");
    man.make(man.parse_move("1-6"));
    EXPECT_EQ(man.quiet_plies(), 1);
    man.make(man.parse_move("21-17"));
    EXPECT_EQ(man.quiet_plies(), 0);
}

}  // namespace
}  // namespace ply::checkers
