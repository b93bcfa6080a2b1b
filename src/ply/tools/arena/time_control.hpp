// What limits an engine's thinking: a clock (moves/base+increment), or a fixed
// number of nodes, a fixed depth or a fixed time per move.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ply::arena {

struct TimeControl {
    int moves = 0;         // moves per period; 0 = the whole game (sudden death)
    double base = 0;       // seconds per period
    double increment = 0;  // seconds added after each move

    // "10+0.1", "40/60", "40/60+0.5", "60" (seconds); throws ParseError.
    static TimeControl parse(std::string_view text);
    [[nodiscard]] std::string to_string() const;  // PGN TimeControl form: "10+0.1", "40/60"
};

struct Limits {
    std::optional<TimeControl> tc;
    std::optional<std::uint64_t> nodes;
    std::optional<int> depth;
    std::optional<double> movetime;  // seconds (st=)

    [[nodiscard]] bool empty() const { return !tc && !nodes && !depth && !movetime; }
    [[nodiscard]] std::string to_string() const;  // "10+0.1", "nodes=1000", "depth=5", "st=1"
    // Fills whatever `defaults` sets and this does not.
    void merge_defaults(const Limits& defaults);
};

// A player's clock, run by the arena (never trusted from the engine).
class GameClock {
public:
    explicit GameClock(std::optional<TimeControl> tc = std::nullopt);
    [[nodiscard]] bool active() const { return tc_.has_value(); }
    [[nodiscard]] double remaining() const { return remaining_; }  // seconds
    [[nodiscard]] int moves_to_go() const;                         // 0 for sudden death
    // Charges `seconds` for a move; returns the time left before the increment
    // (negative: the flag fell).
    double charge(double seconds);
    [[nodiscard]] const std::optional<TimeControl>& control() const { return tc_; }

private:
    std::optional<TimeControl> tc_;
    double remaining_ = 0;
    int moves_made_ = 0;
};

}  // namespace ply::arena
