#include <ply/games/go/patterns.hpp>

#include <array>
#include <string_view>
#include <utility>
#include <vector>

namespace ply::go {

namespace {

// Each shape is three rows of three, top to bottom, the centre the move:
//   X, O  stones of one colour and of the other (either way round)
//   .     empty          #  off the board
//   x     not X (O, empty or edge)    o  not O
//   ?     anything
constexpr std::array<std::string_view, 9> kShapes = {
    "XOX"
    "..."
    "???",  // hane between two stones
    "XO."
    "..."
    "?.?",  // hane
    "XO?"
    "X.."
    "?.?",  // hane with support
    "XOO"
    "..."
    "?.?",  // hane at the head of two
    "XO?"
    "O.o"
    "?o?",  // cut
    "?X?"
    "O.O"
    "xxx",  // cut between two
    "X.?"
    "O.?"
    "###",  // first-line block
    "?X?"
    "o.O"
    "###",  // first-line hane
    "?XO"
    "o.o"
    "###",  // first-line cut
};

bool fits(char symbol, int colour, int x) {
    const int o = x == Black ? White : Black;
    switch (symbol) {
        case 'X':
            return colour == x;
        case 'O':
            return colour == o;
        case '.':
            return colour == Empty;
        case '#':
            return colour == Edge;
        case 'x':
            return colour != x;
        case 'o':
            return colour != o;
        default:
            return true;
    }
}

// The eight symmetries of the square on the rows and columns of a 3x3 shape.
int transformed(int index, int symmetry) {
    int r = index / 3 - 1, c = index % 3 - 1;
    if (symmetry & 1) c = -c;
    if (symmetry & 2) r = -r;
    if (symmetry & 4) std::swap(r, c);
    return (r + 1) * 3 + c + 1;
}

bool matches(std::uint16_t code, std::string_view shape) {
    constexpr int kNeighbour[9] = {0, 1, 2, 3, -1, 4, 5, 6, 7};  // shape cell -> neighbour (centre: none)
    for (int symmetry = 0; symmetry < 8; ++symmetry)
        for (const int x : {int{Black}, int{White}}) {
            bool ok = true;
            for (int cell = 0; cell < 9 && ok; ++cell) {
                const int n = kNeighbour[transformed(cell, symmetry)];
                if (n < 0) continue;
                const int colour = code >> (2 * (7 - n)) & 3;
                ok = fits(shape[static_cast<std::size_t>(cell)], colour, x);
            }
            if (ok) return true;
        }
    return false;
}

std::vector<bool> make_table() {
    std::vector<bool> table(1 << 16);
    for (std::uint32_t code = 0; code < table.size(); ++code)
        for (const auto shape : kShapes)
            if (matches(static_cast<std::uint16_t>(code), shape)) {
                table[code] = true;
                break;
            }
    return table;
}

}  // namespace

bool is_urgent_shape(std::uint16_t neighbourhood) {
    static const std::vector<bool> table = make_table();
    return table[neighbourhood];
}

}  // namespace ply::go
