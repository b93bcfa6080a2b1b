// The classic algorithms selectable with --algo.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/cli/positions.hpp>
#include <ply/search/classic/algorithm.hpp>
#include <ply/tools/draw/search_tree.hpp>
#include <ply/tools/draw/trace_json.hpp>
#include <ply/tools/output_file.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

// The names --algo accepts.
inline const std::vector<std::string> kAlgorithms = classic::algorithm_names();

// Beyond this many nodes a drawing is unreadable and Graphviz slow.
inline constexpr std::size_t kMaxDrawnNodes = 5000;

// How a learner watches a search: the step-by-step trace, the tree as DOT
// text, the tree drawn as SVG by Graphviz.
struct WatchOptions {
    bool iterative = false;
    bool trace = false;
    std::optional<std::string> dot_path;
    std::optional<std::string> svg_path;

    [[nodiscard]] bool watching() const { return trace || dot_path || svg_path; }

    void add_to(CLI::App& cmd);  // search.cpp
    // Ends the command if a drawing would replace the position's file or the other drawing.
    void refuse_same_files(const CLI::App& cmd, const std::optional<std::string>& position) const;
};

// Runs `algo` and prints the result as JSON or text (with the board if
// asked); traces and draws it when `watch` says so.
template <NotatedGame G>
void search_and_report(const CLI::App& cmd, const G& game, const std::string& algo, int depth, bool json,
                       bool show_board, const WatchOptions& watch = {}) {
    const auto algorithm = *classic::parse_algorithm(algo);
    // The outputs are opened first: one that cannot be written fails before the search.
    std::optional<OutputFile> dot_file, svg_file;
    try {
        if (watch.dot_path) dot_file.emplace(*watch.dot_path);
        if (watch.svg_path) svg_file.emplace(*watch.svg_path);
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    const Stopwatch clock;
    classic::SearchResult<typename G::Move> r;
    std::optional<draw::SearchRecorder<G>> recorder;
    if (watch.watching()) {
        if (watch.trace && !json) std::cout << "Trace (windows and values for MAX, the player to move at the root):\n";
        recorder.emplace(game, depth, watch.trace && !json ? &std::cout : nullptr);
        try {
            r = watch.iterative ? classic::search_iterative(algorithm, game, depth, *recorder)
                                : classic::search_once(algorithm, game, depth, std::nullopt, *recorder);
        } catch (const draw::TooBigToRecord& e) {
            std::cout.flush();
            input_error(cmd, e.what());
        }
        recorder->mark_pv(r.pv);
    } else {
        r = watch.iterative ? classic::search_iterative(algorithm, game, depth)
                            : classic::search_once(algorithm, game, depth);
    }
    const double seconds = clock.seconds();
    std::optional<draw::SearchTree> tree;
    if (recorder)
        tree = recorder->tree(std::string(G::name) + ", " + algo + (watch.iterative ? " (last iteration)" : "") +
                              ", depth " + std::to_string(depth) + ": value " + draw::format_score(r.score) + ", " +
                              std::to_string(r.leaves) + " leaves");
    if (tree && (watch.dot_path || watch.svg_path)) {
        if (tree->nodes.size() > kMaxDrawnNodes)
            input_error(cmd, "the searched tree has " + std::to_string(tree->nodes.size()) +
                                 " nodes; drawings are for small searches (at most " + std::to_string(kMaxDrawnNodes) +
                                 "): lower --depth");
        const std::string dot = draw::to_dot(*tree);
        try {
            if (dot_file) {
                dot_file->stream() << dot;
                dot_file->commit();
            }
            if (svg_file) {
                if (auto error = draw::render_svg(dot, svg_file->temporary_path())) input_error(cmd, *error);
                svg_file->commit();
            }
        } catch (const ParseError& e) {
            input_error(cmd, e.what());
        }
    }
    if (json) {
        auto j = search_json(game, r);
        j["algo"] = algo;
        j["depth"] = depth;
        j["iterative"] = watch.iterative;
        if (tree && watch.trace) j["trace"] = draw::trace_json(*tree);
        std::cout << j.dump() << "\n";
        return;
    }
    if (show_board) std::cout << game.render();
    print_search(std::cout, game, r);
    std::cout << "time:   " << seconds << " s\n";
}

}  // namespace ply::cli
