#include <ply/tools/arena/pgn.hpp>

#include <cmath>
#include <cstdio>
#include <ctime>

#include <ply/core/version.hpp>

namespace ply::arena {

namespace {

std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

std::string clock_text(double seconds) {
    if (seconds < 0) seconds = 0;
    const long total_ms = std::lround(seconds * 1000);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld.%02ld", total_ms / 3600000, total_ms / 60000 % 60,
                  total_ms / 1000 % 60, total_ms % 1000 / 10);
    return buf;
}

// Wraps tokens at 80 columns, as the PGN export format asks.
class Wrapper {
public:
    explicit Wrapper(std::ostream& out) : out_(out) {}
    void add(const std::string& token) {
        if (column_ > 0 && column_ + 1 + token.size() > 79) {
            out_ << '\n';
            column_ = 0;
        } else if (column_ > 0) {
            out_ << ' ';
            ++column_;
        }
        out_ << token;
        column_ += token.size();
    }
    void end() { out_ << "\n\n"; }

private:
    std::ostream& out_;
    std::size_t column_ = 0;
};

}  // namespace

std::string pgn_date_today() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    return buf;
}

std::string pgn_evaluation(const SearchInfo& info) {
    std::string s;
    if (info.mate)
        s = (*info.mate < 0 ? "-#" : "+#") + std::to_string(std::abs(*info.mate));
    else if (info.cp) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%+.2f", *info.cp / 100.0);
        s = buf;
    } else
        return s;
    if (info.depth > 0) s += "/" + std::to_string(info.depth);
    return s;
}

void write_pgn(std::ostream& out, const GameRecord& g, const PgnHeader& h) {
    auto tag = [&](const char* name, const std::string& value) {
        out << '[' << name << " \"" << escape(value) << "\"]\n";
    };
    tag("Event", h.event);
    tag("Site", h.site);
    tag("Date", h.date.empty() ? pgn_date_today() : h.date);
    tag("Round", std::to_string(g.index + 1));
    tag("White", g.white);
    tag("Black", g.black);
    tag("Result", g.result);
    tag("Annotator", "Ply " + std::string(kVersion));
    if (!g.pgn_native) tag("Variant", g.game);
    tag("TimeControl", g.time_control);
    tag("Termination", g.termination);
    tag("PlyCount", std::to_string(g.moves.size()));
    const bool setup = g.pgn_native && (!g.opening_notation.empty() || !g.opening_position.empty());
    if (setup) {
        tag("SetUp", "1");
        tag("FEN", g.start_position);
    }
    out << '\n';

    Wrapper w(out);
    if (!g.opening_notation.empty()) {
        std::string line;
        for (const auto& m : g.opening_notation) line += (line.empty() ? "" : " ") + m;
        w.add("{Opening: " + line + "}");
    }
    int number = g.first_move_number;
    const bool black_first = g.second_moves_first;
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const bool black = (i % 2 == 1) != black_first;
        if (!black)
            w.add(std::to_string(number) + ".");
        else if (i == 0)
            w.add(std::to_string(number) + "...");
        const auto& m = g.moves[i];
        w.add(m.notation);
        std::string comment = pgn_evaluation(m.info);
        char secs[32];
        std::snprintf(secs, sizeof secs, "%.3fs", m.seconds);
        comment += (comment.empty() ? "" : " ") + std::string(secs);
        if (m.clock) comment += ", clk " + clock_text(*m.clock);
        w.add("{" + comment + "}");
        if (black) ++number;
    }
    if (!g.reason.empty()) w.add("{" + g.reason + "}");
    w.add(g.result);
    w.end();
}

}  // namespace ply::arena
