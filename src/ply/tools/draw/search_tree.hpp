// Watching a classic search: a recorder (an observer of src/search/classic)
// that keeps the part of the tree the search visited, with the window and
// value of every node, and optionally narrates the search step by step.
// Windows and values are shown for the maximiser (the player to move at the
// root), as textbooks draw them; the searches themselves think in negamax.
#pragma once

#include <algorithm>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/search/classic/common.hpp>

namespace ply::draw {

struct DrawnNode {
    std::string move;  // the move that leads here, in the game's notation
    int parent = -1;
    int ply = 0;
    std::vector<int> children;  // every legal move once the node is expanded
    bool visited = false;
    int visits = 0;
    int searched = 0;  // the children the last visit entered
    bool on_pv = false;
    // The last visit, for the maximiser; nothing = unbounded.
    std::optional<Score> alpha, beta, value;
    classic::Exit exit = classic::Exit::Leaf;
    std::optional<Score> static_value;  // shown on pruned leaves (explicit trees)
};

// One step of the search as a learner steps through it (the web page, `ply
// tree --trace --json`): the trace's lines with the node and window they
// speak of, for the maximiser.
struct TraceEvent {
    enum class Kind { Pass, Enter, Leave, Research };
    Kind kind = Kind::Enter;
    int node = 0;  // Research: the child searched again
    std::optional<Score> alpha, beta, value;
    classic::Exit exit = classic::Exit::Leaf;
    std::vector<int> pruned;  // Leave: the children this visit left unsearched
    std::string text;         // the trace's line
};

struct SearchTree {
    std::vector<DrawnNode> nodes;  // nodes[0] is the root
    std::vector<TraceEvent> events;
    std::string title;
};

// What a recorder keeps at most, about 200 MB: watching is for searches a
// person can follow, and a deeper one must fail before it fills the memory.
inline constexpr std::size_t kMaxRecordedNodes = 200'000;
inline constexpr std::size_t kMaxRecordedEvents = 1'000'000;

// Thrown by the recorder, in the middle of the search, past those bounds.
class TooBigToRecord : public std::runtime_error {
public:
    TooBigToRecord()
        : std::runtime_error("the search visits more than " + std::to_string(kMaxRecordedNodes) +
                             " positions; traces and drawings are for small searches: lower the depth") {}
};

// How many moves the last visit of `n` left unsearched: a cutoff prunes the
// moves after the one that reached the far side of the window. When that
// was the last move, nothing is pruned: the node simply failed high (at MAX)
// or low (at MIN), and no cut should be named.
inline int pruned_children(const DrawnNode& n) {
    if (n.exit != classic::Exit::Cutoff) return 0;
    return static_cast<int>(n.children.size()) - n.searched;
}

// "+inf", "-inf", "W5" (a win 5 plies away), "L4", or the number.
std::string format_score(std::optional<Score> s);

// Graphviz DOT: each node a small table: its shape (a triangle up for MAX,
// down for MIN, a box for a leaf) with its value, under it its window and
// how it ended (a cut and how many moves it pruned, or a fail-low or -high);
// pruned parts grey and dashed, the principal variation red, a legend.
std::string to_dot(const SearchTree& tree);

// Lays `dot` out with Graphviz into an SVG file; an error message (for
// example how to install Graphviz) or nothing on success.
std::optional<std::string> render_svg(const std::string& dot, const std::string& svg_path);

// The observer. `depth` is the depth the search was given (pruned subtrees
// are drawn to it when they are small); `trace` receives the narration.
template <NotatedGame G>
class SearchRecorder {
public:
    SearchRecorder(const G& root, int depth, std::ostream* trace = nullptr)
        : root_(root), game_(root), depth_(depth), trace_(trace) {
        reset();
    }

