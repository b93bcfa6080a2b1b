#include "tools/output_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace ply {

namespace {

[[noreturn]] void cannot_write(const std::string& path, const std::string& reason) {
    throw ParseError("cannot write '" + path + "': " + reason);
}

}  // namespace

OutputFile::OutputFile(std::string path, bool append) : path_(std::move(path)) {
    std::error_code error;
    if (path_.empty()) cannot_write(path_, "no file name");
    if (std::filesystem::is_directory(path_, error)) cannot_write(path_, "it is a folder");
    // Beside the target, so that the rename stays within one file system.
    temporary_ = path_ + ".tmp-XXXXXX";
    const int fd = mkstemp(temporary_.data());
    if (fd < 0) cannot_write(path_, std::strerror(errno));
    // mkstemp makes the file private; a finished file gets the usual mode.
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    close(fd);
    if (append && std::filesystem::exists(path_, error)) {
        std::filesystem::copy_file(path_, temporary_, std::filesystem::copy_options::overwrite_existing, error);
        if (error) {
            std::remove(temporary_.c_str());
            cannot_write(path_, "cannot copy its contents: " + error.message());
        }
    }
    stream_.open(temporary_, append ? std::ios::app : std::ios::trunc);
    if (!stream_) {
        std::remove(temporary_.c_str());
        cannot_write(path_, std::strerror(errno));
    }
}

OutputFile::~OutputFile() {
    if (committed_) return;
    stream_.close();
    std::remove(temporary_.c_str());
}

void OutputFile::commit() {
    if (committed_) return;
    stream_.close();
    if (stream_.fail()) cannot_write(path_, "the text could not all be written");
    if (std::rename(temporary_.c_str(), path_.c_str()) != 0) cannot_write(path_, std::strerror(errno));
    committed_ = true;
}

}  // namespace ply
