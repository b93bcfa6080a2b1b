// Plots drawn by gnuplot (apt-get install -y gnuplot-nox), written whole or
// not at all: the data goes to a file of its own beside the plot, which is
// kept even where gnuplot is missing, so that the figures are never lost.
#pragma once

#include <optional>
#include <string>

namespace ply::plot {

// "learn.svg" -> "learn.dat": where a plot's data goes.
std::string data_path_for(const std::string& plot_path);

// The gnuplot terminal for a file name: svg or png; none for another ending.
std::optional<std::string> terminal_for(const std::string& plot_path);

// Runs `script` (which reads its data from files already written and
// draws to `output`) with the terminal set; an error message for the user
// (gnuplot missing or failing), or none.
std::optional<std::string> run_gnuplot(const std::string& script, const std::string& terminal,
                                       const std::string& output);

// A file name as a gnuplot string literal: 'it''s' (single quotes doubled).
std::string quoted(const std::string& text);

}  // namespace ply::plot
