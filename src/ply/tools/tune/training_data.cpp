#include <ply/tools/tune/training_data.hpp>

#include <charconv>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply::tune {

namespace {

// Around a field: spaces, tabs, and a line's end written by Windows.
constexpr std::string_view kFieldSpaces = " \t\r";

}  // namespace

std::array<std::byte, kTrainingHeaderSize> training_header(std::size_t packed_size, std::uint32_t fingerprint) {
    std::array<std::byte, kTrainingHeaderSize> h{};
    for (std::size_t i = 0; i < kTrainingMagic.size(); ++i) h[i] = std::byte(kTrainingMagic[i]);
    for (std::size_t i = 0; i < 4; ++i) h[8 + i] = std::byte((packed_size >> (8 * i)) & 0xFF);
    for (std::size_t i = 0; i < 4; ++i) h[12 + i] = std::byte((fingerprint >> (8 * i)) & 0xFF);
    return h;
}

std::uint32_t training_fingerprint(std::string_view header) {
    std::uint32_t fingerprint = 0;
    for (std::size_t i = 0; i < 4 && 12 + i < header.size(); ++i)
        fingerprint |= std::uint32_t{static_cast<unsigned char>(header[12 + i])} << (8 * i);
    return fingerprint;
}

bool is_binary_training(std::string_view bytes, std::size_t packed_size, const std::string& path) {
    if (!bytes.starts_with(kTrainingMagic)) return false;
    const auto header = training_header(packed_size);
    // The fingerprint aside: any settings' data tunes the same.
    if (bytes.size() < kTrainingHeaderSize || std::memcmp(bytes.data(), header.data(), 12) != 0)
        throw ParseError("'" + path + "' holds training data of another game or version (its header differs)");
    return true;
}

void throw_bad_record(const std::string& path, std::size_t index) {
    throw ParseError("'" + path + "': record " + std::to_string(index + 1) + " has a bad result byte");
}

TextRecord parse_text_record(std::string_view line, const std::string& where) {
    const auto first = line.find('|');
    const auto second = first == std::string_view::npos ? first : line.find('|', first + 1);
    if (second == std::string_view::npos || line.find('|', second + 1) != std::string_view::npos)
        throw ParseError(where + ": expected '<position> | <score> | <result>'");
    TextRecord r;
    r.position = std::string(trim(line.substr(0, first), kFieldSpaces));
    const auto score = trim(line.substr(first + 1, second - first - 1), kFieldSpaces);
    const auto [end, ec] = std::from_chars(score.data(), score.data() + score.size(), r.score);
    if (score.empty() || ec != std::errc() || end != score.data() + score.size() || r.score < -32000 || r.score > 32000)
        throw ParseError(where + ": the score '" + clip(score) + "' is not a whole number from -32000 to 32000");
    const auto result = trim(line.substr(second + 1), kFieldSpaces);
    if (result == "1" || result == "1.0")
        r.result = TrainingResult::FirstWins;
    else if (result == "0.5")
        r.result = TrainingResult::Draw;
    else if (result == "0" || result == "0.0")
        r.result = TrainingResult::SecondWins;
    else
        throw ParseError(where + ": the result '" + clip(result) + "' is not 1, 0.5 or 0");
    if (r.position.empty()) throw ParseError(where + ": no position");
    return r;
}

std::string text_record(std::string_view position, int score, TrainingResult result) {
    const char* results[] = {"0", "0.5", "1"};
    return std::string(position) + " | " + std::to_string(score) + " | " + results[static_cast<int>(result)];
}

}  // namespace ply::tune
