#include <ply/tools/arena/time_control.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>

#include <ply/core/error.hpp>
#include <ply/tools/number_text.hpp>

namespace ply::arena {

namespace {

double parse_number(std::string_view text, std::string_view whole) {
    // Accept "m:ss" too, as xboard writes base times.
    if (const auto colon = text.find(':'); colon != std::string_view::npos)
        return 60 * parse_number(text.substr(0, colon), whole) + parse_number(text.substr(colon + 1), whole);
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < 0 || !std::isfinite(v))
        throw ParseError("bad time control '" + clip(whole) + "' (expected e.g. 10+0.1 or 40/60+0.5)");
    return v;
}

}  // namespace

TimeControl TimeControl::parse(std::string_view text) {
    TimeControl tc;
    std::string_view rest = text;
    if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
        const double moves = parse_number(rest.substr(0, slash), text);
        if (moves < 1 || moves != std::floor(moves)) throw ParseError("bad moves per period in '" + clip(text) + "'");
        tc.moves = int(moves);
        rest = rest.substr(slash + 1);
    }
    if (const auto plus = rest.find('+'); plus != std::string_view::npos) {
        tc.increment = parse_number(rest.substr(plus + 1), text);
        rest = rest.substr(0, plus);
    }
    tc.base = parse_number(rest, text);
    if (tc.base <= 0 && tc.increment <= 0) throw ParseError("time control '" + clip(text) + "' gives no time");
    return tc;
}

std::string TimeControl::to_string() const {
    std::string s = moves ? std::to_string(moves) + "/" : "";
    s += shortest(base);
    if (increment > 0) s += "+" + shortest(increment);
    return s;
}

std::string Limits::to_string() const {
    std::string s;
    auto add = [&](const std::string& part) { s += (s.empty() ? "" : " ") + part; };
    if (tc) add(tc->to_string());
    if (nodes) add("nodes=" + std::to_string(*nodes));
    if (depth) add("depth=" + std::to_string(*depth));
    if (movetime) add("st=" + shortest(*movetime));
    return s.empty() ? "-" : s;
}

void Limits::merge_defaults(const Limits& d) {
    if (!empty()) return;  // an engine's own limits replace the shared ones entirely
    *this = d;
}

GameClock::GameClock(std::optional<TimeControl> tc) : tc_(tc) {
    if (tc_) remaining_ = tc_->base;
}

int GameClock::moves_to_go() const {
    if (!tc_ || tc_->moves == 0) return 0;
    return tc_->moves - moves_made_ % tc_->moves;
}

double GameClock::charge(double seconds) {
    if (!tc_) return 0;
    remaining_ -= seconds;
    const double left = remaining_;
    remaining_ += tc_->increment;
    ++moves_made_;
    if (tc_->moves && moves_made_ % tc_->moves == 0) remaining_ += tc_->base;
    return left;
}

}  // namespace ply::arena
