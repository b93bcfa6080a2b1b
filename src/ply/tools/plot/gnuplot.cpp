#include <ply/tools/plot/gnuplot.hpp>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <ply/core/error.hpp>

extern char** environ;

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
    const char* tmpdir = std::getenv("TMPDIR");
    std::string script_path = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/ply-plot-XXXXXX";
    const int fd = mkstemp(script_path.data());
    if (fd < 0) return "cannot create a temporary file for gnuplot in " + script_path.substr(0, script_path.rfind('/'));
    close(fd);
    {
        std::ofstream file(script_path);
        file << "set terminal " << terminal << "\nset output " << quoted(output) << "\n"
             << script << "\nunset output\n";
        if (!file) {
            std::remove(script_path.c_str());
            return "cannot write the temporary file " + script_path;
        }
    }
    // gnuplot's warnings (a point off a logarithmic scale) are not the user's business.
    posix_spawn_file_actions_t quiet;
    posix_spawn_file_actions_init(&quiet);
    posix_spawn_file_actions_addopen(&quiet, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&quiet, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    const char* argv[] = {"gnuplot", script_path.c_str(), nullptr};
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, "gnuplot", &quiet, nullptr, const_cast<char* const*>(argv), environ);
    posix_spawn_file_actions_destroy(&quiet);
    int status = 0;
    const bool ran = spawned == 0 && waitpid(pid, &status, 0) == pid;
    std::remove(script_path.c_str());
    if (!ran || (WIFEXITED(status) && WEXITSTATUS(status) == 127))
        return "the plot needs gnuplot (apt-get install -y gnuplot-nox)";
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return "gnuplot failed to draw " + output;
    return std::nullopt;
}

PlotFiles::PlotFiles(const std::string& plot_path) {
    const auto terminal = terminal_for(plot_path);
    if (!terminal) throw ParseError("--plot must name a .svg or .png file, not '" + plot_path + "'");
    terminal_ = *terminal;
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
