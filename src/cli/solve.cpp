// `ply solve <game>`: the exact value of a position with perfect play.
#include <memory>

#include "cli/positions.hpp"
#include "cli/report.hpp"
#include "cli/solve_batch.hpp"
#include "games/connect4/pons.hpp"
#include "search/solver.hpp"

namespace ply::cli {

namespace {

template <NotatedGame G>
void report(const G& game, const SolveResult<typename G::Move>& r, double seconds, bool json) {
    std::vector<std::string> best_moves;
    for (const auto& m : r.best_moves) best_moves.push_back(game.move_to_string(m));
    std::optional<int> pons;
    if constexpr (std::is_same_v<G, connect4::Connect4>)
        pons = connect4::pons_score(game.width() * game.height(), game.moves_played(), r.result, r.plies);

    if (json) {
        nlohmann::json j;
        add_score(j, r.score);
        j["result"] = std::string(to_string(r.result));
        j["plies"] = r.plies;
        j["best"] = r.best ? nlohmann::json(game.move_to_string(*r.best)) : nlohmann::json(nullptr);
        j["best_moves"] = best_moves;
        j["pv"] = move_texts(game, r.pv);
        j["nodes"] = r.nodes;
        if (pons) j["pons_score"] = *pons;
        std::cout << j.dump() << "\n";
        return;
    }
    std::cout << game.render();
    std::cout << "result:     " << to_string(r.result) << " for the side to move in " << r.plies
              << (r.plies == 1 ? " ply" : " plies") << "\n"
              << "score:      " << describe_score(r.score) << "\n";
    if (pons) std::cout << "pons score: " << *pons << "\n";
    std::cout << "best moves: " << (best_moves.empty() ? "(none: the game is over)" : join(best_moves)) << "\n"
              << "pv:         " << join(move_texts(game, r.pv)) << "\n"
              << "nodes:      " << r.nodes << "\n"
              << "time:       " << seconds << " s\n";
}

}  // namespace

void add_solve_command(CLI::App& app) {
    struct Options {
        std::string game;
        std::optional<std::string> position;
        bool json = false;
    };
    auto opts = std::make_shared<Options>();
    auto batch = std::make_shared<BatchOptions>();
    auto* cmd = app.add_subcommand("solve", "The exact value of a position with perfect play");
    cmd->add_option("game", opts->game, std::string("Game: ") + std::string(kGameNames))->required();
    cmd->add_option("--position,-p", opts->position, "Position in the game's notation (default: the start)");
    cmd->add_flag("--json", opts->json, "Print one JSON object");
    cmd->add_option("--batch", batch->file,
                    "connect4: solve every '<moves> <score>' line of a benchmark set and check the scores");
    cmd->add_flag("--weak", batch->weak, "With --batch: win, draw or loss only");
    cmd->add_option("--first", batch->first, "With --batch: only the first N positions");
    cmd->add_option("--board", batch->board, "With --batch: the board size, WxH (default 7x6)");
    cmd->add_flag("--zero-based", batch->zero_based, "With --batch: columns counted from 0 (Steininger's sets)");
    cmd->add_option("--hash", batch->hash_mb, "With --batch: transposition table size in MB (default 64)");
    cmd->callback([cmd, opts, batch] {
        if (!batch->file.empty()) {
            if (opts->game != "connect4") usage_error(*cmd, "--batch is for connect4 benchmark sets");
            batch->json = opts->json;
            solve_connect4_batch(*cmd, *batch);
            return;
        }
        const bool known = with_game(opts->game, [&]<class G>(std::type_identity<G>) {
            if constexpr (!GameInfo<G>::solvable) {
                usage_error(*cmd, "the game '" + opts->game + "' is too big to solve; use `ply search`");
            } else {
                const G game = load_position<G>(*cmd, opts->position);
                const Stopwatch clock;
                const auto r = ply::solve(game);
                report(game, r, clock.seconds(), opts->json);
            }
        });
        if (!known) usage_error(*cmd, "unknown game '" + opts->game + "' (games: " + std::string(kGameNames) + ")");
    });
}

}  // namespace ply::cli
