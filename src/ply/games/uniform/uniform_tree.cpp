#include <ply/games/uniform/uniform_tree.hpp>

#include <charconv>

#include <ply/core/child_path.hpp>
#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply::uniform {

namespace {

// SplitMix64's finaliser: a well-mixed 64-bit value from any input.
constexpr std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// The spaces around the generator's fields.
constexpr std::string_view kBlank = " ";

template <class T>
T parse_number(std::string_view key, std::string_view text) {
    T value{};
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || ptr != text.data() + text.size() || text.empty())
        throw ParseError("tree-gen: " + clip(key) + "=" + clip(text) + " is not a number");
    return value;
}

}  // namespace

std::string_view ordering_name(Ordering o) {
    switch (o) {
        case Ordering::Best:
            return "best";
        case Ordering::Worst:
            return "worst";
        case Ordering::Random:
            break;
    }
    return "random";
}

std::optional<Ordering> parse_ordering(std::string_view name) {
    for (const Ordering o : {Ordering::Best, Ordering::Random, Ordering::Worst})
        if (ordering_name(o) == name) return o;
    return std::nullopt;
}

Shape Shape::parse(std::string_view text) {
    Shape shape;
    bool has_b = false, has_d = false;
    text = trim(text, kBlank);
    while (!text.empty()) {
        const auto comma = text.find(',');
        const std::string_view item = trim(text.substr(0, comma), kBlank);
        text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
        const auto eq = item.find('=');
        if (eq == std::string_view::npos)
            throw ParseError("tree-gen: '" + clip(item) + "' is not key=value (keys: b, d, seed, order)");
        const std::string_view key = trim(item.substr(0, eq), kBlank), value = trim(item.substr(eq + 1), kBlank);
        if (key == "b") {
            shape.branching = parse_number<int>(key, value);
            has_b = true;
        } else if (key == "d") {
            shape.depth = parse_number<int>(key, value);
            has_d = true;
        } else if (key == "seed") {
            shape.seed = parse_number<std::uint64_t>(key, value);
        } else if (key == "order") {
            const auto ordering = parse_ordering(value);
            if (!ordering) throw ParseError("tree-gen: order=" + std::string(value) + " (use best, random or worst)");
            shape.ordering = *ordering;
        } else {
            throw ParseError("tree-gen: unknown key '" + clip(key) + "' (keys: b, d, seed, order)");
        }
    }
    if (!has_b || !has_d) throw ParseError("tree-gen: give at least b= and d=, e.g. b=6,d=8,seed=1");
    if (shape.branching < 1 || shape.branching > static_cast<int>(UniformTree::max_moves))
        throw ParseError("tree-gen: b must be 1.." + std::to_string(UniformTree::max_moves));
    if (shape.depth < 0 || shape.depth >= kMaxPly)
        throw ParseError("tree-gen: d must be 0.." + std::to_string(kMaxPly - 1));
    return shape;
}

std::string Shape::to_string() const {
    return "b=" + std::to_string(branching) + ",d=" + std::to_string(depth) + ",seed=" + std::to_string(seed) +
           ",order=" + std::string(ordering_name(ordering));
}

UniformTree::UniformTree(Shape shape) : shape_(shape) {
    const std::uint64_t id = mix(shape.seed);
    path_.push_back({id, static_cast<Score>(mix(id) % 201) - 100, 0});
}

void UniformTree::make(Move m) {
    const NodeState& parent = path_.back();
    const auto b = static_cast<std::size_t>(shape_.branching);
    // The children's deltas (how much worse each is than the best child for
    // the parent), placed in the order the shape asks for.
    std::array<Score, max_moves> delta{};
    std::size_t best = 0;
    for (std::size_t i = 0; i < b; ++i)
        delta[i] = 1 + static_cast<Score>(mix(parent.id ^ (i + 1) * 0xD6E8FEB86659FD93ull) % kDeltaSpread);
    switch (shape_.ordering) {
        case Ordering::Best:
            std::sort(delta.begin() + 1, delta.begin() + static_cast<std::ptrdiff_t>(b));
            break;
        case Ordering::Worst:
            best = b - 1;
            std::sort(delta.begin(), delta.begin() + static_cast<std::ptrdiff_t>(best), std::greater<>{});
            break;
        case Ordering::Random:
            best = mix(parent.id + 0x632BE59BD9B4E019ull) % b;
            break;
    }
    delta[best] = 0;
    const std::size_t index = static_cast<std::size_t>(m) - 1;
    path_.push_back({mix(parent.id * 31 + m), -parent.value + delta[index], m});
}

UniformTree UniformTree::from_position(std::string_view text) {
    const auto at = text.find('@');
    UniformTree game(Shape::parse(text.substr(0, at)));
    if (at != std::string_view::npos) play_child_path(game, text.substr(at + 1));
    return game;
}

std::string UniformTree::position() const {
    std::vector<Move> moves;
    for (std::size_t i = 1; i < path_.size(); ++i) moves.push_back(path_[i].move);
    return shape_.to_string() + child_path_suffix(moves);
}

UniformTree::Move UniformTree::parse_move(std::string_view text) const {
    text = trim(text, kBlank);
    int child = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), child);
    if (ec != std::errc{} || ptr != text.data() + text.size())
        throw ParseError("tree-gen: '" + clip(text) + "' is not a child number");
    if (at_leaf()) throw ParseError("tree-gen: this node is a leaf; there is no move");
    if (child < 1 || child > shape_.branching)
        throw ParseError("tree-gen: child " + clip(text) + " does not exist (b=" + std::to_string(shape_.branching) +
                         ")");
    return static_cast<Move>(child);
}

std::string UniformTree::render() const {
    return "uniform tree " + position() + ", " + (ply() % 2 == 0 ? "max" : "min") + " to move, value " +
           std::to_string(ply() % 2 == 0 ? evaluate() : -evaluate()) + " for max\n";
}

}  // namespace ply::uniform
