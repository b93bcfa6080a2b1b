// How a table's blocks code their values (table.hpp): runs of equal codes,
// byte by byte, the way checkers databases shrink. Each table ranks its
// distinct codes by frequency (its symbols); a block is a stream of tokens:
//
//   0 .. 191     one position holding symbol `byte`
//   192 .. 254   the previous position's code repeated byte - 191 more times
//   255, v       v a LEB128 varint: even, one position of symbol v / 2;
//                odd, the previous code repeated v / 2 + 1 more times
//
// so a lone common value takes one byte and a run of any length at most
// one more byte and a varint. Positions that count for nothing (not_counted
// while building) take the value of the run they fall in.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <ply/search/retro/value.hpp>

namespace ply::retro::run_code {

inline constexpr unsigned short_symbols = 192;
inline constexpr unsigned escape = 255;
inline constexpr std::uint64_t short_repeat = escape - short_symbols;  // 63

// 64-bit FNV-1a. Any one byte changed in data of a given length changes it:
// each step, (h ^ byte) * odd prime, is a bijection of the state.
inline constexpr std::uint64_t fnv_basis = 0xcbf29ce484222325ULL;
inline std::uint64_t fnv1a(std::span<const unsigned char> bytes, std::uint64_t h = fnv_basis) {
    for (const unsigned char b : bytes) h = (h ^ b) * 0x100000001b3ULL;
    return h;
}

inline void put_varint(std::string& out, std::uint64_t v) {
    for (; v >= 0x80; v >>= 7) out.push_back(char(0x80 | (v & 0x7F)));
    out.push_back(char(v));
}

// The symbols of a table, most frequent first (ties by code, so that equal
// codes give equal files), and each code's rank.
struct Symbols {
    std::vector<Code> codes;
    std::vector<std::uint32_t> rank = std::vector<std::uint32_t>(std::size_t(1) << 16, 0);

    static Symbols of(std::span<const Code> codes) {
        std::vector<std::uint64_t> count(std::size_t(1) << 16, 0);
        for (const Code c : codes)
            if (c != not_counted_code) ++count[c];
        Symbols s;
        for (std::size_t c = 0; c < count.size(); ++c)
            if (count[c] > 0) s.codes.push_back(Code(c));
        std::stable_sort(s.codes.begin(), s.codes.end(), [&](Code a, Code b) { return count[a] > count[b]; });
        if (s.codes.empty() && !codes.empty()) s.codes.push_back(draw_code);  // nothing counted: any value
        for (std::size_t r = 0; r < s.codes.size(); ++r) s.rank[s.codes[r]] = std::uint32_t(r);
        return s;
    }
};

// Appends the tokens of one block; don't-care entries join the run before
// them, or at the block's start the first counted value after them.
inline void encode_block(std::span<const Code> block, const Symbols& symbols, std::string& out) {
    const auto counted = std::find_if(block.begin(), block.end(), [](Code c) { return c != not_counted_code; });
    Code run = counted == block.end() ? symbols.codes.front() : *counted;
    std::uint64_t repeats = 0;
    auto flush = [&] {
        if (repeats == 0) return;
        if (repeats <= short_repeat) {
            out.push_back(char(short_symbols + repeats - 1));
        } else {
            out.push_back(char(escape));
            put_varint(out, 2 * (repeats - 1) + 1);
        }
        repeats = 0;
    };
    auto put_symbol = [&](Code c) {
        const std::uint32_t r = symbols.rank[c];
        if (r < short_symbols) {
            out.push_back(char(r));
        } else {
            out.push_back(char(escape));
            put_varint(out, 2 * std::uint64_t(r));
        }
    };
    for (std::size_t i = 0; i < block.size(); ++i) {
        const Code c = block[i] == not_counted_code ? run : block[i];
        if (i > 0 && c == run) {
            ++repeats;
            continue;
        }
        flush();
        put_symbol(c);
        run = c;
    }
    flush();
}

enum class Walk { Done, Stopped, Malformed };

// Reads a block's tokens, calling visit(symbol rank, positions) for each
// run piece until it returns false. Malformed: a token cut short, a symbol
// out of range, a repeat with nothing before it.
template <class Visit>
Walk walk_runs(std::span<const unsigned char> bytes, std::size_t symbol_count, const Visit& visit) {
    std::size_t at = 0;
    std::uint64_t last = symbol_count;  // none yet
    while (at < bytes.size()) {
        const unsigned b = bytes[at++];
        std::uint64_t symbol = 0, repeats = 0;
        if (b < short_symbols) {
            symbol = b;
        } else if (b < escape) {
            repeats = b - short_symbols + 1;
        } else {
            std::uint64_t v = 0;
            for (int shift = 0;; shift += 7) {
                if (at == bytes.size() || shift > 63) return Walk::Malformed;
                const unsigned char part = bytes[at++];
                v |= std::uint64_t(part & 0x7F) << shift;
                if (part < 0x80) break;
            }
            if (v & 1)
                repeats = v / 2 + 1;
            else
                symbol = v / 2;
        }
        if (repeats == 0) {
            if (symbol >= symbol_count) return Walk::Malformed;
            last = symbol;
            if (!visit(symbol, 1)) return Walk::Stopped;
        } else {
            if (last >= symbol_count) return Walk::Malformed;
            if (!visit(last, repeats)) return Walk::Stopped;
        }
    }
    return Walk::Done;
}

}  // namespace ply::retro::run_code
