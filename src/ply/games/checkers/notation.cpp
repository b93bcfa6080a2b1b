// Moves as checkers players write them, and the board as they draw it.
#include <charconv>
#include <string>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>
#include <ply/games/checkers/checkers.hpp>

namespace ply::checkers {
namespace {

// "15x24x31" -> {14, 23, 30}; separators '-' or 'x' alike (a step and a jump
// never share their ends, and files in the wild write 29x25 for 29-25);
// empty on malformed text.
std::vector<int> squares_of(std::string_view text) {
    std::vector<int> squares;
    std::size_t i = 0;
    while (i < text.size()) {
        int n = 0;
        const auto [end, error] = std::from_chars(text.data() + i, text.data() + text.size(), n);
        if (error != std::errc() || n < 1 || n > 32) return {};
        squares.push_back(n - 1);
        i = static_cast<std::size_t>(end - text.data());
        if (i == text.size()) break;
        if (text[i] != '-' && text[i] != 'x' && text[i] != 'X') return {};
        if (++i == text.size()) return {};
    }
    return squares.size() >= 2 ? squares : std::vector<int>{};
}

// Whether `squares` names route `r` of a move from squares[0]: its last
// square the move's end, and every square between one of its landings, in order.
bool names(const std::vector<int>& squares, int from, const Route& r) {
    if (squares.front() != from || squares.back() != r.to()) return false;
    if (squares.size() == 2) return true;
    if (static_cast<int>(squares.size()) - 1 != r.count) return false;
    for (int i = 0; i < r.count; ++i)
        if (squares[static_cast<std::size_t>(i + 1)] != r.landings[static_cast<std::size_t>(i)]) return false;
    return true;
}

std::string joined(const std::vector<int>& squares, char separator) {
    std::string out;
    for (const int q : squares) out += (out.empty() ? "" : std::string(1, separator)) + std::to_string(q + 1);
    return out;
}

}  // namespace

Move Checkers::parse_move(std::string_view text) const {
    const std::string_view t = trim(text);
    const std::vector<int> squares = squares_of(t);
    if (squares.empty())
        throw ParseError("checkers move: expected squares 1-32 joined by '-' or 'x' (11-15, 15x24), not '" +
                         clip(text) + "'");
    MoveList moves;
    generate_legal(moves);
    const Move* found = nullptr;
    int matches = 0;
    for (const Move& m : moves)
        if (names(squares, m.from(), trace(m))) {
            found = &m;
            ++matches;
        }
    if (matches == 1) return *found;
    if (matches > 1)
        throw ParseError("checkers move: '" + clip(text) +
                         "' is ambiguous: routes differ, name every landing square (as 15x24x31)");
    for (const Move& m : moves)
        if (m.is_capture())
            throw ParseError("checkers move: '" + clip(text) + "' is not legal: a capture is compulsory (" +
                             move_to_string(m) + ")");
    throw ParseError("checkers move: '" + clip(text) + "' is not legal here");
}

std::string Checkers::move_to_string(Move m) const {
    const Route r = trace(m);
    if (!m.is_capture()) return std::to_string(m.from() + 1) + "-" + std::to_string(r.to() + 1);
    MoveList moves;
    generate_legal(moves);
    bool shared_ends = false;
    for (const Move& other : moves)
        shared_ends |= other != m && other.from() == m.from() && trace(other).to() == r.to();
    std::vector<int> squares{m.from()};
    if (shared_ends)
        for (int i = 0; i < r.count; ++i) squares.push_back(r.landings[static_cast<std::size_t>(i)]);
    else
        squares.push_back(r.to());
    return joined(squares, 'x');
}

namespace {

// The piece on a square as a letter: b, w for men, B, W for kings.
char piece_letter(const Checkers& g, int square) {
    if (!(~g.empty() & bit(square))) return 0;
    const bool king = (g.kings() & bit(square)) != 0;
    const bool black = (g.pieces(Black) & bit(square)) != 0;
    return black ? (king ? 'B' : 'b') : (king ? 'W' : 'w');
}

}  // namespace

std::string Checkers::render(bool flipped) const {
    // White's side at the bottom is rows 0-7 top down, columns left to right.
    std::string out;
    for (int i = 0; i < 8; ++i) {
        const int row = flipped ? i : 7 - i;
        out += "  ";
        for (int j = 0; j < 8; ++j) {
            const int column = flipped ? j : 7 - j;
            const int q = square_at(row, column);
            const char c = q == kNone ? 0 : piece_letter(*this, q);
            std::string cell = q == kNone ? "  ."
                               : c        ? std::string("  ") + c
                                          : (q < 9 ? "  " : " ") + std::to_string(q + 1);
            out += cell;
        }
        out += '\n';
    }
    out += std::string("  ") + (side_ == Black ? "Black" : "White") + " to move\n";
    return out;
}

namespace {

// A square's cell in the board view: from Black's side, as the first player
// sees the board (core/board_view.hpp), so square 1 is at the bottom right.
int view_cell(int square) { return 63 - (8 * row_of(square) + column_of(square)); }

}  // namespace

BoardView Checkers::board_view() const {
    BoardView v{"draughts", 8, 8, std::vector<std::string>(64), {}, {}, -1, std::vector<std::string>(64)};
    for (int q = 0; q < 32; ++q) {
        const auto cell = static_cast<std::size_t>(view_cell(q));
        if (const char c = piece_letter(*this, q)) v.cells[cell] = std::string(1, c);
        v.labels[cell] = std::to_string(q + 1);
    }
    return v;
}

std::vector<int> Checkers::move_cells(Move m) const {
    const Route r = trace(m);
    std::vector<int> cells{view_cell(m.from())};
    for (int i = 0; i < r.count; ++i) cells.push_back(view_cell(r.landings[static_cast<std::size_t>(i)]));
    return cells;
}

std::string Checkers::end_reason() const {
    MoveList moves;
    generate_legal(moves);
    if (moves.empty())
        return (pieces_[side_] ? "no move left for " : "no piece left for ") +
               std::string(side_ == Black ? "Black" : "White");
    if (quiet_plies_ >= quiet_ply_limit_) return "the 40-move rule";
    if (repetitions() >= 2) return "threefold repetition";
    return "";
}

}  // namespace ply::checkers
