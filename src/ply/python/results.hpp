// What the searches answer in Python: plain structs, the same for every game,
// whose moves are already Python objects (ply.Move for a built-in game, the
// game's own values for a game written in Python).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include <ply/core/outcome.hpp>

namespace ply::python {

namespace py = pybind11;

struct TraceNode {
    int id = 0;
    std::string move;
    std::vector<std::string> path;
    int parent = -1;
    int ply = 0;
    bool max = true;
    std::vector<int> children;
    bool visited = false;
    bool on_pv = false;
    std::optional<Score> alpha, beta, value, static_value;
    std::string exit;
};

struct TraceEvent {
    std::string kind;
    int node = 0;
    std::optional<Score> alpha, beta, value;
    std::string exit;
    std::vector<int> pruned;
    std::string text;
};

struct Trace {
    std::vector<TraceNode> nodes;
    std::vector<TraceEvent> events;
};

struct SearchResult {
    std::string algorithm;
    int depth = 0;
    bool iterative = false;
    Score value = 0;
    std::string value_text;
    py::object best_move = py::none();
    py::list pv;
    std::uint64_t nodes = 0, leaves = 0, researches = 0;
    double seconds = 0;
    std::optional<Trace> trace;
};

struct Comparison {
    int depth = 0;
    std::vector<SearchResult> rows;
    std::optional<double> minimal_leaves, all_leaves;
};

struct Info {
    int depth = 0, seldepth = 0, multipv = 1;
    Score value = 0;
    std::string value_text, bound;
    std::uint64_t nodes = 0;
    double seconds = 0;
    int hashfull = 0;
    py::list pv;
};

struct Line {
    py::object move = py::none();
    Score value = 0;
    std::string value_text;
};

struct EngineResult {
    py::object best_move = py::none(), ponder = py::none();
    std::optional<Score> value;  // none when stopped before its first iteration ended
    std::string value_text;
    int depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    bool stopped = false;
    std::vector<Line> lines;
};

struct Solution {
    Score value = 0;
    std::string value_text;
    Outcome result = Outcome::Draw;
    int plies = 0;
    py::list best_moves, pv;
    std::uint64_t nodes = 0;
    double seconds = 0;
    py::object published_score = py::none();
};

struct MoveStats {
    py::object move = py::none();
    std::uint64_t visits = 0;
    double mean = 0;
    std::string proof;
};

struct MctsResult {
    py::object best_move = py::none();
    double mean = 0.5;
    std::string proof;
    std::uint64_t iterations = 0;
    std::size_t nodes = 0;
    double seconds = 0;
    std::vector<MoveStats> moves;
    py::list pv;
};

}  // namespace ply::python
