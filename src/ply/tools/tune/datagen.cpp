#include <ply/tools/tune/datagen.hpp>

#include <fstream>

namespace ply::tune {

ExistingData prepare_training_file(const std::string& path, std::size_t packed_size) {
    namespace fs = std::filesystem;
    std::error_code error;
    if (fs::is_directory(path, error)) throw ParseError("cannot write '" + path + "': it is a folder");
    const auto header = training_header(packed_size);
    if (!fs::exists(path, error) || fs::file_size(path, error) == 0) {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(header.data()), static_cast<std::streamsize>(header.size()));
        if (!out.flush()) throw ParseError("cannot write '" + path + "'");
        return {};
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ParseError("cannot read '" + path + "' to resume it");
    std::string head(kTrainingHeaderSize, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    if (!in || !is_binary_training(head, packed_size, path))
        throw ParseError("'" + path + "' is not a training file of Ply's; refusing to append to it");
    const std::size_t record_size = packed_size + kRecordTailSize;
    const std::uintmax_t size = fs::file_size(path);
    ExistingData existing;
    existing.records = (size - kTrainingHeaderSize) / record_size;
    std::vector<std::byte> record(record_size);
    for (std::uint64_t i = 0; i < existing.records; ++i) {
        in.read(reinterpret_cast<char*>(record.data()), static_cast<std::streamsize>(record_size));
        std::uint32_t game = 0;
        for (std::size_t b = 0; b < 4; ++b)
            game |= std::to_integer<std::uint32_t>(record[packed_size + 4 + b]) << (8 * b);
        existing.next_game = std::max(existing.next_game, game + 1);
    }
    in.close();
    // A record cut by a crash is dropped: the file ends with whole records.
    const std::uintmax_t whole = kTrainingHeaderSize + existing.records * record_size;
    if (whole != size) fs::resize_file(path, whole);
    return existing;
}

}  // namespace ply::tune
