// Small text helpers that parsers and protocols share (standard library only).
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace ply {

// White space as isspace() has it in the C locale.
inline constexpr std::string_view kSpaces = " \t\n\v\f\r";

// `text` without the characters of `spaces` around it (a view into `text`).
constexpr std::string_view trim(std::string_view text, std::string_view spaces = kSpaces) {
    const auto first = text.find_first_not_of(spaces);
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(spaces) - first + 1);
}

// The words of `text` between runs of `spaces` (views into `text`).
inline std::vector<std::string_view> words(std::string_view text, std::string_view spaces = kSpaces) {
    std::vector<std::string_view> out;
    for (auto at = text.find_first_not_of(spaces); at != std::string_view::npos;
         at = text.find_first_not_of(spaces, at)) {
        const auto end = std::min(text.find_first_of(spaces, at), text.size());
        out.push_back(text.substr(at, end - at));
        at = end;
    }
    return out;
}

// ASCII lower case: names and commands compare without case.
inline std::string lower(std::string_view text) {
    std::string s(text);
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

}  // namespace ply
