// Fuzzes the matrix parser (JSON, CSV): any input is either refused with
// ply::ParseError or gives a game within the limits, every entry finite.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include <ply/cli/matrix_input.hpp>
#include <ply/core/error.hpp>

namespace {
void check(bool ok) {
    if (!ok) __builtin_trap();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto g = ply::cli::parse_matrix_text(text);
        check(g.rows >= 1 && g.cols >= 1 && g.rows <= ply::theory::kMaxStrategies &&
              g.cols <= ply::theory::kMaxStrategies && g.payoff.size() == g.rows * g.cols);
        for (double v : g.payoff) check(std::isfinite(v) && std::fabs(v) <= 1e12);
    } catch (const ply::ParseError& e) {
        check(std::string(e.what()).find('\n') == std::string::npos);
    }
    return 0;
}
