#include <ply/tools/draw/search_tree.hpp>

#include <sstream>

#include <ply/tools/program_on_text.hpp>

namespace ply::draw {

std::string format_score(std::optional<Score> s) {
    if (!s) return "?";
    if (*s >= kInfinity) return "+inf";
    if (*s <= -kInfinity) return "-inf";
    if (is_mate(*s)) return (*s > 0 ? "W" : "L") + std::to_string(mate_plies(*s));
    return std::to_string(*s);
}

namespace {

std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// Text for an HTML-like label, the markup characters escaped.
std::string html(const std::string& text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\n':
                out += "<BR/>";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string font(const std::string& text, const std::string& color, int size = 0) {
    return "<FONT COLOR=\"" + color + "\"" + (size > 0 ? " POINT-SIZE=\"" + std::to_string(size) + "\"" : "") + ">" +
           text + "</FONT>";
}

constexpr const char* kMaxGlyph = "&#9650;";  // a triangle pointing up
constexpr const char* kMinGlyph = "&#9660;";  // and down
constexpr const char* kInk = "black";
constexpr const char* kPvInk = "red3";
constexpr const char* kPrunedInk = "gray60";
constexpr const char* kCutInk = "darkorange3";
constexpr const char* kNoteInk = "gray30";

bool maximiser(const DrawnNode& n) { return n.ply % 2 == 0; }

// Scored without being expanded: a leaf the search reached, or a pruned one
// drawn with its static value.
bool is_leaf(const DrawnNode& n) { return n.visited ? n.exit == classic::Exit::Leaf : n.static_value.has_value(); }

const char* ink(const DrawnNode& n) { return !n.visited ? kPrunedInk : n.on_pv ? kPvInk : kInk; }

// The shape with the value: a box for a leaf, a triangle up (MAX) or down (MIN) beside the value otherwise.
std::string shape_cell(const DrawnNode& n, const std::string& value) {
    const std::string color = ink(n);
    if (is_leaf(n)) {
        const std::string text = n.visited ? "<B>" + html(value) + "</B>" : html(value);
        return "<TD BORDER=\"" + std::string(n.on_pv && n.visited ? "2" : "1") + "\" COLOR=\"" + color + "\"" +
               (n.visited ? "" : " STYLE=\"dashed\"") + " CELLPADDING=\"3\" WIDTH=\"24\">" + font(text, color) +
               "</TD>";
    }
    std::string cell = font(maximiser(n) ? kMaxGlyph : kMinGlyph, color, 15);
    if (!value.empty()) cell += " " + font("<B>" + html(value) + "</B>", color);
    return "<TD>" + cell + "</TD>";
}

// The window of the node's last visit (when bounded) and how many visits it had.
std::string window_text(const DrawnNode& n) {
    if (!n.visited) return "";
    std::string text;
    if (n.alpha || n.beta)
        text = "[" + format_score(n.alpha.value_or(-kInfinity)) + ", " + format_score(n.beta.value_or(kInfinity)) + "]";
    if (n.visits > 1) text += (text.empty() ? "" : "  ") + std::string("x") + std::to_string(n.visits);
    return text;
}

// How the last visit ended, as the maximiser sees it, when it ended outside
// the window: a cut (naming how many moves it pruned) or a fail-high or -low
// (the value is a bound). Empty for exact values and leaves.
std::pair<std::string, const char*> exit_note(const DrawnNode& n) {
    if (!n.visited) return {"", kNoteInk};
    const std::string last = n.visits > 1 ? "last visit: " : "";
    switch (n.exit) {
        case classic::Exit::Leaf:
        case classic::Exit::Exact:
            return {"", kNoteInk};
        case classic::Exit::Memory:
            return {last + "settled by stored bounds", kNoteInk};
        case classic::Exit::FailLow:
            return {last + (maximiser(n) ? "fails low" : "fails high"), kNoteInk};
        case classic::Exit::Cutoff:
            if (const int pruned = pruned_children(n); pruned > 0)
                return {last + (maximiser(n) ? "beta cut: " : "alpha cut: ") + std::to_string(pruned) + " of " +
                            std::to_string(n.children.size()) + " pruned",
                        kCutInk};
            return {last + (maximiser(n) ? "fails high" : "fails low") + ", nothing pruned", kNoteInk};
    }
    return {"", kNoteInk};
}

// One table per node: the shape and value, then the window and the note
// under it, so that each belongs visibly to its node and edges, which end
// at the table's border, cannot cross them.
std::string node_label(const DrawnNode& n) {
    const std::string value = n.visited        ? format_score(n.value)
                              : n.static_value ? format_score(n.static_value)
                                               : std::string();
    std::string rows = "<TR>" + shape_cell(n, value) + "</TR>";
    if (const std::string window = window_text(n); !window.empty())
        rows += "<TR><TD>" + font(html(window), kInk, 8) + "</TD></TR>";
    if (const auto [note, color] = exit_note(n); !note.empty())
        rows += "<TR><TD>" + font("<I>" + html(note) + "</I>", color, 8) + "</TD></TR>";
    return "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">" + rows + "</TABLE>>";
}

std::string legend_row(const std::string& symbol, const std::string& meaning) {
    return "<TR><TD ALIGN=\"CENTER\">" + symbol + "</TD><TD ALIGN=\"LEFT\">" + font(meaning, kInk, 9) + "</TD></TR>";
}

// A leaf's box as the legend shows it.
std::string legend_box(const std::string& value, const std::string& color, bool dashed) {
    return "<TABLE BORDER=\"0\" CELLSPACING=\"0\"><TR><TD BORDER=\"1\" COLOR=\"" + color + "\"" +
           (dashed ? " STYLE=\"dashed\"" : "") + " FIXEDSIZE=\"TRUE\" WIDTH=\"22\" HEIGHT=\"16\">" +
           font(value, color, 9) + "</TD></TR></TABLE>";
}

// The title, and under it what the marks of this drawing mean (a mark the
// drawing does not use is not explained).
std::string graph_label(const SearchTree& tree) {
    bool pruned = false, cut = false, bound = false, revisited = false;
    for (const DrawnNode& n : tree.nodes) {
        pruned = pruned || !n.visited;
        revisited = revisited || n.visits > 1;
        const auto [note, color] = exit_note(n);
        cut = cut || color == kCutInk;
        bound = bound || (!note.empty() && color != kCutInk);
    }
    std::string legend;
    legend += legend_row(font(kMaxGlyph, kInk, 13), "MAX, the player to move at the root: takes the largest value");
    legend += legend_row(font(kMinGlyph, kInk, 13), "MIN, the opponent: takes the smallest value");
    legend += legend_row(legend_box("5", kInk, false), "a leaf: scored without searching further");
    legend += legend_row(font("[alpha, beta]", kInk, 9),
                         "the window the node was searched with, as MAX sees it (not shown: unbounded)");
    if (revisited) legend += legend_row(font("x2", kInk, 9), "searched twice; the window is the last one");
    legend += legend_row(font(kMaxGlyph, kPvInk, 13), "red: the principal variation, best play for both sides");
    if (pruned) legend += legend_row(legend_box("4", kPrunedInk, true), "grey, dashed: pruned, never searched");
    if (cut)
        legend += legend_row(font("<I>alpha/beta cut</I>", kCutInk, 9),
                             "a reply reached the window's edge: the moves after it were pruned");
    if (bound)
        legend += legend_row(font("<I>fails low/high</I>", kNoteInk, 9),
                             "the value is outside the window, only a bound; nothing was pruned");
    return "<<TABLE BORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\"><TR><TD>" + font(html(tree.title), kInk, 13) +
           "</TD></TR><TR><TD><TABLE BORDER=\"1\" COLOR=\"gray70\" CELLBORDER=\"0\" CELLSPACING=\"0\" "
           "CELLPADDING=\"2\">" +
           legend + "</TABLE></TD></TR></TABLE>>";
}

}  // namespace

std::string to_dot(const SearchTree& tree) {
    std::ostringstream out;
    out << "digraph search {\n"
        << "  graph [ordering=out, nodesep=0.2, ranksep=0.35, fontname=\"Helvetica\", labelloc=t, label="
        << graph_label(tree) << "];\n"
        << "  node [shape=plain, fontname=\"Helvetica\", fontsize=10];\n"
        << "  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.5];\n";
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        const DrawnNode& n = tree.nodes[i];
        const bool pruned = !n.visited;
        const std::string cls = std::string(maximiser(n) ? "max" : "min") + (is_leaf(n) ? " leaf" : "") +
                                (pruned ? " pruned" : " visited") + (n.on_pv && !pruned ? " pv" : "");
        out << "  n" << i << " [class=" << quoted(cls) << ", label=" << node_label(n) << "];\n";
    }
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        const DrawnNode& n = tree.nodes[i];
        if (n.parent < 0) continue;
        const DrawnNode& parent = tree.nodes[static_cast<std::size_t>(n.parent)];
        const bool pruned = !n.visited;
        const bool pv = n.on_pv && parent.on_pv && !pruned;
        out << "  n" << n.parent << " -> n" << i << " [label=" << quoted(n.move) << ", class="
            << quoted(pruned ? "pruned"
                      : pv   ? "pv"
                             : "visited");
        if (pruned)
            out << ", style=dashed, color=gray70, fontcolor=gray60";
        else if (pv)
            out << ", color=red3, fontcolor=red3, penwidth=2.5";
        out << "];\n";
    }
    out << "}\n";
    return out.str();
}

std::optional<std::string> render_svg(const std::string& dot, const std::string& svg_path) {
    const ProgramRun run = run_on_text({"dot", "-Tsvg", "-o", svg_path}, dot, "Graphviz", false);
    if (run.temporary_error) return run.temporary_error;
    if (!run.ran)
        return "drawing needs Graphviz's `dot` (apt-get install -y graphviz); --dot FILE writes the DOT "
               "text without it";
    if (run.exited && run.exit_code == 127) return "drawing needs Graphviz's `dot` (apt-get install -y graphviz)";
    if (!run.exited || run.exit_code != 0) return "Graphviz's dot failed to write " + svg_path;
    return std::nullopt;
}

}  // namespace ply::draw
