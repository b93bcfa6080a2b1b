// Continuous zero-sum games: w minimises f(w, z), z maximises it, each in an
// interval. The max-min inequality sup_z inf_w f <= inf_w sup_z f always
// holds; for f convex in w and concave in z the two sides are equal (the
// minimax theorem) and a saddle point exists, which extragradient or
// optimistic gradient descent-ascent finds. Plain simultaneous descent-
// ascent can circle a bilinear saddle for ever, hence the corrections.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include <ply/theory/expression.hpp>

namespace ply::theory {

struct Box {
    double w_low = -1, w_high = 1, z_low = -1, z_high = 1;
};

enum class SaddleMethod {
    Extragradient,  // Korpelevich 1976: a look-ahead step, then the step from the look-ahead's gradient
    Optimistic,     // Popov 1980 / optimistic GDA: this gradient twice less the last one
};

struct SaddleOptions {
    SaddleMethod method = SaddleMethod::Extragradient;
    double step = 0.1;
    std::size_t max_steps = 1000;
    double tolerance = 1e-6;  // stop once the gap is at most this
    double w0 = 0, z0 = 0;
    std::size_t grid = 401;  // points a side for the inner max and min
};

struct SaddleStep {
    std::size_t step = 0;
    double w = 0, z = 0, f = 0;
    // max over z of f(w, .) and min over w of f(., z), on the grid: the
    // iterate's guarantees; lower <= sup inf <= inf sup <= upper.
    double upper = 0, lower = 0;
};

struct SaddleRun {
    std::vector<SaddleStep> path;  // every step (the start as step 0)
    bool converged = false;        // the gap closed to the tolerance
    // f, its gradient or a guarantee was NaN or infinite (outside f's
    // domain, or overflowing) at (undefined_w, undefined_z): the run stopped.
    bool undefined = false;
    double undefined_w = 0, undefined_z = 0;
};

SaddleRun find_saddle(const Expression& f, const Box& box, const SaddleOptions& options);

// The two sides of the max-min inequality over a grid of the box, with
// where they are reached.
struct MinimaxSides {
    double sup_inf = 0, sup_inf_z = 0, sup_inf_w = 0;  // sup_z inf_w f, at z (w the inner minimiser)
    double inf_sup = 0, inf_sup_w = 0, inf_sup_z = 0;  // inf_w sup_z f, at w (z the inner maximiser)
    bool defined = true;                               // f finite on the whole grid; if not, first where not:
    double undefined_w = 0, undefined_z = 0;
};

MinimaxSides minimax_sides(const Expression& f, const Box& box, std::size_t grid = 401);

struct ContinuousExample {
    std::string_view name, expression, about;
    Box box;
};

// saddle (w^2 - z^2), bilinear (w z), nonconvex ((w - z)^2: convex in z too,
// and sup inf = 0 < inf sup = 1).
const std::vector<ContinuousExample>& continuous_examples();

}  // namespace ply::theory
