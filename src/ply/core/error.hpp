// The error types for bad user input (positions, moves, trees, options) and
// for resources the machine cannot give.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ply {

class ParseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A table the machine cannot give ("not enough memory for a 65536 MB
// transposition table"): the one failure every command reports the same way.
class OutOfMemory : public std::runtime_error {
public:
    OutOfMemory(std::size_t megabytes, const std::string& what)
        : std::runtime_error("not enough memory for a " + std::to_string(megabytes) + " MB " + what) {}
};

// Input echoed in a message, cut short: a hostile user's 64 MB line is not
// sent back. Every message that quotes its input quotes it through clip().
inline std::string clip(std::string_view text, std::size_t shown = 80) {
    if (text.size() <= shown) return std::string(text);
    return std::string(text.substr(0, shown)) + "... (" + std::to_string(text.size()) + " bytes)";
}

// An error message as one line of sane length, whatever it quotes: the last
// guard where a message is printed, for one that forgot to clip() its input
// or a library's own ("The following arguments were not expected: <100 KB>").
inline std::string error_line(std::string_view message) {
    std::string line = clip(message, 400);
    for (char& c : line)
        if (c == '\n' || c == '\r') c = ' ';
    return line;
}

}  // namespace ply
