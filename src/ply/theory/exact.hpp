// Exact checks of a solved matrix game: the fractions a floating-point (or
// exact, but reported in doubles) solver found are proven optimal with
// rational arithmetic, or not claimed at all.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <ply/theory/matrix_game.hpp>
#include <ply/theory/rational.hpp>

namespace ply::theory {

// The payoffs as fractions, when every one is a fraction of denominator at
// most a million that rounds to the double given (decimals typed by a
// person are); none otherwise.
std::optional<std::vector<Rational>> exact_payoffs(const MatrixGame& g);

// The least common multiple of the payoffs' denominators, when multiplying
// by it leaves integers a double holds exactly (so that an exact solver
// sees the game the user typed, not its binary rounding); none otherwise.
std::optional<std::int64_t> integer_scale(const std::vector<Rational>& payoffs);

struct ExactSolution {
    Rational value;
    std::vector<Rational> row, col;
};

// The strategies read as fractions and proven optimal: each a probability
// vector, the row strategy winning at least `value` against every column
// and the column strategy paying at most `value` against every row, which
// by the minimax theorem makes `value` the value. None if any check fails
// (a fraction not found, an overflow, a guarantee short of the other).
std::optional<ExactSolution> verify_exactly(const MatrixGame& g, const std::vector<Rational>& payoffs,
                                            const std::vector<double>& x, const std::vector<double>& y);

}  // namespace ply::theory
