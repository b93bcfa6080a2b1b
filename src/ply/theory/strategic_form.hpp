// A game tree turned into its strategic form, for any game of the Game
// concept: a pure strategy is a plan naming a move at every node where its
// player is to move (reached or not), and the entry for two plans is the
// end their play reaches, for the player to move at the root (a win 1, a
// loss -1, a draw 0, an explicit tree's leaf its value). Players alternate,
// as every search of Ply assumes. A perfect-information game has a pure
// saddle point there whose value is the tree's minimax value (Zermelo, Kuhn).
//
// Plans multiply: a player with k nodes of two moves has 2^k of them, so
// trees beyond the limits are refused with a message, not enumerated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/core/game.hpp>
#include <ply/theory/matrix_game.hpp>

namespace ply::theory {

struct StrategicLimits {
    std::size_t max_nodes = 200'000;
    int max_depth = 100;
    std::size_t max_strategies = 4096;  // a side
    std::size_t max_entries = 1'000'000;
};

// The tree, laid out: children of a node are consecutive.
struct ExtensiveNode {
    int player = -1;    // 0: the root's player, 1: the other, -1: an end
    double payoff = 0;  // at an end, for player 0
    std::uint32_t first_child = 0, children = 0;
    std::uint32_t own_index = 0;  // among its player's nodes, in the order of the walk
    std::string move;             // the move that led here
};

namespace strategic_detail {

// Where a game ends, for the player to move at the root (`ply` plies down).
template <Game G>
double end_payoff(const G& game, int ply) {
    double v = 0;
    switch (game.outcome()) {
        case Outcome::Win:
            v = 1;
            break;
        case Outcome::Loss:
            v = -1;
            break;
        case Outcome::Scored:
            v = static_cast<double>(game.evaluate());
            break;
        default:
            break;
    }
    return ply % 2 == 0 ? v : -v;
}

template <Game G>
std::string move_text(const G& game, typename G::Move m, std::size_t index) {
    if constexpr (NotatedGame<G>)
        return game.move_to_string(m);
    else
        return std::to_string(index + 1);
}

// Lays out the tree below `at`: its children together at the end of
// `nodes`, then each one's subtree, depth first.
template <Game G>
void expand(G& game, std::vector<ExtensiveNode>& nodes, std::size_t at, int ply, std::size_t own_count[2],
            const StrategicLimits& limits) {
    MoveListOf<G> moves;
    game.generate_moves(moves);
    if (moves.empty()) {
        nodes[at].payoff = end_payoff(game, ply);
        return;
    }
    if (nodes.size() + moves.size() > limits.max_nodes || ply >= limits.max_depth)
        throw ParseError("the tree has more than " + std::to_string(limits.max_nodes) + " nodes or " +
                         std::to_string(limits.max_depth) + " plies: too large for its strategic form");
    const int player = ply % 2;
    nodes[at].player = player;
    nodes[at].own_index = static_cast<std::uint32_t>(own_count[player]++);
    nodes[at].first_child = static_cast<std::uint32_t>(nodes.size());
    nodes[at].children = static_cast<std::uint32_t>(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) nodes.push_back({-1, 0, 0, 0, 0, move_text(game, moves[i], i)});
    for (std::size_t i = 0; i < moves.size(); ++i) {
        game.make(moves[i]);
        expand(game, nodes, nodes[at].first_child + i, ply + 1, own_count, limits);
        game.unmake(moves[i]);
    }
}

// The nodes of `player` in walk order, and each one's place value in the
// mixed-radix number of a plan; the count of plans (refused over `limit`).
struct PlanCoding {
    std::vector<std::size_t> nodes, place;
    std::size_t count = 1;
};

PlanCoding plan_coding(const std::vector<ExtensiveNode>& nodes, int player, std::size_t limit);

// "b2/a1": the move each of a plan's nodes chooses, in walk order ("-" for
// a player with no node to move at).
std::string plan_name(const std::vector<ExtensiveNode>& nodes, const PlanCoding& coding, std::size_t plan);

// The end reached when plans `row` and `col` meet.
double play_out(const std::vector<ExtensiveNode>& nodes, const PlanCoding codings[2], std::size_t row, std::size_t col);

}  // namespace strategic_detail

// The whole tree below `game`, laid out (throws ParseError past the limits).
template <Game G>
std::vector<ExtensiveNode> extensive_form(G game, const StrategicLimits& limits = {}) {
    std::vector<ExtensiveNode> nodes(1);
    nodes.reserve(1024);
    std::size_t own_count[2] = {0, 0};
    strategic_detail::expand(game, nodes, 0, 0, own_count, limits);
    return nodes;
}

// The strategic form of a laid-out tree: rows the plans of the root's
// player, columns the other's (throws ParseError past the limits).
MatrixGame strategic_form(const std::vector<ExtensiveNode>& nodes, const StrategicLimits& limits = {});

// The tree's value by backward induction, for the root's player.
double backward_induction(const std::vector<ExtensiveNode>& nodes, std::size_t at = 0);

}  // namespace ply::theory
