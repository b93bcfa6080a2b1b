#include <ply/theory/pure.hpp>

#include <algorithm>
#include <limits>

namespace ply::theory {

PureAnalysis analyse_pure(const MatrixGame& g) {
    std::vector<double> row_min(g.rows, std::numeric_limits<double>::infinity());
    std::vector<double> col_max(g.cols, -std::numeric_limits<double>::infinity());
    for (std::size_t i = 0; i < g.rows; ++i)
        for (std::size_t j = 0; j < g.cols; ++j) {
            row_min[i] = std::min(row_min[i], g.at(i, j));
            col_max[j] = std::max(col_max[j], g.at(i, j));
        }
    PureAnalysis p;
    p.maxmin = *std::max_element(row_min.begin(), row_min.end());
    p.minmax = *std::min_element(col_max.begin(), col_max.end());
    for (std::size_t i = 0; i < g.rows; ++i)
        if (row_min[i] == p.maxmin) p.maxmin_rows.push_back(i);
    for (std::size_t j = 0; j < g.cols; ++j)
        if (col_max[j] == p.minmax) p.minmax_cols.push_back(j);
    for (std::size_t i = 0; i < g.rows; ++i)
        for (std::size_t j = 0; j < g.cols; ++j)
            if (g.at(i, j) == row_min[i] && g.at(i, j) == col_max[j]) p.saddle_points.emplace_back(i, j);
    return p;
}

namespace {

// Whether row a is strictly below row b on every column left.
bool row_strictly_below(const MatrixGame& g, std::size_t a, std::size_t b, const std::vector<std::size_t>& cols) {
    return std::all_of(cols.begin(), cols.end(), [&](std::size_t j) { return g.at(a, j) < g.at(b, j); });
}

bool column_strictly_above(const MatrixGame& g, std::size_t a, std::size_t b, const std::vector<std::size_t>& rows) {
    return std::all_of(rows.begin(), rows.end(), [&](std::size_t i) { return g.at(i, a) > g.at(i, b); });
}

// Removes every strategy of `mine` that another one left dominates, in one
// sweep (strict dominance is transitive, so nothing is lost by removing a
// strategy whose dominator goes later); whether one was removed.
template <class Dominated>
bool remove_dominated(std::vector<std::size_t>& mine, bool row, Dominated dominated, std::vector<Removal>& removed) {
    bool any = false;
    for (std::size_t a = 0; a < mine.size();) {
        std::size_t b = 0;
        while (b < mine.size() && (b == a || !dominated(mine[a], mine[b]))) ++b;
        if (b == mine.size()) {
            ++a;
            continue;
        }
        removed.push_back({row, mine[a], mine[b]});
        mine.erase(mine.begin() + static_cast<std::ptrdiff_t>(a));
        any = true;
    }
    return any;
}

}  // namespace

Reduction reduce_by_dominance(const MatrixGame& g) {
    Reduction r;
    for (std::size_t i = 0; i < g.rows; ++i) r.rows_left.push_back(i);
    for (std::size_t j = 0; j < g.cols; ++j) r.cols_left.push_back(j);
    for (bool changed = true; changed;) {
        changed = remove_dominated(
            r.rows_left, true, [&](std::size_t a, std::size_t b) { return row_strictly_below(g, a, b, r.cols_left); },
            r.removed);
        if (!changed)
            changed = remove_dominated(
                r.cols_left, false,
                [&](std::size_t a, std::size_t b) { return column_strictly_above(g, a, b, r.rows_left); }, r.removed);
    }
    return r;
}

MatrixGame restrict_game(const MatrixGame& g, const std::vector<std::size_t>& rows,
                         const std::vector<std::size_t>& cols) {
    MatrixGame s;
    s.rows = rows.size();
    s.cols = cols.size();
    for (std::size_t i : rows) {
        s.row_names.push_back(g.row_name(i));
        for (std::size_t j : cols) s.payoff.push_back(g.at(i, j));
    }
    for (std::size_t j : cols) s.col_names.push_back(g.col_name(j));
    return s;
}

}  // namespace ply::theory
