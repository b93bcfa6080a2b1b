#include <ply/cli/solve_watch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

namespace ply::cli {

// The budget follows Ctrl-C's flag (a signal handler may only set a flag)
// and holds the deadline; the solve reads both every 1024 nodes. Only a
// watch with a progress line to show needs a thread.
SolveWatch::SolveWatch(solve::Control& control, std::optional<double> seconds,
                       std::function<std::string(Score, Score)> window)
    : control_(control), limit_(seconds), window_(std::move(window)), nodes_at_start_(control.nodes.load()) {
    control_.budget.follow(CtrlC::flag());
    constexpr double kLongest = 1e9;  // seconds: three decades, well inside the clock's range
    if (limit_)
        control_.budget.set_time(std::chrono::duration_cast<Budget::Clock::duration>(
            std::chrono::duration<double>(std::min(*limit_, kLongest))));
    if (window_) thread_ = std::thread([this] { watch(); });
}

void SolveWatch::finish() {
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
    control_.budget.follow(nullptr);  // the guard's Ctrl-C is this watch's
}

SolveWatch::Stop SolveWatch::stopped_by() const {
    if (CtrlC::pressed()) return Stop::CtrlC;
    return limit_ && control_.budget.past_deadline() ? Stop::Time : Stop::None;
}

// A progress line every two seconds, as cli/progress.hpp writes them, so
// that a quick solve prints none; none once the solve is asked to stop.
void SolveWatch::watch() {
    constexpr double kEvery = 2.0;
    double next_line = kEvery;
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(50), [this] { return done_; })) {
        const double now = clock_.seconds();
        if (!control_.stopped() && now >= next_line) {
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