    void pass(int iteration, Score alpha, Score beta) {
        rewind(0);
        if (iteration > 0) {
            reset();  // the drawing keeps the last iteration
            say(0, "iteration " + std::to_string(iteration));
        } else if (alpha > -kInfinity || beta < kInfinity) {
            ++passes_;
            say(0, "pass " + std::to_string(passes_) + " with the window " + window_text(0, alpha, beta));
        } else {
            return;
        }
        TraceEvent e;
        e.kind = TraceEvent::Kind::Pass;
        std::tie(e.alpha, e.beta) = to_max(0, alpha, beta);
        record(std::move(e));
    }
    void child(int ply, std::size_t index) {
        rewind(ply);
        const int id = path_.back();
        expand(id);
        const int c = tree_.nodes[static_cast<std::size_t>(id)].children[index];
        const auto m = moves_[static_cast<std::size_t>(ply)][index];
        made_[static_cast<std::size_t>(ply)] = m;
        game_.make(m);
        path_.push_back(c);
    }
    void enter(int ply, Score alpha, Score beta) {
        rewind(ply);
        DrawnNode& n = node();
        n.visited = true;
        ++n.visits;
        std::tie(n.alpha, n.beta) = to_max(ply, alpha, beta);
        mark_entered(path_.back());
        say(ply, name(ply) + " enter, window " + window_text(ply, alpha, beta));
        record({TraceEvent::Kind::Enter, path_.back(), n.alpha, n.beta, {}, classic::Exit::Leaf, {}, ""});
    }
    void leave(int ply, Score value, classic::Exit how) {
        rewind(ply);
        DrawnNode& n = node();
        n.value = ply % 2 == 0 ? value : -value;
        n.exit = how;
        // The children this visit never entered (a re-searched one counts once).
        TraceEvent e{TraceEvent::Kind::Leave, path_.back(), n.alpha, n.beta, n.value, how, {}, ""};
        for (const int c : n.children)
            if (entered_at(c) < entered_at(path_.back())) e.pruned.push_back(c);
        n.searched = static_cast<int>(n.children.size() - e.pruned.size());
        if (how != classic::Exit::Cutoff) e.pruned.clear();
        say(ply, name(ply) + " = " + format_score(n.value) + exit_text(ply, n, how));
        record(std::move(e));
    }
    void research(int ply, std::size_t index) {
        const DrawnNode& parent = node_at(ply);
        const std::string& move = tree_.nodes[static_cast<std::size_t>(parent.children[index])].move;
        say(ply + 1, "the null-window scout of " + move + " failed high: search it again with the full window");
        record({TraceEvent::Kind::Research, parent.children[index], {}, {}, {}, classic::Exit::Leaf, {}, ""});
    }

    // Marks the principal variation the search returned.
    void mark_pv(const std::vector<typename G::Move>& pv) {
        G g = root_;
        int id = 0;
        tree_.nodes[0].on_pv = true;
        for (const auto& m : pv) {
            const std::string label = g.move_to_string(m);
            int next = -1;
            for (const int c : tree_.nodes[static_cast<std::size_t>(id)].children)
                if (tree_.nodes[static_cast<std::size_t>(c)].move == label) next = c;
            if (next < 0) return;
            tree_.nodes[static_cast<std::size_t>(next)].on_pv = true;
            g.make(m);
            id = next;
        }
    }

    // The recorded tree with small pruned subtrees filled in.
    [[nodiscard]] SearchTree tree(std::string title) {
        rewind(0);
        fill_pruned(0, 0);
        tree_.title = std::move(title);
        return tree_;
    }

private:
    static constexpr std::size_t kMaxDrawnNodes = 400;

    void reset() {
        tree_.nodes.assign(1, DrawnNode{});
        tree_.events.clear();
        entered_at_.clear();
        path_.assign(1, 0);
        moves_.clear();
        passes_ = 0;
    }
    DrawnNode& node() { return tree_.nodes[static_cast<std::size_t>(path_.back())]; }
    const DrawnNode& node_at(int ply) const {
        return tree_.nodes[static_cast<std::size_t>(path_[static_cast<std::size_t>(ply)])];
    }

    // Back to the node at `ply` on the current path.
    void rewind(int ply) {
        while (static_cast<int>(path_.size()) > ply + 1) {
            path_.pop_back();
            game_.unmake(made_[path_.size() - 1]);
        }
    }

    // Generates the moves of the mirror's node (at the end of the path) and
    // creates its children the first time.
    void expand(int id) {
        const auto ply = path_.size() - 1;
        if (moves_.size() <= ply) {
            moves_.resize(ply + 1);
            made_.resize(ply + 1);
        }
        moves_[ply].clear();
        game_.generate_moves(moves_[ply]);
        if (tree_.nodes[static_cast<std::size_t>(id)].children.empty()) add_children(id, moves_[ply]);
    }
    void add_children(int id, const MoveListOf<G>& moves) {
        if (tree_.nodes.size() + moves.size() > kMaxRecordedNodes) throw TooBigToRecord();
        const int ply = tree_.nodes[static_cast<std::size_t>(id)].ply;
        std::vector<int> kids;
        for (const auto& m : moves) {
            DrawnNode c;
            c.move = game_.move_to_string(m);
            c.parent = id;
            c.ply = ply + 1;
            kids.push_back(static_cast<int>(tree_.nodes.size()));
            tree_.nodes.push_back(std::move(c));
        }
        tree_.nodes[static_cast<std::size_t>(id)].children = std::move(kids);
    }

