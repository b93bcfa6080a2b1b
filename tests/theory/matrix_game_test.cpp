// Matrix games against independent truth: the classic games' published
// solutions, closed forms, and exact rational checks of every guarantee.
#include <gtest/gtest.h>

#include <random>

#include <ply/theory/lp.hpp>
#include <ply/theory/pure.hpp>

using namespace ply::theory;

namespace {

MatrixGame game_of(const std::vector<std::vector<double>>& rows) { return make_matrix_game(rows); }

// x's least payoff against every column, computed here with fractions.
Rational least_against_columns(const std::vector<std::vector<double>>& a, const std::vector<Rational>& x) {
    std::optional<Rational> least;
    for (std::size_t j = 0; j < a[0].size(); ++j) {
        Rational sum;
        for (std::size_t i = 0; i < a.size(); ++i) sum += x[i] * Rational(static_cast<std::int64_t>(a[i][j]));
        if (!least || sum < *least) least = sum;
    }
    return *least;
}

Rational most_against_rows(const std::vector<std::vector<double>>& a, const std::vector<Rational>& y) {
    std::optional<Rational> most;
    for (std::size_t i = 0; i < a.size(); ++i) {
        Rational sum;
        for (std::size_t j = 0; j < a[0].size(); ++j) sum += Rational(static_cast<std::int64_t>(a[i][j])) * y[j];
        if (!most || sum > *most) most = sum;
    }
    return *most;
}

// Three-finger Morra: each shows 1-3 fingers and guesses the other's; a
// right guess alone wins the fingers shown by both. Strategy (f, g) at index
// 3 (f - 1) + (g - 1).
std::vector<std::vector<double>> three_finger_morra() {
    std::vector<std::vector<double>> a(9, std::vector<double>(9));
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) {
            const int f1 = r / 3 + 1, g1 = r % 3 + 1, f2 = c / 3 + 1, g2 = c % 3 + 1;
            const bool right1 = g1 == f2, right2 = g2 == f1;
            a[r][c] = right1 == right2 ? 0 : (right1 ? f1 + f2 : -(f1 + f2));
        }
    return a;
}

}  // namespace

TEST(MatrixRational, FractionsFromDecimals) {
    EXPECT_EQ(exact_fraction(0.1), Rational(1, 10));
    EXPECT_EQ(exact_fraction(1.0 / 3), Rational(1, 3));
    EXPECT_EQ(exact_fraction(-2.5), Rational(-5, 2));
    EXPECT_FALSE(exact_fraction(3.141592653589793).has_value());
    EXPECT_FALSE(exact_fraction(std::nan("")).has_value());
    EXPECT_EQ((Rational(1, 3) + Rational(1, 6)).to_string(), "1/2");
    EXPECT_THROW(Rational(INT64_MAX, 1) * Rational(3, 1), RationalOverflow);
}

