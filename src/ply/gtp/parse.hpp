// GTP's words: the spec's preprocessing of a line, and the arguments'
// kinds (colours, vertices, integers, reals) as the commands read them.
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/text.hpp>

namespace ply::gtp {

// A command's response: `=` and the text, or `?` and the message.
struct Reply {
    bool ok;
    std::string text;
};

// GTP's vertices: columns A-Z without I, rows 1-25.
inline constexpr int kMaxVertexRow = 25;

// The spec's preprocessing: control characters other than tab and newline
// dropped, a comment cut off at '#', tabs made spaces.
inline std::string clean(std::string_view line) {
    std::string out;
    for (const char c : line) {
        if (c == '#') break;
        const auto u = static_cast<unsigned char>(c);
        if (c == '\t')
            out += ' ';
        else if (u >= 32 && u != 127)
            out += c;
    }
    return out;
}

// The words of a cleaned line: spaces are its only white space.
inline std::vector<std::string> split(const std::string& text) {
    const auto found = words(text, " ");
    return {found.begin(), found.end()};
}

inline bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// 0 for black, 1 for white (the side that moves second).
inline std::optional<int> parse_colour(const std::string& word) {
    const std::string w = lower(word);
    if (w == "b" || w == "black") return 0;
    if (w == "w" || w == "white") return 1;
    return std::nullopt;
}

// Whether the word is a vertex as GTP writes one, on whatever board.
inline bool vertex_syntax(const std::string& word) {
    const std::string w = lower(word);
    if (w == "pass") return true;
    if (w.size() < 2 || w.size() > 3 || w[0] < 'a' || w[0] > 'z' || w[0] == 'i' || !all_digits(w.substr(1)))
        return false;
    const int row = std::stoi(w.substr(1));
    return row >= 1 && row <= kMaxVertexRow;
}

// An integer, optionally signed.
enum class IntStatus { Ok, NotInteger, OutOfRange };
inline IntStatus parse_int(const std::string& word, long long& value) {
    const std::string_view digits = word.size() > 1 && (word[0] == '-' || word[0] == '+')
                                        ? std::string_view(word).substr(1)
                                        : std::string_view(word);
    if (!all_digits(digits)) return IntStatus::NotInteger;
    const char* first = word[0] == '+' ? word.data() + 1 : word.data();
    const auto [end, ec] = std::from_chars(first, word.data() + word.size(), value);
    return ec == std::errc() && end == word.data() + word.size() ? IntStatus::Ok : IntStatus::OutOfRange;
}

// An integer from `low` to `high`, the whole word.
inline std::optional<long long> parse_int_in(const std::string& word, long long low, long long high) {
    long long v = 0;
    if (parse_int(word, v) != IntStatus::Ok || v < low || v > high) return std::nullopt;
    return v;
}

// A finite real number, the whole word.
inline std::optional<double> parse_real(const std::string& word) {
    char* end = nullptr;
    const double v = std::strtod(word.c_str(), &end);
    if (word.empty() || end != word.c_str() + word.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

}  // namespace ply::gtp
