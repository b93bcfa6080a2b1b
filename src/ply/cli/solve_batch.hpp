// `ply solve <game> --batch FILE`: a benchmark set of positions with their
// known scores, one "<position> <score>" a line in the game's published
// convention (Pascal Pons' and Christophe Steininger's Connect Four sets, or
// a book written by `ply book`), each solved and checked. With --journal
// FILE each answer is kept as it is found, and a rerun after a kill solves
// only the positions FILE lacks.
#pragma once

#include <algorithm>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <ply/cli/errors.hpp>
#include <ply/cli/interrupt.hpp>
#include <ply/cli/journal.hpp>
#include <ply/cli/positions.hpp>
#include <ply/cli/progress.hpp>
#include <ply/cli/ranks.hpp>
#include <ply/cli/solve_watch.hpp>
#include <ply/cli/solved_book.hpp>
#include <ply/cluster/world.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/stopwatch.hpp>
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
    std::string journal;  // --journal: where the answers are kept for a rerun
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

// One position of a set, as read.
template <SolvedBookGame G>
struct BatchEntry {
    std::size_t line = 0;
    std::string text;
    int expected = 0;  // the set's score (its sign for weak solving)
    G game;
};

// The positions the batch will solve: entries (lines neither blank nor
// comments) after --skip, up to --first. Ends with one line at a bad entry.
template <SolvedBookGame G>
std::vector<BatchEntry<G>> read_batch(const CLI::App& cmd, const BatchOptions& opts, const std::string& text) {
    std::istringstream in(text);
    std::vector<BatchEntry<G>> out;
    std::size_t skipped = 0;
    std::string line;
    for (std::size_t number = 1; std::getline(in, line) && (opts.first == 0 || out.size() < opts.first); ++number) {
        const auto where = [&] { return opts.file + ":" + std::to_string(number) + ": "; };
        std::istringstream words(line);
        BatchEntry<G> e{number, {}, 0, {}};
        if (!(words >> e.text) || e.text.front() == '#') continue;  // a blank or comment line
        if (!(words >> e.expected)) input_error(cmd, where() + "expected '<position> <score>'");
        if (skipped < opts.skip) {  // counted like solved positions: blank and comment lines are not
            ++skipped;
            continue;
        }
        try {
            e.game = set_entry<G>(e.text, opts.format);
        } catch (const ParseError& ex) {
            input_error(cmd, where() + ex.what());
        }
        if (opts.weak) e.expected = e.expected > 0 ? 1 : e.expected < 0 ? -1 : 0;
        out.push_back(std::move(e));
    }
    return out;
}

// A position's answer: the set's score found, and what finding it took. As
// text (JSON) it goes from a rank to rank 0 and into the journal.
struct BatchAnswer {
    int got = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
};

inline std::string answer_text(const BatchAnswer& a) { return nlohmann::json{a.got, a.nodes, a.seconds}.dump(); }

// Throws ParseError.
inline BatchAnswer answer_of(const std::string& text) {
    try {
        const nlohmann::json j = nlohmann::json::parse(text);
        return {j.at(0).get<int>(), j.at(1).get<std::uint64_t>(), j.at(2).get<double>()};
    } catch (const nlohmann::json::exception&) {
        throw ParseError("not an answer: '" + clip(text) + "'");
    }
}

// One position's answer counted; a wrong one said on standard error.
template <SolvedBookGame G>
void count_answer(BatchTally& t, const BatchEntry<G>& e, const BatchAnswer& a) {
    t.seconds += a.seconds;
    t.nodes += a.nodes;
    ++t.count;
    if (a.got == e.expected) return;
    ++t.wrong;
    // One write: under mpirun the ranks' standard errors merge write by write.
    std::ostringstream line;
    line << "wrong: line " << e.line << " '" << clip(e.text) << "': " << a.got << ", the set says " << e.expected
         << "\n";
    std::cerr << line.str();
}

