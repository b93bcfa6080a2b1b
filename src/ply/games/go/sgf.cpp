// SGF (FF[4]) records of Go games: the main line read, a game written.
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/games/go/go.hpp>

namespace ply::go {

namespace {

struct Property {
    std::string id;
    std::vector<std::string> values;
};
using Node = std::vector<Property>;

// The nodes of the main line: at each fork the first variation is followed.
class SgfReader {
public:
    explicit SgfReader(std::string_view text) : text_(text) {}

    std::vector<Node> main_line() {
        skip_space();
        if (!eat('(')) fail("an SGF record starts with '('");
        std::vector<Node> nodes;
        while (true) {
            skip_space();
            if (at_end()) fail("the record ends before its closing ')'");
            const char c = text_[pos_];
            if (c == ';') {
                ++pos_;
                nodes.push_back(node());
            } else if (c == '(') {
                ++pos_;  // into the first variation; what follows its ')' is not the main line
            } else if (c == ')') {
                if (nodes.empty()) fail("the record has no node");
                return nodes;
            } else {
                fail(std::string("unexpected '") + c + "'");
            }
        }
    }

private:
    Node node() {
        Node n;
        while (true) {
            skip_space();
            if (at_end() || !std::isupper(static_cast<unsigned char>(text_[pos_]))) return n;
            Property p;
            while (!at_end() && std::isalpha(static_cast<unsigned char>(text_[pos_]))) {
                if (std::isupper(static_cast<unsigned char>(text_[pos_]))) p.id += text_[pos_];
                ++pos_;
            }
            skip_space();
            while (!at_end() && text_[pos_] == '[') {
                p.values.push_back(value());
                skip_space();
            }
            if (p.values.empty()) fail("property " + p.id + " has no value");
            n.push_back(std::move(p));
        }
    }

    std::string value() {
        ++pos_;  // '['
        std::string v;
        while (true) {
            if (at_end()) fail("a value is not closed with ']'");
            const char c = text_[pos_++];
            if (c == ']') return v;
            if (c == '\\') {
                if (at_end()) fail("a value is not closed with ']'");
                v += text_[pos_++];
            } else {
                v += c;
            }
        }
    }

    void skip_space() {
        while (!at_end() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    bool eat(char c) {
        if (at_end() || text_[pos_] != c) return false;
        ++pos_;
        return true;
    }
    bool at_end() const { return pos_ >= text_.size(); }
    [[noreturn]] void fail(const std::string& why) const {
        throw ParseError("SGF: " + why + " (at character " + std::to_string(pos_ + 1) + ")");
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

// An SGF point ("dd", top-left "aa"); "" and "tt" (boards up to 19) are passes.
Move sgf_point(const std::string& v, int size) {
    if (v.empty() || (v == "tt" && size <= 19)) return kPass;
    if (v.size() != 2 || v[0] < 'a' || v[1] < 'a' || v[0] - 'a' >= size || v[1] - 'a' >= size)
        throw ParseError("SGF: bad point '" + v + "' on a " + std::to_string(size) + "x" + std::to_string(size) +
                         " board");
    return point_at(v[0] - 'a', size - 1 - (v[1] - 'a'));
}

std::string sgf_point(Move m, int size) {
    if (m == kPass) return "";
    return {static_cast<char>('a' + column_of(m)), static_cast<char>('a' + (size - 1 - row_of(m)))};
}

const Property* find(const Node& node, std::string_view id) {
    for (const auto& p : node)
        if (p.id == id) return &p;
    return nullptr;
}

}  // namespace

Go Go::from_sgf(std::string_view text) {
    const auto nodes = SgfReader(text).main_line();
    const Node& root = nodes.front();
    if (const auto* gm = find(root, "GM"); gm && gm->values[0] != "1")
        throw ParseError("SGF: GM[" + gm->values[0] + "] is not a Go record (GM[1])");
    int size = 19;  // SGF's default
    if (const auto* sz = find(root, "SZ")) {
        const std::string& v = sz->values[0];
        if (v.empty() || v.size() > 2 || !std::isdigit(static_cast<unsigned char>(v[0])) ||
            !std::isdigit(static_cast<unsigned char>(v.back())))
            throw ParseError("SGF: bad size SZ[" + v + "]");
        size = std::stoi(v);
        if (size < 2 || size > kMaxSize)
            throw ParseError("SGF: size " + v + " is not between 2 and " + std::to_string(kMaxSize));
    }
    Go g(size, kDefaultKomiHalves);
    if (const auto* km = find(root, "KM")) g.komi_halves_ = parse_komi(km->values[0]);
    bool moved = false;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const Node& node = nodes[i];
        for (const auto& p : node) {
            if (p.id == "AB" || p.id == "AW" || p.id == "AE") {
                if (moved) throw ParseError("SGF: setup (" + p.id + ") after moves is not supported");
                for (const auto& v : p.values) {
                    const Move pt = sgf_point(v, size);
                    if (pt == kPass) throw ParseError("SGF: " + p.id + " needs points");
                    g.board_.set_stone(pt, p.id == "AB" ? Black : p.id == "AW" ? White : Empty);
                }
            } else if (p.id == "PL" && !moved) {
                const std::string& v = p.values[0];
                if (v != "B" && v != "W") throw ParseError("SGF: PL[" + v + "] is not B or W");
                g.to_move_ = v == "B" ? Black : White;
            }
        }
        if (!moved) {
            if (!g.board_.all_strings_breathe()) throw ParseError("SGF: the setup has a string with no liberty");
            g.start_ = g.board_;
            g.seen_.assign(1, g.board_.stones_hash());
            g.seen_set_ = mix64(g.board_.stones_hash());
        }
        for (const auto& p : node) {
            if (p.id != "B" && p.id != "W") continue;
            const Color colour = p.id == "B" ? Black : White;
            if (!moved) g.start_to_move_ = colour, g.to_move_ = colour;
            moved = true;
            if (colour != g.to_move_) g.make(kPass);  // two moves of one colour: the other passed
            const Move m = sgf_point(p.values[0], size);
            if (const std::string why = g.illegal_reason(m); !why.empty())
                throw ParseError("SGF: move " + std::to_string(g.undo_.size() + 1) + " (" + p.id + "[" + p.values[0] +
                                 "]) is illegal: " + why);
            g.make(m);
        }
    }
    if (!moved) g.start_to_move_ = g.to_move_;
    return g;
}

std::string Go::to_sgf() const {
    const int n = size();
    std::string out = "(;GM[1]FF[4]CA[UTF-8]AP[Ply]RU[Tromp-Taylor, no suicide]SZ[" + std::to_string(n) + "]KM[" +
                      komi_text(komi_halves_) + "]";
    if (passes_ >= 2) out += "RE[" + result_text() + "]";
    for (const Color c : {Black, White}) {
        std::string points;
        for (int r = 0; r < n; ++r)
            for (int col = 0; col < n; ++col)
                if (start_.at(point_at(col, r)) == c) points += "[" + sgf_point(point_at(col, r), n) + "]";
        if (!points.empty()) out += std::string(c == Black ? "AB" : "AW") + points;
    }
    if (start_to_move_ == White) out += "PL[W]";
    Color c = start_to_move_;
    for (const Undo& u : undo_) {
        out += std::string(";") + (c == Black ? "B" : "W") + "[" + sgf_point(u.move, n) + "]";
        c = opponent(c);
    }
    return out + ")\n";
}

}  // namespace ply::go
