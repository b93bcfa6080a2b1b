// Explicit game trees written as nested parentheses, the way textbooks draw
// them: `((3 5 2) (4 6 1) (7 9 8))` is a root with three children, each with
// three leaves. Leaf values are for the player to move at the root (the
// maximiser); a move is a child number counted from 1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/game.hpp>

namespace ply::tree {

struct Node {
    std::int32_t parent = -1;
    std::int32_t first_child = 0;  // children are stored contiguously
    std::int32_t child_count = 0;
    std::int32_t depth = 0;  // plies from the root
    Score value = 0;         // leaf value for the root player
};

// The parsed tree, shared by every copy of a game on it.
struct Tree {
    std::vector<Node> nodes;      // nodes[0] is the root
    std::uint64_t fingerprint{};  // of shape and values: two trees' nodes never share a hash

    // Parses the parenthesised form; throws ParseError naming line and column.
    static Tree parse(std::string_view text);
    // The canonical text of the subtree under `node` (single spaces).
    [[nodiscard]] std::string to_string(std::int32_t node = 0) const;
    [[nodiscard]] int height(std::int32_t node = 0) const;
};

class TreeGame {
public:
    using Move = std::uint16_t;  // child number, from 1
    static constexpr std::size_t max_moves = 256;
    static constexpr std::string_view name = "tree";

    explicit TreeGame(std::shared_ptr<const Tree> tree) : tree_(std::move(tree)) {}
    static TreeGame parse(std::string_view text);

    void generate_moves(MoveListOf<TreeGame>& out) const {
        const Node& n = node();
        for (int i = 1; i <= n.child_count; ++i) out.push_back(static_cast<Move>(i));
    }
    void make(Move m) { current_ = node().first_child + m - 1; }
    void unmake(Move) { current_ = node().parent; }
    [[nodiscard]] Outcome outcome() const { return node().child_count == 0 ? Outcome::Scored : Outcome::Ongoing; }
    // Side-relative: the root player's value, negated when the opponent moves.
    // Inner nodes have no heuristic value.
    [[nodiscard]] Score evaluate() const {
        const Node& n = node();
        if (n.child_count != 0) return 0;
        return n.depth % 2 == 0 ? n.value : -n.value;
    }
    // Every node is its own position: the node index identifies it.
    [[nodiscard]] std::uint64_t hash() const {
        return ((static_cast<std::uint64_t>(current_) + 1) * 0x9E3779B97F4A7C15ull) ^ tree_->fingerprint;
    }

    // Notation. A position is the tree text, optionally followed by
    // `@ 2.1` (the path of child numbers from the root to the current node).
    static TreeGame from_position(std::string_view text);
    [[nodiscard]] std::string position() const;
    [[nodiscard]] Move parse_move(std::string_view text) const;
    [[nodiscard]] std::string move_to_string(Move m) const { return std::to_string(m); }
    [[nodiscard]] std::string render() const;

    [[nodiscard]] const Tree& tree() const { return *tree_; }
    [[nodiscard]] int full_depth() const { return tree_->height(); }  // search it all (core/describe.hpp)
    [[nodiscard]] std::int32_t current() const { return current_; }
    [[nodiscard]] bool maximiser_to_move() const { return node().depth % 2 == 0; }
    // Child numbers from the root to the current node.
    [[nodiscard]] std::vector<Move> path() const;

private:
    [[nodiscard]] const Node& node() const { return tree_->nodes[static_cast<std::size_t>(current_)]; }

    std::shared_ptr<const Tree> tree_;
    std::int32_t current_ = 0;
};

}  // namespace ply::tree
