// What `ply solve` prints when --time or Ctrl-C stopped it before the
// answer was whole: the bounds it proved on the value and, if the value
// itself is proven, the best moves and the line found so far.
#pragma once

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <ply/core/describe.hpp>
#include <ply/search/solve/exhaustive.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

// "between X and Y", "at least X", "at most Y" or "X" for a value in
// [lower, upper] (+-kInfinity: no bound), each bound written by `text`.
template <class Text>
std::string range_text(Score lower, Score upper, Text text) {
    const bool low = lower > -kInfinity, high = upper < kInfinity;
    if (low && high) return lower == upper ? text(lower) : "between " + text(lower) + " and " + text(upper);
    if (low) return "at least " + text(lower);
    if (high) return "at most " + text(upper);
    return "not known yet";
}

// The published score of a value with its sign: "+5", "0", "-3".
template <describe::PublishedScoreGame G>
std::string published_text(const G& game, Score s) {
    const int v = game.published_score(s);
    return (v > 0 ? "+" : "") + std::to_string(v);
}

// A score as every command prints it (describe::score_text).
template <class G>
std::string score_of(Score s) {
    return describe::score_text<G>(s);
}

// The bounds on the root's value in the game's published convention where
// it has one (Connect Four: Pons' scores), else as scores.
template <class G>
std::string window_text(const G& game, Score lower, Score upper) {
    if constexpr (describe::PublishedScoreGame<G>)
        return range_text(lower, upper, [&](Score s) { return published_text(game, s); });
    else
        return range_text(lower, upper, score_of<G>);
}

// A weak solve's bounds (-1, 0 or 1), for the side to move.
inline std::string weak_range_text(Score lower, Score upper) {
    if (lower == upper) return std::string(lower > 0 ? "win" : lower < 0 ? "loss" : "draw") + " for the side to move";
    if (lower >= 0) return "a draw or a win for the side to move";
    if (upper <= 0) return "a loss or a draw for the side to move";
    return "unknown";
}

// A bound in JSON, as `text` writes it; null where there is none.
template <class Text>
nlohmann::json bound_json(Score s, Text text) {
    return s > -kInfinity && s < kInfinity ? nlohmann::json(text(s)) : nlohmann::json(nullptr);
}

template <NotatedGame G>
std::vector<std::string> move_list(const G& game, const std::vector<typename G::Move>& moves) {
    std::vector<std::string> out;
    for (const auto& m : moves) out.push_back(game.move_to_string(m));
    return out;
}

template <NotatedGame G>
void stopped_json(const G& game, const solve::SolveResult<typename G::Move>& r, bool weak) {
    const bool known = r.lower == r.upper;
    nlohmann::json j;
    j["mode"] = weak ? "weak" : "strong";
    j["result"] = known ? std::string(to_string(r.result)) : "unknown";
    j["complete"] = false;
    const auto score = [](Score s) { return s; };
    j["lower"] = bound_json(r.lower, score);
    j["upper"] = bound_json(r.upper, score);
    if (known && !weak) {
        add_score(j, r.score);
        if (is_mate(r.score)) j["plies"] = r.plies;
        j["pv"] = move_texts(game, r.pv);
    }
    if constexpr (describe::PublishedScoreGame<G>) {
        const std::string name(G::published_score_name);
        if (!weak) {
            const auto published = [&](Score s) { return game.published_score(s); };
            j[name + "_lower"] = bound_json(r.lower, published);
            j[name + "_upper"] = bound_json(r.upper, published);
            if (known) j[name] = game.published_score(r.score);
        }
    }
    j["best"] = r.best ? nlohmann::json(game.move_to_string(*r.best)) : nlohmann::json(nullptr);
    j["best_moves"] = move_list(game, r.best_moves);
    j["nodes"] = r.nodes;
    std::cout << j.dump() << "\n";
}

template <NotatedGame G>
void print_stopped(const G& game, const solve::SolveResult<typename G::Move>& r, double seconds, bool json, bool weak) {
    if (json) return stopped_json(game, r, weak);
    char stopped[64];
    std::snprintf(stopped, sizeof stopped, "stopped after %.2f s", seconds);
    std::cout << game.render();
    if (weak) {
        std::cout << "result:     " << weak_range_text(r.lower, r.upper) << " (" << stopped << ")\n";
    } else if (r.lower != r.upper) {
        std::cout << "result:     unknown (" << stopped << ")\n"
                  << "score:      " << range_text(r.lower, r.upper, score_of<G>) << "\n";
    } else {
        std::cout << "result:     " << to_string(r.result) << " for the side to move";
        if (is_mate(r.score)) std::cout << " in " << r.plies << (r.plies == 1 ? " ply" : " plies");
        std::cout << " (" << stopped << ")\n"
                  << "score:      " << score_of<G>(r.score) << "\n";
    }
    if constexpr (describe::PublishedScoreGame<G>) {
        std::string label(G::published_score_name);
        std::replace(label.begin(), label.end(), '_', ' ');
        if (!weak) std::cout << label << ": " << window_text(game, r.lower, r.upper) << "\n";
    }
    if (r.lower == r.upper) {
        // Each move listed keeps the value; a move not yet checked may too.
        std::cout << "best moves: "
                  << (r.best_moves.empty() ? "(none yet)" : join(move_list(game, r.best_moves)) + " (so far)") << "\n";
        if (!weak)
            std::cout << "pv:         " << (r.pv.empty() ? "(none yet)" : join(move_texts(game, r.pv)) + " (so far)")
                      << "\n";
    }
    std::cout << "nodes:      " << r.nodes << "\n"
              << "time:       " << seconds << " s\n";
}

}  // namespace ply::cli
