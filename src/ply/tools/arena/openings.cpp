#include <ply/tools/arena/openings.hpp>

#include <cctype>
#include <optional>
#include <random>
#include <set>
#include <sstream>

#include <ply/core/error.hpp>
#include <ply/core/text_file.hpp>

namespace ply::arena {

namespace {

bool is_result(const std::string& t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

// "12." "12..." "12...e5" -> strips the number; returns the rest (maybe empty).
std::string strip_move_number(const std::string& token) {
    std::size_t i = 0;
    while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) ++i;
    if (i == 0 || i == token.size() || token[i] != '.') return token;
    while (i < token.size() && token[i] == '.') ++i;
    return token.substr(i);
}

// Plays the moves of an opening in `referee`, filling `out.moves` canonically.
void play_opening(Referee& referee, Opening& out, const std::vector<std::string>& written, const std::string& where) {
    try {
        referee.reset(out.position);
    } catch (const ParseError& e) {
        throw ParseError(where + ": " + e.what());
    }
    for (const auto& w : written) {
        if (referee.end()) throw ParseError(where + ": the game is over before '" + clip(w) + "'");
        const auto m = referee.canonical(w);
        if (!m) throw ParseError(where + ": illegal move '" + clip(w) + "' in " + referee.position());
        referee.play(*m);
        out.moves.push_back(*m);
    }
    if (referee.end()) throw ParseError(where + ": the opening ends the game");
}

}  // namespace

const std::string* PgnGame::tag(const std::string& name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return &v;
    return nullptr;
}

std::vector<PgnGame> read_pgn(std::istream& in) {
    std::vector<PgnGame> games;
    PgnGame current;
    bool in_game = false;  // tags or moves seen since the last result
    int depth = 0;         // variation nesting
    bool comment = false;  // inside { }
    std::string line;
    auto finish = [&] {
        if (in_game) games.push_back(std::move(current));
        current = PgnGame{};
        in_game = false;
        depth = 0;
    };
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!comment && depth == 0 && !line.empty() && line[0] == '[') {
            if (!current.moves.empty() || !current.result.empty()) finish();
            // [Name "value"]
            const auto space = line.find(' ');
            const auto q1 = line.find('"'), q2 = line.rfind('"');
            if (space != std::string::npos && q1 != std::string::npos && q2 > q1) {
                std::string value;
                for (std::size_t i = q1 + 1; i < q2; ++i) {
                    if (line[i] == '\\' && i + 1 < q2) ++i;
                    value += line[i];
                }
                current.tags.emplace_back(line.substr(1, space - 1), value);
            }
            in_game = true;
            continue;
        }
        if (!comment && !line.empty() && line[0] == '%') continue;  // escape line
        std::string token;
        auto flush = [&] {
            if (token.empty()) return;
            std::string t = strip_move_number(token);
            token.clear();
            if (t.empty() || t[0] == '$') return;
            if (is_result(t)) {
                current.result = t;
                in_game = true;
                finish();
                return;
            }
            while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.pop_back();
            if (!t.empty()) {
                current.moves.push_back(t);
                in_game = true;
            }
        };
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (comment) {
                if (c == '}') comment = false;
                continue;
            }
            if (c == '{') {
                flush();
                comment = true;
            } else if (c == ';') {
                flush();
                break;  // to the end of the line
            } else if (c == '(') {
                flush();
                ++depth;
            } else if (c == ')') {
                flush();
                if (depth > 0) --depth;
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                flush();
            } else if (depth == 0) {
                token += c;
            }
        }
        flush();
    }
    finish();
    return games;
}

std::vector<Opening> load_openings(const std::string& path, Referee& referee) {
    std::istringstream in(read_text_file(path, "openings file"));
    std::vector<Opening> out;
    if (referee.pgn_native() && path.ends_with(".pgn")) {
        const auto games = read_pgn(in);
        for (std::size_t i = 0; i < games.size(); ++i) {
            Opening o;
            if (const auto* fen = games[i].tag("FEN")) o.position = *fen;
            play_opening(referee, o, games[i].moves, path + ": game " + std::to_string(i + 1));
            out.push_back(std::move(o));
        }
    } else if (referee.books_hold_positions()) {
        std::string line;
        for (int n = 1; std::getline(in, line); ++n) {
            if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
            const std::string where = path + ":" + std::to_string(n);
            Opening o;
            try {
                o.position = referee.book_position(line);
            } catch (const ParseError& e) {
                throw ParseError(where + ": " + e.what());
            }
            play_opening(referee, o, {}, where);
            out.push_back(std::move(o));
        }
    } else {
        std::string line;
        for (int n = 1; std::getline(in, line); ++n) {
            if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
            const std::string where = path + ":" + std::to_string(n);
            std::optional<std::vector<std::string>> moves;
            try {
                moves = referee.book_line(line);
            } catch (const ParseError& e) {
                throw ParseError(where + ": " + e.what());
            }
            if (!moves) continue;  // not in play
            Opening o;
            play_opening(referee, o, *moves, where);
            out.push_back(std::move(o));
        }
    }
    if (out.empty()) throw ParseError("no opening in '" + clip(path) + "'");
    return out;
}

std::vector<Opening> standard_openings(Referee& referee) {
    std::vector<Opening> out;
    const auto lines = referee.standard_openings();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        Opening o;
        play_opening(referee, o, lines[i], referee.game() + "'s standard opening " + std::to_string(i + 1));
        out.push_back(std::move(o));
    }
    referee.reset("");
    return out;
}

std::vector<Opening> random_openings(Referee& referee, int plies, std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Opening> out;
    std::set<std::vector<std::string>> seen;
    for (std::size_t attempt = 0; out.size() < count && attempt < count * 50; ++attempt) {
        referee.reset("");
        Opening o;
        for (int p = 0; p < plies; ++p) {
            const auto moves = referee.legal_moves();
            if (moves.empty()) break;
            const auto& m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
            referee.play(m);
            o.moves.push_back(m);
            if (referee.end()) break;
        }
        if (referee.end() || !seen.insert(o.moves).second) continue;  // no finished or repeated openings
        out.push_back(std::move(o));
    }
    referee.reset("");
    return out;
}

}  // namespace ply::arena
