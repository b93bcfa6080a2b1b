// `ply saddle`: a continuous zero-sum game f(w, z) on a box, w minimising,
// z maximising: both sides of the max-min inequality over a grid, the saddle
// point found by extragradient or optimistic descent-ascent with the
// iterate's guarantees closing in, and a surface plot with the path.
#include <cmath>
#include <iostream>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include <ply/cli/commands.hpp>
#include <ply/core/error.hpp>
#include <ply/theory/continuous.hpp>
#include <ply/tools/number_text.hpp>
#include <ply/tools/plot/gnuplot.hpp>

namespace ply::cli {

namespace {

struct SaddleCliOptions {
    std::optional<std::string> function, example, box, start, plot;
    std::string method = "extragradient";
    double step = 0.1, tolerance = 1e-6;
    std::size_t steps = 10000;
    bool json = false;
};

// "a,b,c,d" as `count` finite numbers.
std::vector<double> numbers_in(const CLI::App& cmd, const std::string& text, std::size_t count, const char* what) {
    std::vector<double> out;
    std::istringstream in(text);
    for (std::string part; std::getline(in, part, ',');) {
        std::size_t used = 0;
        double v = 0;
        try {
            v = std::stod(part, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || part.find_first_not_of(" \t", used) != std::string::npos || !std::isfinite(v))
            usage_error(cmd, std::string(what) + " '" + theory::shown(text) + "' holds '" + theory::shown(part) +
                                 "', not a finite number");
        out.push_back(v);
    }
    if (out.size() != count)
        usage_error(cmd, std::string(what) + " takes " + std::to_string(count) + " numbers separated by commas");
    return out;
}

theory::Box box_from(const CLI::App& cmd, const std::string& text) {
    const auto v = numbers_in(cmd, text, 4, "--box");
    if (!(v[0] < v[1] && v[2] < v[3]) || std::fabs(v[0]) > 1e6 || std::fabs(v[1]) > 1e6 || std::fabs(v[2]) > 1e6 ||
        std::fabs(v[3]) > 1e6)
        usage_error(cmd, "--box is w_low,w_high,z_low,z_high with each low below its high, within 1e6");
    return {v[0], v[1], v[2], v[3]};
}

// Numbers as %g writes them, without the sign of a negative zero.
std::string plain(double v) { return shortest(v == 0 ? 0.0 : v); }

std::string pair_text(double a, double b) { return "(" + plain(a) + ", " + plain(b) + ")"; }

void print_sides(const theory::MinimaxSides& s, std::size_t grid) {
    const bool equal = s.inf_sup - s.sup_inf <= 1e-9 * std::fmax(1, std::fabs(s.inf_sup));
    std::cout << "max-min inequality on a " << grid << "x" << grid << " grid: sup_z inf_w f = " << plain(s.sup_inf)
              << " at " << pair_text(s.sup_inf_w, s.sup_inf_z) << (equal ? " = " : " < ")
              << "inf_w sup_z f = " << plain(s.inf_sup) << " at " << pair_text(s.inf_sup_w, s.inf_sup_z)
              << (equal ? " (a saddle value)\n" : " (no saddle point: the player who chooses second gains)\n");
}

void print_path(const theory::SaddleRun& run) {
    std::cout << "step  w  z  f  max_z f(w,.)  min_w f(.,z)  gap\n";
    auto line = [](const theory::SaddleStep& s) {
        std::cout << s.step << "  " << plain(s.w) << "  " << plain(s.z) << "  " << plain(s.f) << "  " << plain(s.upper)
                  << "  " << plain(s.lower) << "  " << plain(s.upper - s.lower) << "\n";
    };
    for (const auto& s : run.path) {
        std::size_t scale = 1;
        while (s.step >= 10 * scale) scale *= 10;
        if (s.step <= 10 || s.step % scale == 0 || &s == &run.path.back()) line(s);
    }
}

nlohmann::json saddle_json(const SaddleCliOptions& o, const std::string& f, const theory::Box& box,
                           const theory::MinimaxSides& s, const theory::SaddleRun& run) {
    const auto& last = run.path.back();
    nlohmann::json path = nlohmann::json::array();
    for (const auto& p : run.path) path.push_back({p.step, p.w, p.z, p.f, p.upper, p.lower});
    return {{"function", f},
            {"box", {box.w_low, box.w_high, box.z_low, box.z_high}},
            {"method", o.method},
            {"step", o.step},
            {"sup_inf", s.sup_inf},
            {"sup_inf_at", {s.sup_inf_w, s.sup_inf_z}},
            {"inf_sup", s.inf_sup},
            {"inf_sup_at", {s.inf_sup_w, s.inf_sup_z}},
            {"converged", run.converged},
            {"steps", last.step},
            {"w", last.w},
            {"z", last.z},
            {"f", last.f},
            {"gap", last.upper - last.lower},
            {"path", path}};
}

void draw_surface(plot::PlotFiles& files, const std::string& f_text, const theory::Expression& f,
                  const theory::Box& box, const theory::SaddleRun& run, const std::string& method) {
    auto& out = files.data();
    constexpr int kSide = 41;
    out << "# f(w, z) = " << f_text << ": w z f on a grid, then the path\n";
    for (int a = 0; a < kSide; ++a) {
        const double w = box.w_low + (box.w_high - box.w_low) * a / (kSide - 1);
        for (int b = 0; b < kSide; ++b) {
            const double z = box.z_low + (box.z_high - box.z_low) * b / (kSide - 1);
            out << w << " " << z << " " << f(w, z) << "\n";
        }
        out << "\n";
    }
    out << "\n";
    for (const auto& s : run.path) out << s.w << " " << s.z << " " << s.f << "\n";
    const std::string d = plot::quoted(files.data_path());
    const std::string script =
        "set xlabel 'w (minimises)'\nset ylabel 'z (maximises)'\nset zlabel 'f'\nset view 55,35\n"
        "set title " +
        plot::quoted("f(w, z) = " + f_text + ": " + method) + "\nsplot " + d +
        " index 0 with lines lc rgb '#8888aa' title 'f(w, z)', " + d +
        " index 1 with linespoints pt 7 ps 0.4 lw 2 lc rgb 'red' title " + plot::quoted(method);
    if (const auto error = files.draw(script))
        std::cerr << "ply saddle: " << *error << "; the data is in " << files.data_path() << "\n";
}

void run_saddle(const CLI::App& cmd, const SaddleCliOptions& o) {
    if (o.function.has_value() == o.example.has_value())
        usage_error(cmd, "give a function of w and z, or --example saddle|bilinear|nonconvex");
    std::string text = o.function.value_or("");
    theory::Box box;
    for (const auto& e : theory::continuous_examples())
        if (o.example && e.name == *o.example) text = std::string(e.expression), box = e.box;
    if (o.box) box = box_from(cmd, *o.box);
    theory::Expression f;
    std::unique_ptr<plot::PlotFiles> files;
    try {
        f = theory::Expression::parse(text);
        if (o.plot) files = std::make_unique<plot::PlotFiles>(*o.plot);
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    // Each step looks at f along a grid line each way: bounded at about a
    // minute's work (100,000 steps of the examples; 200 of the longest f).
    constexpr double kMaxWork = 1e10;
    const double per_step = static_cast<double>(2 * theory::SaddleOptions{}.grid + 4) * static_cast<double>(f.size());
    if (static_cast<double>(o.steps) * per_step > kMaxWork)
        usage_error(cmd, "--steps " + std::to_string(o.steps) + " is too many for an f of " + std::to_string(f.size()) +
                             " terms: at most " + std::to_string(static_cast<std::size_t>(kMaxWork / per_step)));
    theory::SaddleOptions so;
    so.method = o.method == "optimistic" ? theory::SaddleMethod::Optimistic : theory::SaddleMethod::Extragradient;
    so.step = o.step, so.max_steps = o.steps, so.tolerance = o.tolerance;
    so.w0 = box.w_low + 0.8 * (box.w_high - box.w_low), so.z0 = box.z_low + 0.3 * (box.z_high - box.z_low);
    if (o.start) {
        const auto v = numbers_in(cmd, *o.start, 2, "--start");
        so.w0 = v[0], so.z0 = v[1];
    }
    // A game on the box is defined on all of it: NaN or infinity on the grid
    // or on the path is refused, never reported as a value or a saddle.
    auto undefined = [&](double w, double z) {
        const std::string what = std::isfinite(f(w, z)) ? "the gradient of f(w, z) = " : "f(w, z) = ";
        input_error(cmd, what + theory::shown(text) + " is not finite at (w, z) = " + pair_text(w, z) +
                             " (outside its domain, or overflowing): choose a --box where it is finite");
    };
    const auto sides = theory::minimax_sides(f, box, so.grid);
    if (!sides.defined) undefined(sides.undefined_w, sides.undefined_z);
    const auto run = theory::find_saddle(f, box, so);
    if (run.undefined) undefined(run.undefined_w, run.undefined_z);
    if (files) draw_surface(*files, text, f, box, run, o.method);
    if (o.json) {
        std::cout << saddle_json(o, text, box, sides, run).dump() << "\n";
        return;
    }
    std::cout << "f(w, z) = " << text << " on w in [" << plain(box.w_low) << ", " << plain(box.w_high) << "], z in ["
              << plain(box.z_low) << ", " << plain(box.z_high) << "]; w minimises, z maximises\n";
    print_sides(sides, so.grid);
    std::cout << o.method << ", step " << plain(o.step) << ", from " << pair_text(so.w0, so.z0)
              << ": the iterate's guarantees (max over z, min over w) close in on the value\n";
    print_path(run);
    const auto& last = run.path.back();
    if (run.converged)
        std::cout << "saddle point " << pair_text(last.w, last.z) << ", value " << plain(last.f) << ", after "
                  << last.step << " steps (gap " << plain(last.upper - last.lower) << ")\n";
    else
        std::cout << "no convergence in " << last.step << " steps: the gap stays " << plain(last.upper - last.lower)
                  << "\n";
}

}  // namespace

void add_saddle_command(CLI::App& app) {
    auto o = std::make_shared<SaddleCliOptions>();
    auto* cmd = app.add_subcommand("saddle",
                                   "A continuous zero-sum game f(w, z): the max-min inequality and the "
                                   "saddle point by extragradient or optimistic descent-ascent");
    cmd->add_option("function", o->function, "f(w, z): numbers, w, z, + - * / ^, ( ), sin cos exp log abs sqrt");
    cmd->add_option("--example", o->example,
                    "saddle (w^2 - z^2), bilinear (w*z) or nonconvex ((w - z)^2, where the two sides differ)")
        ->check(CLI::IsMember({"saddle", "bilinear", "nonconvex"}));
    cmd->add_option("--box", o->box, "w_low,w_high,z_low,z_high (default -1,1,-1,1)");
    cmd->add_option("--method", o->method, "extragradient or optimistic")
        ->check(CLI::IsMember({"extragradient", "optimistic"}));
    cmd->add_option("--step", o->step, "Step size (default 0.1)")->check(finite_range(1e-9, 10));
    cmd->add_option("--steps", o->steps, "Most steps (default 10000)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{100'000}));
    cmd->add_option("--tolerance", o->tolerance, "Stop once the gap is at most this (default 1e-6)")
        ->check(finite_range(0, 1e12));
    cmd->add_option("--start", o->start, "w,z to start from (default 80% and 30% along the box's sides)");
    cmd->add_option("--plot", o->plot, "Draw the surface and the path (gnuplot; .svg or .png)");
    cmd->add_flag("--json", o->json, "Print one JSON object");
    cmd->callback([cmd, o] { run_saddle(*cmd, *o); });
}

}  // namespace ply::cli
