#include <ply/gtp/clock.hpp>

#include <algorithm>

namespace ply::gtp {

void GtpClock::set(double main, double byo_yomi, int stones) {
    set_ = true;
    none_ = false;
    japanese_ = false;
    main_ = main;
    byo_yomi_ = byo_yomi;
    stones_ = stones;
    left_ = {};
}

void GtpClock::set_japanese(double main, double period, int periods) {
    if (periods <= 0 || period <= 0) return set(main, 0, 0);  // no byo-yomi: absolute
    set(main, period, periods);
    japanese_ = true;
}

void GtpClock::set_none() {
    set(0, 0, 0);
    none_ = true;
}

void GtpClock::left(int side, double seconds, int stones) {
    left_[static_cast<std::size_t>(side)] = Left{seconds, stones, true};
}

std::optional<MoveTime> GtpClock::time_for(int side, int points, int plies) const {
    if (none_) return std::nullopt;
    Left now = left_[static_cast<std::size_t>(side)];
    if (!now.known) {
        if (!set_ || (byo_yomi_ > 0 && stones_ == 0)) return std::nullopt;
        now = main_ > 0 || byo_yomi_ <= 0 ? Left{main_, 0, true} : Left{byo_yomi_, stones_, true};
    }
    double share = 0, most = 0;
    const bool keeps_savings = now.stones != 1 && !(japanese_ && now.stones > 0);
    if (now.stones > 0) {
        // A Canadian period's stones share it; a Japanese period is each move's.
        share = japanese_ ? now.seconds : now.seconds / now.stones;
        most = share;
    } else {
        // Games fill about half the board each side's moves; never plan for
        // fewer than a sixth, as a game can go on longer than it seems.
        const double moves_left = std::max(0.5 * points - 0.5 * plies, points / 6.0) + 4;
        share = now.seconds / moves_left;
        most = std::max(share, std::min(kExtension * share, kMostOfLeft * now.seconds));
        // The byo-yomi that follows the main time may be spent too.
        if (byo_yomi_ > 0 && stones_ > 0) {
            share = std::max(share, japanese_ ? byo_yomi_ : byo_yomi_ / stones_);
            most = std::max(most, share);
        }
    }
    const auto kept = [](double s) { return std::max(kMinSeconds, s - kMarginSeconds - kMarginShare * s); };
    return MoveTime{kept(share), kept(most), keeps_savings};
}

}  // namespace ply::gtp
