#include <ply/theory/strategic_form.hpp>

#include <algorithm>
#include <cmath>

namespace ply::theory {

namespace strategic_detail {

PlanCoding plan_coding(const std::vector<ExtensiveNode>& nodes, int player, std::size_t limit) {
    PlanCoding c;
    for (std::size_t n = 0; n < nodes.size(); ++n)
        if (nodes[n].player == player) c.nodes.push_back(n);
    // Digits in the order of the walk, which own_index counts.
    std::sort(c.nodes.begin(), c.nodes.end(),
              [&](std::size_t a, std::size_t b) { return nodes[a].own_index < nodes[b].own_index; });
    for (std::size_t n : c.nodes) {
        c.place.push_back(c.count);
        if (c.count > limit / nodes[n].children)
            throw ParseError(std::string(player == 0 ? "the player to move" : "the other player") + " has more than " +
                             std::to_string(limit) +
                             " plans (one move at each of its nodes): too many for a strategic form");
        c.count *= nodes[n].children;
    }
    return c;
}

std::string plan_name(const std::vector<ExtensiveNode>& nodes, const PlanCoding& coding, std::size_t plan) {
    if (coding.nodes.empty()) return "-";
    std::string name;
    for (std::size_t k = 0; k < coding.nodes.size(); ++k) {
        const auto& node = nodes[coding.nodes[k]];
        const std::size_t choice = plan / coding.place[k] % node.children;
        if (k > 0) name += "/";
        name += nodes[node.first_child + choice].move;
    }
    return name;
}

double play_out(const std::vector<ExtensiveNode>& nodes, const PlanCoding codings[2], std::size_t row,
                std::size_t col) {
    std::size_t at = 0;
    while (nodes[at].player >= 0) {
        const auto& node = nodes[at];
        const std::size_t plan = node.player == 0 ? row : col;
        const std::size_t place = codings[node.player].place[node.own_index];
        at = node.first_child + plan / place % node.children;
    }
    return nodes[at].payoff;
}

}  // namespace strategic_detail

MatrixGame strategic_form(const std::vector<ExtensiveNode>& nodes, const StrategicLimits& limits) {
    using namespace strategic_detail;
    const PlanCoding codings[2] = {plan_coding(nodes, 0, limits.max_strategies),
                                   plan_coding(nodes, 1, limits.max_strategies)};
    if (codings[0].count * codings[1].count > limits.max_entries)
        throw ParseError("the strategic form would have " + std::to_string(codings[0].count) + "x" +
                         std::to_string(codings[1].count) + " entries; at most " + std::to_string(limits.max_entries));
    std::vector<std::vector<double>> rows(codings[0].count, std::vector<double>(codings[1].count));
    for (std::size_t r = 0; r < codings[0].count; ++r)
        for (std::size_t c = 0; c < codings[1].count; ++c) rows[r][c] = play_out(nodes, codings, r, c);
    std::vector<std::string> row_names, col_names;
    for (std::size_t r = 0; r < codings[0].count; ++r) row_names.push_back(plan_name(nodes, codings[0], r));
    for (std::size_t c = 0; c < codings[1].count; ++c) col_names.push_back(plan_name(nodes, codings[1], c));
    return make_matrix_game(rows, std::move(row_names), std::move(col_names));
}

double backward_induction(const std::vector<ExtensiveNode>& nodes, std::size_t at) {
    const auto& node = nodes[at];
    if (node.player < 0) return node.payoff;
    double best = node.player == 0 ? -INFINITY : INFINITY;
    for (std::uint32_t k = 0; k < node.children; ++k) {
        const double v = backward_induction(nodes, node.first_child + k);
        best = node.player == 0 ? std::max(best, v) : std::min(best, v);
    }
    return best;
}

}  // namespace ply::theory
