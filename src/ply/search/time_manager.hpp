// Time management: how long a move may take, from the clock alone (time
// left, increment, moves to go, the GUI's overhead), and how the best
// move's stability scales that once the search runs. Plain functions, so
// that tests reach them without a search.
#pragma once

#include <algorithm>
#include <chrono>
#include <optional>

namespace ply::timing {

using std::chrono::milliseconds;

// The moves a clock without moves-to-go is shared out over (20 measured:
// docs/chess-search.md, "Variants measured and not kept").
inline constexpr int kMovesToGoSuddenDeath = 30;
// A GUI's moves-to-go beyond this counts as this many.
inline constexpr int kMovesToGoMax = 40;
// The soft limit (no new iteration after it) and the hard limit (abort)
// as shares of the even share of the clock a move, the soft one before the
// best move's stability scales it (below). Half as much again as 0.6 and 3:
// +27.6 Elo ± 14.6 in 756 games at 5+0.05, SPRT [0, 10] accepted.
inline constexpr double kSoftTimeShare = 0.9;
inline constexpr double kHardTimeShare = 4.5;
// The soft limit's scale by the best move's stability starts each search
// at 1, gains this when an iteration changes the best move, is multiplied
// by the next for each that keeps it, within the bounds after.
inline constexpr double kBestMoveChangeTime = 0.8;
inline constexpr double kStableIterationTime = 0.85;
inline constexpr double kInstabilityMin = 0.6;
inline constexpr double kInstabilityMax = 2.5;

// What the front end knows of the clock of the side to move.
struct ClockState {
    std::optional<milliseconds> move_time;  // a fixed time per move
    std::optional<milliseconds> time_left;
    milliseconds increment{0};
    std::optional<int> moves_to_go;  // none: sudden death
    milliseconds overhead{10};       // the GUI's and the pipes' cost of a move
    // The share of the usual time a move is given, in percent (UCI "Slow
    // Mover"): above 100 thinks longer early and keeps less in reserve.
    int time_use_percent = 100;
};

// Soft limit: no new iteration after it. Hard limit: abort at once. None:
// no limit of that kind.
struct TimeLimits {
    std::optional<milliseconds> soft, hard;
};

// Every move still to come costs the GUI's overhead, so that much is kept
// back for each of them (as Stockfish does): in sudden death the clock then
// never runs out, however long the game, because a move with nothing left
// to spend costs only its depth-1 iteration.
inline TimeLimits limits_for(const ClockState& c) {
    const milliseconds zero{0};
    TimeLimits t;
    if (c.move_time) {
        // A fixed time per move is spent in full: no soft limit, which
        // stability would shorten (to kInstabilityMin of it).
        t.hard = std::max(zero, *c.move_time - c.overhead);
    } else if (c.time_left) {
        const int moves_to_go = std::clamp(c.moves_to_go.value_or(kMovesToGoSuddenDeath), 1, kMovesToGoMax);
        const auto pool =
            std::max(zero, *c.time_left + c.increment * (moves_to_go - 1) - c.overhead * (moves_to_go + 2));
        const auto ideal = pool * c.time_use_percent / (100 * moves_to_go);
        const auto on_clock = std::max(zero, *c.time_left - c.overhead);
        auto share = [&](double of_ideal) { return std::chrono::duration_cast<milliseconds>(ideal * of_ideal); };
        t.soft = std::min(share(kSoftTimeShare), on_clock / 2);
        t.hard = std::min(share(kHardTimeShare), on_clock * 8 / 10);
    }
    return t;
}

// The stability scale after an iteration that changed the best move or kept it.
inline double next_instability(double instability, bool best_changed) {
    return best_changed ? std::min(instability + kBestMoveChangeTime, kInstabilityMax)
                        : std::max(instability * kStableIterationTime, kInstabilityMin);
}

// Whether a search that has run `elapsed` should start no new iteration.
inline bool past_soft_limit(milliseconds elapsed, milliseconds soft, double scale) {
    return elapsed > std::chrono::duration_cast<milliseconds>(soft * scale);
}

}  // namespace ply::timing
