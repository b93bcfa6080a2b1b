#include <ply/cli/solve.hpp>

#include <memory>

#include <ply/cli/commands.hpp>
#include <ply/cli/registry.hpp>
#include <ply/search/engine/limits.hpp>

namespace ply::cli {

void add_solve_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<SolveOptions>();
    BatchOptions* batch = &opts->settings;
    auto* cmd = app.add_subcommand("solve", "The exact value of a position with perfect play");
    cmd->add_option("game", opts->game, "Game: " + games.names())->required();
    add_position_option(*cmd, opts->position);
    cmd->add_flag("--json", batch->json, "Print one JSON object");
    auto* batch_file =
        cmd->add_option("--batch", batch->file,
                        "Solve every '<position> <score>' line of a benchmark set and check the scores (connect4)");
    cmd->add_flag("--weak", batch->weak, "Win, draw or loss only (connect4)");
    cmd->add_option("--skip", batch->skip, "With --batch: pass over the first N positions (to split a long set)");
    cmd->add_option("--first", batch->first, "With --batch: only the first N positions (after --skip)");
    cmd->add_option("--board", batch->format.board, "With --batch: the board of the set's positions (connect4: WxH)");
    cmd->add_flag("--zero-based", batch->format.zero_based, "With --batch: columns counted from 0 (Steininger's sets)");
    cmd->add_option("--hash", batch->hash_mb,
                    "connect4: transposition table size in MB (default 64); checkers: memory for the positions")
        ->check(CLI::Range(1, engine::kMaxHashMb));
    cmd->add_option("--threads", batch->threads, "connect4: search threads (default 1)")
        ->check(CLI::Range(1, engine::kMaxThreads));
    cmd->add_option("--journal", batch->journal,
                    "With --batch: keep each answer in FILE as it is found; a rerun with the same FILE solves only "
                    "the positions it lacks")
        ->needs(batch_file);
    cmd->add_option("--book", batch->book, "connect4: an opening book written by `ply book`");
    cmd->add_option("--egtb", opts->egtb,
                    "checkers: a folder of endgame tables (`ply egtb build`): the solve stops at the positions they "
                    "hold");
    cmd->add_option("--time", opts->seconds,
                    "Stop after S seconds and print the bounds proven so far (--batch: start no position after S "
                    "seconds)")
        ->check(finite_range(0.001, kMaxJobSeconds));
    cmd->footer(
        "Progress (time, nodes, nodes/s, the bounds proven) goes to standard error every two seconds.\n"
        "Exit status: 0 solved; 3 stopped by --time, 130 by Ctrl-C (both print what was proven: the\n"
        "result 'unknown' with the bounds on the score, or the value with the best moves found so far;\n"
        "JSON: \"complete\": false, \"lower\" and \"upper\", null where unbounded); 1 bad input; 2 bad usage.\n"
        "--batch: the summary of the positions solved; exit 0 after --time, 130 after Ctrl-C, 1 if a score is "
        "wrong.\n"
        "checkers: every position reachable is solved backwards (draws proven too); --hash is the memory it\n"
        "may use (default 1024 MB); a position whose positions do not fit is 'unknown', exit 3.");
    cmd->callback([cmd, opts, batch, &games] {
        batch->hash_given = cmd->get_option("--hash")->count() > 0;
        game_named(*cmd, games, opts->game).solve(*cmd, *opts);
    });
}

}  // namespace ply::cli
