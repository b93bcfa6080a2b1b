// A file in the temporary directory for the length of a test: named after the
// test's process, so that parallel runs do not share it.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace ply::testing {

struct TempFile {
    std::filesystem::path path;
    TempFile(const std::string& name, const std::string& text)
        : path(std::filesystem::temp_directory_path() / ("ply_test_" + std::to_string(::getpid()) + "_" + name)) {
        std::ofstream(path) << text;
    }
    ~TempFile() { std::filesystem::remove(path); }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
};

}  // namespace ply::testing
