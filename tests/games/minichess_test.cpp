// Minichess against independent truths: the 103 move-generation cases of
// Massey's course (data/minichess/genmoves-tests), hand-built wins whose
// distance is known, the 80-ply draw, and the generic game harness.
#include <ply/games/minichess/minichess.hpp>

#include <gtest/gtest.h>

#include <random>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/search/classic/alphabeta.hpp>
#include <ply/search/classic/minimax.hpp>
#include <ply/search/engine/engine.hpp>
#include "support/generic_game_suite.hpp"
#include "support/read_file.hpp"

namespace ply::testing {

using minichess::Minichess;

namespace {

const std::string kCases = std::string(PLY_DATA_DIR) + "/minichess/genmoves-tests";

// The moves as the .out files list them: sorted, one per line.
std::string sorted_moves(const Minichess& g, bool whatever_the_limit = true) {
    Minichess::MoveList moves;
    if (whatever_the_limit)
        g.generate_legal(moves);
    else
        g.generate_moves(moves);
    std::vector<std::string> texts;
    for (const auto& m : moves) texts.push_back(g.move_to_string(m));
    std::sort(texts.begin(), texts.end());
    std::string out;
    for (const auto& t : texts) out += t + "\n";
    return out;
}

// White to move; Black's king is boxed in on a6 by its own pawns: Rc6 threatens
// it along the sixth rank and nothing parries, so White takes it on ply 3.
constexpr std::string_view kRookWinsInThree =
    "10 W\n"
    "k....\n"
    "pp...\n"
    ".....\n"
    ".....\n"
    ".....\n"
    "..R.K\n";

engine::Result<minichess::Move> engine_search(const Minichess& g, int depth) {
    engine::Engine<Minichess> e(1);
    engine::Limits<minichess::Move> limits;
    limits.depth = depth;
    return e.think(g, limits);
}

Minichess play(Minichess g, std::initializer_list<std::string_view> moves) {
    for (const auto m : moves) g.make(g.parse_move(m));
    return g;
}

// The position turned half a turn with the colours swapped: the same game
// for the other side (the start position maps to itself).
std::string flipped(const Minichess& g) {
    const std::string text = g.position();
    const auto header_end = text.find('\n');
    std::vector<std::string> rows;
    std::istringstream in(text.substr(header_end + 1));
    for (std::string row; std::getline(in, row);) rows.push_back(row);
    std::string out = std::to_string(g.fullmove_number()) + (g.side_to_move() == minichess::White ? " B\n" : " W\n");
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
        std::string row(it->rbegin(), it->rend());
        for (char& c : row) c = static_cast<char>(std::isupper(c) ? std::tolower(c) : std::toupper(c));
        out += row + "\n";
    }
    return out;
}

}  // namespace

template <>
struct GameSamples<Minichess> {
    static std::vector<Minichess> starts() {
        std::vector<Minichess> out{Minichess{}, Minichess::from_position(kRookWinsInThree)};
        for (const char* name : {"random-1", "random-50", "promote-and-capture", "king-vs-king"})
            out.push_back(Minichess::from_position(read_file(kCases + "/" + name + ".in")));
        // Close to the move limit, so that playouts run into it.
        out.push_back(Minichess::from_position("37 B\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n"));
        return out;
    }
    static int playouts() { return 30; }
    static int max_plies() { return 90; }
};

INSTANTIATE_TYPED_TEST_SUITE_P(Minichess, GenericGame, ::testing::Types<Minichess>);

TEST(Minichess, GenmovesCasesAllMatch) {
    int cases = 0;
    std::vector<std::string> failed;
    for (const auto& entry : std::filesystem::directory_iterator(kCases)) {
        if (entry.path().extension() != ".in") continue;
        ++cases;
        const std::string name = entry.path().stem().string();
        auto expected_path = entry.path();
        expected_path.replace_extension(".out");
        try {
            const Minichess g = Minichess::from_position(read_file(entry.path()));
            if (sorted_moves(g) != read_file(expected_path)) failed.push_back(name);
            // Before the move limit the game's moves are the board's moves.
            if (g.game_ply() < minichess::kMaxGamePlies && sorted_moves(g, false) != sorted_moves(g))
                failed.push_back(name + " (generate_moves)");
        } catch (const ParseError& e) {
            failed.push_back(name + " (" + e.what() + ")");
        }
    }
    EXPECT_EQ(cases, 103);
    std::sort(failed.begin(), failed.end());
    std::string names;
    for (const auto& n : failed) names += " " + n;
    EXPECT_TRUE(failed.empty()) << failed.size() << " failing case(s):" << names;
}

