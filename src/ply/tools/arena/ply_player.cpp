#include <ply/tools/arena/ply_player.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>

#include <ply/core/text.hpp>

namespace ply::arena {

namespace {

// The production engine (iterative deepening, table, pruning) as a player.
constexpr std::string_view kEngineAlgo = "engine";

template <class T>
void parse_number(std::optional<T>& out, const std::string& key, const std::string& value, const std::string& text,
                  T least = 1, T most = std::numeric_limits<T>::max()) {
    T v{};
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size() || v < least || v > most)
        throw ParseError("bad " + key + " in '" + clip(text) + "'");
    out = v;
}

}  // namespace

PlySpec parse_ply_spec(const std::string& text) {
    if (text.rfind("ply:", 0) != 0) throw ParseError("a Ply player spec starts with ply: ('" + clip(text) + "')");
    PlySpec s;
    std::istringstream in(text.substr(4));
    std::string item;
    while (std::getline(in, item, ',')) {
        if (item.empty()) continue;
        const auto eq = item.find('=');
        if (eq == std::string::npos)
            throw ParseError("expected key=value in '" + clip(text) + "', got '" + clip(item) + "'");
        const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        if (key == "game")
            s.game = value;
        else if (key == "algo") {
            s.algo = classic::parse_algorithm(value);
            s.mcts = value == "mcts";
            if (!s.algo && value != kEngineAlgo && !s.mcts)
                throw ParseError("unknown algorithm '" + clip(value) + "' in '" + clip(text) + "'");
        } else if (key == "depth")
            parse_number(s.depth, key, value, text);
        else if (key == "nodes")
            parse_number(s.nodes, key, value, text);
        else if (key == "cutoff")
            parse_number(s.cutoff, key, value, text, 0, 1000);
        else if (key == "threads")
            parse_number(s.threads, key, value, text, 1, 64);
        else if (key == "off") {
            s.off.clear();
            for (const std::string_view name : words(value, "+")) s.off.emplace_back(name);
            features_without(s.off);  // names checked here, in one line
        } else if (key == "weights") {
            if (value.empty()) throw ParseError("weights= needs a file in '" + clip(text) + "'");
            s.weights = value;
        } else if (key == "egtb") {
            if (value.empty()) throw ParseError("egtb= needs a folder in '" + clip(text) + "'");
            s.egtb = value;
        } else if (key.rfind("param.", 0) == 0) {
            const std::string name = key.substr(6);
            if (!search_parameter(name)) throw ParseError("param.: no search parameter '" + clip(name) + "'");
            double v = 0;
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
            if (value.empty() || ec != std::errc() || end != value.data() + value.size())
                throw ParseError("bad " + key + " in '" + clip(text) + "'");
            s.params.emplace_back(name, v);
        } else if (key == "rave") {
            if (value != "0" && value != "1") throw ParseError("rave is 0 or 1 in '" + clip(text) + "'");
            s.rave = value == "1";
        } else
            throw ParseError("unknown key '" + clip(key) + "' in '" + clip(text) + "'");
    }
    if (s.game.empty()) throw ParseError("'" + clip(text) + "' needs game=... (the match's game)");
    if (s.depth && *s.depth >= kMaxPly) throw ParseError("depth too large in '" + clip(text) + "'");
    if (s.mcts && s.depth)
        throw ParseError("mcts searches by nodes (iterations) or time, not depth: '" + clip(text) + "'");
    if (s.algo && (!s.off.empty() || !s.params.empty() || !s.egtb.empty()))
        throw ParseError("off=, param. and egtb= are for algo=engine: '" + clip(text) + "'");
    if (!s.mcts && (s.cutoff || s.threads || !s.rave))
        throw ParseError("cutoff, threads and rave are for algo=mcts: '" + clip(text) + "'");
    return s;
}

engine::Features features_without(const std::vector<std::string>& off) {
    engine::Features f;
    for (const std::string& name : off) {
        const auto* it = std::find_if(std::begin(engine::kFeatureSwitches), std::end(engine::kFeatureSwitches),
                                      [&](const engine::FeatureSwitch& s) { return lower(s.name) == lower(name); });
        if (it == std::end(engine::kFeatureSwitches)) throw ParseError("off=: no engine switch '" + clip(name) + "'");
        f.*(it->member) = false;
    }
    return f;
}

SearchParameters parameters_with(SearchParameters base, const PlySpec& spec) {
    for (const auto& [name, value] : spec.params) {
        const SearchParameterName* p = search_parameter(name);
        if (p->real) {
            base.*(p->real) = value;
            continue;
        }
        if (value != std::floor(value) || std::abs(value) > 1e9)
            throw ParseError("param." + name + " takes a whole number");
        base.*(p->integer) = static_cast<int>(value);
    }
    if (!base.divisors_positive()) throw ParseError("param.: every divisor must be positive");
    return base;
}

PlyBudget ply_budget(const PlySpec& spec, const TurnRequest& req) {
    PlyBudget b{spec.depth ? spec.depth : req.limits.depth, spec.nodes ? spec.nodes : req.limits.nodes, {}};
    if (spec.depth || spec.nodes) return b;
    if (req.limits.movetime)
        b.seconds = *req.limits.movetime * 0.9;
    else if (req.limits.tc) {
        const int togo = req.moves_to_go > 0 ? req.moves_to_go : 30;
        b.seconds = std::max(0.001, std::min(req.my_time * 0.5, req.my_time / togo + req.my_inc * 0.8));
    }
    return b;
}

}  // namespace ply::arena
