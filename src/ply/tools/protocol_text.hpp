// Reading and echoing the words of a text protocol (UCI, xboard): the same
// rules for both, so that both answer a hostile GUI alike.
#pragma once

#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply {

// The whole of `text` as an integer in [lo, hi], else nothing.
inline std::optional<long long> parse_integer(const std::string& text, long long lo, long long hi) {
    try {
        std::size_t used = 0;
        const long long v = std::stoll(text, &used);
        if (used == text.size() && v >= lo && v <= hi) return v;
    } catch (const std::exception&) {}
    return std::nullopt;
}

// The first whitespace-separated word of another program's line: its
// keywords are whole words ("bestmovez" is not "bestmove").
inline std::string first_word(const std::string& line) {
    std::istringstream in(line);
    std::string word;
    in >> word;
    return word;
}

}  // namespace ply
