// `ply book <game>`: opening books, of the kind the game has. A solvable game
// with a published score lists solved positions (cli/solved_book.hpp); a game
// that makes books from recorded games reads a PGN file (cli/record_book.hpp).
// The options of the other kind are refused rather than ignored.
#pragma once

#include <initializer_list>
#include <string>

#include <ply/cli/book_options.hpp>
#include <ply/cli/errors.hpp>
#include <ply/cli/record_book.hpp>
#include <ply/cli/solved_book.hpp>

namespace ply::cli {

inline void refuse_options(const CLI::App& cmd, std::string_view kind, std::initializer_list<const char*> names) {
    for (const char* name : names)
        if (given(cmd, name)) usage_error(cmd, std::string(name) + " is not for " + std::string(kind) + " books");
}

template <NotatedGame G>
void run_book(const CLI::App& cmd, const BookOptions& opts) {
    if constexpr (SolvedBookGame<G>) {
        refuse_options(cmd, "solved-position", {"--pgn", "--max-ply", "--min-game"});
        if (!given(cmd, "--plies")) usage_error(cmd, opts.game + " books need --plies N");
        write_solved_book<G>(cmd, opts);
    } else if constexpr (describe::RecordBookGame<G>) {
        refuse_options(cmd, "recorded-game",
                       {"--plies", "--position", "--fen", "--threads", "--hash", "--time", "--journal"});
        if (opts.pgn.empty()) usage_error(cmd, opts.game + " books need --pgn GAMES.pgn");
        write_record_book<G>(cmd, opts);
    } else {
        usage_error(cmd, "there are no " + opts.game + " books: books are of solved positions or from recorded games");
    }
}

}  // namespace ply::cli
