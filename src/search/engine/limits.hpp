// What a search is asked to do, what it can switch off, and what it reports.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/score.hpp"
#include "search/engine/tt.hpp"

namespace ply::engine {

// Every heuristic can be switched off to measure what it is worth.
struct Features {
    bool transposition_table = true;
    bool aspiration = true;
    bool pvs = true;
    bool quiescence = true;
    bool check_extension = true;
    bool mate_distance_pruning = true;
    bool null_move = true;
    bool reverse_futility = true;
    bool futility = true;
    bool late_move_reductions = true;
    bool late_move_pruning = true;
    bool see_pruning = true;
    bool killers = true;
    bool history = true;
    bool countermoves = true;
};

template <class Move>
struct Limits {
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<int> mate;  // stop once a mate in this many moves is found
    std::optional<std::chrono::milliseconds> move_time;
    // Clock of the side to move (sudden death, increment, moves to go).
    std::optional<std::chrono::milliseconds> time_left;
    std::chrono::milliseconds increment{0};
    std::optional<int> moves_to_go;
    std::chrono::milliseconds overhead{10};
    bool infinite = false;  // also pondering: only stop() ends the search
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
struct Result {
    std::optional<Move> best;    // none only when the root has no legal move
    std::optional<Move> ponder;  // the expected reply
    Score score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
};

}  // namespace ply::engine
