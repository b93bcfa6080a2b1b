// One slice's values in a file, and the file read back: a header naming the
// game, the slice and the format, an index of compressed blocks
// (run_code.hpp) for random access, and checksums over all of it
// (table_format.hpp, docs/egtb.md "File format"). A file is written complete
// or not at all, and read whole and checked at open: a truncated, corrupted
// or foreign file is refused with one line, never trusted.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ply/search/retro/run_code.hpp>
#include <ply/search/retro/table_format.hpp>
#include <ply/search/retro/value.hpp>

namespace ply::retro {

// Writes one slice's codes to `path`. Entries equal to not_counted_code are
// "don't care": stored as whatever continues a run, read back unspecified.
inline void write_table(const std::filesystem::path& path, std::string_view game, std::string_view slice,
                        const std::vector<Code>& codes, TableLayout layout = {}) {
    using namespace table_detail;
    if (layout.block_positions == 0) throw std::invalid_argument("a table block must hold a position");
    if (game.size() > 0xFFFF || slice.size() > 0xFFFF) throw std::invalid_argument("a table name is too long");
    if (std::find(codes.begin(), codes.end(), unknown_code) != codes.end())
        fail(path, "a position is not settled: the slice is not built");
    const run_code::Symbols symbols = run_code::Symbols::of(codes);
    const std::uint64_t per_block = layout.block_positions;
    const std::uint64_t blocks = (codes.size() + per_block - 1) / per_block;
    const std::uint64_t header_bytes =
        table_fixed_bytes + 2 + game.size() + 2 + slice.size() + 4 + 2 * symbols.codes.size() + 16 * blocks + 8;
    std::string body;
    std::vector<std::uint64_t> index;  // each block's end and checksum
    for (std::uint64_t first = 0; first < codes.size(); first += per_block) {
        const std::size_t before = body.size();
        const auto count = std::size_t(std::min(per_block, codes.size() - first));
        run_code::encode_block(std::span(codes).subspan(std::size_t(first), count), symbols, body);
        index.push_back(header_bytes + body.size());
        index.push_back(run_code::fnv1a(bytes_of(body).subspan(before)));
    }
    std::string head(table_magic);
    put(head, table_format_version, 4);
    put(head, per_block, 4);
    put(head, codes.size(), 8);
    put(head, blocks, 8);
    put(head, header_bytes, 8);
    put(head, header_bytes + body.size(), 8);
    put_text(head, game);
    put_text(head, slice);
    put(head, symbols.codes.size(), 4);
    for (const Code c : symbols.codes) put(head, c, 2);
    for (const std::uint64_t v : index) put(head, v, 8);
    put(head, run_code::fnv1a(bytes_of(head)), 8);
    write_atomically(path, head, body);
}

class Table {
public:
    // Checks magic, format version, game and slice names, size and every
    // checksum, and that every block decodes to its positions.
    static Table open(const std::filesystem::path& path, std::string_view game, std::string_view slice) {
        return from_bytes(read_file(path), path, game, slice);
    }

    // The same checks on a file's bytes read already; `path` names it in
    // messages.
    static Table from_bytes(std::vector<unsigned char> bytes, const std::filesystem::path& path, std::string_view game,
                            std::string_view slice) {
        Table t;
        t.bytes_ = std::move(bytes);
        table_detail::check_start(path, t.bytes_, t.bytes_.size());
        const std::vector<std::uint64_t> sums = t.read_header(path, game, slice);
        t.check_blocks(path, sums);
        return t;
    }

    // The code stored at `index` (unspecified where a don't-care was
    // written). Thread-safe: a table never changes once open.
    [[nodiscard]] Code at(std::uint64_t index) const {
        if (index >= positions_) throw std::out_of_range("table index out of range");
        std::uint64_t skip = index % block_positions_, found = 0;
        run_code::walk_runs(block(index / block_positions_), symbols_.size(), [&](std::uint64_t s, std::uint64_t n) {
            if (skip < n) {
                found = s;
                return false;
            }
            skip -= n;
            return true;
        });
        return symbols_[std::size_t(found)];
    }

    // The codes of indices first .. first + out.size() - 1, decoded a block
    // at a time (for reading a whole slice: at() decodes a block per call).
    void read(std::uint64_t first, std::span<Code> out) const {
        if (first > positions_ || out.size() > positions_ - first) throw std::out_of_range("table range out of range");
        std::size_t done = 0;
        for (std::uint64_t k = first / block_positions_; done < out.size(); ++k) {
            std::uint64_t skip = first + done - k * block_positions_;
            run_code::walk_runs(block(k), symbols_.size(), [&](std::uint64_t s, std::uint64_t n) {
                const std::uint64_t used = std::min(skip, n);
                skip -= used;
                const auto take = std::size_t(std::min<std::uint64_t>(n - used, out.size() - done));
                std::fill_n(out.begin() + std::ptrdiff_t(done), take, symbols_[std::size_t(s)]);
                done += take;
                return done < out.size();
            });
        }
    }

    [[nodiscard]] std::uint64_t size() const { return positions_; }
    [[nodiscard]] std::uint64_t file_bytes() const { return bytes_.size(); }
    // The header's checksum: it covers every block's, so it names the content.
    [[nodiscard]] std::uint64_t checksum() const { return checksum_; }
    // The distinct codes stored, most frequent first.
    [[nodiscard]] const std::vector<Code>& symbols() const { return symbols_; }

private:
    Table() = default;

