// The options of `ply book <game>` (cli/book.hpp): each kind of book reads
// its own and refuses the others'.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace ply::cli {

struct BookOptions {
    std::string game;
    std::string out;
    bool json = false;
    // Solved positions (cli/solved_book.hpp)
    std::optional<std::string> position;
    int plies = 0;
    int threads = 1;
    std::size_t hash_mb = 64;
    std::optional<double> seconds;  // --time: no position starts after it; then nothing is written
    std::string journal;            // --journal: where the scores are kept for a rerun
    // From recorded games (cli/record_book.hpp), with polyglot make-book's defaults
    std::string pgn;
    int max_ply = 1024;
    int min_game = 3;
};

}  // namespace ply::cli
