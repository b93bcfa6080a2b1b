#include <ply/tools/compare.hpp>

namespace ply::compare {

nlohmann::json to_json(const Comparison& c) {
    nlohmann::json j = {{"game", c.game}, {"position", c.position}, {"depth", c.depth}, {"ordering", c.ordering}};
    j["minimal_leaves"] = c.minimal_leaves ? nlohmann::json(*c.minimal_leaves) : nlohmann::json(nullptr);
    j["all_leaves"] = c.all_leaves ? nlohmann::json(*c.all_leaves) : nlohmann::json(nullptr);
    j["rows"] = nlohmann::json::array();
    for (const Row& r : c.rows) {
        nlohmann::json row = {{"algo", r.algo},
                              {"score", r.score},
                              {"best", r.best},
                              {"value", r.value.empty() ? nlohmann::json(r.score) : nlohmann::json(r.value)},
                              {"nodes", r.nodes},
                              {"leaves", r.leaves},
                              {"researches", r.researches},
                              {"seconds", r.seconds}};
        row["minimal_ratio"] =
            c.minimal_leaves ? nlohmann::json(double(r.leaves) / *c.minimal_leaves) : nlohmann::json(nullptr);
        j["rows"].push_back(row);
    }
    if (!c.skipped.empty()) j["skipped"] = c.skipped;
    return j;
}

}  // namespace ply::compare
