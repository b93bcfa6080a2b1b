#include <ply/theory/exact.hpp>

#include <cmath>
#include <numeric>

namespace ply::theory {

std::optional<std::vector<Rational>> exact_payoffs(const MatrixGame& g) {
    std::vector<Rational> out;
    out.reserve(g.payoff.size());
    for (double a : g.payoff) {
        const auto r = exact_fraction(a);
        if (!r) return std::nullopt;
        out.push_back(*r);
    }
    return out;
}

std::optional<std::int64_t> integer_scale(const std::vector<Rational>& payoffs) {
    constexpr std::int64_t kMaxScale = 1'000'000;
    constexpr double kExactInDouble = 9.0e15;  // below 2^53
    std::int64_t scale = 1;
    for (const auto& r : payoffs) {
        scale = std::lcm(scale, r.den());
        if (scale > kMaxScale) return std::nullopt;
    }
    for (const auto& r : payoffs)
        if (std::fabs(r.to_double()) * static_cast<double>(scale) > kExactInDouble) return std::nullopt;
    return scale;
}

namespace {

// `p` as fractions summing to exactly 1, none negative; none otherwise.
std::optional<std::vector<Rational>> exact_distribution(const std::vector<double>& p) {
    // GLPK's exact simplex rounds its fractions to doubles by truncation, a
    // unit in the last place from the nearest double.
    constexpr double kTolerance = 1e-13;
    std::vector<Rational> out;
    Rational sum;
    for (double v : p) {
        const auto r = exact_fraction(v, 1'000'000, kTolerance);
        if (!r || *r < Rational(0)) return std::nullopt;
        out.push_back(*r);
        sum += *r;
    }
    if (!(sum == Rational(1))) return std::nullopt;
    return out;
}

}  // namespace

std::optional<ExactSolution> verify_exactly(const MatrixGame& g, const std::vector<Rational>& a,
                                            const std::vector<double>& x, const std::vector<double>& y) {
    try {
        auto row = exact_distribution(x), col = exact_distribution(y);
        if (!row || !col) return std::nullopt;
        std::optional<Rational> row_least, col_most;
        for (std::size_t j = 0; j < g.cols; ++j) {
            Rational sum;
            for (std::size_t i = 0; i < g.rows; ++i)
                if ((*row)[i].num() != 0) sum += (*row)[i] * a[i * g.cols + j];
            if (!row_least || sum < *row_least) row_least = sum;
        }
        for (std::size_t i = 0; i < g.rows; ++i) {
            Rational sum;
            for (std::size_t j = 0; j < g.cols; ++j)
                if ((*col)[j].num() != 0) sum += a[i * g.cols + j] * (*col)[j];
            if (!col_most || sum > *col_most) col_most = sum;
        }
        if (!(*row_least == *col_most)) return std::nullopt;
        return ExactSolution{*row_least, std::move(*row), std::move(*col)};
    } catch (const RationalOverflow&) {
        return std::nullopt;
    }
}

}  // namespace ply::theory
