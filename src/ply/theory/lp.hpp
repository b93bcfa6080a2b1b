// The value and optimal mixed strategies of a matrix game, as two linear
// programs solved by GLPK's simplex (the only file of the library that
// needs GLPK is lp_glpk.cpp):
//
//   row player:     maximise v  over x >= 0, sum x = 1,  sum_i x_i a_ij >= v  for every column j
//   column player:  minimise u  over y >= 0, sum y = 1,  sum_j a_ij y_j <= u  for every row i
//
// The second is the dual of the first, so v == u (the minimax theorem, by
// LP duality): one program is solved, the column player's strategy read
// from its dual values, and that strategy's guarantee checked against v.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <vector>

#include <ply/theory/exact.hpp>
#include <ply/theory/matrix_game.hpp>

namespace ply::theory {

enum class Arithmetic {
    Automatic,  // exact rational simplex for games of at most kExactAutoEntries entries
    Floating,   // floating-point simplex only
    Exact,      // floating simplex, then the exact one from its basis, whatever the size
};

inline constexpr std::size_t kExactAutoEntries = 10'000;

// Bounds on one solve: GLPK's simplex can stall on a degenerate program,
// and the exact simplex of a large game can run for hours. A dense
// 1000x1000 game takes about 5,000 iterations and a minute.
struct SolveLimits {
    std::size_t iterations = 0;  // 0: 10,000 and 20 a strategy
    double seconds = 300;
};

// A bound of SolveLimits hit, or GLPK failing inside: no value is reported.
class SolverFailure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct MixedSolution {
    double value = 0;       // the row player's program
    double dual_value = 0;  // its dual's, the column player's
    std::vector<double> row_strategy, col_strategy;
    double row_guarantee = 0, col_guarantee = 0;  // what each strategy makes sure of, in doubles
    bool exact_simplex = false;                   // GLPK's rational simplex ran
    std::optional<ExactSolution> exact;           // fractions proven optimal with rational arithmetic
    double float_seconds = 0, exact_seconds = 0;
};

// Throws SolverFailure, with one line saying why, if a limit is hit or GLPK
// fails (every matrix game has a value, but GLPK's arithmetic has limits).
MixedSolution solve_mixed(const MatrixGame& g, Arithmetic arithmetic = Arithmetic::Automatic,
                          const SolveLimits& limits = {});

}  // namespace ply::theory
