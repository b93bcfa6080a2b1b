// Fuzzes the GTP front end: the input's lines are commands to a session
// (Go). Any input must be answered with a well-formed response, without a
// crash, a sanitizer report or a hang; searches are capped at a few
// iterations, and no file is written (printsgf FILE is off).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include <ply/games/go/description.hpp>
#include <ply/gtp/gtp.hpp>

namespace {
void check(bool ok) {
    if (!ok) __builtin_trap();
}
}  // namespace

// A response is "" (no command), "=..." or "?..." ending in a blank line,
// or the start of an analysis ("=" and the id alone on a line), whose
// lines ("info ...") and blank line then come before the next response.
bool well_formed(std::string_view answer, bool& analysing) {
    if (analysing) {
        while (answer.starts_with("info ")) {
            if (answer.find('\n') == std::string_view::npos) return false;
            answer.remove_prefix(answer.find('\n') + 1);
        }
        if (!answer.starts_with("\n")) return false;
        answer.remove_prefix(1);
        analysing = false;
    }
    if (answer.empty()) return true;
    if (answer.starts_with("=") && answer.find('\n') == answer.size() - 1 &&
        answer.find_first_not_of("0123456789", 1) == answer.size() - 1)
        return analysing = true;
    return (answer[0] == '=' || answer[0] == '?') && answer.ends_with("\n\n");
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ply::gtp::Options options;
    options.iterations = 30;
    options.write_files = false;
    ply::gtp::Session<ply::go::Go> session(options);
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    bool analysing = false;
    for (std::string line; !session.done() && std::getline(in, line);)
        check(well_formed(session.handle(line), analysing));
    check(well_formed(session.finish(), analysing));
    return 0;
}
