// Runs the `ply` binary as a user would and captures what it prints.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace ply::testing {

struct RunResult {
    int exit_code = -1;
    std::string out;  // stdout and stderr together
};

// Runs a shell command line and captures what it prints on standard output.
inline RunResult run_shell(const std::string& command) {
    RunResult r;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) r.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

// `args` is appended to the binary's path as shell text; `input` (a printf format:
// write "\\n" for a newline) is fed to stdin.
inline RunResult run_ply(const std::string& args, const std::string& input = "") {
    return run_shell("printf '" + input + "' | " + PLY_BINARY + " " + args + " 2>&1");
}

// How many times `part` occurs in `text` (without overlaps).
inline std::size_t count_occurrences(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
    return n;
}

}  // namespace ply::testing
