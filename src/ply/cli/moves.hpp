// `ply moves <game>`: the legal moves of a position in the game's own notation
// (UCI for chess), one per line in ASCII order: a move generator checked line
// by line against other programs' lists. Moves are listed even where a rule
// has ended the game (a draw by repetition, minichess's 80-ply limit), not
// once a king is taken or mated.
#pragma once

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <ply/cli/positions.hpp>

namespace ply::cli {

struct MovesOptions {
    std::string game;
    std::optional<std::string> position;
    bool json = false;
};

template <NotatedGame G>
void run_moves(const CLI::App& cmd, const MovesOptions& opts) {
    const G game = load_position<G>(cmd, opts.position);
    MoveListOf<G> moves;
    if constexpr (RuleEndedGame<G>)
        game.generate_legal(moves);
    else
        game.generate_moves(moves);
    std::vector<std::string> texts;
    for (const auto& m : moves) texts.push_back(game.move_to_string(m));
    std::sort(texts.begin(), texts.end());
    if (opts.json) {
        std::cout << nlohmann::json{{"position", game.position()}, {"moves", texts}}.dump() << "\n";
        return;
    }
    for (const auto& t : texts) std::cout << t << "\n";
}

}  // namespace ply::cli
