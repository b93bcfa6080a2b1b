// What a search asks of the tables beyond one value: the values of a
// position's moves, the moves that keep its value, and the value one ply of
// search over its successors' stored values gives (what a stored value must
// equal: `ply egtb verify`).
#pragma once

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include <ply/core/move_list.hpp>
#include <ply/core/outcome.hpp>
#include <ply/core/slices.hpp>
#include <ply/search/retro/table_set.hpp>
#include <ply/search/retro/value.hpp>

namespace ply::retro {

// The value of the game's end for the side to move there, as the builder
// stores it: won or lost in 0 plies, or drawn.
constexpr Value end_value(Outcome over) {
    if (over == Outcome::Win) return {Outcome::Win, 0};
    if (over == Outcome::Loss) return {Outcome::Loss, 0};
    return {Outcome::Draw, 0};
}

// The position's value, the game's end included; nullopt if no table has it.
template <SlicedGame G>
std::optional<Value> value_or_end(TableSet<G>& tables, const G& g) {
    if (const Outcome over = g.outcome(); is_over(over)) return end_value(over);
    return tables.probe(g);
}

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
        out.emplace_back(m, value_or_end(tables, g));
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

// The value minimax gives one ply deep over the stored values of the
// position's successors (the game's end where it is over); nullopt if a
// successor is in no table.
template <SlicedGame G>
std::optional<Value> searched_value(TableSet<G>& tables, const G& position) {
    if (const Outcome over = position.outcome(); is_over(over)) return end_value(over);
    std::optional<int> fastest_win, longest_loss;
    bool draw = false;
    for (const auto& [move, after] : move_values(tables, position)) {
        if (!after) return std::nullopt;
        if (after->result == Outcome::Loss)
            fastest_win = std::min(fastest_win.value_or(after->plies), after->plies);
        else if (after->result == Outcome::Draw)
            draw = true;
        else
            longest_loss = std::max(longest_loss.value_or(after->plies), after->plies);
    }
    if (fastest_win) return Value{Outcome::Win, *fastest_win + 1};
    if (draw) return Value{Outcome::Draw, 0};
    return Value{Outcome::Loss, longest_loss.value_or(-1) + 1};
}

}  // namespace ply::retro
