#include <ply/cli/solve_batch.hpp>

#include <nlohmann/json.hpp>

#include <iostream>
#include <sstream>

#include <ply/cli/connect4_book.hpp>
#include <ply/cli/positions.hpp>
#include <ply/cli/report.hpp>
#include <ply/games/connect4/connect4.hpp>
#include <ply/games/connect4/pons.hpp>
#include <ply/search/solve/solver.hpp>

namespace ply::cli {

namespace {

// The set's score convention from a solver score: Pons' for strong solving,
// the sign for weak solving.
int set_score(const connect4::Connect4& g, Score s, bool weak) {
    if (weak) return s > 0 ? 1 : s < 0 ? -1 : 0;
    return connect4::pons_score(g.width() * g.height(), g.moves_played(), s);
}

}  // namespace

void solve_connect4_batch(const CLI::App& cmd, const BatchOptions& opts) {
    std::istringstream in;
    try {
        in.str(read_text_file(opts.file, "benchmark set"));
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    solve::Solver<connect4::Connect4> solver(opts.hash_mb);
    solver.set_threads(opts.threads);
    solve::SolvedBook book;
    use_book(cmd, solver, opts.book, book);
    std::size_t skipped = 0, count = 0, wrong = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::string line;
    for (std::size_t number = 1; std::getline(in, line) && (opts.first == 0 || count < opts.first); ++number) {
        std::istringstream words(line);
        std::string moves;
        int expected = 0;
        if (!(words >> moves) || moves.front() == '#') continue;  // a blank or comment line
        if (!(words >> expected))
            input_error(cmd, opts.file + ":" + std::to_string(number) + ": expected '<moves> <score>'");
        if (skipped < opts.skip) {  // counted like solved positions: blank and comment lines are not
            ++skipped;
            continue;
        }
        if (opts.zero_based)
            for (char& c : moves)
                if (c >= '0' && c <= '9') c = c == '9' ? 'a' : static_cast<char>(c + 1);
        connect4::Connect4 game;
        try {
            // A line may name its own size (books of other sizes do).
            game = connect4::Connect4::from_position(moves.find(':') != std::string::npos ? moves
                                                                                          : opts.board + ":" + moves);
        } catch (const ParseError& e) {
            input_error(cmd, opts.file + ":" + std::to_string(number) + ": " + e.what());
        }
        if (opts.weak) expected = expected > 0 ? 1 : expected < 0 ? -1 : 0;
        // The table is kept from one position to the next, as Pons' benchmark
        // does: its entries are exact facts about positions.
        const Stopwatch clock;
        const auto solution = solver.solve(game, opts.weak);
        seconds += clock.seconds();
        nodes += solution.nodes;
        ++count;
        const int got = set_score(game, solution.score, opts.weak);
        if (got != expected) {
            ++wrong;
            std::cerr << "wrong: line " << number << " '" << moves << "': " << got << ", the set says " << expected
                      << "\n";
        }
    }
    const double n = static_cast<double>(std::max<std::size_t>(count, 1));
    if (opts.json) {
        std::cout << nlohmann::json{{"file", opts.file},
                                    {"mode", opts.weak ? "weak" : "strong"},
                                    {"positions", count},
                                    {"wrong", wrong},
                                    {"mean_nodes", static_cast<double>(nodes) / n},
                                    {"mean_seconds", seconds / n},
                                    {"nodes_per_second", seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0}}
                         .dump()
                  << "\n";
    } else {
        std::cout << opts.file << ": " << count << " positions (" << (opts.weak ? "weak" : "strong") << "), " << wrong
                  << " wrong; mean " << static_cast<double>(nodes) / n << " nodes, " << seconds / n * 1e6 << " us; "
                  << (seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0) << " nodes/s\n";
    }
    if (wrong) throw CLI::RuntimeError(kInputError);
}

}  // namespace ply::cli
