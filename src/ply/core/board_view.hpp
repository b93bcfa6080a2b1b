// What a game shows of its board to a front end that draws it (the web page
// draws SVG boards from it): a grid of cells, each empty or holding a piece,
// and for every move the cells it touches, so that a click can pick a move.
// A game opts in with two members (BoardGame below); front ends draw the
// other games as their render() text.
#pragma once

#include <concepts>
#include <string>
#include <vector>

namespace ply {

struct BoardView {
    // How the grid is drawn: "cells" (marks in squares: tic-tac-toe),
    // "columns" (discs dropped into columns: Connect Four), "squares" (a
    // chequered board of pieces: chess, Minichess), "draughts" (men and
    // kings on the dark squares: checkers), "points" (stones on the
    // intersections: Go).
    std::string style;
    int rows = 0, columns = 0;
    // Row-major from the top left as the first player sees the board: ""
    // for an empty cell, else the piece ("X", "O"; chess letters, capitals
    // for White; "B", "W" for stones; draughts: "b", "w" for men, "B",
    // "W" for kings).
    std::vector<std::string> cells;
    std::vector<std::string> column_names, row_names;  // row_names[0] is the top row
    int last_move_cell = -1;                           // -1: none marked
    // A name printed in a cell where players number the squares (draughts:
    // 1-32); empty where they do not.
    std::vector<std::string> labels;
};

// A move's cells: {cell} for a placement or drop, {from, to} for a move of a
// piece ({from, landing, landing...} for a jump of several captures), {} for
// a move without one (Go's pass).
template <class G>
concept BoardGame = requires(const G g, const typename G::Move m) {
    { g.board_view() } -> std::same_as<BoardView>;
    { g.move_cells(m) } -> std::same_as<std::vector<int>>;
};

}  // namespace ply
