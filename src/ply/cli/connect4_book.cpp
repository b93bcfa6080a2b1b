// `ply book connect4`: an opening book for solving, made by solving every
// position a number of plies after a start; and reading one for `--book`.
#include <ply/cli/connect4_book.hpp>

#include <iostream>
#include <optional>
#include <sstream>
#include <unordered_set>
#include <vector>

#include <ply/cli/book.hpp>
#include <ply/cli/lines.hpp>
#include <ply/cli/report.hpp>
#include <ply/core/text_file.hpp>
#include <ply/games/connect4/pons.hpp>
#include <ply/tools/output_file.hpp>

namespace ply::cli {

using connect4::Connect4;

solve::SolvedBook read_connect4_book(const std::string& path) {
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
            throw ParseError(where() + "expected '<position> <score>', got '" + line + "'");
        Connect4 g;
        try {
            g = Connect4::from_position(position);
        } catch (const ParseError& e) {
            throw ParseError(where() + e.what());
        }
        const int cells = g.width() * g.height();
        if (is_over(g.outcome())) throw ParseError(where() + "the game is already over at " + position);
        const Score value = connect4::value_of_pons_score(cells, g.moves_played(), score);
        // A score names a distance; one the board cannot hold is a corrupt book.
        if ((is_mate(value) && (mate_plies(value) < 1 || mate_plies(value) > g.max_plies_left())) ||
            connect4::pons_score(cells, g.moves_played(), value) != score)
            throw ParseError(where() + "score " + std::to_string(score) + " is impossible at " + position);
        book.add(g.hash(), value, g.max_plies_left());
    }
    return book;
}

namespace {

// Every position `plies` moves after `start` where the game goes on, each once.
std::vector<Connect4> positions_after(const Connect4& start, int plies) {
    std::vector<Connect4> level{start};
    for (int p = 0; p < plies; ++p) {
        std::vector<Connect4> next;
        std::unordered_set<std::uint64_t> seen;
        for (const auto& g : level) {
            MoveListOf<Connect4> moves;
            g.generate_moves(moves);
            for (const auto m : moves) {
                Connect4 child = g;
                child.make(m);
                if (!is_over(child.outcome()) && seen.insert(child.hash()).second) next.push_back(child);
            }
        }
        level = std::move(next);
    }
    return level;
}

}  // namespace

void write_connect4_book(const CLI::App& cmd, const BookOptions& opts) {
    const auto start = load_position<Connect4>(cmd, opts.position);
    const auto positions = positions_after(start, opts.plies);
    std::optional<OutputFile> file;  // opened before the work, renamed into place after it
    try {
        file.emplace(opts.out);
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    std::ostream& out = file->stream();
    out << "# ply book connect4: " << positions.size() << " positions " << opts.plies << " plies after '"
        << start.position() << "', scores in Pons' convention\n";
    solve::Solver<Connect4> solver(opts.hash_mb);
    solver.set_threads(opts.threads);
    const Stopwatch clock;
    std::uint64_t nodes = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const auto& g = positions[i];
        const auto solution = solver.solve(g);
        nodes += solution.nodes;
        out << g.position() << " " << connect4::pons_score(g.width() * g.height(), g.moves_played(), solution.score)
            << "\n";
        if ((i + 1) % 100 == 0) std::cerr << "book: " << i + 1 << "/" << positions.size() << " solved\n";
    }
    try {
        file->commit();
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    std::cout << "wrote " << positions.size() << " positions to " << opts.out << " (" << nodes << " nodes, "
              << seconds_text(clock.seconds()) << ")\n";
}

}  // namespace ply::cli
