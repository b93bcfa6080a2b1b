// The linear programs of lp.hpp, solved by GLPK: floating-point simplex,
// then (for exact arithmetic) GLPK's rational simplex started from its basis.
#include <ply/theory/lp.hpp>

#include <glpk.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csetjmp>
#include <cstdio>
#include <memory>
#include <string>

namespace ply::theory {

namespace {

struct SideSolution {
    double value = 0;                             // the program's optimum
    double dual_value = 0;                        // the dual's: the shadow price of sum x = 1
    std::vector<double> strategy, dual_strategy;  // x, and the other's y from the duals
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The row player's program as GLPK's arrays (counted from 1), built before
// GLPK runs: columns 1..n of the LP are x, column n + 1 is v; one
// constraint per column of the game, and one that x sums to 1.
struct Program {
    int n = 0, k = 0;  // the game's rows and columns
    std::vector<int> ia{0}, ja{0};
    std::vector<double> ar{0};
    int it_lim = 0, tm_lim = 0;  // GLPK's bounds: iterations, milliseconds
    bool exact = false;
};

Program program_of(std::size_t rows, std::size_t cols, const std::vector<double>& payoff) {
    Program p;
    p.n = static_cast<int>(rows), p.k = static_cast<int>(cols);
    auto put = [&](int r, int c, double v) {
        if (v == 0) return;
        p.ia.push_back(r), p.ja.push_back(c), p.ar.push_back(v);
    };
    for (int c = 1; c <= p.k; ++c) {
        for (int t = 1; t <= p.n; ++t)
            put(c, t, payoff[static_cast<std::size_t>(t - 1) * cols + static_cast<std::size_t>(c - 1)]);
        put(c, p.n + 1, -1);
    }
    for (int t = 1; t <= p.n; ++t) put(p.k + 1, t, 1);
    return p;
}

// How a run of GLPK ended, and what it found.
struct Outcome {
    int code = 0;  // glp_simplex's or glp_exact's return, 0 if both succeeded
    int status = 0;
    bool internal_error = false;
    char said[160] = {};  // the first line GLPK prints: its error message
    std::size_t said_length = 0;
    bool said_line = false;
    std::jmp_buf jump;
    SideSolution solution;
    double float_seconds = 0, exact_seconds = 0;
};

// GLPK prints only its error messages (terminal output is off): the first
// line is kept for ours, nothing is printed.
int on_glpk_output(void* info, const char* text) {
    auto& o = *static_cast<Outcome*>(info);
    for (; *text && !o.said_line; ++text) {
        o.said_line = *text == '\n' || o.said_length + 1 == sizeof o.said;
        if (!o.said_line) o.said[o.said_length++] = *text;
    }
    return 1;
}

[[noreturn]] void on_glpk_error(void* info) { std::longjmp(static_cast<Outcome*>(info)->jump, 1); }

void set_up(glp_prob* lp, const Program& p) {
    glp_set_obj_dir(lp, GLP_MAX);
    glp_add_rows(lp, p.k + 1);
    glp_add_cols(lp, p.n + 1);
    for (int c = 1; c <= p.k; ++c) glp_set_row_bnds(lp, c, GLP_LO, 0, 0);
    glp_set_row_bnds(lp, p.k + 1, GLP_FX, 1, 1);
    for (int t = 1; t <= p.n; ++t) glp_set_col_bnds(lp, t, GLP_LO, 0, 0);
    glp_set_col_bnds(lp, p.n + 1, GLP_FR, 0, 0);
    glp_set_obj_coef(lp, p.n + 1, 1);
    glp_load_matrix(lp, static_cast<int>(p.ia.size() - 1), p.ia.data(), p.ja.data(), p.ar.data());
    // Payoffs scaled to integers (hundreds) beside the value's -1 slow the
    // floating simplex forty-fold; GLPK's own scaling undoes that (the
    // exact simplex works on the data as given).
    glp_scale_prob(lp, GLP_SF_AUTO);
    // From GLPK's all-slack basis the primal simplex stalls for ever in its
    // first phase on half of the random 250x250 games of entries -9..9; from
    // an advanced basis it solves them all in a second.
    glp_adv_basis(lp, 0);
}

void read_solution(glp_prob* lp, const Program& p, SideSolution& s) {
    s.value = glp_get_obj_val(lp);
    s.dual_value = glp_get_row_dual(lp, p.k + 1);
    for (int t = 1; t <= p.n; ++t) s.strategy[static_cast<std::size_t>(t - 1)] = glp_get_col_prim(lp, t);
    // Each constraint's shadow price is the weight the other player gives
    // that strategy (GLPK's sign depends on the direction).
    for (int c = 1; c <= p.k; ++c)
        s.dual_strategy[static_cast<std::size_t>(c - 1)] = std::fabs(glp_get_row_dual(lp, c));
}

// GLPK ends the process on an internal error (a scale factor it cannot
// use, say) unless its error hook jumps out, after which its environment
// must be freed, and all its memory with it. Nothing on this frame has a
// destructor for the jump to skip: the caller holds the C++ objects.
void run_glpk(const Program& p, Outcome& o) {
    if (setjmp(o.jump) != 0) {
        glp_free_env();
        o.internal_error = true;
        return;
    }
    glp_term_out(GLP_OFF);
    glp_term_hook(on_glpk_output, &o);
    glp_error_hook(on_glpk_error, &o);
    glp_prob* lp = glp_create_prob();
    set_up(lp, p);
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.it_lim = p.it_lim;
    parm.tm_lim = p.tm_lim;
    auto start = std::chrono::steady_clock::now();
    o.code = glp_simplex(lp, &parm);
    o.float_seconds = seconds_since(start);
    if (o.code == 0 && p.exact) {
        parm.tm_lim = std::max(1, p.tm_lim - static_cast<int>(o.float_seconds * 1000));
        start = std::chrono::steady_clock::now();
        o.code = glp_exact(lp, &parm);
        o.exact_seconds = seconds_since(start);
    }
    o.status = glp_get_status(lp);
    if (o.code == 0 && o.status == GLP_OPT) read_solution(lp, p, o.solution);
    glp_delete_prob(lp);
    glp_free_env();  // nothing of GLPK's outlives a solve (leak checkers)
}

std::string failure_text(const Outcome& o, const Program& p) {
    if (o.internal_error) return "GLPK cannot solve this game: " + std::string(o.said, o.said_length);
    if (o.code == GLP_EITLIM)
        return "the linear program did not finish in " + std::to_string(p.it_lim) + " simplex iterations";
    if (o.code == GLP_ETMLIM) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", p.tm_lim / 1000.0);
        return "the linear program did not finish in " + std::string(seconds) + " s (--lp-seconds)";
    }
    if (o.code != 0) return "GLPK's simplex failed (code " + std::to_string(o.code) + ")";
    return "GLPK found no optimum";
}

SideSolution solve_program(std::size_t rows, std::size_t cols, const std::vector<double>& payoff, bool exact,
                           const SolveLimits& limits, double& float_seconds, double& exact_seconds) {
    Program p = program_of(rows, cols, payoff);
    p.exact = exact;
    const std::size_t iterations = limits.iterations ? limits.iterations : 10'000 + 20 * (rows + cols);
    p.it_lim = static_cast<int>(std::min<std::size_t>(iterations, 1'000'000'000));
    p.tm_lim = static_cast<int>(std::clamp(limits.seconds * 1000, 1.0, 1e9));
    auto o = std::make_unique<Outcome>();
    o->solution.strategy.resize(rows);
    o->solution.dual_strategy.resize(cols);
    run_glpk(p, *o);
    float_seconds += o->float_seconds;
    exact_seconds += o->exact_seconds;
    if (o->internal_error || o->code != 0 || o->status != GLP_OPT) throw SolverFailure(failure_text(*o, p));
    return std::move(o->solution);
}

// `p` as a probability vector: GLPK's values may stray below 0 or off a
// sum of 1 by its tolerance.
void make_distribution(std::vector<double>& p) {
    double sum = 0;
    for (double& v : p) sum += v = std::fmax(v, 0.0);
    if (sum > 0)
        for (double& v : p) v /= sum;
}

// The value must lie between what the two strategies guarantee, up to the
// floating simplex's tolerance, or the answer is not reported.
void check_guarantees(const MixedSolution& m, double largest) {
    const double slack = 1e-6 * largest;  // GLPK's own tolerances are 1e-7, relative
    if (m.row_guarantee - slack <= m.value && m.value <= m.col_guarantee + slack &&
        m.col_guarantee - m.row_guarantee <= slack)
        return;
    char text[200];
    std::snprintf(text, sizeof text, "GLPK's value %.9g does not check out: its strategies guarantee %.9g and %.9g",
                  m.value, m.row_guarantee, m.col_guarantee);
    throw SolverFailure(text);
}

}  // namespace

MixedSolution solve_mixed(const MatrixGame& g, Arithmetic arithmetic, const SolveLimits& limits) {
    const bool small = g.rows * g.cols <= kExactAutoEntries;
    const bool exact = arithmetic == Arithmetic::Exact || (arithmetic == Arithmetic::Automatic && small);
    const auto fractions = exact_payoffs(g);
    // An exact solver is given the game the user typed, scaled to integers,
    // not the binary rounding of its decimals; the floating one, the game
    // scaled by a power of two to entries below 1 (its tolerances are
    // absolute: a game of entries 1e-12 is all zeros to it).
    const auto scale = fractions ? integer_scale(*fractions) : std::nullopt;
    double largest = 0;
    for (double v : g.payoff) largest = std::fmax(largest, std::fabs(v));
    int exponent = 0;
    std::frexp(largest, &exponent);
    const double factor = exact && scale ? static_cast<double>(*scale) : std::ldexp(1.0, -exponent);
    std::vector<double> a = g.payoff;
    for (double& v : a) v *= factor;

    MixedSolution m;
    m.exact_simplex = exact;
    const auto row = solve_program(g.rows, g.cols, a, exact, limits, m.float_seconds, m.exact_seconds);
    m.value = row.value / factor;
    m.dual_value = row.dual_value / factor;
    m.row_strategy = row.strategy;
    m.col_strategy = row.dual_strategy;
    make_distribution(m.row_strategy);
    make_distribution(m.col_strategy);
    m.row_guarantee = row_guarantee(g, m.row_strategy);
    m.col_guarantee = column_guarantee(g, m.col_strategy);
    check_guarantees(m, largest);
    if (fractions && (exact || small)) m.exact = verify_exactly(g, *fractions, m.row_strategy, m.col_strategy);
    return m;
}

}  // namespace ply::theory
