// `ply solve` under watch: the time limit and Ctrl-C stop the solve through
// its budget (solve::Control), and a thread beside the solve shows its
// progress on standard error every two seconds.
#pragma once

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
    // Why the solves were stopped, if they were.
    [[nodiscard]] Stop stopped_by() const;
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
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread thread_;  // started once the budget is set
};

}  // namespace ply::cli
