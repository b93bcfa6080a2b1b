#include <ply/tools/arena/adjudication.hpp>

#include <charconv>
#include <cstdlib>
#include <sstream>

#include <ply/core/error.hpp>

namespace ply::arena {

namespace {

// The score of a move for the side that made it, mates as +-100000.
std::optional<int> move_score(const MoveRecord& m) {
    if (m.info.mate) return *m.info.mate > 0 ? 100000 : -100000;
    return m.info.cp;
}

std::vector<int> parse_fields(const std::string& text, const std::vector<std::string>& names, const std::string& word) {
    std::vector<int> values(names.size(), -1);
    std::istringstream in(text);
    std::string item;
    std::size_t position = 0;
    while (std::getline(in, item, ',')) {
        std::size_t slot = position++;
        std::string value = item;
        if (const auto eq = item.find_first_of("=:"); eq != std::string::npos) {
            const std::string key = item.substr(0, eq);
            value = item.substr(eq + 1);
            slot = names.size();
            for (std::size_t i = 0; i < names.size(); ++i)
                if (names[i] == key) slot = i;
            if (slot == names.size()) throw ParseError("unknown field '" + clip(key) + "' in '" + clip(word) + "'");
        }
        if (slot >= names.size()) throw ParseError("too many fields in '" + clip(word) + "'");
        int v = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (value.empty() || ec != std::errc() || end != value.data() + value.size() || v < 0)
            throw ParseError("bad number '" + clip(value) + "' in '" + clip(word) + "'");
        values[slot] = v;
    }
    for (std::size_t i = 0; i < names.size(); ++i)
        if (values[i] < 0) throw ParseError("'" + clip(word) + "' lacks " + names[i]);
    return values;
}

}  // namespace

void Adjudication::parse(const std::string& word) {
    const auto eq = word.find('=');
    const std::string kind = word.substr(0, eq);
    const std::string rest = eq == std::string::npos ? "" : word.substr(eq + 1);
    if (kind == "draw") {
        const auto v = parse_fields(rest, {"movenumber", "movecount", "score"}, word);
        if (v[1] < 1) throw ParseError("movecount must be at least 1 in '" + clip(word) + "'");
        draw = Draw{v[0], v[1], v[2]};
    } else if (kind == "resign") {
        const auto v = parse_fields(rest, {"movecount", "score"}, word);
        if (v[0] < 1) throw ParseError("movecount must be at least 1 in '" + clip(word) + "'");
        resign = Resign{v[0], v[1]};
    } else {
        throw ParseError("expected draw=movenumber,movecount,score or resign=movecount,score, got '" + clip(word) +
                         "'");
    }
}

std::optional<Verdict> adjudicate(const Adjudication& rules, const std::vector<MoveRecord>& moves, int first_side,
                                  int fullmove) {
    const std::size_t n = moves.size();
    auto side_of = [&](std::size_t i) { return (first_side + int(i)) % 2; };
    if (rules.draw && fullmove >= rules.draw->movenumber && n >= std::size_t(2 * rules.draw->movecount)) {
        bool quiet = true;
        for (std::size_t i = n - std::size_t(2 * rules.draw->movecount); i < n && quiet; ++i) {
            const auto s = move_score(moves[i]);
            quiet = s && std::abs(*s) <= rules.draw->score;
        }
        if (quiet) return Verdict{-1, "Draw by adjudication"};
    }
    if (rules.resign && n >= std::size_t(2 * rules.resign->movecount)) {
        // loser[i]: the last movecount moves of side i all <= -score, and the
        // opponent's all >= +score.
        int low[2] = {0, 0}, high[2] = {0, 0};
        bool missing = false;
        for (std::size_t i = n - std::size_t(2 * rules.resign->movecount); i < n; ++i) {
            const auto s = move_score(moves[i]);
            if (!s) {
                missing = true;
                break;
            }
            const int side = side_of(i);
            if (*s <= -rules.resign->score) ++low[side];
            if (*s >= rules.resign->score) ++high[side];
        }
        if (!missing)
            for (int side = 0; side < 2; ++side)
                if (low[side] == rules.resign->movecount && high[1 - side] == rules.resign->movecount)
                    return Verdict{1 - side, std::string(side == 0 ? "White" : "Black") + " resigns (adjudication)"};
    }
    return std::nullopt;
}

}  // namespace ply::arena
