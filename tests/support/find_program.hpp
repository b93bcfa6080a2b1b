// Where a Debian package's program is installed, or "" when it is not: the
// tests that compare with another program skip without it.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace ply::testing {

inline std::string find_program(const std::string& name) {
    for (const char* dir : {"/usr/games", "/usr/bin", "/usr/local/bin"}) {
        const auto path = std::filesystem::path(dir) / name;
        if (::access(path.c_str(), X_OK) == 0) return path.string();
    }
    return {};
}

}  // namespace ply::testing
