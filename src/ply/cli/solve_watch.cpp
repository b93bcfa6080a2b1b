#include <ply/cli/solve_watch.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>

namespace ply::cli {

SolveWatch::SolveWatch(solve::Control& control, std::optional<double> seconds,
                       std::function<std::string(Score, Score)> window)
    : control_(control),
      limit_(seconds),
      window_(std::move(window)),
      nodes_at_start_(control.nodes.load()),
      thread_([this] { watch(); }) {}

void SolveWatch::finish() {
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

// Polls every 50 ms: Ctrl-C cannot wake a thread (a signal handler may
// only set a flag), and the solve stops within a few milliseconds of its
// request anyway (every 1024 nodes). A progress line every two seconds,
// as cli/progress.hpp writes them, so that a quick solve prints none.
void SolveWatch::watch() {
    constexpr double kEvery = 2.0;
    double next_line = kEvery;
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(50), [this] { return done_; })) {
        const double now = clock_.seconds();
        if (stop_.load() == Stop::None) {
            const Stop why = ctrl_c_.pressed() ? Stop::CtrlC : limit_ && now >= *limit_ ? Stop::Time : Stop::None;
            if (why != Stop::None) {
                stop_.store(why);
                control_.stop.store(true);
            }
        }
        if (window_ && stop_.load() == Stop::None && now >= next_line) {
            std::cerr << progress_line(now) << std::endl;
            next_line = now + kEvery;
        }
    }
}

// "solve: 12 s, 4.83e+07 nodes, 4.03e+06 nodes/s, score between -3 and +5".
std::string SolveWatch::progress_line(double now) const {
    const auto nodes = static_cast<double>(control_.nodes.load() - nodes_at_start_);
    const Score lower = control_.lower.load(), upper = control_.upper.load();
    char text[96];
    std::snprintf(text, sizeof text, "solve: %.0f s, %.3g nodes, %.3g nodes/s, score ", now, nodes, nodes / now);
    return text + window_(lower, upper) + (lower == upper ? " (finding every best move)" : "");
}

}  // namespace ply::cli
