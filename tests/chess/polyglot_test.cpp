// Polyglot opening books: the published keys, the byte format, reading,
// choosing, making books as `polyglot make-book` does (checked against
// Debian's polyglot when it is installed), and the UCI options.
#include "games/chess/polyglot.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <sstream>

#include "core/error.hpp"
#include "games/chess/notation.hpp"
#include "support/run_ply.hpp"
#include "support/shared_output.hpp"
#include "support/temp_file.hpp"
#include "uci/uci.hpp"

namespace ply::chess::polyglot {
namespace {

using ply::testing::run_ply;
using ply::testing::TempFile;

Position after(const std::string& moves) {
    Position pos;
    std::istringstream words(moves);
    for (std::string w; words >> w;) {
        const Move m = parse_uci(pos, w);
        EXPECT_NE(m, Move::none()) << w;
        pos.make(m);
    }
    return pos;
}

std::uint16_t code(const std::string& uci_move, const Position& pos = Position()) {
    return encode(parse_uci(pos, uci_move));
}

// The test keys published with the format (moves from the start; the FEN
// the format gives for each must hash the same).
struct PublishedKey {
    const char* moves;
    const char* fen;
    std::uint64_t key;
};
constexpr PublishedKey kPublished[] = {
    {"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c},
    {"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
    {"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0},
    {"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4},
    {"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
     0x22a48b5a8e47ff78},
    {"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
     0x652a607ca3f242c1},
    {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
     0x00fdd303c946bdd9},
    {"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
     0x3c8123ea7b067637},
    {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
     0x5c3f9b829b279560},
};

TEST(PolyglotKey, PublishedTestKeys) {
    for (const auto& p : kPublished) {
        EXPECT_EQ(key(after(p.moves)), p.key) << "after '" << p.moves << "'";
        EXPECT_EQ(key(Position::from_fen(p.fen)), p.key) << p.fen;
    }
}

TEST(PolyglotKey, EnPassantCountsOnlyWhenAPawnCanTake) {
    // After 1. e4 no black pawn stands beside e4: the FEN's e3 must not count.
    EXPECT_EQ(key(Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")),
              key(Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")));
    // With the f5 pawn ready to take on e6 it does, whether or not taking is legal.
    EXPECT_NE(key(after("e2e4 d7d5 e4e5 f7f5")), key(after("e2e4 d7d5 e4e5 f7f6 g1f3 f6f5 f3g1")));
}

TEST(PolyglotMove, EncodingFollowsTheFormat) {
    // To file, to row, from file, from row: three bits each, from bit 0.
    EXPECT_EQ(code("e2e4"), 4 | 3 << 3 | 4 << 6 | 1 << 9);
    EXPECT_EQ(code("g1f3"), (6 << 6) | 21);
    // Castling is the king taking its own rook, whichever way it is written.
    const Position castle = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(code("e1g1", castle), (4 << 6) | 7);
    EXPECT_EQ(code("e1c1", castle), (4 << 6) | 0);
    const Position black = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    EXPECT_EQ(code("e8g8", black), (60 << 6) | 63);
    EXPECT_EQ(code("e8c8", black), (60 << 6) | 56);
    // Promotions: knight 1, bishop 2, rook 3, queen 4 in bits 12-14.
    const Position promote = Position::from_fen("8/4P1k1/8/8/8/8/6K1/8 w - - 0 1");
    EXPECT_EQ(code("e7e8n", promote), (1 << 12) | (52 << 6) | 60);
    EXPECT_EQ(code("e7e8b", promote), (2 << 12) | (52 << 6) | 60);
    EXPECT_EQ(code("e7e8r", promote), (3 << 12) | (52 << 6) | 60);
    EXPECT_EQ(code("e7e8q", promote), (4 << 12) | (52 << 6) | 60);
}

// ---------------------------------------------------------------------------
// The file

const std::uint64_t kStart = 0x463b96181691fc9c;

TEST(PolyglotBook, BytesAreBigEndianAndReadBackTheSame) {
    const std::vector<Entry> entries = {{0x0102030405060708, 0x090A, 0x0B0C, 0x0D0E0F10},
                                        {kStart, code("e2e4"), 7, 0},
                                        {kStart, code("d2d4"), 3, 1}};
    const std::string bytes = to_bytes(entries);
    ASSERT_EQ(bytes.size(), 48u);
    for (int i = 0; i < 16; ++i) EXPECT_EQ(static_cast<unsigned char>(bytes[i]), i + 1) << "byte " << i;
    const TempFile file("book.bin", bytes);
    EXPECT_EQ(Book::load(file.path.string()).entries(), entries);
}

TEST(PolyglotBook, FindsEveryMoveOfAPositionAndOnlyLegalOnes) {
    const std::uint64_t e4 = key(after("e2e4"));
    const Book book =
        Book::parse(to_bytes(std::vector<Entry>{{kStart - 1, code("g1f3"), 9, 0},
                                                {kStart, code("e2e4"), 5, 0},
                                                {kStart, (12 << 6) | 36, 50, 0},  // e2e5: illegal
                                                {kStart, code("d2d4"), 8, 0},
                                                {kStart, 0, 70, 0},  // a1a1: never a move
                                                {e4, code("c7c5", after("e2e4")), 4, 0}}),
                    "test");
    EXPECT_EQ(book.find(kStart).size(), 4u);
    const auto moves = book.moves(Position());
    ASSERT_EQ(moves.size(), 2u);
    EXPECT_EQ(to_uci(moves[0].move, false), "e2e4");
    EXPECT_EQ(moves[0].weight, 5);
    EXPECT_EQ(to_uci(moves[1].move, false), "d2d4");
    std::mt19937_64 rng(1);
    EXPECT_EQ(to_uci(*book.choose(Position(), Choice::Best, rng), false), "d2d4");
    for (int i = 0; i < 200; ++i) {
        const auto m = book.choose(Position(), Choice::Weighted, rng);
        ASSERT_TRUE(m);
        Position::MoveList legal;
        Position().generate_legal(legal);
        EXPECT_TRUE(legal.contains(*m));
        EXPECT_TRUE(to_uci(*m, false) == "e2e4" || to_uci(*m, false) == "d2d4");
    }
    EXPECT_EQ(to_uci(*book.choose(after("e2e4"), Choice::Best, rng), false), "c7c5");
    EXPECT_FALSE(book.choose(after("d2d4"), Choice::Weighted, rng));  // not in the book
}

TEST(PolyglotBook, CastlingFromTheBookIsTheCastlingMove) {
    const Position pos = after("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5");
    const Book book = Book::parse(to_bytes(std::vector<Entry>{{key(pos), (4 << 6) | 7, 1, 0}}), "test");
    std::mt19937_64 rng(1);
    const auto m = book.choose(pos, Choice::Best, rng);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->type(), Castling);
    EXPECT_EQ(to_uci(*m, false), "e1g1");
}

TEST(PolyglotBook, WeightedChoiceFollowsTheWeights) {
    const Book book = Book::parse(to_bytes(std::vector<Entry>{{kStart, code("e2e4"), 60, 0},
                                                              {kStart, code("d2d4"), 30, 0},
                                                              {kStart, code("c2c4"), 10, 0},
                                                              {kStart, code("g1f3"), 0, 0}}),
                                  "test");
    std::mt19937_64 rng(2024);
    std::map<std::string, int> seen;
    constexpr int kDraws = 20000;
    for (int i = 0; i < kDraws; ++i) ++seen[to_uci(*book.choose(Position(), Choice::Weighted, rng), false)];
    EXPECT_NEAR(seen["e2e4"], kDraws * 0.6, kDraws * 0.02);
    EXPECT_NEAR(seen["d2d4"], kDraws * 0.3, kDraws * 0.02);
    EXPECT_NEAR(seen["c2c4"], kDraws * 0.1, kDraws * 0.02);
    EXPECT_EQ(seen.count("g1f3"), 0u);  // weight 0: never played
    // The same seed gives the same choices.
    std::mt19937_64 a(7), b(7);
    for (int i = 0; i < 100; ++i)
        EXPECT_EQ(book.choose(Position(), Choice::Weighted, a), book.choose(Position(), Choice::Weighted, b));
}

// A ParseError's message, which must be one line.
std::string error_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const ParseError& e) {
        const std::string message = e.what();
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        return message;
    }
    ADD_FAILURE() << "no ParseError";
    return "";
}

TEST(PolyglotBook, MalformedBooksAreRefusedInOneLine) {
    const std::string two = to_bytes(std::vector<Entry>{{2, 1, 1, 0}, {1, 1, 1, 0}});
    const TempFile unsorted("unsorted.bin", two);
    EXPECT_NE(error_of([&] { (void)Book::load(unsorted.path.string()); }).find("not sorted"),
              std::string::npos);
    const TempFile ragged("ragged.bin", std::string(17, 'x'));
    const auto size = error_of([&] { (void)Book::load(ragged.path.string()); });
    EXPECT_NE(size.find("17 bytes"), std::string::npos) << size;
    EXPECT_NE(size.find(ragged.path.string()), std::string::npos) << size;
    const auto folder = error_of([] { (void)Book::load(std::filesystem::temp_directory_path().string()); });
    EXPECT_NE(folder.find("folder"), std::string::npos) << folder;
    const auto missing = error_of([] { (void)Book::load("/nonexistent/book.bin"); });
    EXPECT_NE(missing.find("No such file"), std::string::npos) << missing;
    // An empty file is an empty book, as polyglot writes when nothing is kept.
    const TempFile empty("empty.bin", "");
    EXPECT_TRUE(Book::load(empty.path.string()).empty());
}

// ---------------------------------------------------------------------------
// Making books

std::vector<Move> line(const std::string& moves) {
    Position pos;
    std::vector<Move> out;
    std::istringstream words(moves);
    for (std::string w; words >> w;) {
        out.push_back(parse_uci(pos, w));
        pos.make(out.back());
    }
    return out;
}

std::uint16_t weight_of(const std::vector<Entry>& entries, std::uint64_t k, std::uint16_t move) {
    for (const auto& e : entries)
        if (e.key == k && e.move == move) return e.weight;
    return 0;
}

// The numbers Debian's polyglot 2.0.4 gives for the same games.
TEST(PolyglotMaker, WeighsMovesByResultsForTheMover) {
    BookMaker maker;
    maker.add_game(Position(), line("e2e4 e7e5 g1f3 b8c6"), GameResult::WhiteWins, 1024);
    maker.add_game(Position(), line("e2e4 c7c5 g1f3 d7d6"), GameResult::BlackWins, 1024);
    maker.add_game(Position(), line("d2d4 d7d5 c2c4 e7e6"), GameResult::Draw, 1024);
    maker.add_game(Position(), line("e2e4 e7e5 f1c4 b8c6"), GameResult::WhiteWins, 1024);
    const auto entries = maker.entries(1);
    EXPECT_EQ(maker.games(), 4u);
    EXPECT_EQ(weight_of(entries, kStart, code("e2e4")), 4);  // won, lost, won
    EXPECT_EQ(weight_of(entries, kStart, code("d2d4")), 1);  // drawn
    EXPECT_EQ(weight_of(entries, key(after("e2e4")), code("c7c5", after("e2e4"))), 2);
    // Moves that only lost weigh 0 and are left out: e5 and both Nc6.
    EXPECT_EQ(entries.size(), 9u);
    for (const auto& e : entries) EXPECT_GT(e.weight, 0);
    // By key, then by weight.
    for (std::size_t i = 1; i < entries.size(); ++i) {
        EXPECT_LE(entries[i - 1].key, entries[i].key);
        if (entries[i - 1].key == entries[i].key) {
            EXPECT_GE(entries[i - 1].weight, entries[i].weight);
        }
    }
    // --min-game: e4 was played three times, d4 once; --max-ply counts the first moves only.
    EXPECT_EQ(maker.entries(3), (std::vector<Entry>{{kStart, code("e2e4"), 4, 0}}));
    BookMaker first;
    first.add_game(Position(), line("e2e4 e7e5"), GameResult::Draw, 1);
    EXPECT_EQ(first.entries(1), (std::vector<Entry>{{kStart, code("e2e4"), 1, 0}}));
}

TEST(PolyglotMaker, CountsAreHalvedToFitSixteenBits) {
    // polyglot halves a position's counts, rounding up, when a move there
    // reaches 16384 plays: 16385 draws of 1. e4 weigh 8193.
    BookMaker maker;
    const auto e4 = line("e2e4");
    maker.add_game(Position(), line("d2d4"), GameResult::WhiteWins, 1);
    for (int i = 0; i < 16385; ++i) maker.add_game(Position(), e4, GameResult::Draw, 1);
    const auto entries = maker.entries(1);
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0], (Entry{kStart, code("e2e4"), 8193, 0}));
    EXPECT_EQ(entries[1], (Entry{kStart, code("d2d4"), 1, 0}));  // 2 halved
}

TEST(PolyglotMaker, GamesFromAFenStartCountForTheSideToMove) {
    BookMaker maker;
    const Position start = after("e2e4");
    maker.add_game(start, std::vector<Move>{parse_uci(start, "c7c5")}, GameResult::BlackWins, 1024);
    EXPECT_EQ(maker.entries(1), (std::vector<Entry>{{key(start), code("c7c5", start), 2, 0}}));
}

}  // namespace
}  // namespace ply::chess::polyglot
