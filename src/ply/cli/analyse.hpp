// `ply analyse <game>` (or `analyze`): the production search on one position,
// printed for people: one line per completed iteration with the principal
// variation in the game's notation for readers (SAN for chess), then the best
// move and the final lines. Games the solver probes (Connect Four) get the
// exact value of every move instead, unless a depth or time is given.
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <ply/cli/endgame_tables.hpp>
#include <ply/cli/mcts_search.hpp>
#include <ply/cli/positions.hpp>
#include <ply/cli/solvable.hpp>
#include <ply/cli/solved_book.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/search/solve/solver.hpp>
#include <ply/tools/lines.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

inline constexpr int kDefaultDepth = 12;
inline constexpr int kMaxMultiPv = 256;

struct AnalyseOptions {
    std::string game = "chess";
    std::optional<std::string> position;
    std::optional<int> depth;
    std::optional<double> seconds;
    int multipv = 1;
    int threads = 1;
    int hash_mb = 16;
    bool weak = false;
    bool json = false;
    std::string book;             // a book of solved positions to load
    std::string egtb;             // a folder of endgame tables (`ply egtb build`)
    std::string algo = "engine";  // or mcts: --time, --threads, --multipv and the mcts options apply
    MctsOptions mcts;
};

// `seconds` is measured here rather than taken from the report's whole
// milliseconds, which make the first iterations look infinitely fast.
template <NotatedGame G>
std::string iteration_line(const G& root, const engine::Report<typename G::Move>& r, double seconds,
                           bool several_lines) {
    // Mate distance pruning can keep the selective depth below the nominal
    // one; "depth 5/4" would only puzzle the reader.
    const int seldepth = std::max(r.depth, r.seldepth);
    std::string s = "depth " + std::to_string(r.depth) + "/" + std::to_string(seldepth);
    if (several_lines) s += "  multipv " + std::to_string(r.multipv);
    const auto nps = static_cast<std::uint64_t>(static_cast<double>(r.nodes) / std::max(seconds, 1e-6));
    s += "  score " + describe::score_text<G>(r.score) + "  nodes " + std::to_string(r.nodes) + "  nps " +
         std::to_string(nps) + "  time " + seconds_text(seconds) + "  pv " + line_text(root, r.pv);
    return s;
}

// The analysis as one JSON object: the best move and score, and each line
// in the game's own notation (UCI for chess) with its score and depth.
template <NotatedGame G>
void print_analysis_json(const G& root, const engine::Result<typename G::Move>& result,
                         const std::vector<std::optional<engine::Report<typename G::Move>>>& last, double seconds,
                         const std::string& database, std::ostream& out) {
    nlohmann::json j = {
        {"position", root.position()}, {"depth", result.depth}, {"nodes", result.nodes}, {"seconds", seconds}};
    if (!database.empty()) j["database"] = database;
    j["best"] = result.best ? nlohmann::json(root.move_to_string(*result.best)) : nlohmann::json(nullptr);
    add_score(j, result.score);
    j["lines"] = nlohmann::json::array();
    for (const auto& line : last) {
        if (!line) continue;
        nlohmann::json l = {{"depth", line->depth}, {"pv", move_texts(root, line->pv)}};
        add_score(l, line->score);
        j["lines"].push_back(l);
    }
    out << j.dump() << "\n";
}

template <NotatedGame G>
void analyse(const G& root, const AnalyseOptions& o, std::ostream& out,
             typename retro::Endgames<G>::Tables* tables = nullptr) {
    using Move = typename G::Move;
    engine::Engine<G> engine(static_cast<std::size_t>(o.hash_mb));  // before any output: it may fail
    engine.set_endgames(tables);
    const std::string database = database_text(tables, root);
    if (!o.json) out << "position: " << root.position() << "\n";
    if (!o.json && !database.empty()) out << database << "\n";
    if (const Outcome over = root.outcome(); is_over(over)) {
        const std::string reason = describe::end_reason(root);
        if (o.json) {
            out << nlohmann::json{{"position", root.position()},
                                  {"over", reason.empty() ? std::string(to_string(over)) : reason}}
                       .dump()
                << "\n";
            return;
        }
        out << "The game is over: " << (reason.empty() ? std::string(to_string(over)) : reason)
            << "; there is nothing to analyse.\n";
        return;
    }
    engine.set_threads(o.threads);
    // The last completed line for each multipv slot: what the summary prints.
    std::vector<std::optional<engine::Report<Move>>> last(static_cast<std::size_t>(o.multipv));
    const Stopwatch clock;  // started after the hash table is allocated, like the engine's own
    engine.on_report = [&](const engine::Report<Move>& r) {
        // Aspiration re-searches report partial bounds; only whole iterations count.
        if (r.bound != engine::Bound::Exact) return;
        if (!o.json) out << iteration_line(root, r, clock.seconds(), o.multipv > 1) << "\n" << std::flush;
        const auto slot = static_cast<std::size_t>(r.multipv - 1);
        if (slot < last.size()) last[slot] = r;
    };

    engine::Limits<Move> limits;
    limits.multipv = o.multipv;
    if (o.seconds) {
        // Whole milliseconds, at least one (--time is checked to be at most a day).
        limits.move_time = std::chrono::milliseconds(std::max<long long>(1, std::llround(*o.seconds * 1000.0)));
    } else {
        limits.depth = o.depth.value_or(kDefaultDepth);
    }
    const auto result = engine.think(root, limits);
    if (o.json) return print_analysis_json(root, result, last, clock.seconds(), database, out);

    out << "best move: " << (result.best ? describe::display_move(root, *result.best) : std::string("(none)"));
    if (result.depth > 0)
        out << " (score " << describe::score_text<G>(result.score) << ", depth " << result.depth << ")";
    out << "\n";
    for (std::size_t i = 0; i < last.size(); ++i) {
        if (!last[i]) continue;  // fewer legal moves than lines asked for
        out << "line " << i + 1 << ": " << describe::score_text<G>(last[i]->score) << "  "
            << line_text(root, last[i]->pv) << "  (depth " << last[i]->depth << ")\n";
    }
}

