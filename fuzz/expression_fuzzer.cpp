// Fuzzes the expression parser of `ply saddle`: any input is either refused
// with ply::ParseError (one line) or gives an expression that evaluates,
// with its gradient, at a few points without crashing.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <ply/core/error.hpp>
#include <ply/theory/expression.hpp>

namespace {
void check(bool ok) {
    if (!ok) __builtin_trap();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto f = ply::theory::Expression::parse(text);
        check(f.text() == text);
        for (double w : {-1.0, 0.0, 0.5})
            for (double z : {-1.0, 0.0, 2.0}) {
                const double v = f(w, z);
                const auto g = f.gradient(w, z);
                check(v == g.f || (v != v && g.f != g.f));  // NaN or not, the same value both ways
            }
    } catch (const ply::ParseError& e) {
        check(std::string(e.what()).find('\n') == std::string::npos);
    }
    return 0;
}