TEST(MatrixGameLp, RockPaperScissorsIsUniformWithValueZero) {
    const auto m = solve_mixed(game_of({{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}));
    ASSERT_TRUE(m.exact);
    EXPECT_EQ(m.exact->value, Rational(0));
    for (const auto& p : m.exact->row) EXPECT_EQ(p.to_string(), "1/3");
    for (const auto& p : m.exact->col) EXPECT_EQ(p.to_string(), "1/3");
    EXPECT_NEAR(m.dual_value, 0, 1e-12);
}

TEST(MatrixGameLp, TwoFingerMorraMatchesTheClosedForm) {
    // A 2x2 game without a saddle point: v = (ad - bc) / (a + d - b - c),
    // the row player plays the first row with (d - c) / (a + d - b - c).
    const std::int64_t a = 2, b = -3, c = -3, d = 4;
    const Rational denominator(a + d - b - c);
    const auto m = solve_mixed(game_of({{2, -3}, {-3, 4}}));
    ASSERT_TRUE(m.exact);
    EXPECT_EQ(m.exact->value * denominator, Rational(a * d - b * c));
    EXPECT_EQ(m.exact->value, Rational(-1, 12));
    EXPECT_EQ(m.exact->row[0] * denominator, Rational(d - c));
    EXPECT_EQ(m.exact->col[0] * denominator, Rational(d - b));
    EXPECT_EQ(m.exact->row[0], Rational(7, 12));
}

TEST(MatrixGameLp, ThreeFingerMorraIsFairAndTheSolutionIsOnTheClassicSegment) {
    const auto a = three_finger_morra();
    // The classic solution: every mix of (5/12, 4/12, 3/12) and
    // (16/37, 12/37, 9/37) on (1,3), (2,2), (3,1) guarantees 0; checked here
    // first, so that the test stands on arithmetic, not on the literature.
    auto on_diagonal = [](Rational p, Rational q, Rational r) {
        std::vector<Rational> x(9);
        x[2] = p, x[4] = q, x[6] = r;
        return x;
    };
    EXPECT_EQ(least_against_columns(a, on_diagonal({5, 12}, {4, 12}, {3, 12})), Rational(0));
    EXPECT_EQ(least_against_columns(a, on_diagonal({16, 37}, {12, 37}, {9, 37})), Rational(0));
    // Off the segment the guarantee is lost: a test that can fail.
    EXPECT_LT(least_against_columns(a, on_diagonal({1, 3}, {1, 3}, {1, 3})), Rational(0));

    const auto m = solve_mixed(make_matrix_game(a));
    ASSERT_TRUE(m.exact);
    EXPECT_EQ(m.exact->value, Rational(0));
    EXPECT_EQ(least_against_columns(a, m.exact->row), Rational(0));
    EXPECT_EQ(most_against_rows(a, m.exact->col), Rational(0));
    for (std::size_t k : {0, 1, 3, 5, 7, 8}) EXPECT_EQ(m.exact->row[k], Rational(0)) << k;
    // On the segment: p/r between 5/3 and 16/9 with q = 4/3 r... both ends have q/r = 4/3.
    EXPECT_EQ(m.exact->row[4] * Rational(3), m.exact->row[6] * Rational(4));
    EXPECT_GE(m.exact->row[2], Rational(5, 12));
    EXPECT_LE(m.exact->row[2], Rational(16, 37));
}

TEST(MatrixGamePure, TextbookSaddlePoint) {
    const auto g = game_of({{4, 5, 6}, {3, 7, 2}, {1, 8, 0}});
    const auto p = analyse_pure(g);
    EXPECT_EQ(p.maxmin, 4);
    EXPECT_EQ(p.minmax, 4);
    ASSERT_EQ(p.saddle_points.size(), 1u);
    EXPECT_EQ(p.saddle_points[0], std::make_pair(std::size_t{0}, std::size_t{0}));
    const auto m = solve_mixed(g);
    ASSERT_TRUE(m.exact);
    EXPECT_EQ(m.exact->value, Rational(4));
    EXPECT_EQ(m.exact->row[0], Rational(1));
}

TEST(MatrixGamePure, IteratedStrictDominanceLeavesOneEntry) {
    // R2 < R1; then C1 and C3 > C2 on the rows left; then R1 < R3 on C2.
    const auto g = game_of({{3, 1, 4}, {2, 0, 1}, {5, 2, 3}});
    const auto r = reduce_by_dominance(g);
    EXPECT_EQ(r.rows_left, std::vector<std::size_t>{2});
    EXPECT_EQ(r.cols_left, std::vector<std::size_t>{1});
    ASSERT_EQ(r.removed.size(), 4u);
    EXPECT_TRUE(r.removed[0].row);
    EXPECT_EQ(r.removed[0].strategy, 1u);
    EXPECT_EQ(r.removed[0].dominated_by, 0u);
    EXPECT_EQ(solve_mixed(g).exact->value, Rational(2));
    // Weak dominance removes nothing.
    EXPECT_TRUE(reduce_by_dominance(game_of({{1, 1}, {1, 0}})).removed.empty());
}

TEST(MatrixGameLp, RandomGamesKeepEveryPromise) {
    std::mt19937 rng(2024);
    std::uniform_int_distribution<int> entry(-9, 9), size(1, 9);
    for (int game = 0; game < 120; ++game) {
        std::vector<std::vector<double>> a(static_cast<std::size_t>(size(rng)));
        const auto cols = static_cast<std::size_t>(size(rng));
        for (auto& row : a)
            for (std::size_t j = 0; j < cols; ++j) row.push_back(entry(rng));
        const auto g = make_matrix_game(a);
        const auto p = analyse_pure(g);
        const auto m = solve_mixed(g);
        ASSERT_TRUE(m.exact) << game;
        const Rational v = m.exact->value;
        EXPECT_LE(Rational(static_cast<std::int64_t>(p.maxmin)), v) << game;
        EXPECT_LE(v, Rational(static_cast<std::int64_t>(p.minmax))) << game;
        EXPECT_EQ(least_against_columns(a, m.exact->row), v) << game;
        EXPECT_EQ(most_against_rows(a, m.exact->col), v) << game;
        EXPECT_NEAR(m.value, m.dual_value, 1e-9) << game;
        EXPECT_EQ(p.saddle_points.empty(), p.maxmin < p.minmax) << game;
    }
}

TEST(MatrixGameLp, LargerRandomGamesInFloatingPoint) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> entry(-1, 1);
    for (auto [rows, cols] : {std::pair{30, 40}, {60, 20}, {1, 50}, {80, 80}}) {
        std::vector<std::vector<double>> a(static_cast<std::size_t>(rows), std::vector<double>(cols));
        for (auto& row : a)
            for (double& v : row) v = entry(rng);
        const auto g = make_matrix_game(a);
        const auto p = analyse_pure(g);
        const auto m = solve_mixed(g, Arithmetic::Floating);
        EXPECT_LE(p.maxmin, m.value + 1e-9);
        EXPECT_LE(m.value, p.minmax + 1e-9);
        EXPECT_NEAR(m.value, m.dual_value, 1e-9);
        EXPECT_GE(m.row_guarantee, m.value - 1e-9);
        EXPECT_LE(m.col_guarantee, m.value + 1e-9);
    }
}

