// Plots drawn by gnuplot (apt-get install -y gnuplot-nox), written whole or
// not at all: the data goes to a file of its own beside the plot, which is
// kept even where gnuplot is missing, so that the figures are never lost.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include <ply/tools/output_file.hpp>

namespace ply::plot {

// A plot and its data file, both opened at once, so that a path that cannot
// be written fails before any work. Throws ParseError: a name not ending in
// .svg or .png, a file that cannot be written.
class PlotFiles {
public:
    explicit PlotFiles(const std::string& plot_path);

    std::ostream& data() { return data_->stream(); }
    const std::string& data_path() const { return data_->path(); }
    // Writes the data file, then has gnuplot draw `script` (which reads
    // data_path()); the message for the user if the plot could not be drawn.
    std::optional<std::string> draw(const std::string& script);

private:
    std::string terminal_;
    std::unique_ptr<OutputFile> data_, picture_;
};

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
