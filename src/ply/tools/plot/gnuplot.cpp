#include <ply/tools/plot/gnuplot.hpp>

#include <filesystem>

#include <ply/core/error.hpp>
#include <ply/tools/program_on_text.hpp>

namespace ply::plot {

std::string data_path_for(const std::string& plot_path) {
    return std::filesystem::path(plot_path).replace_extension(".dat").string();
}

std::optional<std::string> terminal_for(const std::string& plot_path) {
    const std::string ext = std::filesystem::path(plot_path).extension().string();
    if (ext == ".svg") return "svg size 900,600 dynamic background rgb 'white'";
    if (ext == ".png") return "png size 900,600";
    return std::nullopt;
}

std::string quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

std::optional<std::string> run_gnuplot(const std::string& script, const std::string& terminal,
                                       const std::string& output) {
    const std::string text =
        "set terminal " + terminal + "\nset output " + quoted(output) + "\n" + script + "\nunset output\n";
    // gnuplot's warnings (a point off a logarithmic scale) are not the user's business.
    const ProgramRun run = run_on_text({"gnuplot"}, text, "gnuplot", true);
    if (run.temporary_error) return run.temporary_error;
    if (!run.ran || (run.exited && run.exit_code == 127))
        return "the plot needs gnuplot (apt-get install -y gnuplot-nox)";
    if (!run.exited || run.exit_code != 0) return "gnuplot failed to draw " + output;
    return std::nullopt;
}

PlotFiles::PlotFiles(const std::string& plot_path) {
    const auto terminal = terminal_for(plot_path);
    if (!terminal) throw ParseError("--plot must name a .svg or .png file, not '" + plot_path + "'");
    terminal_ = *terminal;
    refuse_same_files({{"--plot", plot_path}, {"--plot's data", data_path_for(plot_path)}}, {});
    data_ = std::make_unique<OutputFile>(data_path_for(plot_path));
    picture_ = std::make_unique<OutputFile>(plot_path);
}

std::optional<std::string> PlotFiles::draw(const std::string& script) {
    data_->commit();
    if (auto error = run_gnuplot(script, terminal_, picture_->temporary_path())) return error;
    picture_->commit();
    return std::nullopt;
}

}  // namespace ply::plot
