// Fuzzes the GTP front end: the input's lines are commands to a session
// (Go). Any input must be answered with a well-formed response, without a
// crash, a sanitizer report or a hang; searches are capped at a few
// iterations.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include <ply/games/go/description.hpp>
#include <ply/gtp/gtp.hpp>

namespace {
void check(bool ok) {
    if (!ok) __builtin_trap();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ply::gtp::Options options;
    options.iterations = 30;
    ply::gtp::Session<ply::go::Go> session(options);
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    for (std::string line; !session.done() && std::getline(in, line);) {
        const std::string answer = session.handle(line);
        // "" for no command, else "=..." or "?..." ending in a blank line.
        check(answer.empty() || ((answer[0] == '=' || answer[0] == '?') && answer.ends_with("\n\n")));
    }
    return 0;
}
