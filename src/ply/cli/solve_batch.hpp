// `ply solve connect4 --batch FILE`: a benchmark set of positions with their
// known scores (Pascal Pons' and Christophe Steininger's format, one
// "<moves> <score>" a line), each solved by the solver and checked.
#pragma once

#include <string>

#include <ply/cli/commands.hpp>

namespace ply::cli {

struct BatchOptions {
    std::string file;
    bool weak = false;
    bool zero_based = false;    // columns counted from 0 (Steininger's sets)
    std::string board = "7x6";  // the board the sequences are played on
    std::size_t skip = 0;       // positions passed over before the first solved
    std::size_t first = 0;      // 0: every position
    std::size_t hash_mb = 64;
    std::string book;  // an opening book to load (connect4)
    int threads = 1;
    bool json = false;
};

// Solves every position; prints the summary (and each wrong answer). Throws
// CLI::RuntimeError(1) when a score is wrong or the file is unreadable.
void solve_connect4_batch(const CLI::App& cmd, const BatchOptions& opts);

}  // namespace ply::cli
