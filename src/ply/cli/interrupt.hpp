// Ctrl-C (or SIGTERM) during a long command (match, tactics, solve): the
// first stops the work cleanly, so the command prints what it has so far and
// the engines it started are ended; a second one kills the program, as usual.
#pragma once

#include <atomic>
#include <csignal>

namespace ply::cli {

// The exit code of a command Ctrl-C stopped: 128 + SIGINT, as a shell
// reports a program the signal killed.
inline constexpr int kInterrupted = 130;

// The exit code of a job --time stopped before it finished (solve, book).
inline constexpr int kStoppedByTime = 3;

// Set by the first Ctrl-C while a CtrlC guard is alive.
inline std::atomic<bool> g_ctrl_c{false};
static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler may only touch lock-free atomics");

extern "C" inline void on_ctrl_c(int signal) {
    g_ctrl_c.store(true);
    std::signal(signal, SIG_DFL);
}

// Catches Ctrl-C for its lifetime; the handler before it comes back after.
class CtrlC {
public:
    CtrlC() : previous_(std::signal(SIGINT, on_ctrl_c)), previous_term_(std::signal(SIGTERM, on_ctrl_c)) {
        g_ctrl_c = false;
    }
    ~CtrlC() {
        std::signal(SIGINT, previous_);
        std::signal(SIGTERM, previous_term_);
    }
    CtrlC(const CtrlC&) = delete;
    CtrlC& operator=(const CtrlC&) = delete;

    // What a search or the arena polls to stop.
    [[nodiscard]] static std::atomic<bool>* flag() { return &g_ctrl_c; }
    [[nodiscard]] static bool pressed() { return g_ctrl_c.load(); }

private:
    void (*previous_)(int);
    void (*previous_term_)(int);
};

}  // namespace ply::cli
