// `ply solve` under watch: a thread beside the solve stops it once the
// time limit passes or Ctrl-C is pressed, and shows its progress on
// standard error every two seconds.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <ply/cli/interrupt.hpp>
#include <ply/search/solve/control.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

class SolveWatch {
public:
    enum class Stop { None, Time, CtrlC };

    // `seconds`: the time limit (none: no limit); `window`: the text of the
    // root's bounds (Control::lower and upper) in the progress line; none
    // for a job that shows its own progress (a book, a benchmark set).
    SolveWatch(solve::Control& control, std::optional<double> seconds,
               std::function<std::string(Score, Score)> window = {});
    ~SolveWatch() { finish(); }
    SolveWatch(const SolveWatch&) = delete;
    SolveWatch& operator=(const SolveWatch&) = delete;

    // Ends the watch (the solve has returned).
    void finish();
    // Why the watch stopped the solve, if it did.
    [[nodiscard]] Stop stopped_by() const { return stop_.load(); }
    [[nodiscard]] double seconds() const { return clock_.seconds(); }

private:
    void watch();
    [[nodiscard]] std::string progress_line(double now) const;

    solve::Control& control_;
    std::optional<double> limit_;
    std::function<std::string(Score, Score)> window_;
    std::uint64_t nodes_at_start_;
    CtrlC ctrl_c_;
    Stopwatch clock_;
    std::atomic<Stop> stop_{Stop::None};
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread thread_;  // last: it starts once the rest is ready
};

}  // namespace ply::cli
