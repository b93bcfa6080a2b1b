#include <ply/tools/draw/trace_json.hpp>

namespace ply::draw {

namespace {

nlohmann::json score_json(std::optional<Score> s, const char* unbounded) {
    if (!s) return unbounded ? nlohmann::json(unbounded) : nlohmann::json(nullptr);
    return format_score(s);
}

}  // namespace

const char* kind_name(TraceEvent::Kind k) {
    switch (k) {
        case TraceEvent::Kind::Pass:
            return "pass";
        case TraceEvent::Kind::Enter:
            return "enter";
        case TraceEvent::Kind::Leave:
            return "leave";
        case TraceEvent::Kind::Research:
            return "research";
    }
    return "?";
}

std::string exit_name(const DrawnNode& node, classic::Exit how, bool pruned_any) {
    using classic::Exit;
    const bool max_node = node.ply % 2 == 0;
    switch (how) {
        case Exit::Leaf:
            return "leaf";
        case Exit::Exact:
            return "exact";
        case Exit::Memory:
            return "memory";
        case Exit::FailLow:
            return max_node ? "fail-low" : "fail-high";
        case Exit::Cutoff:
            if (pruned_any) return "cutoff";
            return max_node ? "fail-high" : "fail-low";
    }
    return "?";
}

nlohmann::json trace_json(const SearchTree& tree) {
    nlohmann::json nodes = nlohmann::json::array();
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        const DrawnNode& n = tree.nodes[i];
        nodes.push_back({{"id", i},
                         {"move", n.move},
                         {"parent", n.parent},
                         {"max", n.ply % 2 == 0},
                         {"children", n.children},
                         {"visited", n.visited},
                         {"pv", n.on_pv},
                         {"static_value", score_json(n.static_value, nullptr)}});
    }
    nlohmann::json events = nlohmann::json::array();
    for (const TraceEvent& e : tree.events) {
        nlohmann::json j = {{"kind", kind_name(e.kind)}, {"node", e.node}, {"text", e.text}};
        if (e.kind == TraceEvent::Kind::Enter || e.kind == TraceEvent::Kind::Pass) {
            j["alpha"] = score_json(e.alpha, "-inf");
            j["beta"] = score_json(e.beta, "+inf");
        }
        if (e.kind == TraceEvent::Kind::Leave) {
            j["value"] = score_json(e.value, nullptr);
            j["exit"] = exit_name(tree.nodes[static_cast<std::size_t>(e.node)], e.exit, !e.pruned.empty());
            j["pruned"] = e.pruned;
        }
        events.push_back(std::move(j));
    }
    return {{"title", tree.title}, {"nodes", std::move(nodes)}, {"events", std::move(events)}};
}

}  // namespace ply::draw
