#include <ply/tools/arena/game_file.hpp>

#include <cctype>

#include <ply/core/error.hpp>
#include <ply/tools/arena/game_record.hpp>

namespace ply::arena {

namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// "1-0", "0-1", "1/2-1/2", "*", and PDN's 2-0, 0-2, 1-1 as those; "" for another token.
std::string result_of(std::string_view token) {
    if (token == "1-0" || token == "2-0") return "1-0";
    if (token == "0-1" || token == "0-2") return "0-1";
    if (token == "1/2-1/2" || token == "1-1") return "1/2-1/2";
    if (token == "*") return "*";
    return "";
}

// "12." "12..." "12...e5" "1.11-15": the move after the number, maybe "".
std::string_view without_number(std::string_view token) {
    std::size_t i = 0;
    while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) ++i;
    if (i == 0 || i == token.size() || token[i] != '.') return token;
    while (i < token.size() && token[i] == '.') ++i;
    return token.substr(i);
}

class Reader {
public:
    Reader(std::string_view text, Referee& referee, const std::string& name)
        : text_(text), referee_(referee), name_(name) {}

    RecordedGame read();

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw ParseError(name_ + ":" + std::to_string(line_) + ": " + what);
    }
    bool at_end() const { return at_ == text_.size(); }
    char next() {
        const char c = text_[at_++];
        if (c == '\n') ++line_;
        return c;
    }
    void skip_line() {
        while (!at_end() && next() != '\n') {}
    }
    void skip_comment();
    void skip_variation();
    void read_tag();
    std::string_view token();
    void begin_moves();
    void play(std::string_view text);
    void finish(const std::string& result);

    std::string_view text_;
    Referee& referee_;
    const std::string& name_;
    std::size_t at_ = 0;
    int line_ = 1;
    bool in_moves_ = false;
    RecordedGame game_;
};

void Reader::skip_comment() {
    const int opened = line_;
    while (!at_end())
        if (next() == '}') return;
    line_ = opened;
    fail("a comment '{' is not closed (the file is cut short?)");
}

void Reader::skip_variation() {
    const int opened = line_;
    for (int depth = 1; !at_end();) {
        const char c = next();
        if (c == '{')
            skip_comment();
        else if (c == '(')
            ++depth;
        else if (c == ')' && --depth == 0)
            return;
    }
    line_ = opened;
    fail("a variation '(' is not closed (the file is cut short?)");
}

// [Name "value"], the value's \" and \\ escaped.
void Reader::read_tag() {
    if (in_moves_) fail("a tag after moves: the game before it has no result (1-0, 0-1, 1/2-1/2 or *)");
    const std::size_t end = std::min(text_.find('\n', at_), text_.size());
    const std::string_view line = text_.substr(at_, end - at_);
    std::size_t i = 1;
    std::string name, value;
    while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) name += line[i++];
    while (i < line.size() && is_space(line[i])) ++i;
    if (name.empty() || i == line.size() || line[i] != '"')
        fail("a malformed tag '" + clip(line) + "' (expected [Name \"value\"])");
    for (++i; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\' && i + 1 < line.size()) ++i;
        value += line[i];
    }
    const std::size_t close = i < line.size() ? line.find(']', i) : std::string_view::npos;
    if (close == std::string_view::npos) fail("the tag '" + clip(line) + "' is not closed");
    game_.tags.emplace_back(name, value);
    at_ += close + 1;
}

// The next token of the movetext: a move, a move number or a result.
std::string_view Reader::token() {
    const std::size_t from = at_;
    while (!at_end() && !is_space(text_[at_]) && std::string_view("{}();[").find(text_[at_]) == std::string_view::npos)
        ++at_;
    return text_.substr(from, at_ - from);
}

// The tags that say where the moves start and which game they are.
void Reader::begin_moves() {
    in_moves_ = true;
    std::string start;
    for (const auto& [name, value] : game_.tags) {
        if (name == "FEN") start = value;
        if (name == "Variant" && value != referee_.game())
            fail("Variant \"" + clip(value) + "\" is not " + referee_.game());
        if (name == "GameType") {
            const std::string expected = referee_.pdn_game_type();
            const std::string given = value.substr(0, value.find(','));
            if (given != expected)
                fail("GameType \"" + clip(value) + "\" is not " + referee_.game() +
                     (expected.empty() ? " (no draughts game)" : " (" + expected + ")"));
        }
    }
    try {
        referee_.reset(start);
    } catch (const ParseError& e) {
        fail("the FEN tag: " + std::string(e.what()));
    }
    game_.start = start;
}

void Reader::play(std::string_view text) {
    if (!in_moves_) begin_moves();
    const std::string who = "move " + std::to_string(referee_.fullmove_number()) + " (" +
                            referee_.side_name(referee_.side_to_move()) + ") '" + clip(text) + "'";
    if (const auto end = referee_.end()) fail(who + " comes after the end of the game (" + end->reason + ")");
    const auto move = referee_.canonical(std::string(text));
    if (!move) {
        const std::string where = referee_.position();
        fail(who + " is not a legal move " + (where.empty() ? "at the start" : "in " + where) + ": " +
             referee_.refusal(std::string(text)));
    }
    referee_.play(*move);
    game_.moves.push_back(*move);
}

void Reader::finish(const std::string& result) {
    if (!in_moves_) begin_moves();
    game_.result = result;
    for (const auto& [name, value] : game_.tags)
        if (name == "Result" && result_of(value) != result)
            fail("the Result tag \"" + clip(value) + "\" and the result after the moves (" + result + ") differ");
    const auto end = referee_.end();
    if (end && result != "*" && pgn_result(end->winner) != result)
        fail("the result " + result + " contradicts the final position (" + end->reason + ")");
}

RecordedGame Reader::read() {
    while (!at_end()) {
        const bool line_start = at_ == 0 || text_[at_ - 1] == '\n';
        const char c = text_[at_];
        if (is_space(c)) {
            next();
        } else if (c == '%' && line_start) {
            skip_line();
        } else if (c == '[') {
            read_tag();
        } else if (c == '{') {
            next();
            skip_comment();
        } else if (c == ';') {
            skip_line();
        } else if (c == '(') {
            next();
            skip_variation();
        } else if (c == ')' || c == '}') {
            fail(std::string("a '") + c + "' that nothing opened");
        } else {
            std::string_view t = token();
            if (const std::string result = result_of(t); !result.empty()) {
                finish(result);
                return game_;
            }
            t = without_number(t);
            while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.remove_suffix(1);
            if (!t.empty() && t.front() != '$') play(t);
        }
    }
    if (!in_moves_ && game_.tags.empty()) throw ParseError(name_ + ": holds no game");
    fail("the game ends after " + std::to_string(game_.moves.size()) +
         " moves without a result (1-0, 0-1, 1/2-1/2 or *): is the file cut short?");
}

}  // namespace

RecordedGame read_recorded_game(std::string_view text, Referee& referee, const std::string& name) {
    return Reader(text, referee, name).read();
}

}  // namespace ply::arena
