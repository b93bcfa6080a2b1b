// Domineering, a game Ply does not ship, written against the installed
// package as any user's game would be: two players take turns to lay a
// domino on two empty cells of a W x H board, Vertical (who moves first)
// upright, Horizontal flat; a player with no room left for a domino loses.
// No draws, at most W*H/2 moves: small boards are solved in a blink.
//
// Representation: one bitboard of covered cells, bit i = cell i, row-major
// from the top-left. Since every move covers two cells, the number covered
// says whose turn it is. A move is the domino's top (Vertical) or left
// (Horizontal) cell.
#pragma once

#include <bit>
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>

#include <ply/core/describe.hpp>
#include <ply/core/error.hpp>
#include <ply/core/game.hpp>

namespace example {

template <int W, int H>
class Domineering {
    static_assert(W >= 2 && H >= 2 && W * H <= 64, "the board is one 64-bit word");

public:
    using Move = std::uint8_t;
    static constexpr std::size_t max_moves =
        static_cast<std::size_t>(W * (H - 1) > (W - 1) * H ? W * (H - 1) : (W - 1) * H);

    void generate_moves(ply::MoveListOf<Domineering>& out) const {
        for (std::uint64_t b = placements(vertical_to_move()); b != 0; b &= b - 1) {
            out.push_back(static_cast<Move>(std::countr_zero(b)));
        }
    }
    void make(Move m) { covered_ |= domino(m, vertical_to_move()); }
    // The turn has passed: the domino was laid by the side not to move.
    void unmake(Move m) { covered_ &= ~domino(m, !vertical_to_move()); }

    // Normal play: whoever cannot move has lost.
    ply::Outcome outcome() const {
        return placements(vertical_to_move()) == 0 ? ply::Outcome::Loss : ply::Outcome::Ongoing;
    }

    // Mobility, the usual heuristic: the room each side has left. Only seen
    // by depth-limited searches; full-depth ones reach the end of the game.
    ply::Score evaluate() const {
        const bool vertical = vertical_to_move();
        return 10 * (std::popcount(placements(vertical)) - std::popcount(placements(!vertical)));
    }

    // The covered cells say everything (whose turn it is included): a
    // transposition table for the production engine.
    std::uint64_t hash() const {
        std::uint64_t z = covered_ + 0x9e3779b97f4a7c15ULL;  // splitmix64's finaliser
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    bool vertical_to_move() const { return std::popcount(covered_) % 4 == 0; }
    std::uint64_t covered() const { return covered_; }

    // "V b1" style: the side, then the domino's first cell, column letter
    // and row number from the top.
    std::string move_to_string(Move m) const {
        return std::string(vertical_to_move() ? "V " : "H ") + static_cast<char>('a' + m % W) +
               std::to_string(m / W + 1);
    }

    // ---- Notation, for the `ply` command line (NotatedGame) ----------------
    static constexpr std::string_view name = "domineering";

    // Rows from the top, '.' empty and '#' covered, separated by '/'; "" or
    // "start" is the empty board.
    static Domineering from_position(std::string_view text) {
        Domineering g;
        if (text.empty() || text == "start") return g;
        int cell = 0;
        for (const char c : text) {
            if (c == '/') continue;
            if (c != '.' && c != '#') throw ply::ParseError(std::string("domineering: bad cell '") + c + "'");
            if (cell < W * H && c == '#') g.covered_ |= 1ULL << cell;
            ++cell;
        }
        if (cell != W * H)
            throw ply::ParseError("domineering: expected " + std::to_string(W * H) + " cells, got " +
                                  std::to_string(cell));
        if (std::popcount(g.covered_) % 2 != 0) throw ply::ParseError("domineering: an odd number of covered cells");
        return g;
    }
    std::string position() const {
        std::string out;
        for (int cell = 0; cell < W * H; ++cell) {
            if (cell > 0 && cell % W == 0) out += '/';
            out += (covered_ >> cell & 1) ? '#' : '.';
        }
        return out;
    }
    // "b1" or "V b1": the domino's first cell (top or left).
    Move parse_move(std::string_view text) const {
        if (text.size() > 2 && (text[0] == 'V' || text[0] == 'H') && text[1] == ' ') text.remove_prefix(2);
        const int column = text.empty() ? -1 : std::tolower(static_cast<unsigned char>(text[0])) - 'a';
        int row = 0;
        for (std::size_t i = 1; i < text.size(); ++i)
            row = std::isdigit(static_cast<unsigned char>(text[i])) && row < 100 ? row * 10 + (text[i] - '0') : -1;
        if (column < 0 || column >= W || row < 1 || row > H)
            throw ply::ParseError("domineering: '" + std::string(text) + "' is not a cell such as b1");
        const int cell = (row - 1) * W + column;
        if (!(placements(vertical_to_move()) >> cell & 1))
            throw ply::ParseError("domineering: no room for a domino at " + std::string(text));
        return static_cast<Move>(cell);
    }
    std::string render() const {
        std::string out = std::string(vertical_to_move() ? "Vertical" : "Horizontal") + " to move\n";
        for (int row = 0; row < H; ++row) {
            out += std::to_string(row + 1) + " ";
            for (int column = 0; column < W; ++column) out += (covered_ >> (row * W + column) & 1) ? '#' : '.';
            out += '\n';
        }
        out += "  ";
        for (int column = 0; column < W; ++column) out += static_cast<char>('a' + column);
        return out + "\n";
    }

private:
    static constexpr std::uint64_t kBoard = W * H == 64 ? ~0ULL : (1ULL << (W * H)) - 1;
    // Cells a domino may start from: not the last row (Vertical), not the
    // last column (Horizontal).
    static constexpr std::uint64_t kTops = kBoard >> W;
    static constexpr std::uint64_t kLefts = [] {
        std::uint64_t b = 0;
        for (int i = 0; i < W * H; ++i)
            if (i % W != W - 1) b |= 1ULL << i;
        return b;
    }();

    // Every cell where the side can start a domino.
    std::uint64_t placements(bool vertical) const {
        const std::uint64_t empty = ~covered_ & kBoard;
        return vertical ? empty & (empty >> W) & kTops : empty & (empty >> 1) & kLefts;
    }
    static std::uint64_t domino(Move m, bool vertical) { return (1ULL << m) | (1ULL << (m + (vertical ? W : 1))); }

    std::uint64_t covered_ = 0;
};

}  // namespace example

// What the `ply` command and the other front ends know of the game beyond its
// rules and notation (core/describe.hpp): in one place, as each of Ply's own
// games states it in its games/<g>/description.hpp.
template <int W, int H>
struct ply::Description<example::Domineering<W, H>> {
    static constexpr ply::GameFacts facts{
        .name = example::Domineering<W, H>::name,
        .summary = "Domineering: lay dominoes, Vertical upright, Horizontal flat",
        .default_depth = 8,
        .solvable = true,
    };
};
