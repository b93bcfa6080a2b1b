// Reading a whole file a user named, with one message for every way that fails.
#pragma once

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <ply/core/error.hpp>

namespace ply {

// The contents of `path`; throws ParseError naming the file and the reason
// (a folder opens as a stream on Linux and reads as empty: it is refused).
inline std::string read_text_file(const std::string& path, const std::string& what = "file") {
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        throw ParseError("cannot read the " + what + " '" + path + "': it is a folder");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ParseError("cannot read the " + what + " '" + path + "': " + std::strerror(errno));
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw ParseError("cannot read the " + what + " '" + path + "': " + std::strerror(errno));
    return text.str();
}

}  // namespace ply
