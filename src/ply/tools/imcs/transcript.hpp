// The log of an IMCS session: every line sent (">") or received ("<") and
// our own notes ("#": moves, searches, the result), each with a UTC time
// stamp, flushed line by line so that a session that fails leaves its log.
#pragma once

#include <fstream>
#include <string>
#include <string_view>

namespace ply::imcs {

class Transcript {
public:
    Transcript() = default;  // logs nothing
    // Appends to `path`; throws ImcsError if it cannot be opened.
    explicit Transcript(const std::string& path);

    void sent(std::string_view line) { write('>', line); }
    void received(std::string_view line) { write('<', line); }
    void note(std::string_view line) { write('#', line); }

private:
    void write(char marker, std::string_view line);
    std::ofstream out_;
};

}  // namespace ply::imcs
