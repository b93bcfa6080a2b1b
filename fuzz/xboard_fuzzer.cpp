// Fuzzes the xboard front end: the input's lines are commands to a session
// (chess). Any input must be answered without a crash, a sanitizer report or
// a hang. Searches are kept short (sd 2 first and after every line: a move
// as the first line starts a search); `memory`, `cores`
// and `option` are left out, as they take what the machine has (their
// parsing is covered by tests/xboard).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include <ply/games/chess/description.hpp>
#include <ply/xboard/xboard.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    std::ostringstream out;
    ply::xboard::Session<ply::chess::Position> session(out);
    session.handle("sd 2");
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string command;
        words >> command;
        if (command == "memory" || command == "cores" || command == "option") continue;
        if (!session.handle(line)) return 0;
        session.handle("sd 2");
    }
    session.handle("quit");
    return 0;
}
