// Progress of a long job on standard error: how much is done, the time
// spent, the rate and an estimate of the time left. A line at most every
// two seconds, so that a quick job prints none and standard output (a
// result, JSON) stays clean.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <utility>

#include <ply/tools/search_report.hpp>

namespace ply::cli {

class Progress {
public:
    // `what`: the job ("book", "batch"); `total`: its units (positions), 0 if
    // unknown; `every`: seconds between lines.
    Progress(std::string what, std::size_t total, std::ostream& out = std::cerr, double every = 2.0)
        : what_(std::move(what)), total_(total), out_(out), every_(every) {}

    // One more unit done, `nodes` searched so far in all; `note` ("9
    // solved") follows the count.
    void step(std::uint64_t nodes, const std::string& note = "") {
        ++done_;
        const double now = clock_.seconds();
        if (now - last_ < every_) return;
        last_ = now;
        out_ << line(nodes, now, note) << std::endl;
    }

    [[nodiscard]] double seconds() const { return clock_.seconds(); }
    [[nodiscard]] std::size_t done() const { return done_; }

private:
    [[nodiscard]] std::string line(std::uint64_t nodes, double now, const std::string& note) const {
        char text[240];
        const double rate = static_cast<double>(done_) / now;
        std::snprintf(text, sizeof text, "%s: %zu%s%s done%s%s, %.0f s, %.3g/s, %.3g nodes/s", what_.c_str(), done_,
                      total_ ? "/" : "", total_ ? std::to_string(total_).c_str() : "", note.empty() ? "" : ", ",
                      note.c_str(), now, rate, static_cast<double>(nodes) / now);
        std::string out = text;
        if (total_ > done_) out += ", about " + std::to_string(std::lround((total_ - done_) / rate)) + " s left";
        return out;
    }

    std::string what_;
    std::size_t total_;
    std::ostream& out_;
    double every_;
    Stopwatch clock_;
    std::size_t done_ = 0;
    double last_ = 0;
};

}  // namespace ply::cli
