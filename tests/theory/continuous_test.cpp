// Continuous games: the expression parser, extragradient and optimistic
// descent-ascent reaching known saddle points, and a game where the max-min
// inequality is strict.
#include <gtest/gtest.h>

#include <cmath>

#include <ply/core/error.hpp>
#include <ply/theory/continuous.hpp>

using namespace ply::theory;

TEST(MatrixContinuous, ExpressionsEvaluateWithTheirGradients) {
    const auto f = Expression::parse("w^2 - 3*w*z + sin(z) / 2 - -1");
    EXPECT_DOUBLE_EQ(f(2, 0), 4 + 1);
    const auto g = f.gradient(1.5, 0.5);
    EXPECT_NEAR(g.dw, 2 * 1.5 - 3 * 0.5, 1e-12);
    EXPECT_NEAR(g.dz, -3 * 1.5 + std::cos(0.5) / 2, 1e-12);
    EXPECT_DOUBLE_EQ(Expression::parse("-w^2")(3, 0), -9);    // power binds tighter than minus
    EXPECT_DOUBLE_EQ(Expression::parse("2^3^2")(0, 0), 512);  // and to the right
    EXPECT_DOUBLE_EQ(Expression::parse("exp(log(abs(-4))) + sqrt(9)")(0, 0), 7);
    EXPECT_NEAR(Expression::parse("w^z").gradient(2, 3).dz, 8 * std::log(2), 1e-12);
}

TEST(MatrixContinuous, BadExpressionsSayWhere) {
    auto error = [](const char* text) -> std::string {
        try {
            Expression::parse(text);
        } catch (const ply::ParseError& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_NE(error("sin(w").find("expected ')'"), std::string::npos);
    EXPECT_NE(error("x + 1").find("names 'x'"), std::string::npos);
    EXPECT_NE(error("w +").find("incomplete"), std::string::npos);
    EXPECT_NE(error("2 w").find("unexpected 'w' at character 3"), std::string::npos);
    EXPECT_NE(error(std::string(100, '(').c_str()).find("nests deeper"), std::string::npos);
    EXPECT_NE(error("").find("incomplete"), std::string::npos);
}

TEST(MatrixContinuous, BothMethodsFindTheSaddleOfWSquaredMinusZSquared) {
    const auto f = Expression::parse("w^2 - z^2");
    for (auto method : {SaddleMethod::Extragradient, SaddleMethod::Optimistic}) {
        SaddleOptions o;
        o.method = method;
        o.w0 = 0.6, o.z0 = -0.4;
        const auto run = find_saddle(f, Box{}, o);
        ASSERT_TRUE(run.converged);
        EXPECT_NEAR(run.path.back().w, 0, 1e-3);
        EXPECT_NEAR(run.path.back().z, 0, 1e-3);
        EXPECT_GT(run.path.front().upper - run.path.front().lower, 0.5);
    }
    const auto sides = minimax_sides(f, Box{});
    EXPECT_NEAR(sides.sup_inf, 0, 1e-12);
    EXPECT_NEAR(sides.inf_sup, 0, 1e-12);
}

TEST(MatrixContinuous, ExtragradientSolvesTheBilinearGame) {
    // Plain simultaneous descent-ascent spirals out on w z; the look-ahead
    // step pulls it in to (0, 0).
    SaddleOptions o;
    o.w0 = 0.6, o.z0 = -0.4, o.max_steps = 5000;
    const auto run = find_saddle(Expression::parse("w*z"), Box{}, o);
    ASSERT_TRUE(run.converged);
    EXPECT_NEAR(run.path.back().w, 0, 1e-3);
    EXPECT_NEAR(run.path.back().z, 0, 1e-3);
}

TEST(MatrixContinuous, WithoutConvexityTheTwoSidesDiffer) {
    // (w - z)^2 is convex in z as well: the maximiser choosing second
    // always gets away, sup_z inf_w f = 0 < inf_w sup_z f = 1.
    const auto f = Expression::parse("(w - z)^2");
    const auto sides = minimax_sides(f, Box{});
    EXPECT_NEAR(sides.sup_inf, 0, 1e-12);
    EXPECT_NEAR(sides.inf_sup, 1, 1e-12);
    EXPECT_NEAR(sides.inf_sup_w, 0, 1e-12);
    SaddleOptions o;
    o.w0 = 0.6, o.z0 = -0.4;
    const auto run = find_saddle(f, Box{}, o);
    EXPECT_FALSE(run.converged);
    EXPECT_GE(run.path.back().upper - run.path.back().lower, 1 - 1e-9);
}

TEST(MatrixContinuous, NaNOrInfinityIsNeverASaddle) {
    // sqrt(w) - z^2 reported a saddle of value -nan as converged.
    const Box box;
    for (const char* text : {"sqrt(w) - z^2", "log(w) + z", "1/w - z^2", "w/0 + z", "exp(exp(exp(9*w))) - z^2",
                             "0^(-1) + w - z", "log(z - w + 2) - log(w + 1)"}) {
        const auto f = Expression::parse(text);
        EXPECT_FALSE(minimax_sides(f, box, 41).defined) << text;
        SaddleOptions o;
        o.w0 = -0.5, o.z0 = 0.5;
        const auto run = find_saddle(f, box, o);
        EXPECT_FALSE(run.converged) << text;
        EXPECT_TRUE(run.undefined) << text;
    }
    // Finite on the box, but its gradient is not at w = 0.
    SaddleOptions o;
    o.w0 = 0.5;
    const auto run = find_saddle(Expression::parse("sqrt(w) - z^2"), {0, 1, -1, 1}, o);
    EXPECT_TRUE(run.undefined);
    EXPECT_FALSE(run.converged);
    EXPECT_TRUE(minimax_sides(Expression::parse("w^2 - z^2"), box, 41).defined);
}

TEST(MatrixContinuous, MessagesClipTheExpression) {
    try {
        Expression::parse(std::string(3000, 'w'));
        ADD_FAILURE();
    } catch (const ply::ParseError& e) {
        EXPECT_LT(std::string(e.what()).size(), 200u) << e.what();
    }
    try {
        Expression::parse("w + " + std::string(1500, 'q'));
        ADD_FAILURE();
    } catch (const ply::ParseError& e) {
        EXPECT_LT(std::string(e.what()).size(), 300u) << e.what();
    }
}

TEST(MatrixContinuous, MessagesStayOnOneLine) {
    // Found by fuzz/expression_fuzzer: a newline in the input split the message.
    for (const char* text : {"sin(w)\nexp(-z)", "w +\n", "w\r\n+ q", "\x1b[2Jw"}) {
        try {
            Expression::parse(text);
            ADD_FAILURE() << text;
        } catch (const ply::ParseError& e) {
            const std::string message = e.what();
            EXPECT_EQ(message.find_first_of("\n\r\x1b"), std::string::npos) << message;
        }
    }
}
