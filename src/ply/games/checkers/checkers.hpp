// English draughts (American checkers): the 32 dark squares numbered 1-32,
// Black moving first from 1-12 towards 29-32, White from 21-32 towards 1-4.
// Men move and jump diagonally forward, kings both ways; a capture is
// compulsory, any capture may be chosen, and a multiple jump is completed;
// a man that reaches the far row is crowned and its move ends there. A side
// with no move loses.
//
// Squares are 0-31 inside (square n is n - 1), row by row from Black's
// side, four a row. A jump sequence is one move: a king that takes the same
// pieces by two routes makes two moves, as perft counts them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/game.hpp>

namespace ply::checkers {

enum class Side : std::uint8_t { Black, White };

struct Move {
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint8_t jumps = 0;      // landings after the first square: 0 for a plain move
    std::uint32_t captured = 0;  // squares of the pieces taken
    std::uint64_t route = 0;     // every landing square, 5 bits each, the first in the low bits
    friend bool operator==(const Move&, const Move&) = default;
};

class Checkers {
public:
    using Move = checkers::Move;
    static constexpr std::size_t max_moves = 128;  // kings' routes multiply; generous
    static constexpr std::string_view start_fen = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

    Checkers();
    // PDN's FEN: "B:W18,24,K10:B12,16,K22" (side to move, then each side's
    // squares, K for a king, ranges as 1-4); throws ParseError.
    static Checkers from_fen(std::string_view fen);
    [[nodiscard]] std::string fen() const;

    void generate_moves(MoveListOf<Checkers>& out) const;
    void make(const Move& m);
    void unmake(const Move& m);
    // The side to move loses when it has no move; nothing else ends a game here.
    [[nodiscard]] Outcome outcome() const;
    [[nodiscard]] Score evaluate() const;

    [[nodiscard]] Side side_to_move() const { return side_; }
    [[nodiscard]] std::uint32_t pieces(Side s) const { return pieces_[static_cast<int>(s)]; }
    [[nodiscard]] std::uint32_t kings() const { return kings_; }

    // Leaf positions `depth` plies on (moves at the last ply counted, not made).
    [[nodiscard]] std::uint64_t perft(int depth);

private:
    struct Empty {};
    explicit Checkers(Empty) {}

    std::array<std::uint32_t, 2> pieces_{};
    std::uint32_t kings_ = 0;
    Side side_ = Side::Black;
    std::vector<std::uint32_t> crowned_;      // per move made: the square crowned by it, as a bit (or 0)
    std::vector<std::uint32_t> kings_taken_;  // per move made: the kings among the pieces it took
};

static_assert(Game<Checkers>);

}  // namespace ply::checkers