    // Expands the subtrees the search never entered, while the drawing stays
    // small enough to read; their leaves show their static values. The
    // mirror game stands at node `id`.
    void fill_pruned(int id, int ply) {
        const auto at = [&]() -> DrawnNode& { return tree_.nodes[static_cast<std::size_t>(id)]; };
        MoveListOf<G> moves;
        // A leaf: its value is shown before the search reaches it, and where it never does.
        if (const auto v = classic::leaf_score(game_, depth_ - ply, ply)) {
            at().static_value = ply % 2 == 0 ? *v : -*v;
            return;
        }
        game_.generate_moves(moves);
        if (at().children.empty()) {
            if (at().visited || tree_.nodes.size() + moves.size() > kMaxDrawnNodes) return;
            add_children(id, moves);
        }
        const std::vector<int> kids = at().children;
        for (std::size_t i = 0; i < kids.size(); ++i) {
            game_.make(moves[i]);
            fill_pruned(kids[i], ply + 1);
            game_.unmake(moves[i]);
        }
    }

    // A side-relative window as the maximiser sees it.
    // (nothing = unbounded).
    static std::pair<std::optional<Score>, std::optional<Score>> to_max(int ply, Score alpha, Score beta) {
        const auto bounded = [](Score s) { return s > -kInfinity && s < kInfinity ? std::optional(s) : std::nullopt; };
        if (ply % 2 == 0) return {bounded(alpha), bounded(beta)};
        return {bounded(-beta), bounded(-alpha)};
    }
    static std::string window_text(int ply, Score alpha, Score beta) {
        const auto [a, b] = to_max(ply, alpha, beta);
        return "[" + format_score(a.value_or(-kInfinity)) + ", " + format_score(b.value_or(kInfinity)) + "]";
    }
    std::string name(int ply) const {
        std::string path;
        for (std::size_t i = 1; i < path_.size(); ++i)
            path += (i > 1 ? " " : "") + tree_.nodes[static_cast<std::size_t>(path_[i])].move;
        return std::string(ply % 2 == 0 ? "MAX " : "MIN ") + (path.empty() ? "root" : path);
    }
    std::string exit_text(int ply, const DrawnNode& n, classic::Exit how) const {
        using classic::Exit;
        switch (how) {
            case Exit::Leaf:
                return " (leaf)";
            case Exit::Exact:
                return " (exact)";
            case Exit::Memory:
                return " (settled by bounds stored in an earlier pass)";
            case Exit::FailLow:
                return ply % 2 == 0 ? " (fails low: no move reaches alpha " + format_score(n.alpha) + ")"
                                    : " (fails high: no reply gets below beta " + format_score(n.beta) + ")";
            case Exit::Cutoff: {
                const int pruned = pruned_children(n);
                if (pruned == 0)
                    return ply % 2 == 0
                               ? " >= beta " + format_score(n.beta) + " (fails high on the last move: nothing pruned)"
                               : " <= alpha " + format_score(n.alpha) +
                                     " (fails low on the last reply: nothing pruned)";
                const std::string count =
                    std::to_string(pruned) + " of " + std::to_string(n.children.size()) + " moves pruned";
                return ply % 2 == 0 ? " >= beta " + format_score(n.beta) + ": beta cutoff, " + count
                                    : " <= alpha " + format_score(n.alpha) + ": alpha cutoff, " + count;
            }
        }
        return "";
    }
    void say(int ply, const std::string& line) {
        last_line_ = line;
        if (trace_) *trace_ << std::string(static_cast<std::size_t>(2 * ply), ' ') << line << "\n";
    }
    // Keeps the step just narrated (say) for those who replay it.
    void record(TraceEvent e) {
        if (tree_.events.size() >= kMaxRecordedEvents) throw TooBigToRecord();
        e.text = std::move(last_line_);
        tree_.events.push_back(std::move(e));
    }
    // The event at which node `id` was last entered; -1 before it ever was.
    int entered_at(int id) const {
        const auto i = static_cast<std::size_t>(id);
        return i < entered_at_.size() ? entered_at_[i] : -1;
    }
    void mark_entered(int id) {
        entered_at_.resize(std::max(entered_at_.size(), tree_.nodes.size()), -1);
        entered_at_[static_cast<std::size_t>(id)] = static_cast<int>(tree_.events.size());
    }

    G root_, game_;
    int depth_;
    std::ostream* trace_;
    SearchTree tree_;
    std::vector<int> path_;               // node ids from the root to the mirror's node
    std::vector<typename G::Move> made_;  // made_[p]: the move played from ply p
    std::vector<MoveListOf<G>> moves_;    // the moves generated at each ply
    int passes_ = 0;
    std::vector<int> entered_at_;  // by node id (entered_at)
    std::string last_line_;
};

}  // namespace ply::draw
