// `ply play <game>`: play against the engine in the terminal.
#pragma once

#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <ply/cli/endgame_tables.hpp>
#include <ply/cli/errors.hpp>
#include <ply/cli/play_session.hpp>
#include <ply/cli/positions.hpp>
#include <ply/core/text_file.hpp>
#include <ply/tools/arena/game_file.hpp>
#include <ply/tools/arena/game_referee.hpp>

namespace ply::cli {

struct PlayOptions {
    std::string game;
    std::optional<std::string> position;
    std::optional<std::string> load;  // a recorded game (PGN, PDN) to go on from
    std::optional<int> depth;
    std::optional<double> seconds;
    std::string first = "human";
    bool info = false;
    std::optional<std::string> algo;  // engine or mcts; none: the game's default
    std::string egtb;                 // a folder of endgame tables
};

// The start and the moves of the game in the file `path` (--load), as the
// arena reads recorded games; one line and exit status 1 if it is not one.
template <NotatedGame G>
std::pair<G, std::vector<typename G::Move>> load_game(const CLI::App& cmd, const std::string& path) {
    if constexpr (arena::ArenaGame<G>) {
        try {
            arena::GameReferee<G> referee;
            const auto record = arena::read_recorded_game(read_text_file(path, "game file"), referee, path);
            G game = record.start.empty() ? G{} : G::from_position(record.start);
            const G start = game;
            std::vector<typename G::Move> moves;
            for (const auto& m : record.moves) {
                moves.push_back(game.parse_move(m));
                game.make(moves.back());
            }
            return {start, moves};
        } catch (const ParseError& e) {
            input_error(cmd, e.what());
        }
    } else {
        usage_error(cmd, "--load: " + std::string(G::name) + " has no start to replay a game from; give --position");
    }
}

template <NotatedGame G>
void run_play(const CLI::App& cmd, const PlayOptions& opts) {
    PlaySettings settings;
    settings.depth = opts.depth.value_or(describe::default_depth<G>());
    settings.seconds = opts.seconds;
    if (!opts.depth && !opts.seconds) settings.seconds = describe::default_seconds<G>();
    settings.show_info = opts.info;
    settings.engine_first = opts.first == "engine";
    settings.mcts = opts.algo ? *opts.algo == "mcts" : describe::plays_by_mcts<G>();
    if (opts.position && *opts.position != "-") settings.position_file = *opts.position;
    if (settings.mcts && opts.depth) usage_error(cmd, "--depth is not for Monte Carlo tree search; give --time");
    if (settings.mcts && !opts.egtb.empty()) usage_error(cmd, "--egtb is for the engine, not --algo mcts");
    open_endgame_tables<G>(cmd, opts.egtb);  // checked here, opened by the engine's player
    settings.egtb = opts.egtb;
    if (opts.load) {
        if (opts.position) usage_error(cmd, "--load and --position exclude each other");
        auto [start, moves] = load_game<G>(cmd, *opts.load);
        // The person plays the side to move at the end of the game loaded.
        if (moves.size() % 2 == 1) settings.engine_first = !settings.engine_first;
        play_session(std::move(start), settings, std::cin, std::cout, moves);
        return;
    }
    play_session(load_position<G>(cmd, opts.position), settings, std::cin, std::cout);
}

}  // namespace ply::cli