    [[nodiscard]] std::span<const unsigned char> block(std::uint64_t k) const {
        const auto begin = std::size_t(starts_[std::size_t(k)]), end = std::size_t(starts_[std::size_t(k) + 1]);
        return std::span(bytes_).subspan(begin, end - begin);
    }

    static std::vector<unsigned char> read_file(const std::filesystem::path& path) {
        std::error_code ec;
        const std::uintmax_t size = std::filesystem::file_size(path, ec);
        if (ec) table_detail::fail(path, "cannot read (" + ec.message() + ")");
        std::ifstream in(path, std::ios::binary);
        if (!in) table_detail::fail(path, "cannot read (" + std::string(std::strerror(errno)) + ")");
        const std::size_t first = std::min<std::uintmax_t>(size, table_fixed_bytes);
        std::vector<unsigned char> bytes(first);
        in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(first));
        table_detail::check_start(path, bytes, size);  // before reading a foreign file whole
        bytes.resize(std::size_t(size));
        in.read(reinterpret_cast<char*>(bytes.data() + first), std::streamsize(size - first));
        if (!in || in.peek() != std::char_traits<char>::eof())
            table_detail::fail(path, "cannot read (short, or changed while read)");
        return bytes;
    }

    // The header's fields into the table; the blocks' checksums returned.
    std::vector<std::uint64_t> read_header(const std::filesystem::path& path, std::string_view game,
                                           std::string_view slice) {
        using table_detail::fail;
        table_detail::Reader r(bytes_, path);
        r.skip(12);  // magic and version, checked
        block_positions_ = r.number(4);
        positions_ = r.number(8);
        const std::uint64_t blocks = r.number(8), header_bytes = r.number(8), file_bytes = r.number(8);
        if (file_bytes != bytes_.size())
            fail(path, file_bytes > bytes_.size() ? "truncated (" + std::to_string(bytes_.size()) + " of " +
                                                        std::to_string(file_bytes) + " bytes)"
                                                  : "corrupted (" + std::to_string(bytes_.size()) +
                                                        " bytes, its header says " + std::to_string(file_bytes) + ")");
        if (header_bytes < table_fixed_bytes + 8 || header_bytes > file_bytes) fail(path, "corrupted header (length)");
        r.limit(header_bytes - 8);
        const std::string game_found = r.text(), slice_found = r.text();
        symbols_.resize(std::size_t(r.count(r.number(4), 2)));
        for (Code& c : symbols_) c = Code(r.number(2));
        std::vector<std::uint64_t> ends(std::size_t(r.count(blocks, 16))), sums(ends.size());
        for (std::size_t k = 0; k < ends.size(); ++k) ends[k] = r.number(8), sums[k] = r.number(8);
        if (r.at() != header_bytes - 8) fail(path, "corrupted header (length)");
        checksum_ = run_code::fnv1a(std::span(bytes_).first(r.at()));
        r.limit(header_bytes);
        if (r.number(8) != checksum_) fail(path, "corrupted header (checksum)");
        if (game_found != game) fail(path, "a table of game " + clip(game_found) + ", not " + std::string(game));
        if (slice_found != slice) fail(path, "a table of slice " + clip(slice_found) + ", not " + std::string(slice));
        check_layout(path, blocks, header_bytes, ends);
        return sums;
    }

    void check_layout(const std::filesystem::path& path, std::uint64_t blocks, std::uint64_t header_bytes,
                      const std::vector<std::uint64_t>& ends) {
        if (block_positions_ == 0 || blocks != positions_ / block_positions_ + (positions_ % block_positions_ != 0))
            table_detail::fail(path, "corrupted header (block count)");
        if ((positions_ > 0 && symbols_.empty()) ||
            std::any_of(symbols_.begin(), symbols_.end(), [](Code c) { return !is_settled(c); }))
            table_detail::fail(path, "corrupted header (symbols)");
        starts_.assign(1, header_bytes);
        for (const std::uint64_t end : ends) {
            if (end <= starts_.back() || end > bytes_.size()) table_detail::fail(path, "corrupted index");
            starts_.push_back(end);
        }
        if (starts_.back() != bytes_.size()) table_detail::fail(path, "corrupted index");
    }

    void check_blocks(const std::filesystem::path& path, const std::vector<std::uint64_t>& sums) const {
        for (std::size_t k = 0; k < sums.size(); ++k) {
            const std::string which = "block " + std::to_string(k) + " of " + std::to_string(sums.size());
            if (run_code::fnv1a(block(k)) != sums[k]) table_detail::fail(path, "corrupted " + which + " (checksum)");
            const std::uint64_t first = k * block_positions_;
            const std::uint64_t wanted = std::min(block_positions_, positions_ - first);
            std::uint64_t got = 0;
            const auto walked = run_code::walk_runs(block(k), symbols_.size(), [&](std::uint64_t, std::uint64_t n) {
                got += std::min(n, wanted + 1);  // no overflow, and too many stays too many
                return got <= wanted;
            });
            if (walked != run_code::Walk::Done || got != wanted) table_detail::fail(path, "malformed " + which);
        }
    }

    std::vector<unsigned char> bytes_;
    std::vector<Code> symbols_;
    std::vector<std::uint64_t> starts_;  // block k: bytes starts_[k] .. starts_[k + 1]
    std::uint64_t positions_ = 0;
    std::uint64_t block_positions_ = 1;
    std::uint64_t checksum_ = 0;
};

}  // namespace ply::retro
