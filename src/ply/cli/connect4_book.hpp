// Connect Four opening books for solving: `ply book connect4` writes every
// position a given number of plies after a start with its exact score, and
// `--book FILE` of `ply solve` and `ply analyse` loads one so that the
// search stops at those positions.
//
// File format: one "<position> <score>" a line, the position in the game's
// notation (with the "WxH:" prefix for sizes other than 7x6) and the score
// in Pons' convention, so a book is also a benchmark set; '#' starts a
// comment line.
#pragma once

#include <string>

#include <ply/cli/commands.hpp>
#include <ply/cli/positions.hpp>
#include <ply/games/connect4/connect4.hpp>
#include <ply/search/solve/solver.hpp>

namespace ply::cli {

// Throws ply::ParseError naming the file and line of anything malformed.
solve::SolvedBook read_connect4_book(const std::string& path);

// `--book FILE` for the solver of a solving command: loads it into `book`
// (which must outlive the solver's solves). Connect Four only.
template <class G>
void use_book(const CLI::App& cmd, solve::Solver<G>& solver, const std::string& path, solve::SolvedBook& book) {
    if (path.empty()) return;
    if constexpr (std::is_same_v<G, connect4::Connect4>) {
        try {
            book = read_connect4_book(path);
        } catch (const ParseError& e) {
            input_error(cmd, e.what());
        }
        solver.set_book(&book);
    } else {
        usage_error(cmd, "--book is for connect4");
    }
}

}  // namespace ply::cli
