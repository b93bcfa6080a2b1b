// A match played to its end in a test: its final state, every game and every
// line of the log.
#pragma once

#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include <ply/tools/arena/scheduler.hpp>

namespace ply::testing {

struct Played {
    arena::MatchState state;
    std::vector<arena::GameRecord> games;
    std::vector<std::string> log;
};

inline Played play(arena::MatchSettings m) {
    Played p;
    std::mutex mutex;
    m.log = [&](const std::string& line) {
        std::lock_guard lock(mutex);
        p.log.push_back(line);
    };
    arena::Match match(std::move(m));
    p.state = match.run([&](const arena::MatchState&, const arena::GameRecord& g) { p.games.push_back(g); });
    return p;
}

}  // namespace ply::testing
