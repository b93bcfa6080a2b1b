// A child process spoken to through pipes: started with fork/exec in its own
// process group (a Ctrl-C at the terminal reaches the arena, not the engines),
// read line by line with deadlines (poll), killed with its whole group (what
// a wrapper script started too) and reaped on demand.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ply::arena {

using Clock = std::chrono::steady_clock;

// The moment `seconds` from now: an engine's deadline.
inline Clock::time_point after(double seconds) {
    return Clock::now() + std::chrono::microseconds(static_cast<std::int64_t>(seconds * 1e6));
}

// Splits a command line into words: whitespace separates, '...' and "..."
// quote, backslash escapes the next character.
std::vector<std::string> split_command(const std::string& command);

enum class ReadStatus { Line, Timeout, Closed, Interrupted };

struct ReadResult {
    ReadStatus status = ReadStatus::Timeout;
    std::string line;
};

class Process {
public:
    Process() = default;
    ~Process();
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;

    // Starts `argv` (argv[0] looked up in PATH) in `dir` (empty: the current
    // directory). stderr goes to `stderr_path` (empty: /dev/null). Returns
    // false and sets error() when the program cannot be started.
    bool start(const std::vector<std::string>& argv, const std::string& dir = "", const std::string& stderr_path = "");
    // Sends one line (a newline is appended); false if the process is gone.
    bool write_line(const std::string& line);
    // The next line, waiting until `deadline`; `interrupt` (optional) is
    // checked every 50 ms so that a Ctrl-C ends waiting.
    ReadResult read_line(Clock::time_point deadline, const std::atomic<bool>* interrupt = nullptr);
    // Running (not exited, not killed)?
    bool running();
    // Waits up to `grace` for the process to exit by itself, then kills its
    // process group (children it left behind included) and reaps it.
    void stop(std::chrono::milliseconds grace = std::chrono::milliseconds(0));
    [[nodiscard]] pid_t pid() const { return pid_; }
    [[nodiscard]] const std::string& error() const { return error_; }
    // How the process ended, e.g. "exit code 1" or "signal 6", once reaped.
    [[nodiscard]] const std::string& exit_description() const { return exit_; }

private:
    void close_pipes();
    void reaped(int status);

    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;
    bool eof_ = false;
    std::string error_;
    std::string exit_;
};

}  // namespace ply::arena
