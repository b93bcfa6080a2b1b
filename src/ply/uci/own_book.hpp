// The engine's own opening book for UCI: the game's book (BookFile) whose
// moves are played at once while OwnBook is on and the game is within
// BookDepth full moves; BookBestMove picks the highest weight instead of a
// weighted random choice. The protocol (option text, parsing values) stays
// in uci.cpp; this holds the state and the choice; the book's format and
// its moves are the game's (EngineProtocol<G>::Book, EngineProtocol<G>::book_move).
#pragma once

#include <concepts>
#include <optional>
#include <random>
#include <string>

#include <ply/core/protocol.hpp>

namespace ply::uci {

// A game with an opening book the engine can play from.
template <class G>
concept BookGame = requires(const G cg, const typename EngineProtocol<G>::Book& book, const std::string& path,
                            std::mt19937_64& rng) {
    requires std::default_initializable<typename EngineProtocol<G>::Book>;  // no book
    { EngineProtocol<G>::Book::load(path) } -> std::same_as<typename EngineProtocol<G>::Book>;
    { book.empty() } -> std::convertible_to<bool>;
    { EngineProtocol<G>::book_move(book, cg, true, rng) } -> std::same_as<std::optional<typename G::Move>>;
    { cg.fullmove_number() } -> std::convertible_to<int>;
};

struct OwnBookLimits {
    static constexpr int kDefaultDepth = 16;
    static constexpr int kMaxDepth = 1000;
};

template <BookGame G>
class OwnBook : public OwnBookLimits {
public:
    using Book = typename EngineProtocol<G>::Book;

    void set_enabled(bool on) { enabled_ = on; }
    void set_best_move(bool on) { best_move_ = on; }
    void set_depth(int full_moves) { depth_ = full_moves; }
    // Loads `path` ("" or "<empty>": no book); throws ParseError and keeps
    // the old book when the file cannot be used.
    void load(const std::string& path) { book_ = path.empty() || path == "<empty>" ? Book() : Book::load(path); }

    // The book move to play at once in `pos`, if there is one to play.
    std::optional<typename G::Move> probe(const G& pos) {
        if (!enabled_ || book_.empty() || pos.fullmove_number() > depth_) return std::nullopt;
        return EngineProtocol<G>::book_move(book_, pos, best_move_, rng_);
    }

private:
    Book book_;
    bool enabled_ = false;
    bool best_move_ = false;
    int depth_ = kDefaultDepth;
    std::mt19937_64 rng_{std::random_device{}()};  // games differ, as a book is for
};

}  // namespace ply::uci
