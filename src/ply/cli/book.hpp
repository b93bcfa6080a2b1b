// `ply book <game>`: opening books. Connect Four books list solved positions
// (connect4_book.cpp); chess books are Polyglot .bin files made from games
// (chess_book.cpp). The subcommand itself (book.cpp) reads the options and
// hands them to the game's maker.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include <ply/cli/commands.hpp>

namespace ply::cli {

struct BookOptions {
    std::string game;
    std::string out;
    // connect4
    std::optional<std::string> position;
    int plies = 0;
    int threads = 1;
    std::size_t hash_mb = 64;
    // chess, with polyglot make-book's defaults
    std::string pgn;
    int max_ply = 1024;
    int min_game = 3;
};

// Each writes `out` whole or not at all and reports failures through `cmd`.
void write_connect4_book(const CLI::App& cmd, const BookOptions& opts);
void write_chess_book(const CLI::App& cmd, const BookOptions& opts);

}  // namespace ply::cli
