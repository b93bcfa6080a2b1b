// Uniform random game trees for measuring search algorithms: every inner
// node has `b` children and every leaf lies at depth `d`, as in the analyses
// of Knuth and Moore. The tree is implicit (a node is its path), so trees far
// larger than memory can be searched.
//
// Values are built top-down so that every node's minimax value is known and
// the position of its best child is chosen: a node of (side-relative) value
// v has one child of value -v and the others of value -v + delta (delta >= 1),
// strictly worse for the mover. The ordering puts the best child first with
// the rest best-to-worst (`best`: alpha-beta then searches exactly the
// minimal tree), last with the rest worst-to-best (`worst`), or anywhere
// (`random`).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/core/hash.hpp>

namespace ply::uniform {

enum class Ordering { Best, Random, Worst };

struct Shape {
    int branching = 2;  // b: children of every inner node, 1..max_moves
    int depth = 2;      // d: plies from the root to every leaf
    std::uint64_t seed = 1;
    Ordering ordering = Ordering::Random;

    // Parses "b=6,d=8,seed=1[,order=best|random|worst]"; throws ParseError.
    static Shape parse(std::string_view text);
    [[nodiscard]] std::string to_string() const;
};

std::string_view ordering_name(Ordering o);
// "best", "random" or "worst"; nothing for any other name.
std::optional<Ordering> parse_ordering(std::string_view name);

class UniformTree {
public:
    using Move = std::uint16_t;  // child number, from 1
    static constexpr std::size_t max_moves = 64;
    static constexpr std::string_view name = "uniform";
    static constexpr Score kDeltaSpread = 20;  // non-best children are 1..20 worse

    explicit UniformTree(Shape shape);

    void generate_moves(MoveListOf<UniformTree>& out) const {
        if (at_leaf()) return;
        for (int i = 1; i <= shape_.branching; ++i) out.push_back(static_cast<Move>(i));
    }
    void make(Move m);
    void unmake(Move) { path_.pop_back(); }
    [[nodiscard]] Outcome outcome() const { return at_leaf() ? Outcome::Scored : Outcome::Ongoing; }
    // The node's exact minimax value for the side to move: a perfect
    // heuristic, so depth-limited searches of the tree stay meaningful.
    [[nodiscard]] Score evaluate() const { return path_.back().value; }
    // The shape too: trees of one seed but another shape never share a key.
    [[nodiscard]] std::uint64_t hash() const {
        const auto shape = static_cast<std::uint64_t>(shape_.branching) << 40 ^
                           static_cast<std::uint64_t>(shape_.depth) << 8 ^ static_cast<std::uint64_t>(shape_.ordering);
        return path_.back().id ^ mix64(shape);
    }

    // Notation: the shape, optionally followed by `@ 2.1` (the path).
    static UniformTree from_position(std::string_view text);
    [[nodiscard]] std::string position() const;
    [[nodiscard]] Move parse_move(std::string_view text) const;
    [[nodiscard]] std::string move_to_string(Move m) const { return std::to_string(m); }
    [[nodiscard]] std::string render() const;

    [[nodiscard]] const Shape& shape() const { return shape_; }
    [[nodiscard]] int full_depth() const { return shape_.depth; }  // search it all (core/describe.hpp)
    // `ply compare`: the generator orders its own children ("best", "worst",
    // "random"; none for an unknown name), and every node has this many.
    [[nodiscard]] std::optional<UniformTree> reordered(std::string_view ordering) const {
        const auto o = parse_ordering(ordering);
        if (!o) return std::nullopt;
        Shape s = shape_;
        s.ordering = *o;
        return UniformTree(s);
    }
    [[nodiscard]] std::string ordering() const { return std::string(ordering_name(shape_.ordering)); }
    [[nodiscard]] int branching() const { return shape_.branching; }
    [[nodiscard]] int ply() const { return static_cast<int>(path_.size()) - 1; }

private:
    struct NodeState {
        std::uint64_t id;
        Score value;  // exact minimax value for the side to move
        Move move;    // the move that led here (0 at the root)
    };
    [[nodiscard]] bool at_leaf() const { return ply() >= shape_.depth; }

    Shape shape_;
    std::vector<NodeState> path_;
};

}  // namespace ply::uniform
