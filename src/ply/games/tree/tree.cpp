#include <ply/games/tree/tree.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>

#include <ply/core/child_path.hpp>
#include <ply/core/error.hpp>
#include <ply/core/hash.hpp>

namespace ply::tree {

namespace {

// Recursive-descent parser over the text that tracks line and column for errors.
class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}

    Tree parse() {
        skip_space();
        if (at_end()) fail("empty tree: expected a number or '('");
        // Parse into a nested form first, then lay children out contiguously.
        Raw root = parse_node(0);
        skip_space();
        if (!at_end()) fail(std::string("unexpected '") + peek() + "' after the end of the tree");
        Tree tree;
        tree.nodes.push_back(Node{});
        layout(root, 0, tree);
        return tree;
    }

private:
    struct Raw {
        Score value = 0;
        std::vector<Raw> children;
    };

    Raw parse_node(int depth) {
        if (depth > kMaxPly - 2) fail("tree deeper than " + std::to_string(kMaxPly - 2) + " plies");
        if (peek() == '(') {
            const int open_line = line_, open_column = column_;
            advance();
            Raw raw;
            skip_space();
            while (!at_end() && peek() != ')') {
                if (raw.children.size() == TreeGame::max_moves)
                    fail("more than " + std::to_string(TreeGame::max_moves) + " children");
                raw.children.push_back(parse_node(depth + 1));
                skip_space();
            }
            if (at_end())
                fail("missing ')' for the '(' at line " + std::to_string(open_line) + ", column " +
                     std::to_string(open_column));
            if (raw.children.empty()) fail("empty '()': an inner node needs at least one child");
            advance();
            return raw;
        }
        if (peek() == ')') fail("unmatched ')'");
        return Raw{parse_number(), {}};
    }

    Score parse_number() {
        const std::size_t start = pos_;
        std::size_t end = pos_;
        if (end < text_.size() && (text_[end] == '-' || text_[end] == '+')) ++end;
        while (end < text_.size() && std::isdigit(static_cast<unsigned char>(text_[end]))) ++end;
        const bool has_digits = end > start && std::isdigit(static_cast<unsigned char>(text_[end - 1]));
        if (!has_digits) fail(std::string("unexpected '") + peek() + "': expected a number or '('");
        if (end < text_.size() && !std::isspace(static_cast<unsigned char>(text_[end])) && text_[end] != '(' &&
            text_[end] != ')' && text_[end] != ',') {
            pos_ = end;
            column_ += static_cast<int>(end - start);
            fail(std::string("unexpected '") + peek() + "' in a number");
        }
        long long value = 0;
        std::string_view digits = text_.substr(start, end - start);
        if (digits.front() == '+') digits.remove_prefix(1);
        auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (ec != std::errc{} || value > kMaxEval || value < -kMaxEval)
            fail("leaf value out of range (|value| <= " + std::to_string(kMaxEval) + ")");
        column_ += static_cast<int>(end - start);
        pos_ = end;
        return static_cast<Score>(value);
    }

    static void layout(const Raw& raw, std::int32_t index, Tree& tree) {
        auto& slot = tree.nodes[static_cast<std::size_t>(index)];
        slot.value = raw.value;
        slot.child_count = static_cast<std::int32_t>(raw.children.size());
        if (raw.children.empty()) return;
        const auto first = static_cast<std::int32_t>(tree.nodes.size());
        const std::int32_t depth = slot.depth + 1;
        tree.nodes[static_cast<std::size_t>(index)].first_child = first;
        for (std::size_t i = 0; i < raw.children.size(); ++i) tree.nodes.push_back(Node{index, 0, 0, depth, 0});
        for (std::size_t i = 0; i < raw.children.size(); ++i)
            layout(raw.children[i], first + static_cast<std::int32_t>(i), tree);
    }

    [[nodiscard]] bool at_end() const { return pos_ >= text_.size(); }
    [[nodiscard]] char peek() const { return at_end() ? '\0' : text_[pos_]; }
    void advance() {
        if (text_[pos_] == '\n') {
            ++line_;
            column_ = 1;
        } else {
            ++column_;
        }
        ++pos_;
    }
    void skip_space() {
        while (!at_end() && (std::isspace(static_cast<unsigned char>(peek())) || peek() == ',')) advance();
    }
    [[noreturn]] void fail(const std::string& what) const {
        throw ParseError("tree: line " + std::to_string(line_) + ", column " + std::to_string(column_) + ": " + what);
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    int line_ = 1;
    int column_ = 1;
};

}  // namespace

Tree Tree::parse(std::string_view text) {
    Tree tree = Parser(text).parse();
    for (const Node& n : tree.nodes)
        tree.fingerprint = mix64(
            tree.fingerprint ^ (static_cast<std::uint64_t>(n.child_count) << 32 | static_cast<std::uint32_t>(n.value)));
    return tree;
}

std::string Tree::to_string(std::int32_t index) const {
    const Node& n = nodes[static_cast<std::size_t>(index)];
    if (n.child_count == 0) return std::to_string(n.value);
    std::string out = "(";
    for (int i = 0; i < n.child_count; ++i) {
        if (i) out += ' ';
        out += to_string(n.first_child + i);
    }
    return out + ")";
}

int Tree::height(std::int32_t index) const {
    const Node& n = nodes[static_cast<std::size_t>(index)];
    int h = 0;
    for (int i = 0; i < n.child_count; ++i) h = std::max(h, 1 + height(n.first_child + i));
    return h;
}

TreeGame TreeGame::parse(std::string_view text) { return TreeGame(std::make_shared<const Tree>(Tree::parse(text))); }

TreeGame TreeGame::from_position(std::string_view text) {
    const auto at = text.find('@');
    TreeGame game = parse(text.substr(0, at));
    if (at == std::string_view::npos) return game;
    play_child_path(game, text.substr(at + 1));
    return game;
}

std::vector<TreeGame::Move> TreeGame::path() const {
    std::vector<Move> moves;
    for (std::int32_t i = current_; tree_->nodes[static_cast<std::size_t>(i)].parent >= 0;) {
        const Node& n = tree_->nodes[static_cast<std::size_t>(i)];
        const Node& parent = tree_->nodes[static_cast<std::size_t>(n.parent)];
        moves.push_back(static_cast<Move>(i - parent.first_child + 1));
        i = n.parent;
    }
    std::reverse(moves.begin(), moves.end());
    return moves;
}

std::string TreeGame::position() const { return tree_->to_string() + child_path_suffix(path()); }

TreeGame::Move TreeGame::parse_move(std::string_view text) const {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    int child = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), child);
    const int count = node().child_count;
    if (ec != std::errc{} || ptr != text.data() + text.size())
        throw ParseError("tree: '" + clip(text) + "' is not a child number");
    if (count == 0) throw ParseError("tree: this node is a leaf; there is no move");
    if (child < 1 || child > count)
        throw ParseError("tree: child " + clip(text) + " does not exist (this node has " + std::to_string(count) +
                         (count == 1 ? " child)" : " children)"));
    return static_cast<Move>(child);
}

std::string TreeGame::render() const {
    std::string out = "node " + (current_ == 0 ? std::string("root") : position().substr(position().find('@') + 2));
    out += maximiser_to_move() ? " (max to move): " : " (min to move): ";
    return out + tree_->to_string(current_) + "\n";
}

}  // namespace ply::tree
