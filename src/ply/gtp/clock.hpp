// The time a GTP engine gives one move, from what the controller said:
// `time_settings main byo_yomi_time byo_yomi_stones` (Canadian byo-yomi:
// after the main time, byo_yomi_time seconds for each period of
// byo_yomi_stones stones; no byo-yomi when its time is 0; no limit at all
// when its time is positive and its stones 0), KGS's `kgs-time_settings`
// (none, absolute, Japanese byo-yomi: after the main time, every move may
// take one period, and a move that overruns costs a period) and `time_left
// colour time stones` (stones 0: in the main time; else time left for that
// many stones or, in Japanese byo-yomi, in the period with that many
// periods left).
#pragma once

#include <array>
#include <optional>

namespace ply::gtp {

// Seconds for one move: the share planned, and the most it may take when
// the choice is unclear (the plan itself within a byo-yomi period).
struct MoveTime {
    double planned = 0;
    double most = 0;
    // Whether time the move leaves is kept for the next ones (the main time,
    // a Canadian period of several stones), so a clear move may end early.
    bool keeps_savings = false;
};

class GtpClock {
public:
    // Seconds kept back from every move for the pipes and the controller.
    static constexpr double kMarginSeconds = 0.15;
    static constexpr double kMarginShare = 0.05;  // and this share of the time given
    static constexpr double kMinSeconds = 0.02;
    // In the main time an unclear move may take this many shares, but never
    // more than kMostOfLeft of the time left.
    static constexpr double kExtension = 2.5;
    static constexpr double kMostOfLeft = 0.1;

    // Time settings start over: every time_left said before is forgotten.
    void set(double main, double byo_yomi, int stones);
    void set_japanese(double main, double period, int periods);
    void set_none();  // no limit, whatever time_left says
    // `side`: 0 Black, 1 White.
    void left(int side, double seconds, int stones);
    // The time for `side`'s next move on a board of `points` points after
    // `plies` moves, or nothing when there is no time limit.
    [[nodiscard]] std::optional<MoveTime> time_for(int side, int points, int plies) const;

private:
    struct Left {
        double seconds = 0;
        int stones = 0;
        bool known = false;
    };
    bool set_ = false;
    bool none_ = false;
    bool japanese_ = false;
    double main_ = 0, byo_yomi_ = 0;
    int stones_ = 0;
    std::array<Left, 2> left_{};
};

}  // namespace ply::gtp