TEST(Minichess, StartPosition) {
    const Minichess g;
    EXPECT_EQ(g.position(), "1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n");
    EXPECT_EQ(sorted_moves(g), "a2-a3\nb1-a3\nb1-c3\nb2-b3\nc2-c3\nd2-d3\ne2-e3\n");
    EXPECT_EQ(g.outcome(), Outcome::Ongoing);
    EXPECT_EQ(g.evaluate(), 0);
    EXPECT_EQ(Minichess::from_position("start").hash(), g.hash());
    EXPECT_EQ(Minichess::from_position("").hash(), g.hash());
    EXPECT_EQ(g.max_plies_left(), 80);
}

// The board from Black's side: rank 1 at the top, files from e to a.
TEST(Minichess, RendersFromEitherSide) {
    const Minichess g;
    EXPECT_EQ(g.render(), g.render(false));
    const std::string white = g.render(), black = g.render(true);
    EXPECT_NE(white.find("6 | k q b n r |"), std::string::npos) << white;
    EXPECT_NE(white.find("1 | R N B Q K |"), std::string::npos) << white;
    EXPECT_LT(white.find("6 |"), white.find("1 |")) << white;
    EXPECT_NE(white.find("    a b c d e"), std::string::npos) << white;
    EXPECT_LT(black.find("1 |"), black.find("6 |")) << black;
    EXPECT_NE(black.find("1 | K Q B N R |"), std::string::npos) << black;
    EXPECT_NE(black.find("6 | r n b q k |"), std::string::npos) << black;
    EXPECT_NE(black.find("    e d c b a"), std::string::npos) << black;
    EXPECT_NE(black.find("White to move"), std::string::npos) << black;
}

TEST(Minichess, EvaluationIsTheSameForTheOtherSide) {
    for (const auto& entry : std::filesystem::directory_iterator(kCases)) {
        if (entry.path().extension() != ".in") continue;
        const Minichess g = Minichess::from_position(read_file(entry.path()));
        if (g.max_plies_left() == 0) continue;  // "41 B" does not exist
        const Minichess other = Minichess::from_position(flipped(g));
        EXPECT_EQ(g.evaluate(), other.evaluate()) << entry.path().stem() << "\n" << g.position();
    }
}

TEST(Minichess, HashSeesThePly) {
    // The same board two moves later is another position: fewer plies remain.
    const Minichess early = Minichess::from_position("5 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n");
    const Minichess late = Minichess::from_position("7 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n");
    EXPECT_NE(early.hash(), late.hash());
    // Knights out and back: the same board at a later ply.
    const Minichess back = play(early, {"b1-c3", "d6-c4", "c3-b1", "c4-d6"});
    EXPECT_EQ(back.position(), late.position());
    EXPECT_EQ(back.hash(), late.hash());
}

TEST(Minichess, KingCaptureEndsTheGame) {
    // king-vs-king: Black's only move walks into White's pawn, which takes the king.
    Minichess g = Minichess::from_position(read_file(kCases + "/king-vs-king.in"));
    g.make(g.parse_move("a6-b6"));
    const auto r = engine_search(g, 4);
    EXPECT_EQ(r.score, mate_in_plies(1));
    ASSERT_TRUE(r.best);
    g.make(*r.best);  // c5-b6 or c6-b6
    EXPECT_FALSE(g.has_king(minichess::Black));
    EXPECT_EQ(g.outcome(), Outcome::Loss);  // for Black, to move without a king
    Minichess::MoveList moves;
    g.generate_moves(moves);
    EXPECT_TRUE(moves.empty());
    EXPECT_EQ(Minichess::from_position(g.position()).hash(), g.hash());  // a finished game still reads back
}

TEST(Minichess, NoMoveLoses) {
    const Minichess g = Minichess::from_position(read_file(kCases + "/loss-no-moves.in"));
    EXPECT_EQ(g.outcome(), Outcome::Loss);
    EXPECT_EQ(sorted_moves(g), "");
    EXPECT_EQ(classic::minimax(g, 3).score, mated_in_plies(0));
}

TEST(Minichess, ForcedWinInThreePlies) {
    const Minichess g = Minichess::from_position(kRookWinsInThree);
    // Full width: exactly three plies to the king, none shorter.
    EXPECT_EQ(classic::minimax(g, 3).score, mate_in_plies(3));
    EXPECT_EQ(classic::alphabeta(g, 5).score, mate_in_plies(3));
    const auto r = engine_search(g, 8);
    EXPECT_EQ(r.score, mate_in_plies(3));
    ASSERT_TRUE(r.best);
    EXPECT_EQ(g.move_to_string(*r.best), "c1-c6");
    // The other side of the same line: lost in two plies whatever Black does.
    const Minichess after = play(g, {"c1-c6"});
    EXPECT_TRUE(after.king_attacked());
    EXPECT_EQ(classic::alphabeta(after, 4).score, mated_in_plies(2));
    EXPECT_EQ(engine_search(after, 6).score, mated_in_plies(2));
}

