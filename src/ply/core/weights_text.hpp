// A weights file for an evaluation whose weights are a flat list of named
// pairs (middlegame, endgame), as `ply tune` writes it and players load it:
// one line per pair, `name mg eg` ("man_row[3] 2 8", "tempo 3 3"); '#'
// starts a comment; a file may list only some weights, the others keep the
// values it is read over.
#pragma once

#include <charconv>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>
#include <ply/core/tuning.hpp>

namespace ply {

// Far beyond any sensible weight, and safe from overflow when counted.
inline constexpr int kMaxWeight = 30000;

inline std::string weights_text(std::string_view header, std::span<const std::string> names,
                                std::span<const WeightPair> weights) {
    std::string out = "# " + std::string(header) + ": name middlegame endgame\n";
    for (std::size_t i = 0; i < names.size() && i < weights.size(); ++i)
        out += names[i] + ' ' + std::to_string(weights[i][0]) + ' ' + std::to_string(weights[i][1]) + '\n';
    return out;
}

// `base` with the pairs `text` lists; throws ParseError naming the line.
inline std::vector<WeightPair> parse_weights_text(std::string_view text, std::span<const std::string> names,
                                                  std::vector<WeightPair> base) {
    std::vector<bool> seen(names.size());
    int line_number = 0;
    const auto value = [](std::string_view word, const std::string& where) {
        int v = 0;
        const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
        if (ec != std::errc() || end != word.data() + word.size() || std::abs(v) > kMaxWeight)
            throw ParseError(where + ": '" + clip(word) + "' is not a whole number from -" +
                             std::to_string(kMaxWeight) + " to " + std::to_string(kMaxWeight));
        return v;
    };
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        line = line.substr(0, line.find('#'));
        const auto fields = words(line, " \t\r");
        if (fields.empty()) continue;
        const std::string where = "weights line " + std::to_string(line_number);
        if (fields.size() != 3)
            throw ParseError(where + ": expected 'name mg eg', got " + std::to_string(fields.size()) + " words");
        std::size_t index = 0;
        while (index < names.size() && names[index] != fields[0]) ++index;
        if (index == names.size()) throw ParseError(where + ": no weight is named '" + clip(fields[0]) + "'");
        if (seen[index]) throw ParseError(where + ": '" + names[index] + "' is set twice");
        seen[index] = true;
        base[index] = WeightPair{value(fields[1], where), value(fields[2], where)};
    }
    return base;
}

}  // namespace ply
