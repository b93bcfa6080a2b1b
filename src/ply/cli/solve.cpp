// `ply solve <game>`: the exact value of a position with perfect play.
#include <memory>

#include <ply/cli/connect4_book.hpp>
#include <ply/cli/games.hpp>
#include <ply/cli/positions.hpp>
#include <ply/cli/report.hpp>
#include <ply/cli/solve_batch.hpp>
#include <ply/games/connect4/pons.hpp>
#include <ply/search/solve/solver.hpp>

namespace ply::cli {

namespace {

template <NotatedGame G>
void report(const G& game, const solve::SolveResult<typename G::Move>& r, double seconds, bool json,
            bool weak = false) {
    std::vector<std::string> best_moves;
    for (const auto& m : r.best_moves) best_moves.push_back(game.move_to_string(m));
    std::optional<int> pons;
    if constexpr (std::is_same_v<G, connect4::Connect4>)
        if (!weak) pons = connect4::pons_score(game.width() * game.height(), game.moves_played(), r.result, r.plies);

    if (json) {
        nlohmann::json j;
        j["mode"] = weak ? "weak" : "strong";
        j["result"] = std::string(to_string(r.result));
        if (!weak) {
            add_score(j, r.score);
            j["plies"] = r.plies;
            j["pv"] = move_texts(game, r.pv);
        }
        j["best"] = r.best ? nlohmann::json(game.move_to_string(*r.best)) : nlohmann::json(nullptr);
        j["best_moves"] = best_moves;
        j["nodes"] = r.nodes;
        if (pons) j["pons_score"] = *pons;
        std::cout << j.dump() << "\n";
        return;
    }
    std::cout << game.render();
    std::cout << "result:     " << to_string(r.result) << " for the side to move";
    if (weak) {
        std::cout << " (weak solve: the distance is not computed)\n";
    } else {
        std::cout << " in " << r.plies << (r.plies == 1 ? " ply" : " plies") << "\n"
                  << "score:      " << describe_score(r.score) << "\n";
    }
    if (pons) std::cout << "pons score: " << *pons << "\n";
    std::cout << "best moves: " << (best_moves.empty() ? "(none: the game is over)" : join(best_moves)) << "\n";
    if (!weak) std::cout << "pv:         " << join(move_texts(game, r.pv)) << "\n";
    std::cout << "nodes:      " << r.nodes << "\n"
              << "time:       " << seconds << " s\n";
}

// The exact value of a position, with every move that keeps it and one
// perfect line (weak: the result and the moves that keep it). The time is
// the whole answer's.
template <NotatedGame G>
void solve_position(const CLI::App& cmd, const std::optional<std::string>& position, const BatchOptions& o) {
    solve::Solver<G> solver(o.hash_mb);
    solve::SolvedBook book;
    if constexpr (solve::Solver<G>::kProbes) {
        solver.set_threads(o.threads);
        use_book(cmd, solver, o.book, book);
    } else {
        if (o.weak) usage_error(cmd, "--weak is for connect4");
        if (!o.book.empty()) usage_error(cmd, "--book is for connect4");
    }
    const G game = load_position<G>(cmd, position);
    const Stopwatch clock;
    const auto r = solver.solve_fully(game, o.weak);
    report(game, r, clock.seconds(), o.json, o.weak);
}

}  // namespace

void add_solve_command(CLI::App& app) {
    struct Options {
        std::string game;
        std::optional<std::string> position;
    };
    auto opts = std::make_shared<Options>();
    auto batch = std::make_shared<BatchOptions>();  // also the solver's settings for one position
    auto* cmd = app.add_subcommand("solve", "The exact value of a position with perfect play");
    cmd->add_option("game", opts->game, std::string("Game: ") + kGameNames)->required();
    cmd->add_option("--position,-p", opts->position, "Position in the game's notation (default: the start)");
    cmd->add_flag("--json", batch->json, "Print one JSON object");
    cmd->add_option("--batch", batch->file,
                    "connect4: solve every '<moves> <score>' line of a benchmark set and check the scores");
    cmd->add_flag("--weak", batch->weak, "Win, draw or loss only (connect4)");
    cmd->add_option("--skip", batch->skip, "With --batch: pass over the first N positions (to split a long set)");
    cmd->add_option("--first", batch->first, "With --batch: only the first N positions (after --skip)");
    cmd->add_option("--board", batch->board, "With --batch: the board size, WxH (default 7x6)");
    cmd->add_flag("--zero-based", batch->zero_based, "With --batch: columns counted from 0 (Steininger's sets)");
    cmd->add_option("--hash", batch->hash_mb, "connect4: transposition table size in MB (default 64)")
        ->check(CLI::Range(1, 65536));
    cmd->add_option("--threads", batch->threads, "connect4: search threads (default 1)")->check(CLI::Range(1, 256));
    cmd->add_option("--book", batch->book, "connect4: an opening book written by `ply book`");
    cmd->callback([cmd, opts, batch] {
        if (!batch->file.empty()) {
            if (opts->game != "connect4") usage_error(*cmd, "--batch is for connect4 benchmark sets");
            solve_connect4_batch(*cmd, *batch);
            return;
        }
        const bool known = with_game(opts->game, [&]<class G>(std::type_identity<G>) {
            if constexpr (!describe::solvable<G>()) {
                usage_error(*cmd, "the game '" + opts->game + "' is too big to solve; use `ply search`");
            } else {
                solve_position<G>(*cmd, opts->position, *batch);
            }
        });
        if (!known) usage_error(*cmd, "unknown game '" + opts->game + "' (games: " + kGameNames + ")");
    });
}

}  // namespace ply::cli
