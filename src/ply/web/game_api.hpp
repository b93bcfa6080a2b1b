// What the web server can do with one game, as plain requests and function
// pointers, so that the server itself is no template: made for each game by
// game_api_for<G>() (game_api_for.hpp) in the game's own translation unit of
// the registry, and reached through cli::GameCommands::web.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <ply/web/limits.hpp>

namespace ply::web {

// A classic search watched step by step.
struct TraceRequest {
    std::string position;  // "" for the game's start
    std::string algo = "alphabeta";
    std::optional<int> depth;
    bool iterative = false;
};

// The classic algorithms side by side on one position.
struct CompareRequest {
    std::string position;
    std::optional<int> depth;
    std::vector<std::string> algos;
    std::string ordering = "natural";
    std::uint64_t seed = 1;
    double max_seconds = kMaxThinkSeconds;  // no algorithm starts after it
};

// A game being played: where it started and the moves since (canonical).
struct GameLine {
    std::string start;  // "" for the standard start
    std::vector<std::string> moves;
    std::array<std::string, 2> players = {"?", "?"};  // names for the record
};

// How long the engine thinks.
struct ThinkLimits {
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<double> seconds;
};

// Called as the engine deepens, from the searching thread.
using InfoSink = std::function<void(const nlohmann::json& info)>;

// One game's endgame tables (a folder `ply egtb build` wrote), opened by the
// game's own GameApi and handed back to it: the server holds them unseen.
struct EndgameTables {
    virtual ~EndgameTables() = default;
};

struct GameApi {
    bool playable = false;  // starts without being told where (every game but explicit trees)
    // Each throws ply::ParseError for a bad position, move or option.
    nlohmann::json (*trace)(const TraceRequest&) = nullptr;
    nlohmann::json (*compare)(const CompareRequest&) = nullptr;
    // `tables` (nullptr: none) are this game's, from open_endgames: `state`
    // gives the position's database value, `think` plays by them.
    nlohmann::json (*state)(const GameLine&, EndgameTables* tables) = nullptr;
    nlohmann::json (*think)(const GameLine&, const ThinkLimits&, const InfoSink&, const std::atomic<bool>& stop,
                            EndgameTables* tables) = nullptr;
    // The tables in a folder, each file checked when first probed; nullptr
    // for a game without endgame databases.
    std::shared_ptr<EndgameTables> (*open_endgames)(const std::string& folder) = nullptr;
};

}  // namespace ply::web
