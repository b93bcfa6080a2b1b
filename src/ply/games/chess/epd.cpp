#include <ply/games/chess/epd.hpp>

#include <cctype>
#include <charconv>
#include <sstream>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>
#include <ply/core/text_file.hpp>
#include <ply/games/chess/notation.hpp>

namespace ply::chess {

namespace {

// Next whitespace-separated token of `s` (consumed), or empty.
std::string_view next_token(std::string_view& s) {
    s = trim(s);
    std::size_t end = 0;
    while (end < s.size() && !std::isspace(static_cast<unsigned char>(s[end])) && s[end] != ';') ++end;
    const std::string_view token = s.substr(0, end);
    s.remove_prefix(end);
    return token;
}

bool is_number(std::string_view s) {
    if (s.empty()) return false;
    for (const char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

std::string unquote(std::string_view s) {
    s = trim(s);
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
    return std::string(s);
}

std::vector<std::string> words(std::string_view s) {
    std::vector<std::string> out;
    for (std::string_view t = next_token(s); !t.empty(); t = next_token(s)) out.emplace_back(t);
    return out;
}

}  // namespace

const std::string* EpdRecord::find(std::string_view opcode) const {
    for (const auto& [op, operand] : operations)
        if (op == opcode) return &operand;
    return nullptr;
}

EpdRecord parse_epd(std::string_view line) {
    EpdRecord record;
    std::string_view rest = trim(line);
    std::string fen;
    for (int i = 0; i < 4; ++i) {
        const std::string_view field = next_token(rest);
        if (field.empty()) throw ParseError("bad EPD: fewer than four FEN fields in '" + clip(line) + "'");
        if (i) fen += ' ';
        fen += field;
    }
    // Optional halfmove clock and fullmove number.
    {
        std::string_view probe = rest;
        const std::string_view a = next_token(probe), b = next_token(probe);
        if (is_number(a) && is_number(b)) {
            fen += ' ' + std::string(a) + ' ' + std::string(b);
            rest = probe;
        }
    }
    record.fen = fen;
    Position::from_fen(fen);  // validates; throws with the reason

    // Operations: split on semicolons outside double quotes.
    bool quoted = false;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= rest.size(); ++i) {
        if (i < rest.size() && rest[i] == '"') quoted = !quoted;
        if (i < rest.size() && (rest[i] != ';' || quoted)) continue;
        std::string_view op = trim(rest.substr(start, i - start));
        start = i + 1;
        if (op.empty()) continue;
        const std::string opcode(next_token(op));
        const std::string operand(trim(op));
        record.operations.emplace_back(opcode, operand);
        if (opcode == "id") {
            record.id = unquote(operand);
        } else if (opcode == "bm") {
            record.best_moves = words(operand);
        } else if (opcode == "am") {
            record.avoid_moves = words(operand);
        } else if (opcode.size() >= 2 && opcode[0] == 'D' && is_number(std::string_view(opcode).substr(1))) {
            int depth = 0;
            std::uint64_t nodes = 0;
            std::from_chars(opcode.data() + 1, opcode.data() + opcode.size(), depth);
            const auto [end, ec] = std::from_chars(operand.data(), operand.data() + operand.size(), nodes);
            if (ec != std::errc() || end != operand.data() + operand.size() || depth <= 0)
                throw ParseError("bad EPD: perft operation '" + clip(opcode + " " + operand) + "'");
            record.perft.emplace_back(depth, nodes);
        }
    }
    if (quoted) throw ParseError("bad EPD: unterminated quote in '" + clip(line) + "'");
    return record;
}

std::vector<EpdRecord> read_epd_file(const std::string& path) {
    std::istringstream in(read_text_file(path, "EPD file"));
    std::vector<EpdRecord> records;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string_view t = trim(line);
        if (t.empty() || t.front() == '#') continue;
        try {
            records.push_back(parse_epd(t));
        } catch (const ParseError& e) {
            throw ParseError(path + ":" + std::to_string(number) + ": " + e.what());
        }
    }
    return records;
}

std::vector<Move> resolve_moves(const Position& pos, const std::vector<std::string>& san) {
    std::vector<Move> out;
    for (const auto& text : san) out.push_back(pos.parse_move(text));
    return out;
}

Position Position::from_book_line(std::string_view line) { return parse_epd(line).position(); }

}  // namespace ply::chess