// A solvable game without a depth or time: the exact value of every move,
// the way players use a solver. Connect Four prints one score per column in
// Pons' convention (positive: a win, the larger the sooner; '-': full).
template <NotatedGame G>
void solve_moves(const CLI::App& cmd, const G& root, const AnalyseOptions& o, std::ostream& out) {
    solve::Solver<G> solver(static_cast<std::size_t>(o.hash_mb));
    solver.set_threads(o.threads);
    solve::SolvedBook book;
    use_book(cmd, solver, o.book, book);
    std::uint64_t nodes = 0;
    const Stopwatch clock;
    const auto values = solver.solve_each_move(root, o.weak, &nodes);
    const double seconds = clock.seconds();
    // The score a move leads to, in the convention people publish where there is one.
    const auto shown = [&](Score s) -> nlohmann::json {
        if (o.weak) return s;
        if constexpr (describe::PublishedScoreGame<G>) {
            return root.published_score(s);
        } else {
            return describe::score_text<G>(s);
        }
    };
    nlohmann::json moves = nlohmann::json::object();
    for (const auto& v : values) moves[root.move_to_string(v.move)] = shown(v.score);
    if (o.json) {
        out << nlohmann::json{{"position", root.position()},
                              {"mode", o.weak ? "weak" : "strong"},
                              {"moves", moves},
                              {"nodes", nodes},
                              {"seconds", seconds}}
                   .dump()
            << "\n";
        return;
    }
    out << "position: " << root.position() << "\n";
    if (values.empty()) {
        out << "The game is over; there is nothing to analyse.\n";
        return;
    }
    if constexpr (describe::ColumnMoveGame<G>) {
        std::string columns = "column:", scores = "score: ";
        for (int c = 1; c <= root.width(); ++c) {
            const std::string name = std::to_string(c);
            std::string cell = moves.contains(name) ? moves[name].dump() : "-";
            columns += std::string(4 - std::min<std::size_t>(name.size(), 3), ' ') + name;
            scores += std::string(4 - std::min<std::size_t>(cell.size(), 3), ' ') + cell;
        }
        out << columns << "\n" << scores << "\n";
    } else {
        for (const auto& [name, value] : moves.items()) out << name << ": " << value.dump() << "\n";
    }
    out << "(" << (o.weak ? "weak: 1 win, 0 draw, -1 loss" : "exact values for the side to move") << "; " << nodes
        << " nodes, " << seconds_text(seconds) << ")\n";
}

// Monte Carlo tree search on one position: the root's moves by visits,
// each with its mean reward and the line the tree followed below it.
template <NotatedGame G>
void analyse_mcts(const G& root, const AnalyseOptions& o, std::ostream& out,
                  typename retro::Endgames<G>::Tables* tables = nullptr) {
    MctsOptions m = o.mcts;
    m.seconds = m.seconds ? m.seconds : o.seconds;
    m.threads = o.threads;
    const Stopwatch clock;
    mcts::ParallelSearcher<G> searcher(m.options(), m.threads);
    searcher.set_endgames(tables);
    auto r = searcher.search(root, m.limits());
    const double seconds = clock.seconds();
    std::stable_sort(r.moves.begin(), r.moves.end(), [](const auto& a, const auto& b) { return a.visits > b.visits; });
    r.moves.resize(std::min(r.moves.size(), static_cast<std::size_t>(o.multipv)));
    if (o.json) {
        auto j = mcts_json(root, r, seconds);
        j["position"] = root.position();
        j["pv"] = move_texts(root, r.pv);
        out << j.dump() << "\n";
        return;
    }
    out << "position: " << root.position() << "\n";
    if (!r.best) {
        out << "The game is over; there is nothing to analyse.\n";
        return;
    }
    out << "best move: " << describe::display_move(root, *r.best) << " (mean " << r.mean;
    if (const char* proof = proof_name(r.proof)) out << ", proven " << proof << " for the side to move";
    out << "; " << r.iterations << " iterations, " << seconds_text(seconds) << ")\n";
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        std::vector<typename G::Move> line{r.moves[i].move};
        if (r.moves[i].move == *r.best) line = r.pv;
        out << "line " << i + 1 << ": mean " << r.moves[i].mean << "  visits " << r.moves[i].visits << "  "
            << line_text(root, line) << "\n";
    }
}

template <NotatedGame G>
void run_analyse(const CLI::App& cmd, const AnalyseOptions& opts) {
    const G root = load_position<G>(cmd, opts.position);
    const auto tables = open_endgame_tables<G>(cmd, opts.egtb);
    if (opts.algo == "mcts") return analyse_mcts(root, opts, std::cout, tables.get());
    if constexpr (ProbeSolvable<G>) {
        if (!opts.depth && !opts.seconds) return solve_moves(cmd, root, opts, std::cout);
    }
    if (opts.weak || !opts.book.empty()) usage_error(cmd, "--weak and --book are for solving; drop --depth/--time");
    analyse(root, opts, std::cout, tables.get());
}

}  // namespace ply::cli
