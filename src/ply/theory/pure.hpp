// What pure strategies alone say about a matrix game: the max-min (the most
// the row player can make sure of when choosing first), the min-max (the
// least the column player can hold it to when choosing first), the saddle
// points where the two meet, and the strategies removed by iterated strict
// dominance.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <ply/theory/matrix_game.hpp>

namespace ply::theory {

struct PureAnalysis {
    double maxmin = 0;                     // max over rows of the row's minimum
    std::vector<std::size_t> maxmin_rows;  // every row that reaches it
    double minmax = 0;                     // min over columns of the column's maximum
    std::vector<std::size_t> minmax_cols;
    // Entries that are the least of their row and the greatest of their
    // column: (row, column). There are some exactly when maxmin == minmax.
    std::vector<std::pair<std::size_t, std::size_t>> saddle_points;
};

PureAnalysis analyse_pure(const MatrixGame& g);

// One strategy removed: a row strictly below another row everywhere, or a
// column strictly above another column everywhere, among what is left.
struct Removal {
    bool row = true;
    std::size_t strategy = 0;      // index in the original game
    std::size_t dominated_by = 0;  // index in the original game
};

struct Reduction {
    std::vector<Removal> removed;  // in the order they were found
    std::vector<std::size_t> rows_left, cols_left;
};

// Iterated strict dominance by pure strategies; the order of removal does
// not change what is left (strict dominance), so rows are swept first.
Reduction reduce_by_dominance(const MatrixGame& g);

// The game restricted to the rows and columns left.
MatrixGame restrict_game(const MatrixGame& g, const std::vector<std::size_t>& rows,
                         const std::vector<std::size_t>& cols);

}  // namespace ply::theory