TEST(MatrixGameInput, BadMatricesAreRefused) {
    EXPECT_THROW(make_matrix_game({}), ply::ParseError);
    EXPECT_THROW(make_matrix_game({{1, 2}, {3}}), ply::ParseError);
    EXPECT_THROW(make_matrix_game({{1, std::nan("")}}), ply::ParseError);
    EXPECT_THROW(make_matrix_game({{1, INFINITY}}), ply::ParseError);
    EXPECT_THROW(make_matrix_game({{1, 2}}, {"a", "b"}), ply::ParseError);
    EXPECT_THROW(make_matrix_game(std::vector<std::vector<double>>(kMaxStrategies + 1, {1.0})), ply::ParseError);
}

namespace {

// A random game of integer entries -9..9: with GLPK's default start, the
// primal simplex stalls for ever on this one (seed 3) and on half of its
// kind.
MatrixGame random_integer_game(std::size_t rows, std::size_t cols, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> entry(-9, 9);
    std::vector<std::vector<double>> a(rows, std::vector<double>(cols));
    for (auto& row : a)
        for (double& v : row) v = entry(rng);
    return make_matrix_game(a);
}

}  // namespace

TEST(MatrixGameLp, LargeDegenerateGamesSolveWithinTheirBounds) {
    for (unsigned seed : {3u, 4u}) {
        const auto g = random_integer_game(250, 250, seed);
        const auto m = solve_mixed(g, Arithmetic::Automatic, {0, 60});
        const auto p = analyse_pure(g);
        EXPECT_LE(p.maxmin, m.value + 1e-9) << seed;
        EXPECT_LE(m.value, p.minmax + 1e-9) << seed;
        EXPECT_NEAR(m.row_guarantee, m.value, 1e-9) << seed;
        EXPECT_NEAR(m.col_guarantee, m.value, 1e-9) << seed;
    }
}

TEST(MatrixGameLp, ABoundHitIsAFailureNotAValue) {
    const auto g = random_integer_game(60, 60, 1);
    try {
        solve_mixed(g, Arithmetic::Floating, {3, 60});
        ADD_FAILURE() << "three simplex iterations solved a 60x60 game";
    } catch (const SolverFailure& e) {
        EXPECT_NE(std::string(e.what()).find("did not finish in 3 simplex iterations"), std::string::npos) << e.what();
    }
    EXPECT_THROW(solve_mixed(g, Arithmetic::Exact, {3, 60}), SolverFailure);
}

TEST(MatrixGameLp, TinyEntriesAreSolvedNotRoundedToZero) {
    // GLPK's tolerances are absolute: unscaled, a game of entries near 1e-12
    // had the value 0 and no column strategy.
    for (auto arithmetic : {Arithmetic::Floating, Arithmetic::Exact}) {
        EXPECT_NEAR(solve_mixed(game_of({{1e-12}}), arithmetic).value, 1e-12, 1e-21);
        const auto m = solve_mixed(game_of({{1e-300, 0}, {0, 1e-300}}), arithmetic);
        EXPECT_NEAR(m.value, 5e-301, 1e-309);
        EXPECT_NEAR(m.col_strategy[0], 0.5, 1e-9);
    }
}

TEST(MatrixGameInput, SubnormalAndMixedScaleEntriesAreRefused) {
    // GLPK aborted the process on a subnormal's scale factor; a float
    // simplex found "3" for a game of value 7e-12 with 1e12 beside 1e-12.
    EXPECT_THROW(game_of({{1e-320, 0}, {0, 1e-320}}), ply::ParseError);
    EXPECT_THROW(game_of({{5e-324}}), ply::ParseError);
    EXPECT_THROW(game_of({{1e12, 1e-12, 3}, {1e-12, -1e12, 7}, {0.5, 2, -1e12}}), ply::ParseError);
    EXPECT_THROW(game_of({{1e308, 1}}), ply::ParseError);
    EXPECT_NO_THROW(game_of({{1e6, 1e-6}, {0, -1}}));
}
