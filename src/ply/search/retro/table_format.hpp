// The byte layout of a table file (docs/egtb.md, "File format"): its
// constants, its little-endian fields, its first checks, and the one way a
// table is written into place.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include <ply/core/error.hpp>

namespace ply::retro {

// One line: the file and what is wrong with it.
struct TableError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

inline constexpr std::uint32_t table_format_version = 1;
inline constexpr std::string_view table_magic = "PLYTABLE";
inline constexpr std::size_t table_fixed_bytes = 48;  // magic .. file bytes

struct TableLayout {
    // Positions a block holds: a probe decodes half a block on average
    // (about 1 us at 1024 positions; docs/egtb.md weighs size and speed).
    std::uint32_t block_positions = 1024;
};

namespace table_detail {

[[noreturn]] inline void fail(const std::filesystem::path& file, const std::string& what) {
    throw TableError("table '" + clip(file.string(), 200) + "': " + what);
}

inline void put(std::string& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(char((v >> (8 * i)) & 0xFF));
}

inline void put_text(std::string& out, std::string_view text) {
    put(out, text.size(), 2);
    out.append(text);
}

inline std::span<const unsigned char> bytes_of(std::string_view s) {
    return {reinterpret_cast<const unsigned char*>(s.data()), s.size()};
}

// The first bytes of a file of `size` bytes: the magic and the version,
// checked before anything else is read.
inline void check_start(const std::filesystem::path& file, std::span<const unsigned char> first, std::uintmax_t size) {
    const std::size_t shown = std::min(first.size(), table_magic.size());
    if (!std::equal(first.begin(), first.begin() + std::ptrdiff_t(shown), bytes_of(table_magic).begin()))
        fail(file, "not a Ply endgame table");
    if (size < table_fixed_bytes) fail(file, "truncated (" + std::to_string(size) + " bytes)");
    std::uint32_t version = 0;
    for (int i = 0; i < 4; ++i) version |= std::uint32_t(first[table_magic.size() + std::size_t(i)]) << (8 * i);
    if (version != table_format_version)
        fail(file, "format version " + std::to_string(version) + ", this ply reads version " +
                       std::to_string(table_format_version));
}

// The header's fields in order; a field past the limit means a bad header.
class Reader {
public:
    Reader(std::span<const unsigned char> bytes, const std::filesystem::path& file)
        : bytes_(bytes), file_(file), end_(bytes.size()) {}
    // A little-endian number of 1 to 8 bytes.
    std::uint64_t number(int bytes) {
        need(std::uint64_t(bytes));
        std::uint64_t v = 0;
        for (int i = 0; i < bytes; ++i) v |= std::uint64_t(bytes_[at_ + std::size_t(i)]) << (8 * i);
        at_ += std::size_t(bytes);
        return v;
    }
    void skip(std::uint64_t bytes) {
        need(bytes);
        at_ += std::size_t(bytes);
    }
    std::string text() {
        const std::uint64_t n = number(2);
        need(n);
        std::string s(reinterpret_cast<const char*>(bytes_.data() + at_), std::size_t(n));
        at_ += std::size_t(n);
        return s;
    }
    // `n` items of `each` bytes still fit: n, else a bad header.
    std::uint64_t count(std::uint64_t n, std::uint64_t each) const {
        if (n > (end_ - at_) / each) bad();
        return n;
    }
    void limit(std::uint64_t end) { end_ = std::size_t(std::min<std::uint64_t>(end, bytes_.size())); }
    [[nodiscard]] std::size_t at() const { return at_; }

private:
    void need(std::uint64_t n) const {
        if (at_ > end_ || end_ - at_ < n) bad();
    }
    [[noreturn]] void bad() const { fail(file_, "corrupted header (a field overruns it)"); }

    std::span<const unsigned char> bytes_;
    const std::filesystem::path& file_;
    std::size_t end_;
    std::size_t at_ = 0;
};

// Writes to a temporary file beside `path` and renames it into place, so a
// killed writer leaves no file under the table's name.
inline void write_atomically(const std::filesystem::path& path, const std::string& head, const std::string& body) {
    const auto temporary =
        path.parent_path() / (path.filename().string() + ".partial-" + std::to_string(std::random_device{}()));
    std::error_code ignored;
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(head.data(), std::streamsize(head.size()));
        out.write(body.data(), std::streamsize(body.size()));
        out.close();
        if (!out) {
            const std::string why = std::strerror(errno);
            std::filesystem::remove(temporary, ignored);
            fail(path, "cannot write (" + why + ")");
        }
    }
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        std::filesystem::remove(temporary, ignored);
        fail(path, "cannot write (" + ec.message() + ")");
    }
}

}  // namespace table_detail
}  // namespace ply::retro
