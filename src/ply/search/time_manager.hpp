// Time management: how long a move may take, from the clock alone (time
// left, increment, moves to go, the GUI's overhead), and how the search's
// own signs (the best move's stability, its share of the nodes) scale that
// once it runs. Plain functions, so that tests reach them without a search.
#pragma once

#include <algorithm>
#include <chrono>
#include <optional>

namespace ply::timing {

using std::chrono::milliseconds;

// The moves a clock without moves-to-go is shared out over. 20, which
// spends as Ethereal does early (29% more in the first ten moves after the
// book) and leaves less unused at the end, gained nothing: at 3+0.03,
// 1,164 games, W 236 D 705 L 223, pentanomial [14, 141, 273, 124, 29],
// +3.9 Elo, SPRT [0, 10] LLR -0.28 (+13.0 at 827, then -18 in 337 more).
inline constexpr int kMovesToGoSuddenDeath = 30;
// A GUI's moves-to-go beyond this counts as this many.
inline constexpr int kMovesToGoMax = 40;
// The soft limit (no new iteration after it) and the hard limit (abort)
// as shares of the even share of the clock a move, the soft one before the
// best move's stability scales it (below). Half as much again as
// 0.6 and 3 (UCI Slow Mover 150 against 100) at 5+0.05 on three slices of
// the book, 756 games, pentanomial [7, 62, 195, 92, 22], +27.6 Elo ± 14.6,
// SPRT [0, 10] pooled LLR 4.10. A third more again (Slow Mover 133) gained
// nothing: 512 games, pentanomial [6, 57, 128, 61, 4], +0.0 ± 16.7, LLR -0.69.
inline constexpr double kSoftTimeShare = 0.9;
inline constexpr double kHardTimeShare = 4.5;
// The soft limit's scale by the best move's stability starts each search
// at 1, gains this when an iteration changes the best move, is multiplied
// by the next for each that keeps it, within the bounds after.
inline constexpr double kBestMoveChangeTime = 0.8;
inline constexpr double kStableIterationTime = 0.85;
// A floor of 0.8 at 5+0.05: 486 games, pentanomial [5, 55, 113, 62, 8],
// +9.3 ± 18.2, then -23.7 and -19.3 in two runs of about 90 on other
// openings; pooled 664 games, [7, 81, 158, 75, 11], +1.0 ± 15.5: not kept.
inline constexpr double kInstabilityMin = 0.6;
inline constexpr double kInstabilityMax = 2.5;
// The soft limit is scaled by kNodeShareBase - kNodeShareSlope * the best
// move's share of the nodes (1 at 70%; within [0.5, 1.75]).
inline constexpr double kNodeShareBase = 2.05;
inline constexpr double kNodeShareSlope = 1.5;

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

// The scale for a best move that took `share` (0 to 1) of the root's nodes:
// one that takes nearly all of them is rarely overturned, one that takes few
// has rivals the search had to look at hard. Neutral at about 70%, typical
// of a settled search (50% to 90% in the middlegame at 10+0.1).
inline double node_share_scale(double share) { return std::clamp(kNodeShareBase - kNodeShareSlope * share, 0.5, 1.75); }

// Whether a search that has run `elapsed` should start no new iteration.
inline bool past_soft_limit(milliseconds elapsed, milliseconds soft, double scale) {
    return elapsed > std::chrono::duration_cast<milliseconds>(soft * scale);
}

}  // namespace ply::timing
