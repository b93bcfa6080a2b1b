// One slice built by several processes at once (its parts): each scans and
// settles the indices of its own range, and at each level passes the other
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

inline void put_list(std::string& bytes, const std::vector<std::uint32_t>& list) {
    put32(bytes, std::uint32_t(list.size()));
    for (const std::uint32_t v : list) put32(bytes, v);
}

// The list at `at`, which moves past it.
inline std::vector<std::uint32_t> get_list(std::string_view bytes, std::size_t& at) {
    std::vector<std::uint32_t> list(get32(bytes, at));
    at += 4;
    for (auto& v : list) v = get32(bytes, at), at += 4;
    return list;
}

}  // namespace split_detail

// The parts' ranges of a slice's indices (equal in length) and the calls
// that cross between them.
class SliceParts {
public:
    SliceParts(SplitBuild split, std::uint32_t size) : split_(std::move(split)) {
        if (split_.parts < 1 || split_.part < 0 || split_.part >= split_.parts)
            throw std::invalid_argument("a split build's part is out of range");
        for (int k = 0; k <= split_.parts; ++k)
            bounds_.push_back(std::uint32_t(std::uint64_t(size) * std::uint64_t(k) / std::uint64_t(split_.parts)));
    }

    [[nodiscard]] bool split() const { return bool(split_.exchange); }
    [[nodiscard]] int part() const { return split_.part; }
    [[nodiscard]] int count() const { return split_.parts; }
    [[nodiscard]] std::uint32_t first() const { return bounds_[std::size_t(part())]; }
    [[nodiscard]] std::uint32_t last() const { return bounds_[std::size_t(part()) + 1]; }
    [[nodiscard]] std::uint32_t first_of(int k) const { return bounds_[std::size_t(k)]; }
    [[nodiscard]] std::uint32_t last_of(int k) const { return bounds_[std::size_t(k) + 1]; }

    // The part whose range holds `index` (below the slice's size).
    [[nodiscard]] int owner(std::uint32_t index) const {
        return int(std::ranges::upper_bound(bounds_, index) - bounds_.begin()) - 1;
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
    std::vector<std::uint32_t> bounds_;  // part k: bounds_[k] .. bounds_[k + 1] - 1
};

}  // namespace ply::retro