TEST(Minichess, GivesCheckMatchesInCheckAfterTheMove) {
    for (const auto& entry : std::filesystem::directory_iterator(kCases)) {
        if (entry.path().extension() != ".in") continue;
        Minichess g = Minichess::from_position(read_file(entry.path()));
        Minichess::MoveList moves;
        g.generate_moves(moves);
        for (const auto& m : moves) {
            const bool takes_king = g.piece_on(m.to) == minichess::make_piece(g.side_to_move() ^ 1, minichess::King);
            const bool predicted = g.attacks_king(m);
            g.make(m);
            if (!takes_king) {
                EXPECT_EQ(predicted, g.king_attacked()) << g.position();
            }
            g.unmake(m);
        }
    }
}

TEST(Minichess, MoveLimitDrawsAfterBlacksFortiethMove) {
    // Black, a queen up, plays its 40th move: any move but taking the king draws.
    const std::string text =
        "40 B\n"
        "k.q..\n"
        ".....\n"
        ".....\n"
        ".....\n"
        "...P.\n"
        "....K\n";
    Minichess g = Minichess::from_position(text);
    EXPECT_EQ(g.max_plies_left(), 1);
    Minichess quiet = play(g, {"a6-b6"});
    EXPECT_EQ(quiet.outcome(), Outcome::Draw);
    EXPECT_EQ(quiet.position().substr(0, 5), "41 W\n");
    Minichess::MoveList moves;
    quiet.generate_moves(moves);
    EXPECT_TRUE(moves.empty());
    EXPECT_NE(sorted_moves(quiet), "");  // the pieces could move; the game is over
    EXPECT_THROW(quiet.parse_move("e1-e2"), ParseError);
    // Without a way to the king every line is a draw, whatever the material.
    EXPECT_EQ(engine_search(g, 6).score, 0);
    EXPECT_EQ(classic::minimax(g, 3).score, 0);

    // With the king in reach, taking it on the last move still wins.
    Minichess reach = Minichess::from_position("40 B\nk....\n.....\n.....\n.....\n...P.\n..q.K\n");
    Minichess taken = play(reach, {"c1-e1"});
    EXPECT_EQ(taken.outcome(), Outcome::Loss);  // White, to move without a king
    EXPECT_EQ(engine_search(reach, 6).score, mate_in_plies(1));
    EXPECT_EQ(classic::minimax(reach, 3).score, mate_in_plies(1));
}

TEST(Minichess, PawnsPromoteToQueens) {
    Minichess g = Minichess::from_position(read_file(kCases + "/promote-and-capture.in"));
    const auto push = g.parse_move("d5-d6");
    const auto take = g.parse_move("d5-e6");
    EXPECT_TRUE(g.is_promotion(push) && g.is_tactical(push));
    EXPECT_TRUE(g.is_promotion(take) && g.is_tactical(take));
    EXPECT_FALSE(g.is_tactical(g.parse_move("e1-e2")));
    const std::string before = g.position();
    const auto hash = g.hash();
    g.make(take);
    EXPECT_EQ(g.piece_on(29), minichess::make_piece(minichess::White, minichess::Queen));  // e6
    EXPECT_EQ(Minichess::from_position(g.position()).hash(), g.hash());
    EXPECT_EQ(Minichess::from_position(g.position()).evaluate(), g.evaluate());
    g.unmake(take);
    EXPECT_EQ(g.position(), before);
    EXPECT_EQ(g.hash(), hash);

    // Black promotes on rank 1.
    Minichess black = Minichess::from_position("12 B\nk....\n.....\n.....\n.....\n..p..\n....K\n");
    black.make(black.parse_move("c2-c1"));
    EXPECT_EQ(black.piece_on(2), minichess::make_piece(minichess::Black, minichess::Queen));  // c1
    EXPECT_EQ(sorted_moves(black), "e1-d1\ne1-d2\ne1-e2\n");
}

