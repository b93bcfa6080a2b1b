// What a search is asked to do and what it reports (its switches: features.hpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include <ply/core/score.hpp>
#include <ply/search/engine/tt.hpp>
#include <ply/search/time_manager.hpp>

namespace ply::engine {

// The most search threads and the largest table (in MB) a front end offers.
inline constexpr int kMaxThreads = 256;
inline constexpr int kMaxHashMb = 65536;

template <class Move>
struct Limits : timing::ClockState {
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<int> mate;         // stop once a mate in this many moves is found
    bool infinite = false;           // also pondering: only stop() ends the search
    std::vector<Move> search_moves;  // restrict the root to these
    int multipv = 1;
};

template <class Move>
struct Report {  // one line of search information, per PV line and iteration
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    Score score = 0;
    Bound bound = Bound::Exact;
    std::uint64_t nodes = 0;
    std::chrono::milliseconds time{0};
    int hashfull = 0;
    std::vector<Move> pv;
};

template <class Move>
struct ScoredMove {
    Move move;
    Score score;
};

template <class Move>
struct Result {
    std::optional<Move> best;    // none only when the root has no legal move
    std::optional<Move> ponder;  // the expected reply
    Score score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
    // The MultiPV lines' first moves and scores, best first, from the last
    // completed iteration (what a weakened player chooses among).
    std::vector<ScoredMove<Move>> lines;
};

}  // namespace ply::engine
