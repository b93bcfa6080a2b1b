// Tic-tac-toe and its m,n,k generalisation: a board of W columns and H rows on
// which X (who moves first) and O take turns to claim an empty cell; the first
// to own K cells in a row (horizontally, vertically or diagonally) wins; a full
// board without a line is a draw. TicTacToe is Mnk<3, 3, 3>.
//
// Representation: one bitboard per player, bit i = cell i, cells numbered
// row-major from the top-left (cell 0 = top-left, cell W*H-1 = bottom-right).
// Needs W*H <= 64.
//
// Notation (for the 3x3 board; larger boards extend it in the obvious way):
//   Moves     canonical: the cell number 1..9, row-major from the top-left,
//             as on a phone keypad:      1 2 3
//                                        4 5 6
//                                        7 8 9
//             also accepted: coordinates "b2" (columns a, b, c from the left,
//             rows 1, 2, 3 from the bottom; "a3" = 1, "c1" = 9), any case.
//   Positions 9 characters row-major from the top row: 'X', 'O', '.'
//             (lower case accepted; '/' may separate rows and is ignored),
//             e.g. "X.O.X....". The empty string or "start" is the empty
//             board. The side to move follows from the counts (X moves first).
//             Positions that cannot arise in a game are rejected.
#pragma once

#include <array>
#include <bit>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/board_view.hpp>
#include <ply/core/error.hpp>
#include <ply/core/game.hpp>
#include <ply/core/hash.hpp>
#include <ply/core/move_list.hpp>
#include <ply/core/outcome.hpp>
#include <ply/core/score.hpp>
#include <ply/core/text.hpp>

namespace ply::tictactoe {

namespace detail {

// Every line of K cells on a W x H board, as bitboards.
template <int W, int H, int K>
constexpr int line_count() {
    const int across = W >= K ? W - K + 1 : 0;
    const int down = H >= K ? H - K + 1 : 0;
    return across * H + W * down + 2 * across * down;
}

template <int W, int H, int K>
constexpr std::array<std::uint64_t, line_count<W, H, K>()> make_lines() {
    std::array<std::uint64_t, line_count<W, H, K>()> lines{};
    std::size_t n = 0;
    constexpr int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};  // (dcol, drow), rows downwards
    for (const auto& d : dirs) {
        for (int row = 0; row < H; ++row) {
            for (int col = 0; col < W; ++col) {
                const int end_col = col + d[0] * (K - 1);
                const int end_row = row + d[1] * (K - 1);
                if (end_col < 0 || end_col >= W || end_row >= H) continue;
                std::uint64_t line = 0;
                for (int i = 0; i < K; ++i) line |= std::uint64_t{1} << ((row + d[1] * i) * W + col + d[0] * i);
                lines[n++] = line;
            }
        }
    }
    return lines;
}

// The lines through each cell: what a move there may complete.
template <int W, int H, int K>
struct CellLines {
    std::array<std::array<std::uint64_t, 4 * K>, W * H> lines{};
    std::array<int, W * H> count{};
};

template <int W, int H, int K>
constexpr CellLines<W, H, K> make_cell_lines() {
    CellLines<W, H, K> table{};
    for (const std::uint64_t line : make_lines<W, H, K>())
        for (int cell = 0; cell < W * H; ++cell)
            if (line >> cell & 1) table.lines[cell][table.count[cell]++] = line;
    return table;
}

}  // namespace detail

template <int W, int H, int K>
class Mnk {
    static_assert(W >= 1 && H >= 1 && W * H <= 64, "the board must fit in 64 bits");
    static_assert(W <= 26, "columns are written as letters a..z");
    static_assert(K >= 1 && (K <= W || K <= H), "a line of K must fit on the board");

public:
    using Move = int;  // the cell index, 0 = top-left, row-major

    static constexpr int kWidth = W;
    static constexpr int kHeight = H;
    static constexpr int kInARow = K;
    static constexpr int kCells = W * H;
    static constexpr std::size_t max_moves = kCells;
    static constexpr std::size_t move_key_count = kCells;  // move_key(m) = the cell
    static constexpr std::string_view name = (W == 3 && H == 3 && K == 3) ? "tictactoe" : "mnk";

    Mnk() = default;

    // ---- The Game concept ----------------------------------------------------

    // Empty cells in ascending cell order; none once the game is over.
    void generate_moves(MoveListOf<Mnk>& out) const {
        if (won_) return;
        for (std::uint64_t empty = kFull & ~(stones_[0] | stones_[1]); empty; empty &= empty - 1)
            out.push_back(std::countr_zero(empty));
    }

    void make(Move m) {
        const int side = plies_ & 1;
        stones_[side] |= std::uint64_t{1} << m;
        won_ = completes_line(stones_[side], m);
        ++plies_;
    }

