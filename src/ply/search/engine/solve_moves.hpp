// The exact value of every move of a position: what a player asks a solver
// ("which columns win?"), built on Engine::solve of each child position.
#pragma once

#include <vector>

#include <ply/search/engine/engine.hpp>

namespace ply::engine {

template <class Move>
struct MoveValue {
    Move move;
    Score score;  // for the side to move at the root; weak: -1, 0 or 1
};

// Values in the game's move order. The children share the engine's table,
// so later ones reuse what earlier ones proved.
template <Game G>
std::vector<MoveValue<typename G::Move>> solve_each_move(Engine<G>& engine, const G& root, bool weak,
                                                         std::uint64_t* nodes = nullptr) {
    std::vector<MoveValue<typename G::Move>> values;
    if (is_over(root.outcome())) return values;
    MoveListOf<G> moves;
    root.generate_moves(moves);
    for (const auto& m : moves) {
        G child = root;
        child.make(m);
        const auto solution = engine.solve(child, weak);
        if (nodes) *nodes += solution.nodes;
        // The child's score is for its side to move, one ply later: a mate
        // there is one ply further from the root (score_from_tt's shift).
        const Score s = weak ? -solution.score : -score_from_tt(solution.score, 1);
        values.push_back({m, s});
    }
    return values;
}

}  // namespace ply::engine
