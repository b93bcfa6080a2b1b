#include <ply/cli/matrix_input.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply::cli {

namespace {

using Rows = std::vector<std::vector<double>>;

Rows json_rows(const nlohmann::json& rows) {
    if (!rows.is_array()) throw ParseError("the matrix must be an array of rows");
    Rows out;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!rows[i].is_array()) throw ParseError("row " + std::to_string(i + 1) + " is not an array of numbers");
        auto& row = out.emplace_back();
        for (const auto& v : rows[i]) {
            if (!v.is_number())
                throw ParseError("row " + std::to_string(i + 1) + " holds " + clip(v.dump()) + ", not a number");
            row.push_back(v.get<double>());
        }
    }
    return out;
}

std::vector<std::string> json_names(const nlohmann::json& object, const char* key) {
    if (!object.contains(key)) return {};
    const auto& names = object[key];
    if (!names.is_array()) throw ParseError(std::string("\"") + key + "\" must be an array of names");
    std::vector<std::string> out;
    for (const auto& n : names) {
        if (!n.is_string()) throw ParseError(std::string("\"") + key + "\" holds " + clip(n.dump()) + ", not a name");
        out.push_back(n.get<std::string>());
    }
    return out;
}

// What JSON parsing must not meet: brackets nested deeper than a matrix
// needs (printing or freeing 70,000 nested arrays recurses off the stack),
// and more values than the largest game holds (each takes 16 bytes parsed).
void check_json_shape(const std::string& text) {
    constexpr int kMaxDepth = 16;
    constexpr std::size_t kMaxValues = theory::kMaxEntries + 2 * theory::kMaxStrategies + 100;
    int depth = 0;
    std::size_t commas = 0;
    bool quoted = false;
    for (std::size_t k = 0; k < text.size(); ++k) {
        const char c = text[k];
        if (quoted) {
            if (c == '\\') ++k;
            quoted = c != '"';
        } else if (c == '"') {
            quoted = true;
        } else if ((c == '[' || c == '{') && ++depth > kMaxDepth) {
            throw ParseError("the matrix nests brackets deeper than " + std::to_string(kMaxDepth) +
                             " levels (a matrix is an array of rows of numbers)");
        } else if (c == ']' || c == '}') {
            --depth;
        } else if (c == ',' && ++commas > kMaxValues) {
            throw ParseError("the matrix holds more than " + std::to_string(theory::kMaxEntries) + " entries");
        }
    }
}

theory::MatrixGame from_json(const std::string& text) {
    check_json_shape(text);
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception&) {
        throw ParseError("the matrix is not valid JSON (write [[0,-1,1],[1,0,-1],[-1,1,0]])");
    }
    if (j.is_array()) return theory::make_matrix_game(json_rows(j));
    if (!j.is_object() || !j.contains("payoff"))
        throw ParseError("a JSON matrix is an array of rows or an object with \"payoff\"");
    return theory::make_matrix_game(json_rows(j["payoff"]), json_names(j, "rows"), json_names(j, "columns"));
}

// A line or file longer than the largest game (a name, then kMaxStrategies
// numbers) is refused as it is read, before 64 MB of commas become 32
// million strings.
[[noreturn]] void too_many(const char* what) {
    throw ParseError(std::string("the matrix has more than ") + std::to_string(theory::kMaxStrategies) + " " + what +
                     "; at most " + std::to_string(theory::kMaxStrategies) + " strategies a side");
}

std::vector<std::string> csv_cells(const std::string& line) {
    std::vector<std::string> cells;
    std::istringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) {
        if (cells.size() > theory::kMaxStrategies) too_many("columns");
        cells.emplace_back(trim(cell));
    }
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    return cells;
}

bool csv_number(const std::string& cell, double& v) {
    const char* end = cell.data() + cell.size();
    const char* start = cell.data() + (!cell.empty() && cell[0] == '+' ? 1 : 0);
    const auto [at, error] = std::from_chars(start, end, v);
    return !cell.empty() && error == std::errc() && at == end;
}

theory::MatrixGame from_csv(const std::string& text) {
    std::vector<std::vector<std::string>> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (lines.size() > theory::kMaxStrategies) too_many("rows");
        if (!trim(line).empty()) lines.push_back(csv_cells(line));
    }
    if (lines.empty()) throw ParseError("the matrix is empty");
    // Names: a first line that is not all numbers, above lines that each
    // start with a name.
    double v = 0;
    bool header = lines.size() > 1;
    for (std::size_t l = 1; l < lines.size(); ++l) header = header && !csv_number(lines[l].front(), v);
    header = header && std::any_of(lines.front().begin(), lines.front().end(),
                                   [&](const std::string& cell) { return !csv_number(cell, v); });
    std::vector<std::string> row_names, col_names;
    if (header) col_names.assign(lines.front().begin() + 1, lines.front().end());
    Rows rows;
    for (std::size_t l = header ? 1 : 0; l < lines.size(); ++l) {
        auto& row = rows.emplace_back();
        for (std::size_t c = 0; c < lines[l].size(); ++c) {
            if (header && c == 0) {
                row_names.push_back(lines[l][c]);
                continue;
            }
            if (!csv_number(lines[l][c], v))
                throw ParseError("line " + std::to_string(l + 1) + " holds '" + clip(lines[l][c]) + "', not a number");
            row.push_back(v);
        }
    }
    return theory::make_matrix_game(rows, std::move(row_names), std::move(col_names));
}

}  // namespace

theory::MatrixGame parse_matrix_text(const std::string& text) {
    const std::string t(trim(text));
    if (t.empty()) throw ParseError("the matrix is empty");
    return t[0] == '[' || t[0] == '{' ? from_json(t) : from_csv(t);
}

}  // namespace ply::cli
