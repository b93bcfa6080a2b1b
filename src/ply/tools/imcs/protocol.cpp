#include <ply/tools/imcs/protocol.hpp>

#include <algorithm>
#include <charconv>

#include <ply/core/error.hpp>

namespace ply::imcs {

namespace {

using std::chrono::milliseconds;

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A whole number of at most 9 digits (no sign, nothing else).
std::optional<long long> number(std::string_view s) {
    if (!all_digits(s) || s.size() > 9) return std::nullopt;
    long long v = 0;
    std::from_chars(s.data(), s.data() + s.size(), v);
    return v;
}

// "ss" or "ss.m", "ss.mm", "ss.mmm" as milliseconds.
std::optional<long long> seconds_ms(std::string_view s) {
    const auto dot = s.find('.');
    const auto whole = number(s.substr(0, dot));
    if (!whole) return std::nullopt;
    long long ms = *whole * 1000;
    if (dot != std::string_view::npos) {
        const std::string_view frac = s.substr(dot + 1);
        if (!all_digits(frac) || frac.size() > 3) return std::nullopt;
        long long scale = 100;
        for (const char c : frac) {
            ms += (c - '0') * scale;
            scale /= 10;
        }
    }
    return ms;
}

}  // namespace

ServerAddress parse_server_address(std::string_view text) {
    const std::string shown = "'" + clip(text) + "'";
    std::string_view host, port;
    if (!text.empty() && text.front() == '[') {  // [IPv6]:port
        const auto close = text.find(']');
        if (close == std::string_view::npos)
            throw ParseError("bad server " + shown + ": no ']' after the IPv6 address");
        host = text.substr(1, close - 1);
        if (close + 1 >= text.size() || text[close + 1] != ':')
            throw ParseError("bad server " + shown + ": expected HOST:PORT, e.g. imcs.example.org:3589");
        port = text.substr(close + 2);
    } else {
        const auto colon = text.rfind(':');
        if (colon == std::string_view::npos)
            throw ParseError("bad server " + shown + ": expected HOST:PORT, e.g. imcs.example.org:3589");
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (host.find(':') != std::string_view::npos)
            throw ParseError("bad server " + shown + ": write an IPv6 address as [ADDR]:PORT");
    }
    if (host.empty()) throw ParseError("bad server " + shown + ": no host name");
    const auto p = number(port);
    if (!p || *p < 1 || *p > 65535)
        throw ParseError("bad server " + shown + ": the port must be a number from 1 to 65535");
    return {std::string(host), static_cast<int>(*p)};
}

std::optional<int> reply_code(std::string_view line) {
    if (line.size() < 3 || !all_digits(line.substr(0, 3)) || (line.size() > 3 && line[3] != ' ')) return std::nullopt;
    return (line[0] - '0') * 100 + (line[1] - '0') * 10 + (line[2] - '0');
}

std::optional<milliseconds> parse_clock(std::string_view text) {
    const auto colon = text.find(':');
    if (colon == std::string_view::npos) {
        const auto ms = seconds_ms(text);
        return ms ? std::optional(milliseconds(*ms)) : std::nullopt;
    }
    const auto minutes = number(text.substr(0, colon));
    const std::string_view rest = text.substr(colon + 1);
    const auto ms = seconds_ms(rest);
    // Seconds are two digits below 60 after the minutes.
    if (!minutes || !ms || rest.substr(0, rest.find('.')).size() != 2 || *ms >= 60000) return std::nullopt;
    return milliseconds(*minutes * 60000 + *ms);
}

std::string format_clock(milliseconds ms) {
    const long long total = std::max<long long>(0, ms.count());
    const long long minutes = total / 60000, rest = total % 60000;
    std::string secs = std::to_string(rest / 1000), frac = std::to_string(rest % 1000);
    std::string mins = std::to_string(minutes);
    if (mins.size() < 2) mins.insert(0, 2 - mins.size(), '0');
    if (secs.size() < 2) secs.insert(0, 2 - secs.size(), '0');
    frac.insert(0, 3 - frac.size(), '0');
    return mins + ":" + secs + "." + frac;
}

std::optional<Prompt> parse_prompt(std::string_view line) {
    if (line.size() < 2 || line[0] != '?' || line[1] != ' ') return std::nullopt;
    std::string_view rest = line.substr(2);
    while (!rest.empty() && rest.back() == ' ') rest.remove_suffix(1);
    const auto space = rest.find(' ');
    if (space == std::string_view::npos) return std::nullopt;
    const std::string_view mine = rest.substr(0, space), theirs = rest.substr(space + 1);
    Prompt p;
    auto read = [](std::string_view t, std::optional<milliseconds>& out) {
        if (t == "-") return true;
        out = parse_clock(t);
        return out.has_value();
    };
    if (!read(mine, p.mine) || !read(theirs, p.theirs)) return std::nullopt;
    return p;
}

bool is_position_header(std::string_view line) {
    const auto space = line.find(' ');
    return space != std::string_view::npos && all_digits(line.substr(0, space)) &&
           (line.substr(space + 1) == "W" || line.substr(space + 1) == "B");
}

milliseconds move_budget(std::optional<milliseconds> clock, int move_number, bool free_move) {
    constexpr milliseconds kUntimed{5000};
    // The free first move must arrive within 60 s: a third of that leaves room
    // for a slow start and the network.
    constexpr milliseconds kFreeMove{20000};
    constexpr milliseconds kMinimum{10};
    if (!clock) return kUntimed;
    // Our moves still to play up to move 40, and a few more so that the last
    // ones are not starved; a reserve for network delay and search overrun.
    const int moves_left = std::max(1, 41 - move_number);
    const milliseconds reserve = std::min(*clock / 10, milliseconds(2000));
    milliseconds budget = (*clock - reserve) / (moves_left + 3);
    budget = std::min(budget, *clock / 4);
    if (free_move) budget = std::max(budget, kFreeMove);
    return std::max(budget, kMinimum);
}

std::string printable(std::string_view line, std::size_t limit) {
    std::string out;
    for (const char c : line.substr(0, limit)) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7F) {
            out += c;
        } else {
            constexpr char kHex[] = "0123456789abcdef";
            out += "\\x";
            out += kHex[u >> 4];
            out += kHex[u & 15];
        }
    }
    if (line.size() > limit) out += "...";
    return out;
}

}  // namespace ply::imcs
