#include <ply/cli/analyse.hpp>

#include <memory>

#include <ply/cli/commands.hpp>
#include <ply/cli/registry.hpp>

namespace ply::cli {

void add_analyse_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<AnalyseOptions>();
    auto* cmd = app.add_subcommand("analyse", "Analyse a position with the engine: lines in SAN for chess");
    cmd->alias("analyze");
    cmd->add_option("game", opts->game, "Game (default chess): " + games.names());
    add_position_option(*cmd, opts->position);
    auto* depth = cmd->add_option("--depth,-d", opts->depth, "Search depth in plies (default 12)")
                      ->check(CLI::Range(1, kMaxPly - 1));
    cmd->add_option("--time,-t", opts->seconds, "Search time in seconds")
        ->check(finite_range(0.001, kMaxMoveSeconds))
        ->excludes(depth);
    cmd->add_option("--multipv", opts->multipv, "Number of best lines to show")->check(CLI::Range(1, kMaxMultiPv));
    cmd->add_option("--threads", opts->threads, "Search threads")->check(CLI::Range(1, engine::kMaxThreads));
    cmd->add_option("--hash", opts->hash_mb, "Transposition table size in MB")
        ->check(CLI::Range(1, engine::kMaxHashMb));
    cmd->add_flag("--weak", opts->weak, "Solvable games: win, draw or loss of each move only");
    cmd->add_flag("--json", opts->json, "Print one JSON object");
    cmd->add_option("--book", opts->book, "connect4: an opening book written by `ply book`");
    cmd->add_option("--egtb", opts->egtb, "chess, checkers: a folder of endgame tables (`ply egtb build`)");
    cmd->add_option("--algo", opts->algo, "engine (alpha-beta, the default) or mcts (Monte Carlo tree search)")
        ->check(CLI::IsMember({"engine", "mcts"}));
    auto& m = opts->mcts;
    cmd->add_option("--iterations", m.iterations, "mcts: iterations (default 10000 without --time)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    cmd->add_option("--seed", m.seed, "mcts: seed of the random playouts (default 1)");
    cmd->add_flag("--no-rave", m.no_rave, "mcts: no RAVE");
    cmd->callback([cmd, opts, &games] {
        const bool mcts = opts->algo == "mcts";
        for (const char* name : {"--depth", "--hash", "--weak", "--book"})
            if (mcts && given(*cmd, name)) usage_error(*cmd, std::string(name) + " is not for --algo mcts");
        for (const char* name : {"--iterations", "--seed", "--no-rave"})
            if (!mcts && given(*cmd, name)) usage_error(*cmd, std::string(name) + " is for --algo mcts");
        game_named(*cmd, games, opts->game).analyse(*cmd, *opts);
    });
}

}  // namespace ply::cli