    // Only a move made from an ongoing position can be unmade, so nobody has won.
    void unmake(Move m) {
        --plies_;
        stones_[plies_ & 1] &= ~(std::uint64_t{1} << m);
        won_ = false;
    }

    // For the side to move: Loss when the opponent has just completed a line.
    Outcome outcome() const {
        if (won_) return Outcome::Loss;
        if (plies_ == kCells) return Outcome::Draw;
        return Outcome::Ongoing;
    }

    // Open lines: each line holding only the side to move's stones counts
    // n*n for its n stones, the opponent's likewise negatively. Within +-100.
    Score evaluate() const {
        const std::uint64_t me = stones_[plies_ & 1];
        const std::uint64_t them = stones_[(plies_ & 1) ^ 1];
        int score = 0;
        for (const std::uint64_t line : kLines) {
            const int mine = std::popcount(line & me);
            const int theirs = std::popcount(line & them);
            if (theirs == 0) score += mine * mine;
            if (mine == 0) score -= theirs * theirs;
        }
        return score > 100 ? 100 : score < -100 ? -100 : score;
    }

    // ---- Optional capabilities -------------------------------------------------

    // Perfect (collision-free) for boards of up to 32 cells.
    std::uint64_t hash() const {
        if constexpr (kCells <= 32) return mix64(stones_[0] | stones_[1] << 32);
        return mix64(stones_[0] ^ mix64(stones_[1] + 0x9e3779b97f4a7c15ULL));
    }

    std::size_t move_key(Move m) const { return static_cast<std::size_t>(m); }

    // ---- Queries ---------------------------------------------------------------

    int plies() const { return plies_; }
    char to_move() const { return (plies_ & 1) ? 'O' : 'X'; }
    // 'X', 'O' or '.' for a cell.
    char at(int cell) const {
        if (stones_[0] >> cell & 1) return 'X';
        if (stones_[1] >> cell & 1) return 'O';
        return '.';
    }
    std::uint64_t stones(char player) const { return stones_[player == 'O' ? 1 : 0]; }

    // ---- Notation --------------------------------------------------------------

