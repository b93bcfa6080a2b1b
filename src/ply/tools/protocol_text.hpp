// Reading and echoing the words of a text protocol (UCI, xboard): the same
// rules for both, so that both answer a hostile GUI alike.
#pragma once

#include <optional>
#include <string>

namespace ply {

// ASCII lower case: option and command names compare without case.
inline std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c + 32);
    return s;
}

// Input echoed in a message, cut short: a hostile GUI's 64 MB line is not sent back.
inline std::string clip(const std::string& text) {
    constexpr std::size_t kShown = 80;
    return text.size() <= kShown ? text : text.substr(0, kShown) + "... (" + std::to_string(text.size()) + " bytes)";
}

// The whole of `text` as an integer in [lo, hi], else nothing.
inline std::optional<long long> parse_integer(const std::string& text, long long lo, long long hi) {
    try {
        std::size_t used = 0;
        const long long v = std::stoll(text, &used);
        if (used == text.size() && v >= lo && v <= hi) return v;
    } catch (const std::exception&) {}
    return std::nullopt;
}

}  // namespace ply
