// The engine's own opening book for UCI: a Polyglot book (BookFile) whose
// moves are played at once while OwnBook is on and the game is within
// BookDepth full moves; BookBestMove picks the highest weight instead of a
// weighted random choice. The protocol (option text, parsing values) stays
// in uci.cpp; this holds the state and the choice.
#pragma once

#include <optional>
#include <random>
#include <string>

#include <ply/games/chess/polyglot.hpp>

namespace ply::uci {

class OwnBook {
public:
    static constexpr int kDefaultDepth = 16;
    static constexpr int kMaxDepth = 1000;
    // The option lines of the `uci` answer.
    static std::string options();

    void set_enabled(bool on) { enabled_ = on; }
    void set_best_move(bool on) { best_move_ = on; }
    void set_depth(int full_moves) { depth_ = full_moves; }
    // Loads `path` ("" or "<empty>": no book); throws ParseError and keeps
    // the old book when the file cannot be used.
    void load(const std::string& path);

    // The book move to play at once in `pos`, if there is one to play.
    std::optional<chess::Move> probe(const chess::Position& pos);

private:
    chess::polyglot::Book book_;
    bool enabled_ = false;
    bool best_move_ = false;
    int depth_ = kDefaultDepth;
    std::mt19937_64 rng_{std::random_device{}()};  // games differ, as a book is for
};

}  // namespace ply::uci
