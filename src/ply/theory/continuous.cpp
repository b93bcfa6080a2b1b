#include <ply/theory/continuous.hpp>

#include <algorithm>
#include <cmath>

namespace ply::theory {

namespace {

double grid_point(double low, double high, std::size_t k, std::size_t n) {
    return n < 2 ? low : low + (high - low) * static_cast<double>(k) / static_cast<double>(n - 1);
}

// max over z of f(w, .) (maximise) or min over w of f(., z), on the grid;
// NaN where f is not finite.
double best_reply_value(const Expression& f, const Box& box, double fixed, bool maximise_z, std::size_t n) {
    double best = maximise_z ? -INFINITY : INFINITY;
    for (std::size_t k = 0; k < n; ++k) {
        const double v = maximise_z ? f(fixed, grid_point(box.z_low, box.z_high, k, n))
                                    : f(grid_point(box.w_low, box.w_high, k, n), fixed);
        if (!std::isfinite(v)) return NAN;
        best = maximise_z ? std::max(best, v) : std::min(best, v);
    }
    return best;
}

struct Point {
    double w, z;
};

Point project(const Box& box, Point p) {
    return {std::clamp(p.w, box.w_low, box.w_high), std::clamp(p.z, box.z_low, box.z_high)};
}

// The descent-ascent direction: down in w, up in z.
Point direction(const Expression& f, Point p) {
    const auto g = f.gradient(p.w, p.z);
    return {-g.dw, g.dz};
}

SaddleStep observe(const Expression& f, const Box& box, Point p, std::size_t step, std::size_t grid) {
    return {step,
            p.w,
            p.z,
            f(p.w, p.z),
            best_reply_value(f, box, p.w, true, grid),
            best_reply_value(f, box, p.z, false, grid)};
}

bool finite(const SaddleStep& s) { return std::isfinite(s.f) && std::isfinite(s.upper) && std::isfinite(s.lower); }
bool finite(Point p) { return std::isfinite(p.w) && std::isfinite(p.z); }

}  // namespace

SaddleRun find_saddle(const Expression& f, const Box& box, const SaddleOptions& o) {
    SaddleRun run;
    Point p = project(box, {o.w0, o.z0});
    Point last = direction(f, p);
    run.path.push_back(observe(f, box, p, 0, o.grid));
    // Outside f's domain (the log of a negative) or overflowing, the iterate
    // means nothing: the run stops there, not converged.
    auto stop = [&](Point at) {
        run.undefined = true;
        run.undefined_w = at.w, run.undefined_z = at.z;
    };
    if (!finite(run.path.back())) stop(p);
    for (std::size_t step = 1; step <= o.max_steps && !run.undefined; ++step) {
        const Point d = direction(f, p);
        if (!finite(d)) {
            stop(p);
            break;
        }
        if (o.method == SaddleMethod::Extragradient) {
            const Point ahead = project(box, {p.w + o.step * d.w, p.z + o.step * d.z});
            const Point d2 = direction(f, ahead);
            if (!finite(d2)) {
                stop(ahead);
                break;
            }
            p = project(box, {p.w + o.step * d2.w, p.z + o.step * d2.z});
        } else {
            p = project(box, {p.w + o.step * (2 * d.w - last.w), p.z + o.step * (2 * d.z - last.z)});
            last = d;
        }
        run.path.push_back(observe(f, box, p, step, o.grid));
        if (!finite(run.path.back())) {
            stop(p);
            break;
        }
        if (run.path.back().upper - run.path.back().lower <= o.tolerance) {
            run.converged = true;
            break;
        }
    }
    return run;
}

MinimaxSides minimax_sides(const Expression& f, const Box& box, std::size_t n) {
    MinimaxSides s{-INFINITY, 0, 0, INFINITY, 0, 0};
    for (std::size_t k = 0; k < n; ++k) {
        const double z = grid_point(box.z_low, box.z_high, k, n);
        double inner = INFINITY, at = box.w_low;
        for (std::size_t m = 0; m < n; ++m) {
            const double w = grid_point(box.w_low, box.w_high, m, n);
            const double v = f(w, z);
            if (!std::isfinite(v) && s.defined) s.defined = false, s.undefined_w = w, s.undefined_z = z;
            if (v < inner) inner = v, at = w;
        }
        if (inner > s.sup_inf) s.sup_inf = inner, s.sup_inf_z = z, s.sup_inf_w = at;
    }
    for (std::size_t m = 0; m < n; ++m) {
        const double w = grid_point(box.w_low, box.w_high, m, n);
        double inner = -INFINITY, at = box.z_low;
        for (std::size_t k = 0; k < n; ++k) {
            const double z = grid_point(box.z_low, box.z_high, k, n);
            if (const double v = f(w, z); v > inner) inner = v, at = z;
        }
        if (inner < s.inf_sup) s.inf_sup = inner, s.inf_sup_w = w, s.inf_sup_z = at;
    }
    return s;
}

const std::vector<ContinuousExample>& continuous_examples() {
    static const std::vector<ContinuousExample> examples = {
        {"saddle", "w^2 - z^2", "convex in w, concave in z: the saddle point (0, 0), value 0", {}},
        {"bilinear", "w*z", "bilinear: plain descent-ascent circles it; the saddle (0, 0), value 0", {}},
        {"nonconvex",
         "(w - z)^2",
         "convex in z as well as w: no saddle point, sup inf = 0 < inf sup = 1 (the second to choose wins)",
         {}},
    };
    return examples;
}

}  // namespace ply::theory
