// What `ply matrix` prints, as text or one JSON object, and the plot of the
// learners' exploitability.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include <ply/cli/commands.hpp>
#include <ply/cli/matrix.hpp>
#include <ply/theory/iterative.hpp>
#include <ply/theory/lp.hpp>
#include <ply/theory/pure.hpp>
#include <ply/tools/number_text.hpp>
#include <ply/tools/plot/gnuplot.hpp>

namespace ply::cli {

namespace {

using nlohmann::json;
using theory::MatrixGame;

// Integers as integers, other numbers in up to 9 significant digits.
std::string matrix_number(double v) {
    if (v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<long long>(v));
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", v);
    return text;
}

// The table itself, when it fits a terminal.
void print_payoffs(const MatrixGame& g) {
    constexpr std::size_t kMaxPrintedRows = 40, kMaxPrintedColumns = 30;
    if (g.rows > kMaxPrintedRows || g.cols > kMaxPrintedColumns) {
        std::cout << "(the table is not printed: " << g.rows << "x" << g.cols
                  << "; --json holds it up to 10,000 entries)\n";
        return;
    }
    std::size_t width = 1, label = 1;
    for (std::size_t i = 0; i < g.rows; ++i) label = std::max(label, g.row_name(i).size());
    for (std::size_t j = 0; j < g.cols; ++j) width = std::max(width, g.col_name(j).size());
    for (double v : g.payoff) width = std::max(width, matrix_number(v).size());
    auto cell = [&](const std::string& s, std::size_t w) { return std::string(w - std::min(w, s.size()), ' ') + s; };
    std::cout << std::string(label, ' ');
    for (std::size_t j = 0; j < g.cols; ++j) std::cout << "  " << cell(g.col_name(j), width);
    std::cout << "\n";
    for (std::size_t i = 0; i < g.rows; ++i) {
        std::cout << g.row_name(i) << std::string(label - g.row_name(i).size(), ' ');
        for (std::size_t j = 0; j < g.cols; ++j) std::cout << "  " << cell(matrix_number(g.at(i, j)), width);
        std::cout << "\n";
    }
}

template <class Name>
std::vector<std::string> names_of(const std::vector<std::size_t>& which, Name name) {
    std::vector<std::string> out;
    for (std::size_t k : which) out.push_back(name(k));
    return out;
}

std::string joined(const std::vector<std::string>& parts, const char* separator = ", ") {
    std::string out;
    for (std::size_t k = 0; k < parts.size(); ++k) out += (k ? separator : "") + parts[k];
    return out;
}

json pure_json(const MatrixGame& g, const theory::PureAnalysis& p) {
    json saddles = json::array();
    for (auto [i, j] : p.saddle_points)
        saddles.push_back({{"row", g.row_name(i)}, {"column", g.col_name(j)}, {"value", g.at(i, j)}});
    return {{"maxmin", p.maxmin},
            {"maxmin_rows", names_of(p.maxmin_rows, [&](std::size_t i) { return g.row_name(i); })},
            {"minmax", p.minmax},
            {"minmax_columns", names_of(p.minmax_cols, [&](std::size_t j) { return g.col_name(j); })},
            {"saddle_points", saddles}};
}

void print_pure(const MatrixGame& g, const theory::PureAnalysis& p) {
    const auto rows = names_of(p.maxmin_rows, [&](std::size_t i) { return g.row_name(i); });
    const auto cols = names_of(p.minmax_cols, [&](std::size_t j) { return g.col_name(j); });
    std::cout << "pure max-min: " << matrix_number(p.maxmin) << " (" << joined(rows)
              << ": the most the row player makes sure of, choosing first)\n"
              << "pure min-max: " << matrix_number(p.minmax) << " (" << joined(cols)
              << ": the least the column player holds it to, choosing first)\n"
              << "max-min <= min-max: " << matrix_number(p.maxmin) << " <= " << matrix_number(p.minmax)
              << (p.saddle_points.empty() ? " (no pure saddle point: the game needs mixed strategies)\n" : "\n");
    std::vector<std::string> saddles;
    for (auto [i, j] : p.saddle_points)
        saddles.push_back("(" + g.row_name(i) + ", " + g.col_name(j) + ") = " + matrix_number(g.at(i, j)));
    std::cout << "pure saddle points: " << (saddles.empty() ? "none" : joined(saddles)) << "\n";
}

json dominance_json(const MatrixGame& g, const theory::Reduction& r) {
    json removed = json::array();
    for (const auto& x : r.removed)
        removed.push_back({{"player", x.row ? "row" : "column"},
                           {"strategy", x.row ? g.row_name(x.strategy) : g.col_name(x.strategy)},
                           {"by", x.row ? g.row_name(x.dominated_by) : g.col_name(x.dominated_by)}});
    return {{"removed", removed},
            {"rows_left", names_of(r.rows_left, [&](std::size_t i) { return g.row_name(i); })},
            {"columns_left", names_of(r.cols_left, [&](std::size_t j) { return g.col_name(j); })}};
}

void print_dominance(const MatrixGame& g, const theory::Reduction& r) {
    if (r.removed.empty()) {
        std::cout << "strictly dominated strategies: none\n";
        return;
    }
    std::cout << "strictly dominated strategies, removed in order:";
    for (const auto& x : r.removed)
        std::cout << (x.row ? " row " + g.row_name(x.strategy) + " (below " + g.row_name(x.dominated_by) + ")"
                            : " column " + g.col_name(x.strategy) + " (above " + g.col_name(x.dominated_by) + ")");
    std::cout << "\nleft: " << r.rows_left.size() << "x" << r.cols_left.size() << "\n";
}

// p_k as a fraction when proven, else a decimal.
std::string probability_text(const theory::MixedSolution& m, bool row, std::size_t k) {
    if (m.exact) return (row ? m.exact->row[k] : m.exact->col[k]).to_string();
    return matrix_number(row ? m.row_strategy[k] : m.col_strategy[k]);
}

// "R1 (1/3), R2 (1/3)": the strategies played with positive probability.
std::string support_text(const MatrixGame& g, const theory::MixedSolution& m, bool row) {
    std::vector<std::string> parts;
    const auto& p = row ? m.row_strategy : m.col_strategy;
    for (std::size_t k = 0; k < p.size(); ++k)
        if (p[k] > 1e-12)
            parts.push_back((row ? g.row_name(k) : g.col_name(k)) + " (" + probability_text(m, row, k) + ")");
    return joined(parts);
}

json mixed_json(const MatrixGame& g, const theory::MixedSolution& m) {
    json j = {{"value", m.value},
              {"dual_value", m.dual_value},
              {"row_strategy", m.row_strategy},
              {"column_strategy", m.col_strategy},
              {"row_guarantee", m.row_guarantee},
              {"column_guarantee", m.col_guarantee},
              {"arithmetic", m.exact_simplex ? "exact" : "float"},
              {"proven_exactly", m.exact.has_value()},
              {"seconds", {{"float", m.float_seconds}, {"exact", m.exact_seconds}}}};
    if (m.exact) {
        j["value_fraction"] = m.exact->value.to_string();
        std::vector<std::string> row, col;
        for (std::size_t i = 0; i < g.rows; ++i) row.push_back(probability_text(m, true, i));
        for (std::size_t k = 0; k < g.cols; ++k) col.push_back(probability_text(m, false, k));
        j["row_strategy_fractions"] = row;
        j["column_strategy_fractions"] = col;
    }
    return j;
}

void print_mixed(const MatrixGame& g, const theory::MixedSolution& m) {
    const std::string value = m.exact ? m.exact->value.to_string() : matrix_number(m.value);
    const bool agree = std::fabs(m.dual_value - m.value) <= 1e-9 * std::fmax(1, std::fabs(m.value));
    std::cout << "value: " << value << " ("
              << (m.exact           ? "exact: every fraction checked with rational arithmetic"
                  : m.exact_simplex ? "GLPK's exact simplex; no small fractions to check"
                                    : "floating-point simplex")
              << ")\n"
              << "row player's optimal strategy: " << support_text(g, m, true) << " (wins at least "
              << (m.exact ? value : matrix_number(m.row_guarantee)) << " against every column)\n"
              << "column player's optimal strategy: " << support_text(g, m, false) << " (pays at most "
              << (m.exact ? value : matrix_number(m.col_guarantee)) << " against every row)\n"
              << "dual check: the column player's program (the dual) gives "
              << (m.exact && agree ? value : matrix_number(m.dual_value))
              << (agree ? " (primal = dual)\n" : " (primal and dual differ!)\n")
              << "simplex time: " << fixed(m.float_seconds, 4) << " s floating-point"
              << (m.exact_simplex ? ", " + fixed(m.exact_seconds, 4) + " s exact" : "") << "\n";
}

theory::Learner learner_named(const std::string& name) {
    if (name == "fictitious-play") return theory::Learner::FictitiousPlay;
    if (name == "regret-matching") return theory::Learner::RegretMatching;
    return theory::Learner::RegretMatchingPlus;
}

json learner_json(const theory::LearnerResult& r) {
    json trace = json::array();
    for (const auto& s : r.trace) trace.push_back({s.round, s.exploitability});
    return {{"learner", std::string(theory::learner_name(r.learner))},
            {"rounds", r.rounds},
            {"exploitability", r.exploitability},
            {"lower", r.lower},
            {"upper", r.upper},
            {"seconds", r.seconds},
            {"row_strategy", r.row_strategy},
            {"column_strategy", r.col_strategy},
            {"trace", trace}};
}

// The exploitability at `round`, if the learner's trace has it.
std::optional<double> at_round(const theory::LearnerResult& r, std::size_t round) {
    for (const auto& s : r.trace)
        if (s.round == round) return s.exploitability;
    return std::nullopt;
}

void print_learners(const std::vector<theory::LearnerResult>& results) {
    std::cout << "learning: the exploitability of the average strategies (what a best reply gains)\n";
    auto pad = [](const std::string& s, std::size_t w) { return s + std::string(w - std::min(w, s.size()), ' '); };
    constexpr std::size_t kRoundWidth = 10, kColumnWidth = 18;
    std::cout << pad("round", kRoundWidth);
    // Columns padded but the last, so that no line ends in spaces.
    auto column = [&](const std::string& text, std::size_t k) {
        return k + 1 < results.size() ? pad(text, kColumnWidth) : text;
    };
    for (std::size_t k = 0; k < results.size(); ++k)
        std::cout << column(std::string(theory::learner_name(results[k].learner)), k);
    std::cout << "\n";
    std::vector<std::size_t> rounds;
    std::size_t last = 0;
    for (const auto& r : results) last = std::max(last, r.rounds);
    for (std::size_t decade = 1; decade <= last; decade *= 10)
        for (std::size_t f : {1, 2, 5})
            if (f * decade < last) rounds.push_back(f * decade);
    for (const auto& r : results) rounds.push_back(r.rounds);
    std::sort(rounds.begin(), rounds.end());
    rounds.erase(std::unique(rounds.begin(), rounds.end()), rounds.end());
    for (std::size_t round : rounds) {
        std::cout << pad(std::to_string(round), kRoundWidth);
        for (std::size_t k = 0; k < results.size(); ++k) {
            const auto e = at_round(results[k], round);
            std::cout << column(e ? shortest(*e) : "-", k);
        }
        std::cout << "\n";
    }
    for (const auto& r : results)
        std::cout << theory::learner_name(r.learner) << ": " << r.rounds << " rounds in " << fixed(r.seconds, 4)
                  << " s, exploitability " << matrix_number(r.exploitability) << ", value in ["
                  << matrix_number(r.lower) << ", " << matrix_number(r.upper) << "]\n";
}

// The plot's files, opened before any work so that a bad path fails first.
std::unique_ptr<plot::PlotFiles> open_plot(const CLI::App& cmd, const std::optional<std::string>& path) {
    if (!path) return nullptr;
    try {
        return std::make_unique<plot::PlotFiles>(*path);
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
}

void draw_learning(plot::PlotFiles& files, const std::vector<theory::LearnerResult>& results, const MatrixGame& g) {
    auto& out = files.data();
    std::string plots;
    for (std::size_t k = 0; k < results.size(); ++k) {
        out << "# " << theory::learner_name(results[k].learner) << ": round exploitability\n";
        for (const auto& s : results[k].trace) out << s.round << " " << s.exploitability << "\n";
        out << "\n\n";
        plots += std::string(k ? ", " : "") + plot::quoted(files.data_path()) + " index " + std::to_string(k) +
                 " using 1:($2 > 0 ? $2 : 1/0) with lines lw 2 title " +
                 plot::quoted(std::string(theory::learner_name(results[k].learner)));
    }
    const std::string script =
        "set logscale xy\nset grid\nset xlabel 'round'\nset ylabel 'exploitability'\n"
        "set title 'Learning a " +
        std::to_string(g.rows) + "x" + std::to_string(g.cols) + " matrix game'\nplot " + plots;
    if (const auto error = files.draw(script))
        std::cerr << "ply matrix: " << *error << "; the data is in " << files.data_path() << "\n";
}

}  // namespace

namespace {

json tree_json(const TreeForm& t, const theory::PureAnalysis& p) {
    json j = {{"game", t.game}, {"position", t.position}, {"nodes", t.nodes}, {"minimax_value", t.minimax}};
    if (!p.saddle_points.empty()) j["saddle_value"] = p.maxmin;
    j["equal"] = !p.saddle_points.empty() && p.maxmin == t.minimax;
    return j;
}

void print_tree(const MatrixGame& g, const TreeForm& t, const theory::PureAnalysis& p) {
    std::cout << "strategic form of " << t.game << " " << t.position << ": " << t.nodes << " nodes, " << g.rows
              << " plans for the player to move (rows) x " << g.cols << " for the other (columns)\n";
    print_payoffs(g);
    std::cout << "pure saddle value " << (p.saddle_points.empty() ? "none" : matrix_number(p.maxmin))
              << ", minimax value of the tree " << matrix_number(t.minimax)
              << (!p.saddle_points.empty() && p.maxmin == t.minimax ? ": equal (Zermelo, Kuhn)\n" : ": DIFFERENT\n");
}

json payoff_json(const MatrixGame& g) {
    json rows = json::array();
    for (std::size_t i = 0; i < g.rows; ++i)
        rows.push_back(std::vector<double>(g.payoff.begin() + static_cast<std::ptrdiff_t>(i * g.cols),
                                           g.payoff.begin() + static_cast<std::ptrdiff_t>((i + 1) * g.cols)));
    return rows;
}

theory::Arithmetic arithmetic_named(const std::string& name) {
    if (name == "float") return theory::Arithmetic::Floating;
    if (name == "exact") return theory::Arithmetic::Exact;
    return theory::Arithmetic::Automatic;
}

json report_json(const MatrixGame& g, const TreeForm* tree, const theory::PureAnalysis& pure,
                 const theory::Reduction& reduction, const std::optional<theory::MixedSolution>& mixed,
                 const std::vector<theory::LearnerResult>& learned) {
    json j = {{"rows", g.rows},
              {"columns", g.cols},
              {"pure", pure_json(g, pure)},
              {"dominance", dominance_json(g, reduction)}};
    std::vector<std::string> rows, cols;
    for (std::size_t i = 0; i < g.rows; ++i) rows.push_back(g.row_name(i));
    for (std::size_t k = 0; k < g.cols; ++k) cols.push_back(g.col_name(k));
    j["row_names"] = rows;
    j["column_names"] = cols;
    if (g.rows * g.cols <= theory::kExactAutoEntries) j["payoff"] = payoff_json(g);
    if (tree) j["strategic_form"] = tree_json(*tree, pure);
    if (mixed) j["mixed"] = mixed_json(g, *mixed);
    if (!learned.empty()) {
        j["learners"] = json::array();
        for (const auto& r : learned) j["learners"].push_back(learner_json(r));
    }
    return j;
}

}  // namespace

// The value and optimal strategies, or one line saying why there are none.
theory::MixedSolution solve_or_fail(const CLI::App& cmd, const MatrixOptions& opts, const MatrixGame& g) {
    try {
        return theory::solve_mixed(g, arithmetic_named(opts.arithmetic), {0, opts.lp_seconds});
    } catch (const theory::SolverFailure& e) {
        input_error(cmd, std::string(e.what()) + "; no value (--no-lp --learn N learns it instead)");
    }
}

void report_matrix_game(const CLI::App& cmd, const MatrixOptions& opts, const MatrixGame& g, const TreeForm* tree) {
    for (const auto& name : opts.learners) {
        try {
            theory::check_rounds(g, learner_named(name), opts.learn);
        } catch (const ParseError& e) {
            input_error(cmd, "--learn: " + std::string(e.what()));
        }
    }
    auto plot_files = open_plot(cmd, opts.plot);
    const auto pure = theory::analyse_pure(g);
    const auto reduction = theory::reduce_by_dominance(g);
    std::optional<theory::MixedSolution> mixed;
    if (!opts.no_lp) mixed = solve_or_fail(cmd, opts, g);
    std::vector<theory::LearnerResult> learned;
    if (opts.learn > 0)
        for (const auto& name : opts.learners)
            learned.push_back(theory::learn(g, learner_named(name), {opts.learn, opts.target}));
    if (plot_files) draw_learning(*plot_files, learned, g);

    if (opts.json) {
        std::cout << report_json(g, tree, pure, reduction, mixed, learned).dump() << "\n";
        return;
    }
    if (tree)
        print_tree(g, *tree, pure);
    else {
        std::cout << "matrix game: " << g.rows << "x" << g.cols << " (rows maximise, columns minimise)\n";
        print_payoffs(g);
    }
    print_pure(g, pure);
    print_dominance(g, reduction);
    if (mixed) print_mixed(g, *mixed);
    if (!learned.empty()) print_learners(learned);
}

}  // namespace ply::cli
