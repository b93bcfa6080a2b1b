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
        if (c == '\n') {
            out += "\\n";  // DOT's line break
            continue;
        }
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

bool maximiser(const DrawnNode& n) { return n.ply % 2 == 0; }

// The value inside the shape, the window (and the visits) beside it.
std::string node_label(const DrawnNode& n) {
    if (!n.visited) return n.static_value ? format_score(n.static_value) : "";
    return format_score(n.value);
}

std::string window_note(const DrawnNode& n) {
    if (!n.visited) return "";
    std::string note;
    if (n.alpha || n.beta)
        note = "[" + format_score(n.alpha.value_or(-kInfinity)) + ", " + format_score(n.beta.value_or(kInfinity)) + "]";
    if (n.visits > 1) note += (note.empty() ? "" : " ") + std::string("x") + std::to_string(n.visits);
    return note;
}

// The note at a node whose search was cut short, as the maximiser sees it.
std::string cut_note(const DrawnNode& n) {
    if (n.exit != classic::Exit::Cutoff) return "";
    return maximiser(n) ? "beta cut " + format_score(n.value) + " >= " + format_score(n.beta)
                        : "alpha cut " + format_score(n.value) + " <= " + format_score(n.alpha);
}

}  // namespace

std::string to_dot(const SearchTree& tree) {
    std::ostringstream out;
    out << "digraph search {\n"
        << "  graph [ordering=out, nodesep=0.3, ranksep=0.5, fontname=\"Helvetica\", labelloc=t, label="
        << quoted(tree.title) << "];\n"
        << "  graph [forcelabels=true];\n"
        << "  node [fontname=\"Helvetica\", fontsize=10, width=0.6, height=0.45, fixedsize=true, margin=0];\n"
        << "  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.5];\n";
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        const DrawnNode& n = tree.nodes[i];
        const bool pruned = !n.visited;
        std::string cls = std::string(maximiser(n) ? "max" : "min") + (pruned ? " pruned" : " visited") +
                          (n.on_pv && !pruned ? " pv" : "");
        out << "  n" << i << " [shape=" << (maximiser(n) ? "triangle" : "invtriangle")
            << ", label=" << quoted(node_label(n)) << ", class=" << quoted(cls);
        if (pruned)
            out << ", color=gray70, fontcolor=gray60, style=dashed";
        else if (n.on_pv)
            out << ", color=red3, penwidth=2";
        std::string note = window_note(n);
        if (const std::string cut = cut_note(n); !cut.empty()) note += (note.empty() ? "" : "\n") + cut;
        if (!note.empty()) out << ", xlabel=" << quoted(note);
        out << "];\n";
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
            out << ", color=red3, penwidth=2.5";
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
