#include <ply/tools/output_file.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <ply/core/error.hpp>

namespace ply {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void cannot_write(const std::string& path, const std::string& reason) {
    throw ParseError("cannot write '" + path + "': " + reason);
}

}  // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
    std::error_code error;
    if (path_.empty()) cannot_write(path_, "no file name");
    if (fs::is_directory(path_, error)) cannot_write(path_, "it is a folder");
    if (fs::exists(path_, error) && !fs::is_regular_file(path_, error)) {
        // A device or a pipe (/dev/stdout, a FIFO) is written as it is:
        // renaming a file over it would replace it.
        temporary_ = target_ = path_;
        direct_ = true;
    } else {
        // Beside the file a link points to (the link stays), so that the
        // rename stays within one file system.
        target_ = path_;
        if (fs::is_symlink(path_, error)) {
            const fs::path to = fs::read_symlink(path_, error);
            if (!error) target_ = (to.is_absolute() ? to : fs::path(path_).parent_path() / to).string();
        }
        temporary_ = target_ + ".tmp-XXXXXX";
        const int fd = mkstemp(temporary_.data());
        if (fd < 0) cannot_write(path_, std::strerror(errno));
        // mkstemp makes the file private; a finished file gets the usual mode.
        const mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
        close(fd);
    }
    stream_.open(temporary_, std::ios::trunc);
    if (!stream_) {
        if (!direct_) std::remove(temporary_.c_str());
        cannot_write(path_, std::strerror(errno));
    }
}

OutputFile::~OutputFile() {
    if (committed_ || direct_) return;
    stream_.close();
    std::remove(temporary_.c_str());
}

void OutputFile::commit() {
    if (committed_) return;
    stream_.close();
    if (stream_.fail()) cannot_write(path_, "the text could not all be written");
    if (!direct_ && std::rename(temporary_.c_str(), target_.c_str()) != 0) cannot_write(path_, std::strerror(errno));
    committed_ = true;
}

}  // namespace ply
