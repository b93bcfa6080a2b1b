#include <ply/tools/arena/report.hpp>

#include <cmath>
#include <cstdio>

#include <ply/tools/number_text.hpp>

namespace ply::arena {

namespace {

std::string percent(double v) { return fixed(100 * v, 1) + "%"; }

std::string sprt_text(const MatchState& s, const MatchSettings& m) {
    if (!m.sprt || !s.llr) return {};
    return "LLR " + fixed(*s.llr, 2) + " [" + fixed(m.sprt->lower_bound(), 2) + ", " + fixed(m.sprt->upper_bound(), 2) +
           "]";
}

std::string tally_text(const Tally& t, bool pentanomial) {
    const auto e = estimate_elo(t, pentanomial);
    std::string s = "W " + std::to_string(t.wins) + " D " + std::to_string(t.draws) + " L " + std::to_string(t.losses) +
                    " | score " + percent(t.score()) + " | Elo " + format_elo(e.elo) + " +- " +
                    (std::isfinite(e.error) ? fixed(e.error, 1) : "inf") + " | LOS " +
                    percent(likelihood_of_superiority(t));
    return s;
}

nlohmann::json number(double v) {
    if (std::isfinite(v)) return v;
    return nullptr;
}

}  // namespace

std::string format_elo(double elo) {
    if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
    const std::string text = fixed(elo, 1);
    if (text == "-0.0" || text == "0.0") return "+0.0";
    return (elo > 0 ? "+" : "") + text;
}

std::string progress_line(const MatchState& s, const GameRecord& g, const MatchSettings& m) {
    std::string line = "[" + std::to_string(s.played) + "/" + std::to_string(s.planned) + "] " + g.white + " vs " +
                       g.black + " " + g.result + " (" + g.reason + ")";
    if (!s.pairings.empty()) {
        const auto& p = s.pairings.front();
        if (s.pairings.size() > 1)
            line += " | " + s.engines[std::size_t(p.first)].name + ": " +
                    tally_text(s.engines[std::size_t(p.first)].tally, s.pentanomial);
        else
            line += " | " + tally_text(p.tally, s.pentanomial);
    }
    if (const auto sprt = sprt_text(s, m); !sprt.empty()) line += " | " + sprt;
    return line;
}

void print_table(std::ostream& out, const MatchState& s, const MatchSettings& m) {
    char buf[256];
    out << "Games: " << s.played << " of " << s.planned;
    if (!s.stop_reason.empty()) out << " (stopped: " << s.stop_reason << ")";
    out << "\n\n";
    std::snprintf(buf, sizeof buf, "%-4s %-24s %8s %7s %6s %7s %6s %7s %5s %5s %5s %5s\n", "Rank", "Name", "Elo", "+-",
                  "Games", "Score", "Draw", "LOS", "Ill", "Time", "Crash", "Stall");
    out << buf;
    // Rank by score against the field.
    std::vector<std::size_t> order(s.engines.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return s.engines[a].tally.score() > s.engines[b].tally.score();
    });
    int rank = 1;
    for (const auto i : order) {
        const auto& e = s.engines[i];
        const auto est = estimate_elo(e.tally, s.pentanomial);
        const double draws = e.tally.games() ? double(e.tally.draws) / double(e.tally.games()) : 0;
        std::snprintf(buf, sizeof buf, "%-4d %-24s %8s %7s %6lld %7s %6s %7s %5lld %5lld %5lld %5lld\n", rank++,
                      e.name.substr(0, 24).c_str(), format_elo(est.elo).c_str(),
                      std::isfinite(est.error) ? fixed(est.error, 1).c_str() : "inf", (long long)e.tally.games(),
                      percent(e.tally.score()).c_str(), percent(draws).c_str(),
                      percent(likelihood_of_superiority(e.tally)).c_str(), (long long)e.illegal, (long long)e.time,
                      (long long)e.crash, (long long)e.stall);
        out << buf;
    }
    if (s.pairings.size() >= 1) {
        out << "\n";
        for (const auto& p : s.pairings) {
            out << s.engines[std::size_t(p.first)].name << " vs " << s.engines[std::size_t(p.second)].name << ": "
                << tally_text(p.tally, s.pentanomial) << "\n";
            if (s.pentanomial) {
                out << "  pentanomial [0, 0.5, 1, 1.5, 2]: [";
                for (std::size_t i = 0; i < 5; ++i) out << (i ? ", " : "") << p.tally.pairs[i];
                out << "]\n";
            }
        }
    }
    // GTP engines' own counts of the games the rules ended, against the referee's.
    bool heading = false;
    for (const auto& e : s.engines) {
        const auto counted = e.scores_agreed + e.scores_disagreed;
        if (counted == 0) continue;
        if (!heading) out << "\nfinal_score against the referee's count (games ended by the rules):\n";
        heading = true;
        out << "  " << e.name << ": agrees on " << e.scores_agreed << " of " << counted << ", disagrees on "
            << e.scores_disagreed << "\n";
    }
    if (m.sprt && s.llr) {
        out << "SPRT (logistic Elo, " << (s.pentanomial ? "pentanomial" : "trinomial")
            << " GSPRT): elo0=" << m.sprt->elo0 << " elo1=" << m.sprt->elo1 << " alpha=" << m.sprt->alpha
            << " beta=" << m.sprt->beta << ": " << sprt_text(s, m) << " " << to_string(*s.verdict) << "\n";
    }
}

