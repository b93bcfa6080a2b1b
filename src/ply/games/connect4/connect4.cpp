#include <ply/games/connect4/connect4.hpp>

#include <cctype>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply::connect4 {

namespace {

// The column (from 1) a notation character stands for, or 0.
int column_from_char(char c) {
    if (c >= '1' && c <= '9') return c - '0';
    const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (l >= 'a' && l <= 'g') return 10 + (l - 'a');
    return 0;
}

char column_to_char(int col) {  // col from 0
    return col < 9 ? static_cast<char>('1' + col) : static_cast<char>('a' + (col - 9));
}

std::string size_text(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

}  // namespace

Connect4::Connect4(int width, int height) {
    if (!valid_size(width, height))
        throw ParseError("connect4: unsupported board size " + size_text(width, height) +
                         " (need 1 <= width <= 16, height >= 1, width * (height + 1) <= 64)");
    width_ = static_cast<std::int8_t>(width);
    height_ = static_cast<std::int8_t>(height);
    for (int col = 0; col < width; ++col) {
        const int first_cell = col * (height + 1);
        bottoms_[static_cast<std::size_t>(col)] = std::uint64_t{1} << first_cell;
        column_masks_[static_cast<std::size_t>(col)] = ((std::uint64_t{1} << height) - 1) << first_cell;
        centre_out_[static_cast<std::size_t>(col)] =
            static_cast<std::int8_t>(width / 2 + ((col & 1) ? -(col + 1) / 2 : col / 2));
        bottom_ |= bottom(col);
        board_ |= column_mask(col);
    }
    for (int i = 0; i < width; ++i)
        centre_out_masks_[static_cast<std::size_t>(i)] = column_mask(centre_out_[static_cast<std::size_t>(i)]);
    for (int row = height % 2; row < height; row += 2) follow_rows_ |= bottom_ << row;
    salt_ = mix64(static_cast<std::uint64_t>(width) << 8 | static_cast<std::uint64_t>(height));
}

char Connect4::at(int col, int row) const {
    const std::uint64_t bit = bottom(col) << row;
    if (!(mask_ & bit)) return '.';
    const bool first_to_move = (moves_ % 2) == 0;
    const bool mine = (current_ & bit) != 0;
    return mine == first_to_move ? 'X' : 'O';
}

std::string Connect4::sequence() const {
    std::string s;
    s.reserve(static_cast<std::size_t>(moves_));
    for (int i = 0; i < moves_; ++i) s += column_to_char(history_[static_cast<std::size_t>(i)]);
    return s;
}

void Connect4::play_sequence(std::string_view seq) {
    for (std::size_t i = 0; i < seq.size(); ++i) {
        const char c = seq[i];
        // Built only for an error: a batch parses thousands of positions.
        const auto where = [&] {
            return "connect4: move " + std::to_string(moves_ + 1) + " ('" + std::string(1, c) + "', character " +
                   std::to_string(i + 1) + ")";
        };
        const int col = column_from_char(c);
        if (col == 0)
            throw ParseError(where() + ": not a column (columns are 1-" + std::string(1, column_to_char(width_ - 1)) +
                             ")");
        if (col > width_)
            throw ParseError(where() + ": column " + std::to_string(col) + " is off the board (columns 1-" +
                             std::to_string(width_) + ")");
        if (is_won())
            throw ParseError(where() + ": the game is already over, " +
                             std::string(moves_ % 2 ? "the first" : "the second") + " player won with move " +
                             std::to_string(moves_));
        if (!can_play(col - 1)) throw ParseError(where() + ": column " + std::to_string(col) + " is full");
        make(col - 1);
    }
}

Connect4 Connect4::from_position(std::string_view text) {
    text = trim(text);
    int width = 7, height = 6;
    if (const auto colon = text.find(':'); colon != std::string_view::npos) {
        const std::string_view size = text.substr(0, colon);
        const auto x = size.find_first_of("xX");
        auto number = [](std::string_view s) {
            if (s.empty() || s.size() > 2) return -1;
            int n = 0;
            for (const char c : s) {
                if (c < '0' || c > '9') return -1;
                n = n * 10 + (c - '0');
            }
            return n;
        };
        if (x != std::string_view::npos) {
            width = number(size.substr(0, x));
            height = number(size.substr(x + 1));
        }
        if (x == std::string_view::npos || width < 0 || height < 0)
            throw ParseError("connect4: bad size prefix '" + clip(size) + ":' (expected WIDTHxHEIGHT:, e.g. 9x5:)");
        text = trim(text.substr(colon + 1));
    }
    Connect4 g(width, height);
    if (text != "start") g.play_sequence(text);
    return g;
}

std::string Connect4::position() const {
    std::string s = width_ == 7 && height_ == 6 ? "" : size_text(width_, height_) + ":";
    return s + sequence();
}

Connect4::Move Connect4::parse_move(std::string_view text) const {
    text = trim(text);
    // Appended piecewise: GCC 12 at -O3 misreports `"'" + std::string(...)` (-Wrestrict, PR 105329).
    std::string quoted(1, '\'');
    quoted.append(clip(text)).push_back('\'');
    int col = 0;
    if (text.size() == 1) {
        col = column_from_char(text[0]);
    } else if (text.size() == 2 && text[0] >= '1' && text[0] <= '9' && text[1] >= '0' && text[1] <= '9') {
        col = (text[0] - '0') * 10 + (text[1] - '0');
    }
    if (col < 1 || col > width_)
        throw ParseError(quoted + ": not a column; type a column number from 1 to " + std::to_string(width_));
    if (outcome() != Outcome::Ongoing) throw ParseError(quoted + ": the game is over");
    if (!can_play(col - 1)) throw ParseError(quoted + ": column " + std::to_string(col) + " is full");
    return col - 1;
}

std::string Connect4::move_to_string(Move col) const { return std::string(1, column_to_char(col)); }

//   | . . . . . . . |
//   | . . . X O . . |
//   +---------------+
//     1 2 3 4 5 6 7
std::string Connect4::render() const {
    std::string out;
    for (int row = height_ - 1; row >= 0; --row) {
        out += '|';
        for (int col = 0; col < width_; ++col) {
            out += ' ';
            out += at(col, row);
        }
        out += " |\n";
    }
    out += '+' + std::string(static_cast<std::size_t>(2 * width_ + 1), '-') + "+\n ";
    for (int col = 0; col < width_; ++col) {
        out += ' ';
        out += column_to_char(col);
    }
    out += '\n';
    return out;
}

BoardView Connect4::board_view() const {
    BoardView v{"columns", height_, width_, {}, {}, {}, -1, {}};
    for (int row = height_ - 1; row >= 0; --row)
        for (int col = 0; col < width_; ++col) {
            const char c = at(col, row);
            v.cells.push_back(c == '.' ? "" : std::string(1, c));
        }
    for (int col = 0; col < width_; ++col) v.column_names.push_back(std::string(1, column_to_char(col)));
    for (int row = height_; row >= 1; --row) v.row_names.push_back(std::to_string(row));
    if (moves_ > 0) {
        const int col = history_[static_cast<std::size_t>(moves_ - 1)];
        const int top = std::popcount(mask_ & column_mask(col)) - 1;
        v.last_move_cell = (height_ - 1 - top) * width_ + col;
    }
    return v;
}

std::vector<int> Connect4::move_cells(Move col) const {
    const int row = std::popcount(mask_ & column_mask(col));  // the row the disc lands in, from the bottom
    return {(height_ - 1 - std::min(row, height_ - 1)) * width_ + col};
}

}  // namespace ply::connect4
