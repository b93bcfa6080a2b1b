// The whole text of a file, for tests that compare outputs with files.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace ply::testing {

inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace ply::testing
