#include <ply/web/requests.hpp>

#include <algorithm>
#include <cmath>

#include <ply/core/error.hpp>
#include <ply/tools/number_text.hpp>
#include <ply/web/limits.hpp>

namespace ply::web {

namespace {

// An integer field within [low, high]; nothing when absent or null.
std::optional<std::int64_t> integer_field(const nlohmann::json& body, const char* key, std::int64_t low,
                                          std::int64_t high) {
    const auto it = body.find(key);
    if (it == body.end() || it->is_null()) return std::nullopt;
    if (!it->is_number_integer()) throw ParseError(std::string("'") + key + "' must be a whole number");
    const auto value =
        it->is_number_unsigned() && it->get<std::uint64_t>() > std::uint64_t(high) ? high + 1 : it->get<std::int64_t>();
    if (value < low || value > high)
        throw ParseError(std::string("'") + key + "' must be from " + std::to_string(low) + " to " +
                         std::to_string(high));
    return value;
}

std::vector<std::string> text_list(const nlohmann::json& body, const char* key, std::size_t max_size) {
    const auto it = body.find(key);
    if (it == body.end() || it->is_null()) return {};
    if (!it->is_array()) throw ParseError(std::string("'") + key + "' must be a list of strings");
    if (it->size() > max_size)
        throw ParseError(std::string("'") + key + "' has " + std::to_string(it->size()) + " entries (at most " +
                         std::to_string(max_size) + ")");
    std::vector<std::string> out;
    for (const auto& item : *it) {
        if (!item.is_string()) throw ParseError(std::string("'") + key + "' must be a list of strings");
        out.push_back(item.get<std::string>());
    }
    return out;
}

bool flag_field(const nlohmann::json& body, const char* key) {
    const auto it = body.find(key);
    if (it == body.end() || it->is_null()) return false;
    if (!it->is_boolean()) throw ParseError(std::string("'") + key + "' must be true or false");
    return it->get<bool>();
}

}  // namespace

std::string json_text(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::json parse_body(const std::string& body) {
    nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
    if (j.is_discarded()) throw ParseError("the request is not valid JSON");
    if (!j.is_object()) throw ParseError("the request must be a JSON object");
    return j;
}

std::string text_field(const nlohmann::json& body, const char* key, const std::string& fallback) {
    const auto it = body.find(key);
    if (it == body.end() || it->is_null()) return fallback;
    if (!it->is_string()) throw ParseError(std::string("'") + key + "' must be a string");
    return it->get<std::string>();
}

TraceRequest trace_request(const nlohmann::json& body) {
    TraceRequest r;
    r.position = text_field(body, "position", "");
    r.algo = text_field(body, "algo", r.algo);
    if (const auto d = integer_field(body, "depth", 0, kMaxWatchedDepth)) r.depth = static_cast<int>(*d);
    r.iterative = flag_field(body, "iterative");
    return r;
}

CompareRequest compare_request(const nlohmann::json& body) {
    CompareRequest r;
    r.position = text_field(body, "position", "");
    if (const auto d = integer_field(body, "depth", 0, kMaxWatchedDepth)) r.depth = static_cast<int>(*d);
    // Each algorithm once: a repeated one would only repeat its work.
    for (std::string& a : text_list(body, "algos", 16))
        if (std::find(r.algos.begin(), r.algos.end(), a) == r.algos.end()) r.algos.push_back(std::move(a));
    r.ordering = text_field(body, "ordering", r.ordering);
    if (const auto s = integer_field(body, "seed", 0, std::int64_t{1} << 53)) r.seed = static_cast<std::uint64_t>(*s);
    return r;
}

GameLine game_line(const nlohmann::json& body) {
    GameLine line;
    line.start = text_field(body, "start", "");
    line.moves = text_list(body, "moves", kMaxMoves);
    const auto players = text_list(body, "players", 2);
    if (!players.empty() && players.size() != 2) throw ParseError("'players' must name both players");
    for (std::size_t i = 0; i < players.size(); ++i) line.players[i] = players[i];
    return line;
}

ThinkLimits think_limits(const nlohmann::json& body) {
    ThinkLimits l;
    if (const auto d = integer_field(body, "depth", 1, kMaxThinkDepth)) l.depth = static_cast<int>(*d);
    if (const auto n = integer_field(body, "nodes", 1, std::int64_t(kMaxThinkNodes)))
        l.nodes = static_cast<std::uint64_t>(*n);
    if (const auto it = body.find("seconds"); it != body.end() && !it->is_null()) {
        if (!it->is_number()) throw ParseError("'seconds' must be a number");
        const double s = it->get<double>();
        if (!std::isfinite(s) || s <= 0 || s > kMaxThinkSeconds)
            throw ParseError("'seconds' must be above 0 and at most " + shortest(kMaxThinkSeconds));
        l.seconds = s;
    }
    return l;
}

}  // namespace ply::web
