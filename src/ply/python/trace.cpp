#include <ply/python/searches.hpp>
#include <ply/tools/draw/trace_json.hpp>

namespace ply::python {

Trace trace_of(const draw::SearchTree& tree) {
    Trace out;
    out.nodes.reserve(tree.nodes.size());
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        const draw::DrawnNode& n = tree.nodes[i];
        TraceNode node;
        node.id = static_cast<int>(i);
        node.move = n.move;
        node.parent = n.parent;
        node.ply = n.ply;
        node.max = n.ply % 2 == 0;
        node.children = n.children;
        node.visited = n.visited;
        node.on_pv = n.on_pv;
        node.alpha = n.alpha;
        node.beta = n.beta;
        node.value = n.value;
        node.static_value = n.static_value;
        node.exit = draw::exit_name(n, n.exit, draw::pruned_children(n) > 0);
        // Parents come before their children: the path extends the parent's.
        if (n.parent >= 0) {
            node.path = out.nodes[static_cast<std::size_t>(n.parent)].path;
            node.path.push_back(n.move);
        }
        out.nodes.push_back(std::move(node));
    }
    for (const draw::TraceEvent& e : tree.events) {
        TraceEvent event;
        event.kind = draw::kind_name(e.kind);
        event.node = e.node;
        event.alpha = e.alpha;
        event.beta = e.beta;
        event.value = e.value;
        if (e.kind == draw::TraceEvent::Kind::Leave)
            event.exit = draw::exit_name(tree.nodes[static_cast<std::size_t>(e.node)], e.exit, !e.pruned.empty());
        event.pruned = e.pruned;
        event.text = e.text;
        out.events.push_back(std::move(event));
    }
    return out;
}

}  // namespace ply::python
