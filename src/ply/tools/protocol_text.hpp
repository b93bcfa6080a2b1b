// Reading and echoing the words of a text protocol (UCI, xboard): the same
// rules for both, so that both answer a hostile GUI alike.
#pragma once

#include <optional>
#include <string>

#include <ply/core/error.hpp>

namespace ply {

// ASCII lower case: option and command names compare without case.
inline std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c + 32);
    return s;
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
