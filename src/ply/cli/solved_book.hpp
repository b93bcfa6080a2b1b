// Books of solved positions, for any solvable game with a published score
// convention (core/describe.hpp, PublishedScoreGame; Connect Four's is Pons'):
// `ply book <game> --plies N` writes every position N plies after a start
// with its exact score, and `--book FILE` of `ply solve` and `ply analyse`
// loads one so that the solver stops at those positions.
//
// With --journal FILE each score is kept as it is found, and a rerun after
// a kill solves only the positions FILE lacks.
//
// File format: one "<position> <score>" a line, the position in the game's
// notation and the score in the published convention, so a book is also a
// benchmark set (`ply solve --batch`); '#' starts a comment line.
#pragma once

#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

#include <ply/cli/book_options.hpp>
#include <ply/cli/errors.hpp>
#include <ply/cli/interrupt.hpp>
#include <ply/cli/journal.hpp>
#include <ply/cli/positions.hpp>
#include <ply/cli/progress.hpp>
#include <ply/cli/ranks.hpp>
#include <ply/cli/solve_watch.hpp>
#include <ply/cluster/world.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/stopwatch.hpp>
#include <ply/core/text_file.hpp>
#include <ply/search/solve/solver.hpp>
#include <ply/tools/lines.hpp>
#include <ply/tools/output_file.hpp>
#include <ply/tools/protocol_text.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

// Games whose solved positions fit a book: hashed, of bounded length (the
// probing solver takes books) and with a published score per position.
template <class G>
concept SolvedBookGame = solve::Solver<G>::kProbes && describe::PublishedScoreGame<G>;

// Throws ply::ParseError naming the file and line of anything malformed.
template <SolvedBookGame G>
solve::SolvedBook read_solved_book(const std::string& path) {
    std::istringstream in(read_text_file(path, "book"));
    solve::SolvedBook book;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const auto where = [&] { return path + ":" + std::to_string(number) + ": "; };
        std::istringstream words(line);
        std::string position;
        if (!(words >> position) || position.front() == '#') continue;  // blank or comment
        int score = 0;
        std::string extra;
        if (!(words >> score) || (words >> extra))
            throw ParseError(where() + "expected '<position> <score>', got '" + clip(line) + "'");
        G g;
        try {
            g = G::from_position(position);
        } catch (const ParseError& e) {
            throw ParseError(where() + e.what());
        }
        if (is_over(g.outcome())) throw ParseError(where() + "the game is already over at " + clip(position));
        const Score value = g.value_of_published_score(score);
        // A score names a distance; one the board cannot hold is a corrupt book.
        if ((is_mate(value) && (mate_plies(value) < 1 || mate_plies(value) > g.max_plies_left())) ||
            g.published_score(value) != score)
            throw ParseError(where() + "score " + std::to_string(score) + " is impossible at " + clip(position));
        book.add(g.hash(), value, g.max_plies_left());
    }
    return book;
}

// `--book FILE` for the solver of a solving command: loads it into `book`
// (which must outlive the solver's solves).
template <class G>
void use_book(const CLI::App& cmd, solve::Solver<G>& solver, const std::string& path, solve::SolvedBook& book) {
    if (path.empty()) return;
    if constexpr (SolvedBookGame<G>) {
        try {
            book = read_solved_book<G>(path);
        } catch (const ParseError& e) {
            input_error(cmd, e.what());
        }
        solver.set_book(&book);
    } else {
        usage_error(cmd, "--book needs a game with books of solved positions (see `ply book --help`)");
    }
}

// Every position `plies` moves after `start` where the game goes on, each once.
template <SolvedBookGame G>
std::vector<G> positions_after(const G& start, int plies) {
    std::vector<G> level{start};
    for (int p = 0; p < plies; ++p) {
        std::vector<G> next;
        std::unordered_set<std::uint64_t> seen;
        for (const auto& g : level) {
            MoveListOf<G> moves;
            g.generate_moves(moves);
            for (const auto m : moves) {
                G child = g;
                child.make(m);
                if (!is_over(child.outcome()) && seen.insert(child.hash()).second) next.push_back(child);
            }
        }
        level = std::move(next);
    }
    return level;
}

// Each position's published score and the nodes its solve took.
struct BookAnswers {
    std::vector<int> scores;
    std::uint64_t nodes = 0;

    // One position's, as text (JSON): from a rank to rank 0, and in the journal.
    static std::string text(int score, std::uint64_t nodes) { return nlohmann::json{score, nodes}.dump(); }
    // Adds the answer `text` holds; throws ParseError.
    void add(const std::string& text) {
        try {
            const nlohmann::json j = nlohmann::json::parse(text);
            scores.push_back(j.at(0).get<int>());
            nodes += j.at(1).get<std::uint64_t>();
        } catch (const nlohmann::json::exception&) {
            throw ParseError("not a book answer: '" + clip(text) + "'");
        }
    }
};

