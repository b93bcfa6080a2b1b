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

// What names a file that does not exist yet: its canonical path, the links
// on the way to it followed (a dangling link names the file it would make).
fs::path future_identity(const std::string& text) {
    std::error_code error;
    fs::path path = fs::absolute(text, error);  // weakly_canonical leaves a relative path relative
    for (int hops = 0; hops < 40 && fs::is_symlink(path, error); ++hops) {
        const fs::path to = fs::read_symlink(path, error);
        if (error) break;
        path = to.is_absolute() ? to : path.parent_path() / to;
    }
    const fs::path canonical = fs::weakly_canonical(path, error);
    return error ? path.lexically_normal() : canonical;
}

}  // namespace

bool same_file(const std::string& a, const std::string& b) {
    using Stat = struct stat;
    Stat sa{}, sb{};
    const bool a_exists = ::stat(a.c_str(), &sa) == 0, b_exists = ::stat(b.c_str(), &sb) == 0;
    if (a_exists && b_exists) return S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    if (a_exists != b_exists) return false;
    return future_identity(a) == future_identity(b);
}

void refuse_same_files(const std::vector<NamedFile>& outputs, const std::vector<NamedFile>& inputs) {
    const auto quoted = [](const NamedFile& f) { return f.option + " '" + clip(f.path) + "'"; };
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        if (outputs[i].path.empty()) continue;
        const auto clash = [&](const NamedFile& other) {
            return !other.path.empty() && same_file(outputs[i].path, other.path);
        };
        for (const NamedFile& input : inputs)
            if (clash(input)) throw ParseError(quoted(outputs[i]) + " is the same file as " + quoted(input));
        for (std::size_t j = 0; j < i; ++j)
            if (clash(outputs[j])) throw ParseError(quoted(outputs[i]) + " is the same file as " + quoted(outputs[j]));
    }
}

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
