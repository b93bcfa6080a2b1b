// `ply search <game> --algo mcts`: Monte Carlo tree search (search/mcts) on
// any game, limited by iterations or time instead of depth.
#pragma once

#include <chrono>
#include <cmath>
#include <iostream>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include <ply/cli/errors.hpp>
#include <ply/cli/report.hpp>
#include <ply/search/mcts/mcts.hpp>

namespace ply::cli {

struct MctsOptions {
    std::optional<std::uint64_t> iterations;  // default 10,000 when no time is given
    std::optional<double> seconds;
    double exploration = mcts::Options{}.exploration;
    std::uint64_t seed = 1;
    bool no_solver = false;
};

inline const char* proof_name(mcts::Proof p) {
    switch (p) {
        case mcts::Proof::Win:
            return "win";
        case mcts::Proof::Loss:
            return "loss";
        case mcts::Proof::Draw:
            return "draw";
        case mcts::Proof::None:
            break;
    }
    return nullptr;
}

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
    mcts::Options options;
    options.exploration = o.exploration;
    options.seed = o.seed;
    options.solver = !o.no_solver;
    mcts::Limits limits;
    limits.iterations = o.iterations;
    if (o.seconds) limits.time = std::chrono::milliseconds(std::llround(*o.seconds * 1000));
    const Stopwatch clock;
    const auto r = mcts::Searcher<G>(options).search(game, limits);
    const double seconds = clock.seconds();
    if (json) {
        std::cout << mcts_json(game, r, seconds).dump() << "\n";
        return;
    }
    if (show_board) std::cout << game.render();
    const char* proof = proof_name(r.proof);
    std::cout << "algo:       mcts (UCT" << (options.solver ? ", MCTS-Solver" : "") << ")\n"
              << "result:     " << (proof ? std::string(proof) + " for the side to move (proven)" : "not proven")
              << "\n"
              << "best:       " << (r.best ? game.move_to_string(*r.best) : "(none: the game is over)") << "\n"
              << "mean:       " << r.mean << " (the mover's reward: 1 a win, 0.5 a draw, 0 a loss)\n"
              << "iterations: " << r.iterations << "\n"
              << "nodes:      " << r.nodes << "\n"
              << "time:       " << seconds << " s\n";
}

}  // namespace ply::cli
