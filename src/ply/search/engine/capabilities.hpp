// The rules that tie the optional capabilities of a game together, as the
// production search relies on them (docs/capabilities.md has the whole table).
//
// Each capability is detected on its own (src/ply/core/game.hpp), so a game
// can offer one without another that the search needs beside it: the search
// would then compile and quietly play worse (captures reduced like quiet
// moves, a guard that is never read). Engine<G> checks these rules for its
// game, so a mistake is reported on the game that makes it, in words.
#pragma once

#include <type_traits>

#include <ply/core/game.hpp>
#include <ply/search/engine/parameters.hpp>

namespace ply::engine {

template <Game G>
consteval bool check_capabilities() {
    using Move = typename G::Move;
    static_assert(std::is_default_constructible_v<Move>,
                  "The production engine keeps moves in fixed-size arrays (killers, the principal variation), "
                  "so G::Move must be default-constructible.");
    static_assert(!HashedGame<G> || sizeof(Move) <= 4,
                  "G has hash(), so the transposition table stores its moves, and an entry keeps a move in "
                  "4 bytes: make G::Move at most 4 bytes (an index, or packed fields), or leave hash() out.");
    static_assert(!TacticalGame<G> || OrderedTacticsGame<G>,
                  "G has generate_tactical() (quiescence) but not is_tactical(m) and tactical_score(m): "
                  "the main search could not tell its tactical moves from quiet ones, and would reduce, "
                  "prune and order captures like quiet moves. Provide both (OrderedTacticsGame).");
    static_assert(!ExchangeGame<G> || OrderedTacticsGame<G>,
                  "G has see_ge(m, threshold) but not is_tactical(m) and tactical_score(m): static exchange "
                  "orders tactical moves and prunes them with their own margin, so the search must know "
                  "which moves are tactical. Provide both (OrderedTacticsGame).");
    if constexpr (EvalUnitGame<G>)
        static_assert(G::eval_unit > 0, "G::eval_unit, the value of a pawn-like unit of evaluate(), must be positive.");
    static_assert(parameters_of<G>.divisors_positive(),
                  "G's search parameters divide by null_move_depth_divisor, lmr_divisor, lmr_history_divisor, "
                  "late_move_count_divisor and declining_move_count_divisor: all must be positive.");
    return true;
}

}  // namespace ply::engine
