// One slice built by several processes at once (its parts): each scans and
// settles the indices of its own share, and at each level passes the other
// parts what its settled positions tell their predecessors. The caller
// carries the bytes (cli/ over MPI); the builder knows nothing of how.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ply::retro {

struct SplitBuild {
    int part = 0, parts = 1;
    // Called by every part at the same points of the build, with one byte
    // string for each part (its own included); returns what each part sent
    // this one. `what` names the step ("aliases", "level", "codes") for the
    // caller's figures. Empty: the slice is built whole, by this process.
    std::function<std::vector<std::string>(const char* what, std::vector<std::string> out)> exchange;
    // The indices are dealt to the parts in blocks of 2^block_bits (below 32).
    int block_bits = 12;
};

namespace split_detail {

inline void put32(std::string& bytes, std::uint32_t v) {
    const char b[4] = {char(v), char(v >> 8), char(v >> 16), char(v >> 24)};
    bytes.append(b, 4);
}

inline std::uint32_t get32(std::string_view bytes, std::size_t at) {
    if (at + 4 > bytes.size()) throw std::runtime_error("a split build's message is short");
    std::uint32_t v = 0;
    for (int k = 3; k >= 0; --k) v = v << 8 | std::uint8_t(bytes[at + std::size_t(k)]);
    return v;
}

// A sorted list as the gaps between its numbers, 7 bits a byte: a level's
// news is dense in a part's indices, so most gaps take a byte.
inline void put_list(std::string& bytes, const std::vector<std::uint32_t>& sorted) {
    put32(bytes, std::uint32_t(sorted.size()));
    std::uint32_t last = 0;
    for (const std::uint32_t v : sorted) {
        std::uint32_t gap = v - last;
        last = v;
        for (; gap >= 0x80; gap >>= 7) bytes.push_back(char(0x80 | (gap & 0x7F)));
        bytes.push_back(char(gap));
    }
}

// The list at `at`, which moves past it.
inline std::vector<std::uint32_t> get_list(std::string_view bytes, std::size_t& at) {
    std::vector<std::uint32_t> list(get32(bytes, at));
    at += 4;
    std::uint32_t last = 0;
    for (auto& v : list) {
        std::uint32_t gap = 0;
        for (int shift = 0;; shift += 7) {
            if (at >= bytes.size() || shift > 28) throw std::runtime_error("a split build's message is malformed");
            const auto b = std::uint8_t(bytes[at++]);
            gap |= std::uint32_t(b & 0x7F) << shift;
            if (b < 0x80) break;
        }
        v = last += gap;
    }
    return list;
}

}  // namespace split_detail

// Which part holds each index of a slice: blocks of indices (4,096 unless
// told) dealt round the parts. Fine-grained, so that each part holds some of every
// region of the index (chess and checkers put the side to move first: one
// range each would send every unmove to the other part, and settle the
// sides' levels in turn).
class SliceParts {
public:
    SliceParts(SplitBuild split, std::uint32_t size) : split_(std::move(split)), size_(size) {
        if (split_.parts < 1 || split_.part < 0 || split_.part >= split_.parts)
            throw std::invalid_argument("a split build's part is out of range");
        if (split_.block_bits < 0 || split_.block_bits > 31) throw std::invalid_argument("a split build's blocks");
    }

    [[nodiscard]] std::uint32_t block() const { return 1U << split_.block_bits; }

    [[nodiscard]] bool split() const { return bool(split_.exchange); }
    [[nodiscard]] int part() const { return split_.part; }
    [[nodiscard]] int count() const { return split_.parts; }

    [[nodiscard]] int owner(std::uint32_t index) const {
        return int((index >> split_.block_bits) % std::uint32_t(count()));
    }

    // Where its owner keeps `index`: its blocks one after the other.
    [[nodiscard]] std::uint32_t slot(std::uint32_t index) const {
        const std::uint32_t mask = block() - 1;
        return ((index >> split_.block_bits) / std::uint32_t(count())) << split_.block_bits | (index & mask);
    }

    // The index part k keeps at `slot`.
    [[nodiscard]] std::uint32_t index(int k, std::uint32_t slot) const {
        const std::uint32_t mask = block() - 1;
        return ((slot >> split_.block_bits) * std::uint32_t(count()) + std::uint32_t(k)) << split_.block_bits |
               (slot & mask);
    }

    // How many indices part k keeps.
    [[nodiscard]] std::uint32_t held_by(int k) const {
        std::uint32_t held = 0;
        for (std::uint64_t first = std::uint64_t(k) << split_.block_bits; first < size_;
             first += std::uint64_t(count()) << split_.block_bits)
            held += std::uint32_t(std::min<std::uint64_t>(size_ - first, block()));
        return held;
    }

    std::vector<std::string> exchange(const char* what, std::vector<std::string> out) const {
        std::vector<std::string> in = split_.exchange(what, std::move(out));
        if (in.size() != std::size_t(count())) throw std::runtime_error("a split build lost a part");
        return in;
    }

    // The same bytes to every part; what every part sent.
    std::vector<std::string> all(const char* what, const std::string& mine) const {
        return exchange(what, std::vector<std::string>(std::size_t(count()), mine));
    }

private:
    SplitBuild split_;
    std::uint32_t size_ = 0;
};

}  // namespace ply::retro
