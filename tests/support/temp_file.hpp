// A file in the temporary directory for the length of a test: named after the
// test's process, so that parallel runs do not share it.
#pragma once

#include <unistd.h>

#include <cstddef>
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

// A folder of the test's own, with an empty subfolder "sub" (for paths such as
// sub/../x), removed afterwards.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name = "dir")
        : path(std::filesystem::temp_directory_path() / ("ply_test_" + std::to_string(::getpid()) + "_" + name)) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path / "sub");
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string operator/(const std::string& name) const { return (path / name).string(); }
    // Writes `text` to the file `name` in the folder; its path.
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name, std::ios::binary) << text;
        return (path / name).string();
    }
    // Files in the folder other than `keep` (temporaries left behind).
    std::size_t others(const std::string& keep = "") const {
        std::size_t n = 0;
        for (const auto& e : std::filesystem::directory_iterator(path))
            n += e.is_regular_file() && e.path().filename() != keep;
        return n;
    }
};

}  // namespace ply::testing
