// Training positions for `ply datagen` and `ply tune`: a game's packed
// position (Tuning<G>), the search's score and the game's result.
//
// Binary file: the 8 bytes "PLYDATA1", the packed size (4 bytes, little
// endian), the fingerprint of the settings `ply datagen` played with (4
// bytes; 0 for data it did not play, such as relabelled); then records of
// the packed position, the score (2 bytes, first player's view), the result
// (1 byte: 0 the second player won, 1 a draw, 2 the first player won), a zero
// byte and the game's number (4 bytes). Games are written whole, in one write
// each, so a file cut short by a crash ends inside its last game at worst,
// which resuming plays again.
// Text file: one position a line, "<position> | <score> | <result>", the
// result as 1, 0.5 or 0 for the first player.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>

namespace ply::tune {

inline constexpr std::string_view kTrainingMagic = "PLYDATA1";
inline constexpr std::size_t kTrainingHeaderSize = 16;
inline constexpr std::size_t kRecordTailSize = 8;  // score, result, zero, game

// Result for the first player, as stored.
enum class TrainingResult : std::uint8_t { SecondWins = 0, Draw = 1, FirstWins = 2 };
inline double result_value(TrainingResult r) { return static_cast<double>(r) / 2; }

template <std::size_t N>
struct TrainingRecord {
    std::array<std::byte, N> position{};
    std::int16_t score = 0;  // centipawn-like, the first player's view
    TrainingResult result = TrainingResult::Draw;
    std::uint32_t game = 0;

    static constexpr std::size_t kSize = N + kRecordTailSize;
    void write(std::byte* out) const {
        std::memcpy(out, position.data(), N);
        const auto s = static_cast<std::uint16_t>(score);
        out[N] = std::byte(s & 0xFF), out[N + 1] = std::byte(s >> 8);
        out[N + 2] = std::byte(static_cast<std::uint8_t>(result)), out[N + 3] = std::byte{0};
        for (std::size_t i = 0; i < 4; ++i) out[N + 4 + i] = std::byte((game >> (8 * i)) & 0xFF);
    }
    // False for a result byte out of range.
    bool read(const std::byte* in) {
        std::memcpy(position.data(), in, N);
        score = static_cast<std::int16_t>(std::to_integer<std::uint16_t>(in[N]) |
                                          std::to_integer<std::uint16_t>(in[N + 1]) << 8);
        const auto r = std::to_integer<std::uint8_t>(in[N + 2]);
        result = static_cast<TrainingResult>(r);
        game = 0;
        for (std::size_t i = 0; i < 4; ++i) game |= std::to_integer<std::uint32_t>(in[N + 4 + i]) << (8 * i);
        return r <= 2;
    }
};

// Calls f(record) for each record after the header of a binary training
// file's `bytes`, until f returns false; throws ParseError naming `path` and
// the record for a bad result byte.
template <std::size_t N, class F>
void for_each_record(std::string_view bytes, const std::string& path, F&& f);

// The header of a file of N-byte packed positions.
std::array<std::byte, kTrainingHeaderSize> training_header(std::size_t packed_size, std::uint32_t fingerprint = 0);
// The settings' fingerprint in a header.
std::uint32_t training_fingerprint(std::string_view header);
// True if `bytes` start like a binary training file; throws ParseError if
// they do but for another packed size.
bool is_binary_training(std::string_view bytes, std::size_t packed_size, const std::string& path);
[[noreturn]] void throw_bad_record(const std::string& path, std::size_t index);

// One line of the text format, read: throws ParseError naming the line.
struct TextRecord {
    std::string position;
    int score = 0;
    TrainingResult result = TrainingResult::Draw;
};
TextRecord parse_text_record(std::string_view line, const std::string& where);
std::string text_record(std::string_view position, int score, TrainingResult result);

template <std::size_t N, class F>
void for_each_record(std::string_view bytes, const std::string& path, F&& f) {
    using Record = TrainingRecord<N>;
    const std::size_t count = (bytes.size() - kTrainingHeaderSize) / Record::kSize;
    for (std::size_t i = 0; i < count; ++i) {
        Record r;
        if (!r.read(reinterpret_cast<const std::byte*>(bytes.data()) + kTrainingHeaderSize + i * Record::kSize))
            throw_bad_record(path, i);
        if (!f(r)) return;
    }
}

}  // namespace ply::tune
