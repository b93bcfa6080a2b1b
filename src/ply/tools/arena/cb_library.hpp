// A CheckerBoard engine library (Martin Fierz's interface: getmove and
// enginecommand in a shared object), loaded with dlopen. A library stays
// loaded for the rest of the process: the loader gives one copy per path,
// which players of the same library share, and calls into it are taken one
// at a time (the interface has no handle to tell callers apart).
#pragma once

#include <mutex>
#include <string>

#include <ply/tools/arena/player.hpp>

namespace ply::arena {

class CbLibrary {
public:
    // "" or one line saying why not: the loader's message, or the symbol missing.
    std::string open(const std::string& path);
    [[nodiscard]] bool is_open() const { return getmove_ != nullptr; }
    [[nodiscard]] void* getmove() const { return getmove_; }
    // Sends a command; the reply, and whether the engine knew the command.
    std::string command(const std::string& text, bool* known = nullptr);
    // Held for every call into the library.
    [[nodiscard]] std::mutex& mutex() const { return *mutex_; }

private:
    void* getmove_ = nullptr;
    void* enginecommand_ = nullptr;
    std::mutex* mutex_ = nullptr;
};

// The depth and value a library's search text gives ("depth 14", "value
// -35", "value=12"), where it gives them: engines write it as they like.
SearchInfo cb_search_info(const std::string& text);

}  // namespace ply::arena
