// `ply solve <game> --batch FILE`: a benchmark set of positions with their
// known scores, one "<position> <score>" a line in the game's published
// convention (Pascal Pons' and Christophe Steininger's Connect Four sets, or
// a book written by `ply book`), each solved and checked.
#pragma once

#include <algorithm>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include <ply/cli/errors.hpp>
#include <ply/cli/interrupt.hpp>
#include <ply/cli/positions.hpp>
#include <ply/cli/progress.hpp>
#include <ply/cli/solve_watch.hpp>
#include <ply/cli/solved_book.hpp>
#include <ply/core/describe.hpp>
#include <ply/search/solve/solver.hpp>

namespace ply::cli {

struct BatchOptions {
    std::string file;
    bool weak = false;
    describe::SetFormat format;  // how the set writes positions (--board, --zero-based)
    std::size_t skip = 0;        // positions passed over before the first solved
    std::size_t first = 0;       // 0: every position
    std::size_t hash_mb = 64;
    bool hash_given = false;  // --hash given (else a game's own solver takes its own default)
    std::string book;         // an opening book to load
    int threads = 1;
    bool json = false;
};

struct BatchTally {
    std::size_t count = 0, wrong = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;   // solving alone, not reading
    std::string stopped;  // why the batch ended early ("time limit", "Ctrl-C"), or ""
};

// The game a set's entry stands for; throws ParseError.
template <SolvedBookGame G>
G set_entry(const std::string& entry, const describe::SetFormat& format) {
    if constexpr (describe::SetNotationGame<G>)
        return G::from_position(G::set_position(entry, format));
    else
        return G::from_position(entry);
}

// The set's score from a solver's value: the published one, or its sign for weak solving.
template <SolvedBookGame G>
int set_score(const G& g, Score s, bool weak) {
    if (weak) return s > 0 ? 1 : s < 0 ? -1 : 0;
    return g.published_score(s);
}

template <SolvedBookGame G>
void print_batch(const BatchOptions& opts, const BatchTally& t) {
    const double n = static_cast<double>(std::max<std::size_t>(t.count, 1));
    const double rate = t.seconds > 0 ? static_cast<double>(t.nodes) / t.seconds : 0.0;
    const char* mode = opts.weak ? "weak" : "strong";
    if (opts.json) {
        nlohmann::json j{{"file", opts.file},         {"mode", mode},
                         {"positions", t.count},      {"wrong", t.wrong},
                         {"mean_nodes", t.nodes / n}, {"mean_seconds", t.seconds / n},
                         {"nodes_per_second", rate},  {"complete", t.stopped.empty()}};
        if (!t.stopped.empty()) j["stopped"] = t.stopped;
        std::cout << j.dump() << "\n";
    } else {
        std::cout << opts.file << ": " << t.count << " positions (" << mode << "), " << t.wrong << " wrong; mean "
                  << static_cast<double>(t.nodes) / n << " nodes, " << t.seconds / n * 1e6 << " us; " << rate
                  << " nodes/s" << (t.stopped.empty() ? "" : "; stopped early (" + t.stopped + ")") << "\n";
    }
}

// How many positions the batch will solve: entries (lines neither blank nor
// comments) after --skip, up to --first.
inline std::size_t batch_size(const std::string& text, const BatchOptions& opts) {
    std::istringstream in(text);
    std::size_t entries = 0;
    std::string line, entry;
    while (std::getline(in, line))
        if (std::istringstream(line) >> entry && entry.front() != '#') ++entries;
    entries -= std::min(entries, opts.skip);
    return opts.first ? std::min(entries, opts.first) : entries;
}

// Solves every position; prints the summary (and each wrong answer). Exits
// with status 1 when a score is wrong or the file is bad. `seconds` and
// Ctrl-C (exit 130) stop the position under way: the summary is of those
// solved before it.
template <SolvedBookGame G>
void solve_batch(const CLI::App& cmd, const BatchOptions& opts, std::optional<double> seconds = std::nullopt) {
    std::string text;
    try {
        text = read_text_file(opts.file, "benchmark set");
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    std::istringstream in(text);
    solve::Solver<G> solver(opts.hash_mb);
    solver.set_threads(opts.threads);
    solve::SolvedBook book;
    use_book(cmd, solver, opts.book, book);
    BatchTally t;
    Progress progress("batch", batch_size(text, opts));
    std::size_t skipped = 0;
    std::string line;
    SolveWatch watch(solver.control(), seconds);  // --time and Ctrl-C stop the position under way
    for (std::size_t number = 1; std::getline(in, line) && (opts.first == 0 || t.count < opts.first); ++number) {
        const auto where = [&] { return opts.file + ":" + std::to_string(number) + ": "; };
        std::istringstream words(line);
        std::string entry;
        int expected = 0;
        if (!(words >> entry) || entry.front() == '#') continue;  // a blank or comment line
        if (!(words >> expected)) input_error(cmd, where() + "expected '<position> <score>'");
        if (skipped < opts.skip) {  // counted like solved positions: blank and comment lines are not
            ++skipped;
            continue;
        }
        G game;
        try {
            game = set_entry<G>(entry, opts.format);
        } catch (const ParseError& e) {
            input_error(cmd, where() + e.what());
        }
        if (opts.weak) expected = expected > 0 ? 1 : expected < 0 ? -1 : 0;
        // The table is kept from one position to the next, as Pons' benchmark
        // does: its entries are exact facts about positions.
        const Stopwatch clock;
        const auto solution = solver.solve(game, opts.weak);
        if (!solution.complete) {  // stopped: the summary is of the positions before it
            t.stopped = watch.stopped_by() == SolveWatch::Stop::CtrlC ? "Ctrl-C" : "time limit";
            break;
        }
        t.seconds += clock.seconds();
        t.nodes += solution.nodes;
        ++t.count;
        progress.step(t.nodes);
        if (const int got = set_score(game, solution.score, opts.weak); got != expected) {
            ++t.wrong;
            std::cerr << "wrong: line " << number << " '" << clip(entry) << "': " << got << ", the set says "
                      << expected << "\n";
        }
    }
    watch.finish();
    print_batch<G>(opts, t);
    if (t.wrong) exit_with(kInputError);
    if (t.stopped == "Ctrl-C") exit_with(kInterrupted);
}

}  // namespace ply::cli
