// What a search asks of the tables beyond one value: the values of a
// position's moves and the moves that keep its value.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include <ply/core/move_list.hpp>
#include <ply/core/outcome.hpp>
#include <ply/core/slices.hpp>
#include <ply/search/retro/table_set.hpp>
#include <ply/search/retro/value.hpp>

namespace ply::retro {

// Each move's value for the side to move after it (nullopt where no table
// has the position), in the game's move order.
template <SlicedGame G>
std::vector<std::pair<typename G::Move, std::optional<Value>>> move_values(TableSet<G>& tables, const G& position) {
    std::vector<std::pair<typename G::Move, std::optional<Value>>> out;
    G g = position;
    MoveListOf<G> moves;
    g.generate_moves(moves);
    for (const auto m : moves) {
        g.make(m);
        out.emplace_back(m, tables.value_or_end(g));
        g.unmake(m);
    }
    return out;
}

// The value a move must leave the opponent for the mover to keep `v`.
constexpr Value kept_by(Value v) {
    if (v.result == Outcome::Win) return {Outcome::Loss, v.plies - 1};
    if (v.result == Outcome::Loss) return {Outcome::Win, v.plies - 1};
    return v;
}

// The moves that keep a position's database value (win: the fastest wins;
// loss: the longest resistance; draw: the drawing moves), in the game's move
// order; empty if the position is not in the tables.
template <SlicedGame G>
std::vector<typename G::Move> best_moves(TableSet<G>& tables, const G& position) {
    const auto value = tables.probe(position);
    if (!value) return {};
    std::vector<typename G::Move> best;
    for (const auto& [move, after] : move_values(tables, position))
        if (after == kept_by(*value)) best.push_back(move);
    return best;
}

}  // namespace ply::retro
