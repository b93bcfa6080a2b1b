// Reading a training file (tools/tune/training_data.hpp), binary or text, as
// positions of the tunable game: what `ply tune` and `ply relabel` share.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <ply/cli/tunable_game.hpp>
#include <ply/tools/tune/training_data.hpp>

namespace ply::cli {

template <TunableGame G>
using TrainingRecordOf = tune::TrainingRecord<Tuning<G>::kPackedSize>;

// Calls f(position, score, result, record) for each position of a training
// file's `bytes` (`record`: the binary record read, or nullptr for a text
// line) until f returns false. Throws ParseError naming the line.
template <TunableGame G, class F>
void for_each_training_position(const std::string& bytes, const std::string& path, F&& f) {
    if (tune::is_binary_training(bytes, Tuning<G>::kPackedSize, path)) {
        tune::for_each_record<Tuning<G>::kPackedSize>(bytes, path, [&](const TrainingRecordOf<G>& r) {
            return f(Tuning<G>::unpack(std::span(r.position)), r.score, r.result, &r);
        });
        return;
    }
    std::size_t line_number = 0, start = 0;
    while (start < bytes.size()) {
        const std::size_t end = std::min(bytes.find('\n', start), bytes.size());
        const std::string_view line(bytes.data() + start, end - start);
        start = end + 1;
        ++line_number;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos || line.front() == '#') continue;
        const std::string where = "'" + path + "' line " + std::to_string(line_number);
        const tune::TextRecord r = tune::parse_text_record(line, where);
        std::optional<G> pos;  // a game need not have a default position
        try {
            pos.emplace(G::from_position(r.position));
        } catch (const ParseError& e) {
            throw ParseError(where + ": " + e.what());
        }
        if (!f(*pos, r.score, r.result, static_cast<const TrainingRecordOf<G>*>(nullptr))) return;
    }
}

}  // namespace ply::cli