nlohmann::json match_json(const MatchState& s, const MatchSettings& m) {
    nlohmann::json j;
    j["game"] = m.game.name;
    j["planned"] = s.planned;
    j["played"] = s.played;
    j["interrupted"] = s.interrupted;
    j["out_of_time"] = s.out_of_time;
    j["stop_reason"] = s.stop_reason;
    j["pentanomial"] = s.pentanomial;
    auto tally_json = [&](const Tally& t) {
        const auto est = estimate_elo(t, s.pentanomial);
        nlohmann::json o;
        o["wins"] = t.wins;
        o["draws"] = t.draws;
        o["losses"] = t.losses;
        o["games"] = t.games();
        o["score"] = t.score();
        o["elo"] = number(est.elo);
        o["elo_error"] = number(est.error);
        o["elo_lower"] = number(est.lower);
        o["elo_upper"] = number(est.upper);
        o["los"] = likelihood_of_superiority(t);
        if (s.pentanomial) o["pentanomial"] = t.pairs;
        return o;
    };
    for (const auto& e : s.engines) {
        auto o = tally_json(e.tally);
        o["name"] = e.name;
        o["illegal"] = e.illegal;
        o["time"] = e.time;
        o["crash"] = e.crash;
        o["stall"] = e.stall;
        if (m.game.gtp_score) {
            o["final_score_agrees"] = e.scores_agreed;
            o["final_score_disagrees"] = e.scores_disagreed;
        }
        j["engines"].push_back(o);
    }
    for (const auto& p : s.pairings) {
        auto o = tally_json(p.tally);
        o["first"] = s.engines[std::size_t(p.first)].name;
        o["second"] = s.engines[std::size_t(p.second)].name;
        j["pairings"].push_back(o);
    }
    if (m.sprt) {
        nlohmann::json o;
        o["elo0"] = m.sprt->elo0;
        o["elo1"] = m.sprt->elo1;
        o["alpha"] = m.sprt->alpha;
        o["beta"] = m.sprt->beta;
        o["lower_bound"] = m.sprt->lower_bound();
        o["upper_bound"] = m.sprt->upper_bound();
        o["llr"] = s.llr.value_or(0.0);
        o["verdict"] = to_string(s.verdict.value_or(SprtVerdict::Continue));
        o["model"] = s.pentanomial ? "pentanomial GSPRT, logistic Elo" : "trinomial GSPRT, logistic Elo";
        j["sprt"] = o;
    }
    return j;
}

}  // namespace ply::arena
