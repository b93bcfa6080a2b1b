// The linear programs of lp.hpp, solved by GLPK: floating-point simplex,
// then (for exact arithmetic) GLPK's rational simplex started from its basis.
#include <ply/theory/lp.hpp>

#include <glpk.h>

#include <chrono>
#include <memory>
#include <stdexcept>

namespace ply::theory {

namespace {

struct SideSolution {
    double value = 0;
    std::vector<double> strategy;
};

struct LpDeleter {
    void operator()(glp_prob* lp) const { glp_delete_prob(lp); }
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// One player's program: `mine` strategies (columns 1..mine of the LP, the
// value the last), one constraint per strategy of the other player and one
// that the probabilities sum to 1. `a(mine, other)` is the payoff.
template <class Payoff>
SideSolution solve_side(std::size_t mine, std::size_t other, bool maximiser, Payoff a, bool exact,
                        double& float_seconds, double& exact_seconds) {
    std::unique_ptr<glp_prob, LpDeleter> lp(glp_create_prob());
    const int n = static_cast<int>(mine), k = static_cast<int>(other);
    glp_set_obj_dir(lp.get(), maximiser ? GLP_MAX : GLP_MIN);
    glp_add_rows(lp.get(), k + 1);
    glp_add_cols(lp.get(), n + 1);
    for (int c = 1; c <= k; ++c) glp_set_row_bnds(lp.get(), c, maximiser ? GLP_LO : GLP_UP, 0, 0);
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
        for (int t = 1; t <= n; ++t) put(c, t, a(static_cast<std::size_t>(t - 1), static_cast<std::size_t>(c - 1)));
        put(c, n + 1, -1);
    }
    for (int t = 1; t <= n; ++t) put(k + 1, t, 1);
    glp_load_matrix(lp.get(), static_cast<int>(ia.size() - 1), ia.data(), ja.data(), ar.data());

    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    auto start = std::chrono::steady_clock::now();
    if (glp_simplex(lp.get(), &parm) != 0) throw std::runtime_error("GLPK's simplex failed");
    float_seconds += seconds_since(start);
    if (exact) {
        start = std::chrono::steady_clock::now();
        if (glp_exact(lp.get(), &parm) != 0) throw std::runtime_error("GLPK's exact simplex failed");
        exact_seconds += seconds_since(start);
    }
    if (glp_get_status(lp.get()) != GLP_OPT) throw std::runtime_error("GLPK found no optimum");
    SideSolution s{glp_get_obj_val(lp.get()), {}};
    for (int t = 1; t <= n; ++t) s.strategy.push_back(glp_get_col_prim(lp.get(), t));
    return s;
}

}  // namespace

MixedSolution solve_mixed(const MatrixGame& g, Arithmetic arithmetic) {
    glp_term_out(GLP_OFF);
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
    const auto row = solve_side(
        g.rows, g.cols, true, [&](std::size_t i, std::size_t j) { return a[i * g.cols + j]; }, exact, m.float_seconds,
        m.exact_seconds);
    const auto col = solve_side(
        g.cols, g.rows, false, [&](std::size_t j, std::size_t i) { return a[i * g.cols + j]; }, exact, m.float_seconds,
        m.exact_seconds);
    m.value = row.value / factor;
    m.dual_value = col.value / factor;
    m.row_strategy = row.strategy;
    m.col_strategy = col.strategy;
    m.row_guarantee = row_guarantee(g, m.row_strategy);
    m.col_guarantee = column_guarantee(g, m.col_strategy);
    if (fractions && (exact || small)) m.exact = verify_exactly(g, *fractions, m.row_strategy, m.col_strategy);
    return m;
}

}  // namespace ply::theory
