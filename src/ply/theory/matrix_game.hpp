// A two-player zero-sum game in strategic form: the row player (the
// maximiser) picks a row, the column player (the minimiser) a column, at the
// same time; the entry is what the column player pays the row player.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include <ply/core/error.hpp>

namespace ply::theory {

// Far beyond teaching games and the 500x500 benchmark, small enough that a
// game and its linear program fit in memory.
inline constexpr std::size_t kMaxStrategies = 5000;
inline constexpr std::size_t kMaxEntries = 1'000'000;

struct MatrixGame {
    std::size_t rows = 0, cols = 0;
    std::vector<double> payoff;                     // row-major, rows * cols
    std::vector<std::string> row_names, col_names;  // one each, or empty: "R1", "C1"...

    double at(std::size_t i, std::size_t j) const { return payoff[i * cols + j]; }
    std::string row_name(std::size_t i) const {
        return i < row_names.size() ? row_names[i] : "R" + std::to_string(i + 1);
    }
    std::string col_name(std::size_t j) const {
        return j < col_names.size() ? col_names[j] : "C" + std::to_string(j + 1);
    }
};

// Entries whose sizes span more than twelve orders of magnitude leave a
// floating-point simplex nothing to trust (1e12 beside 1e-12 is lost in its
// tolerances), and GLPK cannot scale a subnormal number (1e-320).
inline void check_magnitudes(const MatrixGame& g) {
    double least = INFINITY, most = 0;
    for (double v : g.payoff)
        if (v != 0) least = std::fmin(least, std::fabs(v)), most = std::fmax(most, std::fabs(v));
    char text[128] = {};
    if (least < 1e-300)
        std::snprintf(text, sizeof text, "an entry is %g, too close to 0 (below 1e-300): write 0", least);
    else if (most > 1e12 * least)
        std::snprintf(text, sizeof text,
                      "the entries' sizes run from %g to %g: at most twelve orders of magnitude apart", least, most);
    if (text[0]) throw ParseError(text);
}

// The game built from rows of numbers, checked: a non-empty rectangle of
// finite numbers within the size limits and twelve orders of magnitude, as
// many names as strategies (or none). Throws ParseError with one line
// saying what is wrong.
inline MatrixGame make_matrix_game(const std::vector<std::vector<double>>& rows,
                                   std::vector<std::string> row_names = {}, std::vector<std::string> col_names = {}) {
    if (rows.empty() || rows.front().empty()) throw ParseError("the matrix is empty");
    MatrixGame g;
    g.rows = rows.size();
    g.cols = rows.front().size();
    if (g.rows > kMaxStrategies || g.cols > kMaxStrategies || g.rows * g.cols > kMaxEntries)
        throw ParseError("the matrix is " + std::to_string(g.rows) + "x" + std::to_string(g.cols) + "; at most " +
                         std::to_string(kMaxStrategies) + " strategies a side and " + std::to_string(kMaxEntries) +
                         " entries");
    g.payoff.reserve(g.rows * g.cols);
    for (std::size_t i = 0; i < g.rows; ++i) {
        if (rows[i].size() != g.cols)
            throw ParseError("row " + std::to_string(i + 1) + " has " + std::to_string(rows[i].size()) +
                             " entries, row 1 has " + std::to_string(g.cols));
        for (std::size_t j = 0; j < g.cols; ++j) {
            if (!std::isfinite(rows[i][j]) || std::fabs(rows[i][j]) > 1e12)
                throw ParseError("entry " + std::to_string(i + 1) + "," + std::to_string(j + 1) +
                                 " is not a finite number of at most 1e12");
            g.payoff.push_back(rows[i][j]);
        }
    }
    check_magnitudes(g);
    if (!row_names.empty() && row_names.size() != g.rows)
        throw ParseError(std::to_string(row_names.size()) + " row names for " + std::to_string(g.rows) + " rows");
    if (!col_names.empty() && col_names.size() != g.cols)
        throw ParseError(std::to_string(col_names.size()) + " column names for " + std::to_string(g.cols) + " columns");
    g.row_names = std::move(row_names);
    g.col_names = std::move(col_names);
    return g;
}

// What a mixed strategy of one player guarantees: the row player's x
// against every column (the least it wins), the column player's y against
// every row (the most it pays).
inline double row_guarantee(const MatrixGame& g, const std::vector<double>& x) {
    double worst = INFINITY;
    for (std::size_t j = 0; j < g.cols; ++j) {
        double sum = 0;
        for (std::size_t i = 0; i < g.rows; ++i) sum += x[i] * g.at(i, j);
        worst = std::fmin(worst, sum);
    }
    return worst;
}

inline double column_guarantee(const MatrixGame& g, const std::vector<double>& y) {
    double worst = -INFINITY;
    for (std::size_t i = 0; i < g.rows; ++i) {
        double sum = 0;
        for (std::size_t j = 0; j < g.cols; ++j) sum += g.at(i, j) * y[j];
        worst = std::fmax(worst, sum);
    }
    return worst;
}

}  // namespace ply::theory
