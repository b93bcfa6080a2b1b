// `ply play <game>`: play against the engine in the terminal.
#pragma once

#include <iostream>
#include <optional>
#include <string>

#include <ply/cli/errors.hpp>
#include <ply/cli/play_session.hpp>
#include <ply/cli/positions.hpp>

namespace ply::cli {

struct PlayOptions {
    std::string game;
    std::optional<std::string> position;
    std::optional<int> depth;
    std::optional<double> seconds;
    std::string first = "human";
    bool info = false;
    std::optional<std::string> algo;  // engine or mcts; none: the game's default
};

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
    play_session(load_position<G>(cmd, opts.position), settings, std::cin, std::cout);
}

}  // namespace ply::cli
