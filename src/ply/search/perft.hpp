// Perft for any game: the number of move paths of a given length from a
// position, the standard check of a move generator (and of make/unmake).
// Paths end early where the game does: a tic-tac-toe line won at the fifth
// move counts at depth 5, not at 9. Moves come from generate_legal() where
// the game has it (chess: draws by rule do not stop a move generator's
// count), else from generate_moves().
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include <ply/core/game.hpp>

namespace ply::search {

template <Game G>
void perft_moves(const G& game, MoveListOf<G>& moves) {
    if constexpr (RuleEndedGame<G>)
        game.generate_legal(moves);
    else
        game.generate_moves(moves);
}

// Leaves at exactly `depth` plies; 1 at depth 0. Leaves `game` as it found it.
// Once `*stop` is set (from another thread) the count ends early, partial.
template <Game G>
std::uint64_t perft(G& game, int depth, const std::atomic<bool>* stop = nullptr) {
    if (depth <= 0) return 1;
    MoveListOf<G> moves;
    perft_moves(game, moves);
    if (depth == 1) return moves.size();  // the last ply is counted, not played
    if (stop && stop->load(std::memory_order_relaxed)) return 0;
    std::uint64_t total = 0;
    for (const auto& m : moves) {
        game.make(m);
        total += perft(game, depth - 1, stop);
        game.unmake(m);
    }
    return total;
}

// The count below each root move, in generation order (depth at least 1).
template <Game G>
std::vector<std::pair<typename G::Move, std::uint64_t>> perft_divide(const G& root, int depth) {
    G game = root;
    MoveListOf<G> moves;
    perft_moves(game, moves);
    std::vector<std::pair<typename G::Move, std::uint64_t>> out;
    for (const auto& m : moves) {
        game.make(m);
        out.emplace_back(m, perft(game, depth - 1));
        game.unmake(m);
    }
    return out;
}

}  // namespace ply::search
