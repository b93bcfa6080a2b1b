// How a match reports: one progress line per game (stderr), the final table
// (stdout) and the JSON document (--json).
#pragma once

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include <ply/tools/arena/scheduler.hpp>

namespace ply::arena {

// "Elo +35.2 +- 20.1" style numbers; infinite values as "+inf" / "-inf".
std::string format_elo(double elo);

// [12/100] A vs B 1-0 (White mates) | W 5 D 4 L 3 | score 58.3% | Elo +58.5 +- 120.3 | LOS 78.2% | LLR 0.42
// [-2.94, 2.94]
std::string progress_line(const MatchState& state, const GameRecord& game, const MatchSettings& settings);

void print_table(std::ostream& out, const MatchState& state, const MatchSettings& settings);

nlohmann::json match_json(const MatchState& state, const MatchSettings& settings);

}  // namespace ply::arena