    static Mnk from_position(std::string_view text) {
        text = trim(text);
        Mnk g;
        if (text.empty() || text == "start") return g;
        int cell = 0;
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (c == '/') continue;
            const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            if (u != 'X' && u != 'O' && u != '.')
                throw ParseError(std::string(name) + " position: bad character '" + c + "' at " +
                                 std::to_string(i + 1) + " (expected X, O or .)");
            if (cell < kCells && u != '.') g.stones_[u == 'O' ? 1 : 0] |= std::uint64_t{1} << cell;
            ++cell;
        }
        if (cell != kCells)
            throw ParseError(std::string(name) + " position: expected " + std::to_string(kCells) + " cells, got " +
                             std::to_string(cell));
        const int x = std::popcount(g.stones_[0]);
        const int o = std::popcount(g.stones_[1]);
        if (x != o && x != o + 1)
            throw ParseError(std::string(name) + " position: X has " + std::to_string(x) + " stones and O has " +
                             std::to_string(o) + "; X moves first, so X has as many as O or one more");
        g.plies_ = x + o;
        const bool x_line = has_line(g.stones_[0]);
        const bool o_line = has_line(g.stones_[1]);
        if (x_line && o_line)
            throw ParseError(std::string(name) + " position: both X and O have " + std::to_string(K) + " in a row");
        if (x_line || o_line) {
            const int winner = x_line ? 0 : 1;
            const char who = winner == 0 ? 'X' : 'O';
            if ((g.plies_ & 1) != (winner == 0 ? 1 : 0))
                throw ParseError(std::string(name) + " position: " + who + " has " + std::to_string(K) +
                                 " in a row, but " + who + " did not make the last move");
            // The winning stone was the last one played: removing some single
            // stone of the winner must undo every line.
            bool one_move = false;
            for (std::uint64_t s = g.stones_[winner]; s && !one_move; s &= s - 1)
                one_move = !has_line(g.stones_[winner] & ~(std::uint64_t{1} << std::countr_zero(s)));
            if (!one_move)
                throw ParseError(std::string(name) + " position: the game went on after " + who + " had won");
            g.won_ = true;
        }
        return g;
    }

    std::string position() const {
        std::string s(kCells, '.');
        for (int cell = 0; cell < kCells; ++cell) s[cell] = at(cell);
        return s;
    }

    // A cell number ("5") or coordinates ("b2"); must be an empty cell of an
    // ongoing game.
    Move parse_move(std::string_view text) const {
        text = trim(text);
        const std::string quoted = "'" + clip(text) + "'";
        if (text.empty()) throw ParseError("empty move");
        int cell = -1;
        if (is_number(text)) {
            const int n = to_int(text);
            if (n < 1 || n > kCells) throw ParseError(quoted + ": cell numbers go from 1 to " + std::to_string(kCells));
            cell = n - 1;
        } else {
            const int col = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
            const std::string_view digits = text.substr(1);
            if (col < 0 || col >= 26 || !is_number(digits))
                throw ParseError(quoted + ": write a cell number (1-" + std::to_string(kCells) +
                                 ") or coordinates like " + coordinates(kCells / 2));
            const int row = to_int(digits);
            if (col >= W || row < 1 || row > H)
                throw ParseError(quoted + ": off the board (columns a-" +
                                 std::string(1, static_cast<char>('a' + W - 1)) + ", rows 1-" + std::to_string(H) +
                                 ")");
            cell = (H - row) * W + col;
        }
        if (outcome() != Outcome::Ongoing) throw ParseError(quoted + ": the game is over");
        if (at(cell) != '.')
            throw ParseError(quoted + ": cell " + std::to_string(cell + 1) + " is taken by " + at(cell));
        return cell;
    }

    std::string move_to_string(Move m) const { return std::to_string(m + 1); }

    // The same cell as coordinates, e.g. "b2" for cell 5 (index 4).
    static std::string coordinates(Move m) {
        return std::string(1, static_cast<char>('a' + m % W)) + std::to_string(H - m / W);
    }

    // The board for front ends that draw it (core/board_view.hpp).
    BoardView board_view() const {
        BoardView v{"cells", H, W, {}, {}, {}, -1, {}};
        for (int cell = 0; cell < kCells; ++cell) {
            const char c = at(cell);
            v.cells.push_back(c == '.' ? "" : std::string(1, c));
        }
        for (int col = 0; col < W; ++col) v.column_names.push_back(std::string(1, static_cast<char>('a' + col)));
        for (int row = 0; row < H; ++row) v.row_names.push_back(std::to_string(H - row));
        return v;
    }
    static std::vector<int> move_cells(Move m) { return {m}; }

    // Rows numbered from the bottom, columns lettered; empty cells show their
    // cell number:      3  X | 2 | O
    //                     ---+---+---
    //                   2  4 | X | 6   ...
    std::string render() const {
        const int field = kCells >= 10 ? 2 : 1;
        const int label = H >= 10 ? 2 : 1;
        std::string out;
        auto pad = [](std::string s, int w) {
            while (static_cast<int>(s.size()) < w) s.insert(s.begin(), ' ');
            return s;
        };
        for (int row = 0; row < H; ++row) {
            if (row > 0) {
                out += std::string(label + 1, ' ');
                for (int col = 0; col < W; ++col) {
                    if (col > 0) out += '+';
                    out += std::string(field + 2, '-');
                }
                out += '\n';
            }
            out += pad(std::to_string(H - row), label) + ' ';
            for (int col = 0; col < W; ++col) {
                const int cell = row * W + col;
                if (col > 0) out += '|';
                const char c = at(cell);
                out += ' ' + pad(c == '.' ? std::to_string(cell + 1) : std::string(1, c), field) + ' ';
            }
            while (out.back() == ' ') out.pop_back();
            out += '\n';
        }
        out += std::string(label + 1, ' ');
        for (int col = 0; col < W; ++col) out += ' ' + pad(std::string(1, static_cast<char>('a' + col)), field) + "  ";
        while (out.back() == ' ') out.pop_back();
        out += '\n';
        return out;
    }

private:
    static constexpr std::uint64_t kFull = kCells == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << kCells) - 1;
    static constexpr auto kLines = detail::make_lines<W, H, K>();
    static constexpr auto kCellLines = detail::make_cell_lines<W, H, K>();

    static bool completes_line(std::uint64_t stones, int cell) {
        for (int i = 0; i < kCellLines.count[cell]; ++i)
            if ((stones & kCellLines.lines[cell][i]) == kCellLines.lines[cell][i]) return true;
        return false;
    }

    static bool has_line(std::uint64_t stones) {
        for (const std::uint64_t line : kLines)
            if ((stones & line) == line) return true;
        return false;
    }

    static bool is_number(std::string_view s) {
        if (s.empty() || s.size() > 4) return false;
        for (const char c : s)
            if (c < '0' || c > '9') return false;
        return true;
    }
    static int to_int(std::string_view s) {
        int n = 0;
        for (const char c : s) n = n * 10 + (c - '0');
        return n;
    }

    std::uint64_t stones_[2] = {0, 0};  // [0] X, [1] O
    int plies_ = 0;
    bool won_ = false;  // the last move completed a line
};

using TicTacToe = Mnk<3, 3, 3>;

}  // namespace ply::tictactoe