// --journal's file, for the positions `plies` after `start`.
template <SolvedBookGame G>
std::optional<Journal> open_book_journal(const BookOptions& opts, const G& start) {
    if (opts.journal.empty()) return std::nullopt;
    return std::optional<Journal>(
        std::in_place, opts.journal,
        std::string(G::name) + " book, " + std::to_string(opts.plies) + " plies after '" + start.position() + "'");
}

// Solves the positions in order on this machine; `--time` and Ctrl-C stop
// the solve under way and end the command, nothing written.
template <SolvedBookGame G>
BookAnswers solve_book_here(const CLI::App& cmd, const BookOptions& opts, const std::vector<G>& positions,
                            solve::Solver<G>& solver, std::optional<Journal>& journal) {
    BookAnswers a;
    Progress progress("book", positions.size());
    SolveWatch watch(solver.control(), opts.seconds);
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const G& g = positions[i];
        if (journal && journal->done().contains(i)) {
            a.add(journal->done().at(i));
            continue;
        }
        const auto solution = solver.solve(g);
        if (!solution.complete) {
            watch.finish();
            std::cerr << command_name(cmd) << ": " << progress.done() << " of " << positions.size()
                      << " positions solved in " << seconds_text(progress.seconds()) << "; nothing written\n";
            exit_with(watch.stopped_by() == SolveWatch::Stop::CtrlC ? kInterrupted : kStoppedByTime);
        }
        const std::string answer = BookAnswers::text(g.published_score(solution.score), solution.nodes);
        a.add(answer);
        if (journal) journal->record(i, answer);
        progress.step(a.nodes);
    }
    return a;
}

// Under mpirun: each position the journal lacks solved by whichever rank is
// free, each rank with its own table (an exact score does not depend on
// it, the nodes do), and kept in the journal as it comes in; the answers
// on rank 0, in the positions' order; none on the other ranks.
template <SolvedBookGame G>
std::optional<BookAnswers> solve_book_on_ranks(const std::vector<G>& positions, solve::Solver<G>& solver,
                                               std::optional<Journal>& journal) {
    RankHooks hooks;
    if (journal) {
        hooks.skip = [&](std::size_t i) { return journal->done().contains(i); };
        hooks.arrived = [&](std::size_t i, const std::string& answer) { journal->record(i, answer); };
    }
    const auto ranked =
        tasks_on_ranks([&](int) { return positions.size(); },
                       [&](std::size_t i) {
                           const auto solution = solver.solve(positions[i]);
                           return BookAnswers::text(positions[i].published_score(solution.score), solution.nodes);
                       },
                       false, hooks);
    if (!ranked->leader) return std::nullopt;
    BookAnswers a;
    for (std::size_t i = 0; i < positions.size(); ++i)
        a.add(ranked->results[i].empty() ? journal->done().at(i) : ranked->results[i]);
    return a;
}

template <SolvedBookGame G>
void write_solved_book(const CLI::App& cmd, const BookOptions& opts) {
    const auto start = load_position<G>(cmd, opts.position);
    const auto positions = positions_after(start, opts.plies);
    const bool ranks = cluster::started_by_launcher();
    if (ranks && opts.seconds) usage_error(cmd, "--time does not run under mpirun");
    const bool leader = !ranks || cluster::World::get()->rank() == 0;
    std::optional<OutputFile> file;  // opened before the work, renamed into place after it; rank 0's alone
    std::optional<Journal> journal;
    try {
        if (leader) file.emplace(opts.out);
        if (leader) journal = open_book_journal(opts, start);
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    const Stopwatch clock;
    solve::Solver<G> solver(opts.hash_mb);
    solver.set_threads(opts.threads);
    std::optional<BookAnswers> answers;
    try {
        if (ranks)
            answers = solve_book_on_ranks(positions, solver, journal);
        else
            answers = solve_book_here(cmd, opts, positions, solver, journal);
    } catch (const ParseError& e) {
        input_error(cmd, opts.journal + ": " + e.what());
    }
    if (!answers) return;
    std::ostream& out = file->stream();
    out << "# ply book " << G::name << ": " << positions.size() << " positions " << opts.plies << " plies after '"
        << start.position() << "', scores as " << G::published_score_name << "\n";
    for (std::size_t i = 0; i < positions.size(); ++i)
        out << positions[i].position() << " " << answers->scores[i] << "\n";
    try {
        file->commit();
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    if (opts.json) {
        std::cout << nlohmann::json{{"out", opts.out},
                                    {"positions", positions.size()},
                                    {"nodes", answers->nodes},
                                    {"seconds", clock.seconds()}}
                         .dump()
                  << "\n";
        return;
    }
    std::cout << "wrote " << positions.size() << " positions to " << opts.out << " (" << answers->nodes << " nodes, "
              << seconds_text(clock.seconds()) << ")\n";
}

}  // namespace ply::cli
