#include <memory>

#include <ply/cli/book_options.hpp>
#include <ply/cli/commands.hpp>
#include <ply/cli/positions.hpp>
#include <ply/cli/registry.hpp>
#include <ply/search/engine/limits.hpp>
#include <ply/tools/output_file.hpp>

namespace ply::cli {

void add_book_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<BookOptions>();
    auto* cmd = app.add_subcommand("book",
                                   "An opening book: solved positions N plies deep (connect4) or moves counted from "
                                   "recorded games (chess, Polyglot)");
    cmd->add_option("game", opts->game, "Game: " + games.names())->required();
    cmd->add_option("--out,-o", opts->out, "The book file to write")->required();
    cmd->add_flag("--json", opts->json, "Print what the book holds as one JSON object");
    cmd->add_option("--plies", opts->plies, "Solved positions: how many plies after the start")
        ->check(CLI::Range(1, 40));
    add_position_option(*cmd, opts->position);
    cmd->add_option("--threads", opts->threads, "Solved positions: search threads")
        ->check(CLI::Range(1, engine::kMaxThreads));
    cmd->add_option("--hash", opts->hash_mb, "Solved positions: transposition table size in MB (default 64)")
        ->check(CLI::Range(1, engine::kMaxHashMb));
    cmd->add_option("--time", opts->seconds, "Solved positions: give up after S seconds (nothing is written; exit 3)")
        ->check(finite_range(0.001, kMaxJobSeconds));
    cmd->add_option("--journal", opts->journal,
                    "Solved positions: keep each score in FILE as it is found; a rerun with the same FILE solves only "
                    "the positions it lacks");
    cmd->add_option("--pgn", opts->pgn, "Recorded games: the PGN file to make the book from");
    cmd->add_option("--max-ply", opts->max_ply, "Recorded games: plies of each game to count (default 1024)")
        ->check(CLI::Range(1, 1024));
    cmd->add_option("--min-game", opts->min_game, "Recorded games: games a move needs to be kept (default 3)")
        ->check(CLI::Range(1, 1 << 20));
    cmd->callback([cmd, opts, &games] {
        refuse_same_files(
            *cmd, {{"--out", opts->out}},
            {{"--pgn", opts->pgn}, {"--position", opts->position.value_or("")}, {"--journal", opts->journal}});
        game_named(*cmd, games, opts->game).book(*cmd, *opts);
    });
}

}  // namespace ply::cli
