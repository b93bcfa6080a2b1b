// Printing search results as text or JSON, the same for every command and
// the web server.
#pragma once

#include <nlohmann/json.hpp>

#include <iostream>
#include <string>
#include <vector>

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>
#include <ply/core/stopwatch.hpp>
#include <ply/search/classic/common.hpp>

namespace ply {

template <NotatedGame G>
std::vector<std::string> move_texts(G game, const std::vector<typename G::Move>& line) {
    std::vector<std::string> out;
    for (const auto& m : line) {
        out.push_back(game.move_to_string(m));
        game.make(m);
    }
    return out;
}

inline std::string join(const std::vector<std::string>& parts) {
    std::string s;
    for (const auto& p : parts) s += (s.empty() ? "" : " ") + p;
    return s;
}

inline void add_score(nlohmann::json& j, Score s) {
    j["score"] = s;
    if (is_mate(s)) j["mate"] = mate_in(s);
}

template <NotatedGame G>
nlohmann::json search_json(const G& game, const classic::SearchResult<typename G::Move>& r) {
    nlohmann::json j;
    add_score(j, r.score);
    j["best"] = r.best ? nlohmann::json(game.move_to_string(*r.best)) : nlohmann::json(nullptr);
    j["pv"] = move_texts(game, r.pv);
    j["nodes"] = r.nodes;
    j["leaves"] = r.leaves;
    j["researches"] = r.researches;
    return j;
}

template <NotatedGame G>
void print_search(std::ostream& out, const G& game, const classic::SearchResult<typename G::Move>& r) {
    out << "score:  " << describe::score_text<G>(r.score) << "\n"
        << "best:   " << (r.best ? game.move_to_string(*r.best) : "(none: the game is over)") << "\n"
        << "pv:     " << join(move_texts(game, r.pv)) << "\n"
        << "nodes:  " << r.nodes << "\n"
        << "leaves: " << r.leaves << "\n"
        << "researches: " << r.researches << "\n";
}

}  // namespace ply