TEST(Minichess, BishopSideStepsOnlyOntoEmptySquares) {
    // Bishop c3: enemies on c4 and b3, its own pawn on c2, d3 empty.
    const Minichess g = Minichess::from_position("8 W\nk....\n.....\n..p..\n.pB..\n..P..\n....K\n");
    const std::string moves = sorted_moves(g);
    EXPECT_NE(moves.find("c3-d3\n"), std::string::npos);  // the side-step
    EXPECT_NE(moves.find("c3-b4\n"), std::string::npos);  // diagonal
    EXPECT_EQ(moves.find("c3-c4\n"), std::string::npos);  // no capture by side-step
    EXPECT_EQ(moves.find("c3-b3\n"), std::string::npos);
    EXPECT_EQ(moves.find("c3-c2\n"), std::string::npos);  // own piece
    EXPECT_EQ(moves.find("c3-c5\n"), std::string::npos);  // one square only
    EXPECT_THROW(g.parse_move("c3-c4"), ParseError);
    // Nor does the side-step attack: the pawn on c4 is not threatened.
    EXPECT_FALSE(g.attacked(17, minichess::White));  // c4
    // Captures for quiescence: none by the bishop (b4, d4... are empty), the pawn takes b3.
    Minichess::MoveList tactical;
    g.generate_tactical(tactical);
    ASSERT_EQ(tactical.size(), 1u);
    EXPECT_EQ(g.move_to_string(tactical[0]), "c2-b3");
}

TEST(Minichess, TacticalMovesAreCapturesAndPromotions) {
    for (const auto& entry : std::filesystem::directory_iterator(kCases)) {
        if (entry.path().extension() != ".in") continue;
        const Minichess g = Minichess::from_position(read_file(entry.path()));
        Minichess::MoveList all, tactical;
        g.generate_moves(all);
        g.generate_tactical(tactical);
        std::size_t expected = 0;
        for (const auto& m : all) expected += g.is_tactical(m);
        EXPECT_EQ(tactical.size(), expected) << entry.path().stem();
        for (const auto& m : tactical) EXPECT_TRUE(all.contains(m)) << entry.path().stem();
    }
}

TEST(Minichess, BadPositionsAreRejected) {
    const std::vector<std::string> bad = {
        "1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\n",                // five rows
        "1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n.....\n",  // seven rows
        "1 W\nkqbnr\nppppp\n..x..\n.....\nPPPPP\nRNBQK\n",         // bad character
        "1 X\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n",         // bad side
        "W 1\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n",         // header the wrong way round
        "1W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n",          // no space
        "0 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n",         // move 0
        "41 B\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n",        // past the end
        "1 W\nkqbn\nppppp\n.....\n.....\nPPPPP\nRNBQK\n",          // short row
        "1 W\nkqbnrr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n",        // long row
        "1 W\nkqbnP\nppppp\n.....\n.....\nPPPP.\nRNBQK\n",         // white pawn on rank 6
        "1 W\nkqbnr\nppppp\n.....\n..K..\nPPPPP\nRNBQK\n",         // two white kings
        "1 W\nkqbnr\nppppp\nQ....\n.....\nPPPPP\nRNBQK\n",         // eleven white pieces
        "1 W\n.qbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n",         // Black just moved without a king
        "startpos",
    };
    for (const auto& text : bad) EXPECT_THROW(Minichess::from_position(text), ParseError) << text;
    try {
        Minichess::from_position("1 W\nkqbnr\nppppp\n..x..\n.....\nPPPPP\nRNBQK\n");
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("rank 4: bad character 'x'"), std::string::npos) << e.what();
    }
    // IMCS frames positions with blank lines and ends lines with CR LF: both are fine.
    EXPECT_EQ(Minichess::from_position("\r\n1 W\r\nkqbnr\r\nppppp\r\n.....\r\n.....\r\nPPPPP\r\nRNBQK\r\n\r\n").hash(),
              Minichess{}.hash());
    // White to move without its king: a finished game, lost for White.
    EXPECT_EQ(Minichess::from_position("3 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQ.\n").outcome(), Outcome::Loss);
}

TEST(Minichess, BadMovesAreRejected) {
    const Minichess g;
    for (const char* text : {"", "a2a", "a2-a7", "a2a7", "f2-f3", "a0-a1", "a2-a3x", "a2 a3", "a2+a3", "a2--a3",
                             "a2-a4", "a1-a2", "e6-e5"})
        EXPECT_THROW(g.parse_move(text), ParseError) << text;
    EXPECT_EQ(g.move_to_string(g.parse_move(" a2-a3\n")), "a2-a3");
    // What people type besides IMCS's own form: no separator, a capture's x, capital files.
    for (const char* text : {"a2a3", "A2-A3", "a2xa3", "A2a3"})
        EXPECT_EQ(g.move_to_string(g.parse_move(text)), "a2-a3");
    EXPECT_EQ(g.move_to_string(g.parse_move("b1c3")), "b1-c3");
}

}  // namespace ply::testing
