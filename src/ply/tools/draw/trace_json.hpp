// A watched search as JSON, for those who replay it step by step (the web
// page, `ply tree --trace --json`): the tree with every node's last window
// and value, and the events in the order the search made them. Scores are
// written as the trace writes them ("3", "+inf", "W5"); null is unknown.
#pragma once

#include <nlohmann/json.hpp>

#include <ply/tools/draw/search_tree.hpp>

namespace ply::draw {

// "leaf", "exact", "fail-low", "fail-high", "cutoff" or "memory", as the
// maximiser sees the node: a cutoff only where children were left unsearched.
std::string exit_name(const DrawnNode& node, classic::Exit how, bool pruned_any);

// "pass", "enter", "leave" or "research".
const char* kind_name(TraceEvent::Kind k);

nlohmann::json trace_json(const SearchTree& tree);

}  // namespace ply::draw
