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

namespace {

// One token of the movetext: a move and its comment, if any.
struct Ply {
    std::string move;
    std::string comment;
};

// "{+0.35/12 0.520s, clk 0:00:09.48}": the engine's evaluation, the time, the clock.
std::string move_comment(const MoveRecord& m) {
    std::string comment = pgn_evaluation(m.info);
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.3fs", m.seconds);
    comment += (comment.empty() ? "" : " ") + std::string(secs);
    if (m.clock) comment += ", clk " + clock_text(*m.clock);
    return comment;
}

// Numbered as the game numbers its moves, the first player's move after its
// number ("12." before White's in chess, Black's in checkers); `ply` counts
// plies from the first player's first move.
void write_movetext(Wrapper& w, const std::vector<Ply>& plies, int ply) {
    for (std::size_t i = 0; i < plies.size(); ++i, ++ply) {
        const bool second = ply % 2 == 1;
        if (!second)
            w.add(std::to_string(ply / 2 + 1) + ".");
        else if (i == 0)
            w.add(std::to_string(ply / 2 + 1) + "...");
        w.add(plies[i].move);
        if (!plies[i].comment.empty()) w.add("{" + plies[i].comment + "}");
    }
}

}  // namespace

void write_pgn(std::ostream& out, const GameRecord& g, const PgnHeader& h) {
    auto tag = [&](const std::string& name, const std::string& value) {
        out << '[' << name << " \"" << escape(value) << "\"]\n";
    };
    // PDN writes the opening's moves as the game's first ones, from the
    // position they start at, and names the players by their colours.
    const bool pdn = !g.pdn_game_type.empty();
    std::vector<Ply> plies;
    if (pdn)
        for (const auto& m : g.opening_notation) plies.push_back({m, ""});
    for (const auto& m : g.moves) plies.push_back({m.notation, move_comment(m)});
    const int first_ply = 2 * (g.first_move_number - 1) + (g.second_moves_first ? 1 : 0);
    int start_ply = pdn ? first_ply - static_cast<int>(g.opening_notation.size()) : first_ply;
    if (start_ply < 0) start_ply = -start_ply % 2;  // an opening longer than the game counts: its parity kept

    tag("Event", h.event);
    tag("Site", h.site);
    tag("Date", h.date.empty() ? pgn_date_today() : h.date);
    tag("Round", std::to_string(g.index + 1));
    tag(pdn ? g.side_names[0] : "White", g.white);
    tag(pdn ? g.side_names[1] : "Black", g.black);
    tag("Result", g.result);
    tag("Annotator", "Ply " + std::string(kVersion));
    if (pdn)
        tag("GameType", g.pdn_game_type);
    else if (!g.pgn_native)
        tag("Variant", g.game);
    tag("TimeControl", g.time_control);
    tag("Termination", g.termination);
    tag("PlyCount", std::to_string(plies.size()));
    if (pdn && !g.opening_position.empty()) {
        tag("FEN", g.opening_start);
    } else if (!pdn && g.pgn_native && (!g.opening_notation.empty() || !g.opening_position.empty())) {
        tag("SetUp", "1");
        tag("FEN", g.start_position);
    }
    out << '\n';

    Wrapper w(out);
    if (!pdn && !g.opening_notation.empty()) {
        std::string line;
        for (const auto& m : g.opening_notation) line += (line.empty() ? "" : " ") + m;
        w.add("{Opening: " + line + "}");
    }
    write_movetext(w, plies, start_ply);
    if (!g.reason.empty()) w.add("{" + g.reason + "}");
    w.add(g.result);
    w.end();
}

}  // namespace ply::arena
