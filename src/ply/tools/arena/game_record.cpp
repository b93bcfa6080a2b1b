#include <ply/tools/arena/game_record.hpp>

namespace ply::arena {

std::string to_string(Flaw f) {
    switch (f) {
        case Flaw::None:
            return "none";
        case Flaw::Illegal:
            return "illegal move";
        case Flaw::Time:
            return "time forfeit";
        case Flaw::Crash:
            return "crash";
        case Flaw::Stall:
            return "unresponsive";
    }
    return "?";
}

double GameRecord::points(int side) const {
    if (result == "1/2-1/2") return 0.5;
    if (result == "1-0") return side == 0 ? 1 : 0;
    if (result == "0-1") return side == 1 ? 1 : 0;
    return 0;
}

namespace {

nlohmann::json optional_json(const std::optional<int>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }
std::optional<int> optional_int(const nlohmann::json& j) {
    return j.is_null() ? std::nullopt : std::optional<int>(j.get<int>());
}

}  // namespace

nlohmann::json to_json(const GameRecord& g) {
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& m : g.moves)
        moves.push_back({m.move, m.notation, m.seconds, m.clock ? nlohmann::json(*m.clock) : nlohmann::json(),
                         optional_json(m.info.cp), optional_json(m.info.mate), m.info.depth, m.info.nodes});
    nlohmann::json checks = nlohmann::json::array();
    for (const auto& c : g.score_checks) checks.push_back({c.side, c.score, c.agrees});
    return {{"index", g.index},
            {"game", g.game},
            {"players", {g.white, g.black, g.white_engine, g.black_engine}},
            {"time_control", g.time_control},
            {"opening",
             {g.opening_position, g.opening_notation, g.start_position, g.first_move_number, g.second_moves_first,
              g.pgn_native}},
            {"pdn", {g.pdn_game_type, g.side_names, g.opening_start}},
            {"moves", moves},
            {"end", {g.result, g.termination, g.reason, int(g.flaw), g.flawed_side, g.final_position}},
            {"scores", {g.referee_score, checks}}};
}

GameRecord game_record_from_json(const nlohmann::json& j) {
    GameRecord g;
    g.index = j.at("index").get<std::size_t>();
    g.game = j.at("game").get<std::string>();
    const auto& p = j.at("players");
    g.white = p.at(0).get<std::string>();
    g.black = p.at(1).get<std::string>();
    g.white_engine = p.at(2).get<int>();
    g.black_engine = p.at(3).get<int>();
    g.time_control = j.at("time_control").get<std::string>();
    const auto& o = j.at("opening");
    g.opening_position = o.at(0).get<std::string>();
    g.opening_notation = o.at(1).get<std::vector<std::string>>();
    g.start_position = o.at(2).get<std::string>();
    g.first_move_number = o.at(3).get<int>();
    g.second_moves_first = o.at(4).get<bool>();
    g.pgn_native = o.at(5).get<bool>();
    const auto& pdn = j.at("pdn");
    g.pdn_game_type = pdn.at(0).get<std::string>();
    g.side_names = pdn.at(1).get<std::array<std::string, 2>>();
    g.opening_start = pdn.at(2).get<std::string>();
    for (const auto& m : j.at("moves")) {
        MoveRecord r{m.at(0).get<std::string>(), m.at(1).get<std::string>(), m.at(2).get<double>(), {}, {}};
        if (!m.at(3).is_null()) r.clock = m.at(3).get<double>();
        r.info =
            SearchInfo{optional_int(m.at(4)), optional_int(m.at(5)), m.at(6).get<int>(), m.at(7).get<std::uint64_t>()};
        g.moves.push_back(std::move(r));
    }
    const auto& e = j.at("end");
    g.result = e.at(0).get<std::string>();
    g.termination = e.at(1).get<std::string>();
    g.reason = e.at(2).get<std::string>();
    g.flaw = Flaw(e.at(3).get<int>());
    g.flawed_side = e.at(4).get<int>();
    g.final_position = e.at(5).get<std::string>();
    g.referee_score = j.at("scores").at(0).get<std::string>();
    for (const auto& c : j.at("scores").at(1))
        g.score_checks.push_back({c.at(0).get<int>(), c.at(1).get<std::string>(), c.at(2).get<bool>()});
    return g;
}

}  // namespace ply::arena
