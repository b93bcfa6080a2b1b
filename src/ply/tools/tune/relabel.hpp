// `ply relabel`: scores training positions with another engine's search (a
// UCI engine such as Stockfish: any arena player), so that `ply tune` can
// learn from a stronger judge than Ply's own search. Knows no game: positions
// go to the engine as text, scores come back from the side to move's view.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <ply/tools/arena/engine_config.hpp>

namespace ply::tune {

struct RelabelOptions {
    arena::EngineConfig engine;  // with a fixed limit: nodes, depth or st
    int threads = 2;             // engines run at once
    double timeout = 60;         // seconds to wait for one position's score
};

struct RelabelProgress {
    std::size_t done = 0, total = 0;
    double seconds = 0;
};

// The engine's score of each position (centipawns, the side to move's view),
// or nothing where it saw a mate. An engine that dies or hangs is restarted
// once for the position; throws ParseError (one line) if one cannot start or
// fails the position again. Stops early, scores unset, when `stop` is set.
// `progress` is called from this thread every five seconds and at the end.
std::vector<std::optional<int>> relabel(const std::vector<std::string>& positions, const RelabelOptions& options,
                                        const std::atomic<bool>& stop,
                                        const std::function<void(const RelabelProgress&)>& progress);

}  // namespace ply::tune
