// Polyglot opening books: the published keys, the byte format, reading,
// choosing, making books as `polyglot make-book` does (checked against
// Debian's polyglot when it is installed), and the UCI options.
#include <ply/games/chess/polyglot.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <sstream>

#include <ply/core/error.hpp>
#include <ply/games/chess/description.hpp>
#include <ply/games/chess/notation.hpp>
#include <ply/uci/uci.hpp>
#include "support/find_program.hpp"
#include "support/run_ply.hpp"
#include "support/shared_output.hpp"
#include "support/temp_file.hpp"

namespace ply::chess::polyglot {
namespace {

using describe::RecordResult;
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

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("ply_test_" + std::to_string(::getpid()) + "_" + name)).string();
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
    {"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78},
    {"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", 0x652a607ca3f242c1},
    {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9},
    {"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637},
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
    const std::vector<Entry> entries = {
        {0x0102030405060708, 0x090A, 0x0B0C, 0x0D0E0F10}, {kStart, code("e2e4"), 7, 0}, {kStart, code("d2d4"), 3, 1}};
    const std::string bytes = to_bytes(entries);
    ASSERT_EQ(bytes.size(), 48u);
    for (int i = 0; i < 16; ++i) EXPECT_EQ(static_cast<unsigned char>(bytes[i]), i + 1) << "byte " << i;
    const TempFile file("book.bin", bytes);
    EXPECT_EQ(Book::load(file.path.string()).entries(), entries);
}

TEST(PolyglotBook, FindsEveryMoveOfAPositionAndOnlyLegalOnes) {
    const std::uint64_t e4 = key(after("e2e4"));
    const Book book = Book::parse(to_bytes(std::vector<Entry>{{kStart - 1, code("g1f3"), 9, 0},
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
    EXPECT_NE(error_of([&] { (void)Book::load(unsorted.path.string()); }).find("not sorted"), std::string::npos);
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
    maker.add_game(Position(), line("e2e4 e7e5 g1f3 b8c6"), RecordResult::FirstPlayerWins, 1024);
    maker.add_game(Position(), line("e2e4 c7c5 g1f3 d7d6"), RecordResult::SecondPlayerWins, 1024);
    maker.add_game(Position(), line("d2d4 d7d5 c2c4 e7e6"), RecordResult::Draw, 1024);
    maker.add_game(Position(), line("e2e4 e7e5 f1c4 b8c6"), RecordResult::FirstPlayerWins, 1024);
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
    first.add_game(Position(), line("e2e4 e7e5"), RecordResult::Draw, 1);
    EXPECT_EQ(first.entries(1), (std::vector<Entry>{{kStart, code("e2e4"), 1, 0}}));
}

TEST(PolyglotMaker, CountsAreHalvedToFitSixteenBits) {
    // polyglot halves a position's counts, rounding up, when a move there
    // reaches 16384 plays: 16385 draws of 1. e4 weigh 8193.
    BookMaker maker;
    const auto e4 = line("e2e4");
    maker.add_game(Position(), line("d2d4"), RecordResult::FirstPlayerWins, 1);
    for (int i = 0; i < 16385; ++i) maker.add_game(Position(), e4, RecordResult::Draw, 1);
    const auto entries = maker.entries(1);
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0], (Entry{kStart, code("e2e4"), 8193, 0}));
    EXPECT_EQ(entries[1], (Entry{kStart, code("d2d4"), 1, 0}));  // 2 halved
}

TEST(PolyglotMaker, GamesFromAFenStartCountForTheSideToMove) {
    BookMaker maker;
    const Position start = after("e2e4");
    maker.add_game(start, std::vector<Move>{parse_uci(start, "c7c5")}, RecordResult::SecondPlayerWins, 1024);
    EXPECT_EQ(maker.entries(1), (std::vector<Entry>{{key(start), code("c7c5", start), 2, 0}}));
}

// ---------------------------------------------------------------------------
// `ply book chess`

// One game of PGN, as polyglot's reader also takes it.
std::string pgn_game(const std::string& result, const std::string& moves) {
    return "[Event \"test\"]\n[Result \"" + result + "\"]\n\n" + moves + " " + result + "\n\n";
}

// Castling both ways, en passant, promotions (to a queen and a knight from
// the same square), positions shared by several lines, and lines played
// three times or less, so that the default --min-game 3 matters.
std::string test_games() {
    const std::string kingside = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O";
    const std::string queenside = "1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O";
    const std::string en_passant = "1. e4 Nf6 2. e5 d5 3. exd6 cxd6 4. d4 g6";
    const std::string promote = "1. e4 d5 2. exd5 c6 3. dxc6 Qb6 4. cxb7 Qxb2 5. bxa8=";
    return pgn_game("1-0", kingside) + pgn_game("1-0", kingside) + pgn_game("1/2-1/2", kingside) +
           pgn_game("0-1", queenside) + pgn_game("0-1", queenside) + pgn_game("1-0", queenside) +
           pgn_game("1/2-1/2", en_passant) + pgn_game("1/2-1/2", en_passant) + pgn_game("0-1", en_passant) +
           pgn_game("1-0", promote + "Q Qxc1") + pgn_game("1-0", promote + "Q Qxc1") +
           pgn_game("0-1", promote + "Q Qxc1") + pgn_game("1-0", promote + "N Qxc1") +
           pgn_game("1/2-1/2", promote + "N Qxc1") + pgn_game("*", promote + "N Qxc1") +
           pgn_game("1-0", "1. c4 e5 2. Nc3 Nf6");
}

TEST(PolyglotCli, BookChessWritesTheGamesMoves) {
    const TempFile games("games.pgn", test_games());
    const std::string out = temp_path("made.bin");
    const auto r = run_ply("book chess --pgn " + games.path.string() + " --out " + out + " --min-game 1");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("from 16 games"), std::string::npos) << r.out;
    const Book book = Book::load(out);
    std::filesystem::remove(out);
    // 1. e4 in 12 games: 5 won, 5 drawn (one "*"), 2 lost.
    ASSERT_EQ(book.moves(Position()).size(), 3u);
    EXPECT_EQ(to_uci(book.moves(Position())[0].move, false), "e2e4");
    EXPECT_EQ(book.moves(Position())[0].weight, 15);
    // Both promotions are there, told apart by their promotion bits.
    const Position before = after("e2e4 d7d5 e4d5 c7c6 d5c6 d8b6 c6b7 b6b2");
    const auto promotions = book.moves(before);
    ASSERT_EQ(promotions.size(), 2u);
    // 2 + 2 + 0 against 2 + 1 + 1: a tie, which the move played first wins.
    EXPECT_EQ(to_uci(promotions[0].move, false), "b7a8q");
    EXPECT_EQ(to_uci(promotions[1].move, false), "b7a8n");
    EXPECT_EQ(promotions[0].weight, 4);
    // Castling as king takes rook.
    const auto castles = book.moves(after("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"));
    ASSERT_EQ(castles.size(), 1u);
    EXPECT_EQ(castles[0].move.type(), Castling);
    // --max-ply 1: only the first moves; the default --min-game 3 drops 1. c4.
    ASSERT_EQ(run_ply("book chess --pgn " + games.path.string() + " --out " + out + " --max-ply 1").exit_code, 0);
    const Book first = Book::load(out);
    std::filesystem::remove(out);
    EXPECT_EQ(first.size(), 2u);
}

TEST(PolyglotCli, BadGamesAndUsesAreReportedInOneLine) {
    const std::string out = temp_path("never.bin");
    const TempFile bad("bad.pgn", pgn_game("1-0", "1. e4 e5") + pgn_game("1-0", "1. e4 e5 2. Ke3 Nc6"));
    const auto illegal = run_ply("book chess --pgn " + bad.path.string() + " --out " + out);
    EXPECT_EQ(illegal.exit_code, 1);
    EXPECT_NE(illegal.out.find("game 2"), std::string::npos) << illegal.out;
    EXPECT_NE(illegal.out.find("Ke3"), std::string::npos) << illegal.out;
    EXPECT_EQ(ply::testing::count_occurrences(illegal.out, "\n"), 1u) << illegal.out;
    EXPECT_FALSE(std::filesystem::exists(out));  // nothing written
    const auto missing = run_ply("book chess --pgn /nonexistent/games.pgn --out " + out);
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_EQ(ply::testing::count_occurrences(missing.out, "\n"), 1u) << missing.out;
    const auto folder = run_ply("book chess --pgn /tmp --out " + out);
    EXPECT_EQ(folder.exit_code, 1);
    EXPECT_NE(folder.out.find("folder"), std::string::npos) << folder.out;
    const TempFile games("good.pgn", test_games());
    EXPECT_EQ(run_ply("book chess --pgn " + games.path.string() + " --out /nonexistent/dir/book.bin").exit_code, 1);
    EXPECT_EQ(run_ply("book chess --out " + out).exit_code, 2);  // no --pgn
    EXPECT_EQ(run_ply("book chess --pgn " + games.path.string() + " --out " + out + " --plies 2").exit_code, 2);
    EXPECT_EQ(run_ply("book connect4 --plies 2 --out " + out + " --pgn " + games.path.string()).exit_code, 2);
    EXPECT_EQ(run_ply("book chess --pgn " + games.path.string() + " --out " + out + " --max-ply 0").exit_code, 2);
    EXPECT_EQ(run_ply("book tictactoe --out " + out).exit_code, 2);
    EXPECT_FALSE(std::filesystem::exists(out));
}

// ---------------------------------------------------------------------------
// The cross-check: Debian's polyglot (apt-get install polyglot) makes the
// same book, byte for byte, from the same games.

// Makes a book from `pgn` with both programs (polyglot's option names are
// ply's with one dash) and compares them entry by entry.
void expect_same_book(const std::string& polyglot, const std::string& pgn, const std::string& options) {
    const std::string ours = temp_path("ours.bin"), theirs = temp_path("theirs.bin");
    const auto made = run_ply("book chess --pgn " + pgn + " --out " + ours + " " + options);
    ASSERT_EQ(made.exit_code, 0) << made.out;
    std::string dashed = options;
    for (std::size_t at = dashed.find("--"); at != std::string::npos; at = dashed.find("--", at + 1))
        dashed.erase(at, 1);
    ASSERT_EQ(
        std::system((polyglot + " make-book -pgn " + pgn + " -bin " + theirs + " " + dashed + " > /dev/null").c_str()),
        0);
    const auto a = Book::load(ours).entries(), b = Book::load(theirs).entries();
    std::filesystem::remove(ours);
    std::filesystem::remove(theirs);
    ASSERT_GT(b.size(), 0u) << options;
    ASSERT_EQ(a.size(), b.size()) << options;
    for (std::size_t i = 0; i < a.size(); ++i) {
        ASSERT_EQ(a[i].key, b[i].key) << "entry " << i << " " << options;
        ASSERT_EQ(a[i].move, b[i].move) << "entry " << i << " " << options;
        ASSERT_EQ(a[i].weight, b[i].weight) << "entry " << i << " " << options;
        ASSERT_EQ(a[i].learn, b[i].learn) << "entry " << i << " " << options;
    }
}

TEST(PolyglotCrossCheck, SameBookAsDebiansPolyglot) {
    const auto polyglot = ply::testing::find_program("polyglot");
    if (polyglot.empty()) GTEST_SKIP() << "needs the Debian package polyglot";
    const TempFile games("cross.pgn", test_games());
    expect_same_book(polyglot, games.path.string(), "");
    expect_same_book(polyglot, games.path.string(), "--min-game 1");
    expect_same_book(polyglot, games.path.string(), "--min-game 2 --max-ply 7");
}

// 34,700 games of 16 plies: many ties of weight, whose order must match too.
TEST(PolyglotCrossCheck, SameBookFromTheEightMoveOpenings) {
    const auto polyglot = ply::testing::find_program("polyglot");
    const std::string zip = std::string(PLY_DATA_DIR) + "/openings/8moves_v3.pgn.zip";
    if (polyglot.empty() || std::system("command -v unzip > /dev/null") != 0)
        GTEST_SKIP() << "needs the Debian packages polyglot and unzip";
    const std::string pgn = temp_path("8moves.pgn");
    ASSERT_EQ(std::system(("unzip -p '" + zip + "' > '" + pgn + "'").c_str()), 0);
    expect_same_book(polyglot, pgn, "");
    expect_same_book(polyglot, pgn, "--min-game 1 --max-ply 6");
    std::filesystem::remove(pgn);
}

// ---------------------------------------------------------------------------
// UCI: OwnBook, BookFile, BookDepth, BookBestMove

// A book that knows moves no search would choose: 1. h4 a6.
std::string hook_book() {
    std::vector<Entry> entries{{kStart, code("h2h4"), 1, 0}, {key(after("h2h4")), code("a7a6", after("h2h4")), 1, 0}};
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
    return to_bytes(entries);
}

struct HookBook {
    TempFile file{"hook.bin", hook_book()};
    std::string path() const { return file.path.string(); }
};

std::string session(const std::vector<std::string>& lines) {
    std::ostringstream out;
    {
        uci::Session<Position> s(out);
        for (const auto& l : lines) s.handle(l);
        s.wait();
    }
    return out.str();
}

TEST(PolyglotUci, OwnBookPlaysTheBookMoveAtOnce) {
    const HookBook book;
    const auto out = session({"setoption name OwnBook value true", "setoption name BookFile value " + book.path(),
                              "position startpos", "go depth 6"});
    EXPECT_NE(out.find("info string book move h2h4\n"), std::string::npos) << out;
    EXPECT_NE(out.find("bestmove h2h4"), std::string::npos) << out;
    EXPECT_EQ(out.find("info depth 2 "), std::string::npos) << out;  // no search beyond the book move
    const auto black = session({"setoption name OwnBook value true", "setoption name BookFile value " + book.path(),
                                "setoption name BookBestMove value true", "position startpos moves h2h4",
                                "go wtime 60000 btime 60000"});
    EXPECT_NE(black.find("bestmove a7a6"), std::string::npos) << black;
}

TEST(PolyglotUci, NoBookMoveWithoutOwnBookBeyondBookDepthOrWhenAnalysing) {
    const HookBook book;
    const auto off = session({"setoption name BookFile value " + book.path(), "position startpos", "go depth 3"});
    EXPECT_EQ(off.find("book move"), std::string::npos) << off;
    EXPECT_EQ(off.find("bestmove h2h4"), std::string::npos) << off;
    const auto later = session({"setoption name OwnBook value true", "setoption name BookFile value " + book.path(),
                                "setoption name BookDepth value 1", "position startpos moves h2h4", "go depth 3"});
    EXPECT_NE(later.find("bestmove a7a6"), std::string::npos) << later;  // move 1 of black: within depth 1
    const auto deep = session({"setoption name OwnBook value true", "setoption name BookFile value " + book.path(),
                               "setoption name BookDepth value 1",
                               "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", "go depth 3"});
    EXPECT_EQ(deep.find("book move"), std::string::npos) << deep;  // the same board at move 2
    const auto analysis = session({"setoption name OwnBook value true", "setoption name BookFile value " + book.path(),
                                   "position startpos", "go infinite", "stop"});
    EXPECT_EQ(analysis.find("book move"), std::string::npos) << analysis;
}

TEST(PolyglotUci, PonderingOnABookMoveWaitsForPonderhit) {
    const HookBook book;
    ply::testing::SharedOutput buffer;
    std::ostream out(&buffer);
    uci::Session<Position> s(out);
    s.handle("setoption name OwnBook value true");
    s.handle("setoption name BookFile value " + book.path());
    s.handle("position startpos");
    s.handle("go ponder wtime 60000 btime 60000");
    EXPECT_TRUE(buffer.wait_for("book move h2h4", std::chrono::seconds(5)));
    EXPECT_FALSE(buffer.wait_for("bestmove", std::chrono::milliseconds(100)));
    s.handle("ponderhit");
    EXPECT_TRUE(buffer.wait_for("bestmove h2h4", std::chrono::seconds(5))) << buffer.snapshot();
}

TEST(PolyglotUci, AnUnreadableBookFileKeepsTheOldBook) {
    const HookBook book;
    const TempFile ragged("ragged.bin", std::string(20, 'x'));
    const auto out =
        session({"setoption name OwnBook value true", "setoption name BookFile value " + book.path(),
                 "setoption name BookFile value " + ragged.path.string(),
                 "setoption name BookFile value /nonexistent/book.bin", "position startpos", "go depth 6"});
    EXPECT_EQ(ply::testing::count_occurrences(out, "info string error: "), 2u) << out;
    EXPECT_NE(out.find("20 bytes"), std::string::npos) << out;
    EXPECT_NE(out.find("bestmove h2h4"), std::string::npos) << out;
    // <empty> unloads the book.
    const auto none = session({"setoption name OwnBook value true", "setoption name BookFile value " + book.path(),
                               "setoption name BookFile value <empty>", "position startpos", "go depth 1"});
    EXPECT_EQ(none.find("book move"), std::string::npos) << none;
}

}  // namespace
}  // namespace ply::chess::polyglot
