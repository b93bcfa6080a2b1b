#include <ply/tools/tune/datagen.hpp>

#include <fstream>

namespace ply::tune {

namespace {

// 64-bit FNV-1a folded to 32 bits; never 0, which marks data of no settings.
std::uint32_t fingerprint_of(const std::string& text) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    const auto folded = static_cast<std::uint32_t>(h ^ (h >> 32));
    return folded == 0 ? 1 : folded;
}

void write_header(const std::string& path, std::size_t packed_size, std::uint32_t fingerprint) {
    const auto header = training_header(packed_size, fingerprint);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(header.data()), static_cast<std::streamsize>(header.size()));
    if (!out.flush()) throw ParseError("cannot write '" + clip(path) + "'");
}

void check_fingerprint(const std::string& path, std::uint32_t found, std::uint32_t wanted) {
    if (found == 0)
        throw ParseError("'" + clip(path) +
                         "' does not record the settings it was made with (relabelled data, or an older ply's); "
                         "refusing to add to it");
    if (found != wanted)
        throw ParseError("'" + clip(path) +
                         "' was made with other settings (--nodes, --seed, --random-plies, --hash or --book); resume "
                         "it with the same ones or write another file");
}

}  // namespace

std::uint32_t datagen_fingerprint(const DatagenOptions& o, const std::vector<DatagenOpening>& openings) {
    // The hash size counts: the table's collisions change the searches.
    std::string text = "nodes " + std::to_string(o.nodes) + " seed " + std::to_string(o.seed) + " random-plies " +
                       std::to_string(o.random_plies) + " hash " + std::to_string(o.hash_mb) + " win " +
                       std::to_string(o.win_score) + " " + std::to_string(o.win_plies) + " max-plies " +
                       std::to_string(o.max_plies);
    for (const DatagenOpening& opening : openings) {
        text += "\nopening " + opening.position;
        for (const std::string& m : opening.moves) text += " " + m;
    }
    return fingerprint_of(text);
}

ExistingData prepare_training_file(const std::string& path, std::size_t packed_size, std::uint32_t fingerprint,
                                   std::uint32_t games) {
    namespace fs = std::filesystem;
    std::error_code error;
    if (fs::is_directory(path, error)) throw ParseError("cannot write '" + clip(path) + "': it is a folder");
    ExistingData existing;
    existing.done.assign(games, false);
    if (!fs::exists(path, error) || fs::file_size(path, error) == 0) {
        write_header(path, packed_size, fingerprint);
        return existing;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ParseError("cannot read '" + clip(path) + "' to resume it");
    std::string head(kTrainingHeaderSize, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    if (!in || !is_binary_training(head, packed_size, path))
        throw ParseError("'" + clip(path) + "' is not a training file of Ply's; refusing to append to it");
    check_fingerprint(path, training_fingerprint(head), fingerprint);
    const std::size_t record_size = packed_size + kRecordTailSize;
    const std::uint64_t records = (fs::file_size(path) - kTrainingHeaderSize) / record_size;
    // Games are written whole and one at a time: only the last can be cut.
    std::vector<std::byte> record(record_size);
    std::uint32_t last_game = 0;
    std::uint64_t last_game_start = 0;
    for (std::uint64_t i = 0; i < records; ++i) {
        in.read(reinterpret_cast<char*>(record.data()), static_cast<std::streamsize>(record_size));
        if (!in) throw ParseError("cannot read '" + clip(path) + "' to resume it");
        std::uint32_t game = 0;
        for (std::size_t b = 0; b < 4; ++b)
            game |= std::to_integer<std::uint32_t>(record[packed_size + 4 + b]) << (8 * b);
        if (i == 0 || game != last_game) {
            if (i > 0 && last_game < games) existing.done[last_game] = true;
            last_game = game;
            last_game_start = i;
        }
    }
    in.close();
    existing.records = last_game_start;
    fs::resize_file(path, kTrainingHeaderSize + existing.records * record_size, error);
    if (error) throw ParseError("cannot write '" + clip(path) + "': " + error.message());
    return existing;
}

}  // namespace ply::tune
