// `ply search <game> --algo mcts`: Monte Carlo tree search (search/mcts) on
// any game, limited by iterations or time instead of depth.
#pragma once

#include <array>
#include <chrono>
#include <cmath>
#include <iostream>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include <ply/cli/errors.hpp>
#include <ply/search/mcts/parallel.hpp>
#include <ply/tools/search_report.hpp>

namespace CLI {
class App;
}

namespace ply::cli {

struct MctsOptions {
    std::optional<std::uint64_t> iterations;  // default 10,000 when no time is given
    std::optional<double> seconds;
    std::optional<double> exploration;  // default by RAVE: mcts::kUctExploration or kRaveExploration
    std::uint64_t seed = 1;
    bool no_solver = false;
    bool no_rave = false;
    bool last_good_reply = false;
    int threads = 1;
    std::optional<int> playout_cutoff;                          // plies before the evaluation judges a playout
    std::uint32_t prior_visits = mcts::Options{}.prior_visits;  // the game's move priors' weight
    double rave_equivalence = mcts::Options{}.rave_equivalence;

    mcts::Options options() const {
        mcts::Options o;
        o.exploration = exploration;
        o.seed = seed;
        o.solver = !no_solver;
        o.rave = !no_rave;
        o.learn_playouts = last_good_reply;
        o.playout_cutoff = playout_cutoff.value_or(-1);
        o.prior_visits = prior_visits;
        o.rave_equivalence = rave_equivalence;
        return o;
    }
    mcts::Limits limits() const {
        mcts::Limits l;
        l.iterations = iterations;
        if (seconds) l.time = std::chrono::milliseconds(std::llround(*seconds * 1000));
        return l;
    }
};

// The --algo mcts options of a command, and their names (for the commands
// that refuse them with another algorithm).
void add_mcts_options(CLI::App& cmd, MctsOptions& options);
inline constexpr std::array<const char*, 8> kMctsOptionNames = {
    "--iterations", "--time", "--exploration", "--seed", "--no-solver", "--no-rave", "--threads", "--playout-cutoff"};

template <NotatedGame G>
nlohmann::json mcts_json(const G& game, const mcts::Result<typename G::Move>& r, double seconds) {
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& m : r.moves) {
        const char* proof = proof_name(m.proof);  // for the side to move after it
        moves.push_back({{"move", game.move_to_string(m.move)},
                         {"visits", m.visits},
                         {"mean", m.mean},
                         {"proof", proof ? nlohmann::json(proof) : nlohmann::json(nullptr)}});
    }
    const char* proof = proof_name(r.proof);
    return {{"algo", "mcts"},
            {"best", r.best ? nlohmann::json(game.move_to_string(*r.best)) : nlohmann::json(nullptr)},
            {"proof", proof ? nlohmann::json(proof) : nlohmann::json(nullptr)},
            {"mean", r.mean},
            {"iterations", r.iterations},
            {"nodes", r.nodes},
            {"seconds", seconds},
            {"moves", moves}};
}

template <NotatedGame G>
void mcts_search_and_report(const G& game, const MctsOptions& o, bool json, bool show_board) {
    const mcts::Options options = o.options();
    const Stopwatch clock;
    const auto r = mcts::ParallelSearcher<G>(options, o.threads).search(game, o.limits());
    const double seconds = clock.seconds();
    if (json) {
        std::cout << mcts_json(game, r, seconds).dump() << "\n";
        return;
    }
    if (show_board) std::cout << game.render();
    const char* proof = proof_name(r.proof);
    const bool rave = PlaceMoveGame<G> && options.rave;
    std::cout << "algo:       mcts (UCT" << (options.solver ? ", MCTS-Solver" : "") << (rave ? ", RAVE" : "")
              << (o.threads > 1 ? ", " + std::to_string(o.threads) + " threads" : "") << ")\n"
              << "result:     " << (proof ? std::string(proof) + " for the side to move (proven)" : "not proven")
              << "\n"
              << "best:       " << (r.best ? game.move_to_string(*r.best) : "(none: the game is over)") << "\n"
              << "mean:       " << r.mean << " (the mover's reward: 1 a win, 0.5 a draw, 0 a loss)\n"
              << "iterations: " << r.iterations << " ("
              << static_cast<std::uint64_t>(r.iterations / std::max(seconds, 1e-9)) << " a second)\n"
              << "nodes:      " << r.nodes << "\n"
              << "time:       " << seconds << " s\n";
}

}  // namespace ply::cli
