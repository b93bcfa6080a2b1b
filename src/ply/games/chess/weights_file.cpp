#include <ply/games/chess/weights_file.hpp>

#include <charconv>
#include <cstdlib>
#include <sstream>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply::chess::eval {

namespace {

// Far beyond any sensible weight, and safe from overflow when counted.
constexpr int kMaxWeight = 30000;

template <class F>
void for_each_pair(const Weights& w, F&& f) {
    for_each_weight(w, [&](std::string_view name, auto pairs) {
        for (std::size_t i = 0; i < pairs.size(); ++i)
            f(pairs.size() == 1 ? std::string(name) : std::string(name) + "[" + std::to_string(i) + "]", pairs[i]);
    });
}

int weight_value(std::string_view word, const std::string& where) {
    int v = 0;
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc() || end != word.data() + word.size() || std::abs(v) > kMaxWeight)
        throw ParseError(where + ": '" + clip(word) + "' is not a whole number from -" + std::to_string(kMaxWeight) +
                         " to " + std::to_string(kMaxWeight));
    return v;
}

}  // namespace

std::vector<std::string> weight_names() {
    std::vector<std::string> names;
    names.reserve(kWeightCount);
    for_each_pair(Weights{}, [&](std::string name, const Pair&) { names.push_back(std::move(name)); });
    return names;
}

std::string weights_text(const Weights& weights) {
    std::ostringstream out;
    out << "# Ply's chess evaluation weights: name[index] middlegame endgame (eval_params.hpp)\n";
    for_each_pair(weights,
                  [&](const std::string& name, const Pair& p) { out << name << ' ' << p.mg << ' ' << p.eg << '\n'; });
    return out.str();
}

Weights parse_weights(std::string_view text, const Weights& base) {
    const std::vector<std::string> names = weight_names();
    Weights out = base;
    std::vector<Pair*> slots;
    for_each_weight(out, [&](std::string_view, auto pairs) {
        for (Pair& p : pairs) slots.push_back(&p);
    });
    std::vector<bool> seen(names.size());
    int line_number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        const auto words = ply::words(line, " \t\r");
        if (words.empty()) continue;
        const std::string where = "weights line " + std::to_string(line_number);
        if (words.size() != 3)
            throw ParseError(where + ": expected 'name mg eg', got " + std::to_string(words.size()) + " words");
        std::size_t index = 0;
        while (index < names.size() && names[index] != words[0]) ++index;
        if (index == names.size()) throw ParseError(where + ": no weight is named '" + clip(words[0]) + "'");
        if (seen[index]) throw ParseError(where + ": '" + names[index] + "' is set twice");
        seen[index] = true;
        *slots[index] = Pair{weight_value(words[1], where), weight_value(words[2], where)};
    }
    return out;
}

std::string weights_cpp(const Weights& weights) {
    std::ostringstream out;
    out << "inline constexpr Weights kDefaultWeights = {\n";
    auto pair_rows = [&](std::span<const Pair> pairs, const char* indent) {
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            out << (i % 8 == 0 ? indent : " ") << '{' << pairs[i].mg << ", " << pairs[i].eg << '}';
            if (i + 1 < pairs.size()) out << (i % 8 == 7 ? ",\n" : ",");
        }
    };
    bool in_pst = false;
    for_each_weight(weights, [&](std::string_view name, auto pairs) {
        const bool pst = name.starts_with("pst_");
        if (pst) {
            out << (in_pst ? ",\n" : "    .pst = {{\n") << "        {{  // " << name.substr(4) << '\n';
            pair_rows(pairs, "            ");
            out << "}}";
        } else {
            if (in_pst) out << "}},\n";
            if (pairs.size() == 1) {
                out << "    ." << name << " = {" << pairs[0].mg << ", " << pairs[0].eg << "},\n";
            } else {
                out << "    ." << name << " = {{\n";
                pair_rows(pairs, "        ");
                out << "}},\n";
            }
        }
        in_pst = pst;
    });
    out << "};\n";
    return out.str();
}

}  // namespace ply::chess::eval
