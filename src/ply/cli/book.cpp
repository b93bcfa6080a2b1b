// `ply book connect4|chess`: the options of both kinds of book, each refused
// for the game it does not belong to.
#include <ply/cli/book.hpp>

#include <initializer_list>
#include <memory>

namespace ply::cli {

namespace {

// Options of the other game's book are refused rather than ignored.
void refuse(const CLI::App& cmd, const std::string& game, std::initializer_list<const char*> names) {
    for (const char* name : names)
        if (cmd.count(name) > 0) usage_error(cmd, std::string(name) + " is not for " + game + " books");
}

}  // namespace

void add_book_command(CLI::App& app) {
    auto opts = std::make_shared<BookOptions>();
    auto* cmd = app.add_subcommand(
        "book", "An opening book: connect4 (every position N plies deep, solved) or chess (Polyglot, from games)");
    cmd->add_option("game", opts->game, "Game: connect4 or chess")->required();
    cmd->add_option("--out,-o", opts->out, "The book file to write")->required();
    cmd->add_option("--plies", opts->plies, "connect4: depth of the book's positions, in plies after the start")
        ->check(CLI::Range(1, 40));
    cmd->add_option("--position,-p", opts->position,
                    "connect4: start (default the empty 7x6 board; '5x4:' for other sizes)");
    cmd->add_option("--threads", opts->threads, "connect4: search threads")->check(CLI::Range(1, 256));
    cmd->add_option("--hash", opts->hash_mb, "connect4: transposition table size in MB (default 64)")
        ->check(CLI::Range(1, 65536));
    cmd->add_option("--pgn", opts->pgn, "chess: the games (PGN) to make the book from");
    cmd->add_option("--max-ply", opts->max_ply, "chess: plies of each game to count (default 1024)")
        ->check(CLI::Range(1, 1024));
    cmd->add_option("--min-game", opts->min_game, "chess: games a move needs to be kept (default 3)")
        ->check(CLI::Range(1, 1 << 20));
    cmd->callback([cmd, opts] {
        if (opts->game == "connect4") {
            refuse(*cmd, "connect4", {"--pgn", "--max-ply", "--min-game"});
            if (cmd->count("--plies") == 0) usage_error(*cmd, "connect4 books need --plies N");
            write_connect4_book(*cmd, *opts);
        } else if (opts->game == "chess") {
            refuse(*cmd, "chess", {"--plies", "--position", "--threads", "--hash"});
            if (opts->pgn.empty()) usage_error(*cmd, "chess books need --pgn GAMES.pgn");
            write_chess_book(*cmd, *opts);
        } else {
            usage_error(*cmd, "books are for connect4 and chess");
        }
    });
}

}  // namespace ply::cli
