// Matrix games as a user gives them: JSON (an array of rows,
// [[0,-1,1],[1,0,-1],[-1,1,0]], or an object {"payoff": rows, "rows": names,
// "columns": names}) or CSV (rows of numbers; a first line holding a name
// makes it a header of column names, and every row then starts with its name).
#pragma once

#include <string>

#include <ply/theory/matrix_game.hpp>

namespace ply::cli {

// Throws ParseError with one line saying what is wrong.
theory::MatrixGame parse_matrix_text(const std::string& text);

}  // namespace ply::cli