// --journal's file, for this set solved this way (its text, the mode and format).
template <SolvedBookGame G>
std::optional<Journal> open_journal(const CLI::App& cmd, const BatchOptions& opts, const std::string& text) {
    if (opts.journal.empty()) return std::nullopt;
    const std::string job = std::string(G::name) + " solve --batch, " + (opts.weak ? "weak" : "strong") + ", board '" +
                            opts.format.board + "'" + (opts.format.zero_based ? ", zero-based" : "") + ", set " +
                            text_fingerprint(text);
    try {
        return std::optional<Journal>(std::in_place, opts.journal, job);
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
}

// The answer an earlier run kept for the position on the set's `line`, if any.
inline std::optional<BatchAnswer> kept_answer(const CLI::App& cmd, const std::optional<Journal>& journal,
                                              std::size_t line) {
    if (!journal) return std::nullopt;
    const auto it = journal->done().find(line);
    if (it == journal->done().end()) return std::nullopt;
    try {
        return answer_of(it->second);
    } catch (const ParseError& e) {
        input_error(cmd, "the journal's answer for line " + std::to_string(line) + ": " + e.what());
    }
}

// Under mpirun: each position the journal lacks solved by whichever rank is
// free (each with its own table) and kept in the journal as it comes in;
// the answers counted in the set's order on rank 0, as one machine counts
// them; false on the other ranks, which print nothing.
template <SolvedBookGame G>
bool solve_batch_on_ranks(const CLI::App& cmd, const BatchOptions& opts, const std::vector<BatchEntry<G>>& entries,
                          solve::Solver<G>& solver, std::optional<Journal>& journal, BatchTally& t) {
    RankHooks hooks;
    if (journal) {
        hooks.skip = [&](std::size_t i) { return journal->done().contains(entries[i].line); };
        hooks.arrived = [&](std::size_t i, const std::string& answer) { journal->record(entries[i].line, answer); };
    }
    const auto ranked = tasks_on_ranks([&](int) { return entries.size(); },
                                       [&](std::size_t i) {
                                           const Stopwatch clock;
                                           const auto solution = solver.solve(entries[i].game, opts.weak);
                                           return answer_text({set_score(entries[i].game, solution.score, opts.weak),
                                                               solution.nodes, clock.seconds()});
                                       },
                                       false, hooks);
    if (!ranked->leader) return false;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const std::string& result = ranked->results[i];
        count_answer(t, entries[i], result.empty() ? *kept_answer(cmd, journal, entries[i].line) : answer_of(result));
    }
    return true;
}

// Solves every position; prints the summary (and each wrong answer). Exits
// with status 1 when a score is wrong or the file is bad. `seconds` and
// Ctrl-C (exit 130) stop the position under way: the summary is of those
// solved before it. Under mpirun the positions go to the ranks as they free up.
template <SolvedBookGame G>
void solve_batch(const CLI::App& cmd, const BatchOptions& opts, std::optional<double> seconds = std::nullopt) {
    const bool ranks = cluster::started_by_launcher();
    if (ranks && seconds) usage_error(cmd, "--time does not run under mpirun with --batch");
    std::string text;
    try {
        text = read_text_file(opts.file, "benchmark set");
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    const auto entries = read_batch<G>(cmd, opts, text);
    solve::Solver<G> solver(opts.hash_mb);
    solver.set_threads(opts.threads);
    solve::SolvedBook book;
    use_book(cmd, solver, opts.book, book);
    const auto place = rank_place();
    std::optional<Journal> journal;  // rank 0's alone
    if (!place || place->rank == 0) journal = open_journal<G>(cmd, opts, text);
    BatchTally t;
    if (ranks) {
        if (solve_batch_on_ranks(cmd, opts, entries, solver, journal, t)) print_batch<G>(opts, t);
        if (t.wrong) exit_with(kInputError);
        return;
    }
    Progress progress("batch", entries.size());
    SolveWatch watch(solver.control(), seconds);  // --time and Ctrl-C stop the position under way
    for (const auto& e : entries) {
        if (const auto kept = kept_answer(cmd, journal, e.line)) {
            count_answer(t, e, *kept);
            continue;
        }
        // The table is kept from one position to the next, as Pons' benchmark
        // does: its entries are exact facts about positions.
        const Stopwatch clock;
        const auto solution = solver.solve(e.game, opts.weak);
        if (!solution.complete) {  // stopped: the summary is of the positions before it
            t.stopped = watch.stopped_by() == SolveWatch::Stop::CtrlC ? "Ctrl-C" : "time limit";
            break;
        }
        const BatchAnswer answer{set_score(e.game, solution.score, opts.weak), solution.nodes, clock.seconds()};
        count_answer(t, e, answer);
        if (journal) journal->record(e.line, answer_text(answer));
        progress.step(t.nodes);
    }
    watch.finish();
    print_batch<G>(opts, t);
    if (t.wrong) exit_with(kInputError);
    if (t.stopped == "Ctrl-C") exit_with(kInterrupted);
}

}  // namespace ply::cli
