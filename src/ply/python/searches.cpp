#include <cmath>

#include <ply/python/searches.hpp>

namespace ply::python {

classic::Algorithm algorithm_named(const std::string& name) {
    if (const auto algorithm = classic::parse_algorithm(name)) return *algorithm;
    std::string known;
    for (const auto& n : classic::algorithm_names()) known += (known.empty() ? "" : ", ") + n;
    throw ParseError("unknown algorithm '" + clip(name) + "' (" + known + ")");
}

void check_at_least(const char* what, long long value, long long lowest, long long highest) {
    if (value < lowest || value > highest)
        throw ParseError(std::string(what) + " " + std::to_string(value) + " is not in range " +
                         std::to_string(lowest) + " to " + std::to_string(highest));
}

int checked_depth(std::optional<int> depth, int fallback, int lowest) {
    const int d = depth.value_or(fallback);
    check_at_least("depth", d, lowest, kMaxPly - 1);
    return d;
}

std::optional<std::chrono::milliseconds> checked_seconds(std::optional<double> seconds) {
    if (!seconds) return std::nullopt;
    // A week: beyond it a time is a mistake, and the milliseconds overflow nothing.
    constexpr double kMaxSeconds = 7 * 24 * 3600;
    if (!std::isfinite(*seconds) || *seconds <= 0 || *seconds > kMaxSeconds)
        throw ParseError("time must be a number of seconds above 0 and at most " +
                         std::to_string(static_cast<int>(kMaxSeconds)));
    return std::chrono::milliseconds(std::max<long long>(1, std::llround(*seconds * 1000)));
}

}  // namespace ply::python
