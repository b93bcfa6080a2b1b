// Polyglot opening books, the .bin format most chess engines and GUIs read:
// the key of a position, reading a book and choosing a move from it, and
// making one from games by the rules of `polyglot make-book`.
//
// A book is a run of 16-byte entries sorted by key, each integer big-endian:
//
//   key (64 bits) | move (16) | weight (16) | learn (32)
//
// The key is a Zobrist hash over the format's published Random64 numbers
// (polyglot_random.hpp). A move: to square (bits 0-5), from square (6-11),
// squares a1 = 0 ... h8 = 63 as in Ply, and the promotion piece (12-14:
// 0 none, 1 knight, 2 bishop, 3 rook, 4 queen). Castling is the king taking
// its own rook (e1h1), which is how Ply's Move stores it. A position's moves
// are neighbours in the file, found by binary search.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <ply/core/describe.hpp>
#include <ply/games/chess/position.hpp>

namespace ply::chess::polyglot {

// The Polyglot key of `pos`. The en-passant file counts only when a pawn of
// the side to move stands ready to take (legal or not), as the format says.
std::uint64_t key(const Position& pos);

// The Polyglot code of `m` (castling king-takes-rook, as stored).
std::uint16_t encode(Move m);

inline constexpr std::size_t kEntrySize = 16;

struct Entry {
    std::uint64_t key = 0;
    std::uint16_t move = 0;
    std::uint16_t weight = 0;
    std::uint32_t learn = 0;
    friend bool operator==(const Entry&, const Entry&) = default;
};

// The bytes of a book holding `entries` in the order given.
std::string to_bytes(std::span<const Entry> entries);

struct BookMove {
    Move move;
    std::uint16_t weight = 0;
};

enum class Choice {
    Best,      // the highest weight, the first in the book on a tie
    Weighted,  // at random, each move in proportion to its weight
};

class Book {
public:
    Book() = default;  // empty: finds nothing
    // Throws ParseError in one line naming the file: unreadable, a folder,
    // a size that is not whole entries, keys out of order.
    static Book load(const std::string& path);
    // The same checks on bytes already read; `name` is the source in messages.
    static Book parse(std::string_view bytes, const std::string& name);

    [[nodiscard]] std::size_t size() const { return entries_.size(); }
    [[nodiscard]] bool empty() const { return entries_.empty(); }
    [[nodiscard]] const std::vector<Entry>& entries() const { return entries_; }
    // Every entry with this key, in book order.
    [[nodiscard]] std::span<const Entry> find(std::uint64_t key) const;
    // The book's moves in `pos`, in book order; entries whose move is not
    // legal there (a key collision, a corrupt book) are skipped.
    [[nodiscard]] std::vector<BookMove> moves(const Position& pos) const;
    // A move to play in `pos`, or none when the book has no legal move there
    // of positive weight (a weight of 0 means "never play": the format's rule).
    [[nodiscard]] std::optional<Move> choose(const Position& pos, Choice how, std::mt19937_64& rng) const;

private:
    std::vector<Entry> entries_;
};

class BookMaker {
public:
    // Counts the first `max_ply` moves of a game (legal in order from `start`).
    void add_game(const Position& start, std::span<const Move> moves, describe::RecordResult result, int max_ply);
    // The moves played at least `min_game` times with a positive weight,
    // by key, then by weight (highest first), then in order of first play.
    [[nodiscard]] std::vector<Entry> entries(int min_game) const;
    [[nodiscard]] std::size_t games() const { return games_; }
    // The book file of entries(min_game), and what it holds in words
    // (describe::RecordBookGame: `ply book` makes chess books through these).
    [[nodiscard]] std::string bytes(int min_game) const;
    [[nodiscard]] describe::RecordBookSummary summary(int min_game) const;

private:
    struct Count {
        std::uint16_t move;
        std::uint32_t played;
        std::uint32_t weight;
        std::size_t first;  // order of first play, to break ties as polyglot does
    };
    void count(std::uint64_t key, std::uint16_t move, std::uint32_t points);

    std::unordered_map<std::uint64_t, std::vector<Count>> counts_;
    std::size_t next_ = 0;
    std::size_t games_ = 0;
};

}  // namespace ply::chess::polyglot
