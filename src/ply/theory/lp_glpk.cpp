// The linear programs of lp.hpp, solved by GLPK: floating-point simplex,
// then (for exact arithmetic) GLPK's rational simplex started from its basis.
#include <ply/theory/lp.hpp>

#include <glpk.h>

#include <chrono>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace ply::theory {

namespace {

struct SideSolution {
    double value = 0;                             // the program's optimum
    double dual_value = 0;                        // the dual's: the shadow price of sum x = 1
    std::vector<double> strategy, dual_strategy;  // x, and the other's y from the duals
};

struct LpDeleter {
    void operator()(glp_prob* lp) const { glp_delete_prob(lp); }
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The row player's program: columns 1..rows of the LP are x, the last is
// v; one constraint per column of the game, and one that x sums to 1.
SideSolution solve_program(std::size_t rows, std::size_t cols, const std::vector<double>& payoff, bool exact,
                           double& float_seconds, double& exact_seconds) {
    std::unique_ptr<glp_prob, LpDeleter> lp(glp_create_prob());
    const int n = static_cast<int>(rows), k = static_cast<int>(cols);
    glp_set_obj_dir(lp.get(), GLP_MAX);
    glp_add_rows(lp.get(), k + 1);
    glp_add_cols(lp.get(), n + 1);
    for (int c = 1; c <= k; ++c) glp_set_row_bnds(lp.get(), c, GLP_LO, 0, 0);
    glp_set_row_bnds(lp.get(), k + 1, GLP_FX, 1, 1);
    for (int t = 1; t <= n; ++t) glp_set_col_bnds(lp.get(), t, GLP_LO, 0, 0);
    glp_set_col_bnds(lp.get(), n + 1, GLP_FR, 0, 0);
    glp_set_obj_coef(lp.get(), n + 1, 1);

    std::vector<int> ia{0}, ja{0};  // GLPK counts from 1
    std::vector<double> ar{0};
    auto put = [&](int r, int c, double v) {
        if (v == 0) return;
        ia.push_back(r), ja.push_back(c), ar.push_back(v);
    };
    for (int c = 1; c <= k; ++c) {
        for (int t = 1; t <= n; ++t)
            put(c, t, payoff[static_cast<std::size_t>(t - 1) * cols + static_cast<std::size_t>(c - 1)]);
        put(c, n + 1, -1);
    }
    for (int t = 1; t <= n; ++t) put(k + 1, t, 1);
    glp_load_matrix(lp.get(), static_cast<int>(ia.size() - 1), ia.data(), ja.data(), ar.data());

    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    auto start = std::chrono::steady_clock::now();
    // Payoffs scaled to integers (hundreds) beside the value's -1 slow the
    // floating simplex forty-fold; GLPK's own scaling undoes that (the
    // exact simplex works on the data as given).
    glp_scale_prob(lp.get(), GLP_SF_AUTO);
    if (glp_simplex(lp.get(), &parm) != 0) throw std::runtime_error("GLPK's simplex failed");
    float_seconds += seconds_since(start);
    if (exact) {
        start = std::chrono::steady_clock::now();
        if (glp_exact(lp.get(), &parm) != 0) throw std::runtime_error("GLPK's exact simplex failed");
        exact_seconds += seconds_since(start);
    }
    if (glp_get_status(lp.get()) != GLP_OPT) throw std::runtime_error("GLPK found no optimum");
    SideSolution s{glp_get_obj_val(lp.get()), glp_get_row_dual(lp.get(), k + 1), {}, {}};
    for (int t = 1; t <= n; ++t) s.strategy.push_back(glp_get_col_prim(lp.get(), t));
    // Each constraint's shadow price is the weight the other player gives
    // that strategy (GLPK's sign depends on the direction).
    for (int c = 1; c <= k; ++c) s.dual_strategy.push_back(std::fabs(glp_get_row_dual(lp.get(), c)));
    return s;
}

// GLPK keeps an environment a thread (its memory, its terminal hook); it is
// freed after each solve, so that nothing of GLPK's outlives it (leak checkers).
struct GlpkEnvironment {
    GlpkEnvironment() { glp_term_out(GLP_OFF); }
    ~GlpkEnvironment() { glp_free_env(); }
    GlpkEnvironment(const GlpkEnvironment&) = delete;
    GlpkEnvironment& operator=(const GlpkEnvironment&) = delete;
};

}  // namespace

MixedSolution solve_mixed(const MatrixGame& g, Arithmetic arithmetic) {
    const GlpkEnvironment environment;
    const bool small = g.rows * g.cols <= kExactAutoEntries;
    const bool exact = arithmetic == Arithmetic::Exact || (arithmetic == Arithmetic::Automatic && small);
    const auto fractions = exact_payoffs(g);
    // An exact solver is given the game the user typed, scaled to integers,
    // not the binary rounding of its decimals.
    const auto scale = fractions ? integer_scale(*fractions) : std::nullopt;
    const double factor = exact && scale ? static_cast<double>(*scale) : 1.0;
    std::vector<double> a = g.payoff;
    for (double& v : a) v *= factor;

    MixedSolution m;
    m.exact_simplex = exact;
    const auto row = solve_program(g.rows, g.cols, a, exact, m.float_seconds, m.exact_seconds);
    m.value = row.value / factor;
    m.dual_value = row.dual_value / factor;
    m.row_strategy = row.strategy;
    m.col_strategy = row.dual_strategy;
    m.row_guarantee = row_guarantee(g, m.row_strategy);
    m.col_guarantee = column_guarantee(g, m.col_strategy);
    if (fractions && (exact || small)) m.exact = verify_exactly(g, *fractions, m.row_strategy, m.col_strategy);
    return m;
}

}  // namespace ply::theory
