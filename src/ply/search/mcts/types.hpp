// What a Monte Carlo tree search is asked and what it answers: options,
// limits, proofs and the root's statistics.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

#include <ply/search/budget.hpp>

namespace ply::mcts {

// UCT's exploration constant: sqrt 2 in the bandit theory; with RAVE the
// AMAF values do most of the exploring and a small constant plays best
// (Gelly and Silver 2011 use none at all).
inline constexpr double kUctExploration = 1.4;
inline constexpr double kRaveExploration = 0.2;

struct Options {
    std::optional<double> exploration{};  // none: kUctExploration, or kRaveExploration with RAVE
    bool solver = true;                   // MCTS-Solver: proofs back up the tree
    bool rave = true;                     // where moves are places (PlaceMoveGame)
    double rave_equivalence = 1000;       // visits at which a move's own mean weighs as much as its AMAF
    bool reuse_tree = true;               // a later search from a position below the last root keeps its subtree
    std::uint64_t seed = 1;               // the playouts' random moves
    std::size_t max_nodes = 1u << 22;     // the tree's bound (128 MB for moves of up to 4 bytes)
    // Visits of a leaf before it gets children: fewer nodes for the same
    // knowledge where moves are many (Go); the root always has them.
    std::uint32_t expand_visits = 2;
    // Where the game gives move priors (PriorGame) and RAVE is on: the AMAF
    // visits a new child starts with, at the prior's win rate (Gelly and
    // Silver's prior knowledge); 0: none. Go played stronger with more, up
    // to about 400 (docs/go.md).
    std::uint32_t prior_visits = 400;
    // Where the playout policy can learn in a search (LearningPlayoutGame):
    // off, as Go's last good reply won no games (docs/go.md).
    bool learn_playouts = false;
    int max_playout_plies = 1000;  // a playout this long counts as a draw
    // Plies a playout runs before the evaluation decides it (a logistic of
    // evaluate() in units of eval_scale); -1: to the end of the game.
    int playout_cutoff = -1;
    double eval_scale = 0;  // 0: the game's eval_unit, else 100
};

// Neither iterations nor time given: 10,000 iterations. The tree's size (nodes) is counted with
// what a reused tree brought.
struct Limits {
    std::optional<std::uint64_t> iterations{};
    std::optional<std::chrono::milliseconds> time{};
    std::optional<std::size_t> nodes{};
    const std::atomic<bool>* stop = nullptr;  // set by another thread: stop at once
};
inline constexpr std::uint64_t kDefaultIterations = 10'000;

// The budget a search runs under: its iterations (the default if neither
// they nor a time are given), nodes, deadline and the caller's stop.
inline void arm(Budget& budget, const Limits& limits) {
    if (limits.iterations)
        budget.iterations = *limits.iterations;
    else if (!limits.time)
        budget.iterations = kDefaultIterations;
    if (limits.nodes) budget.nodes = *limits.nodes;
    if (limits.time) budget.set_time(*limits.time);
    budget.follow(limits.stop);
}

// What is proven of a node, for its side to move.
enum class Proof : std::uint8_t { None, Win, Loss, Draw };

// "win", "loss" or "draw"; nullptr when nothing is proven.
inline const char* proof_name(Proof proof) {
    switch (proof) {
        case Proof::Win:
            return "win";
        case Proof::Loss:
            return "loss";
        case Proof::Draw:
            return "draw";
        case Proof::None:
            break;
    }
    return nullptr;
}

template <class Move>
struct MoveStats {
    Move move;
    std::uint64_t visits = 0;
    double mean = 0;            // the mover's mean reward
    Proof proof = Proof::None;  // for the side to move after the move
    double prior = 0;           // its share of the game's prior weights (PriorGame), else 0
    std::vector<Move> pv;       // the move, then the most visited child of each node after it
};

template <class Move>
struct Result {
    std::optional<Move> best;
    Proof proof = Proof::None;  // the root's, for its side to move
    double mean = 0.5;          // the best move's mean reward
    std::uint64_t iterations = 0;
    std::size_t nodes = 0;
    std::uint64_t reused = 0;            // visits of the root brought from the last search
    std::vector<MoveStats<Move>> moves;  // the root's (in the tree's shuffled order)
    std::vector<Move> pv;                // the best move's line (its MoveStats' pv)
};

// The move to play from the root's statistics: a proven win first; then the
// most visited move, unless its mean is below a proven draw's; a proven
// loss last. Returns an index into `moves`, or none if it is empty.
template <class Move>
std::optional<std::size_t> choose_move(const std::vector<MoveStats<Move>>& moves) {
    const auto mean_of = [](const MoveStats<Move>& m) { return m.proof == Proof::Draw ? 0.5 : m.mean; };
    // The proof is the opponent's: their loss is our win.
    const auto rank = [&](const MoveStats<Move>& m) {
        const int proof_rank = m.proof == Proof::Win ? 0 : m.proof == Proof::Loss ? 3 : 1;
        return std::tuple(proof_rank, m.proof == Proof::Draw ? 0 : m.visits, mean_of(m));
    };
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < moves.size(); ++i)
        if (!best || rank(moves[i]) > rank(moves[*best])) best = i;
    for (std::size_t i = 0; best && i < moves.size(); ++i)
        if (moves[i].proof == Proof::Draw && moves[*best].proof == Proof::None && mean_of(moves[*best]) < 0.5) best = i;
    return best;
}

// A result's best move and mean, from its root statistics.
template <class Move>
void settle_best(Result<Move>& r) {
    if (const auto i = choose_move(r.moves)) {
        r.best = r.moves[*i].move;
        r.mean = r.moves[*i].mean;
        r.pv = r.moves[*i].pv;
        if (r.pv.empty()) r.pv.assign(1, *r.best);
    }
}

}  // namespace ply::mcts
