// The classic algorithms by name, each runnable at a fixed depth or under
// iterative deepening, where every iteration's value guides the next: an
// aspiration window for alpha-beta and PVS, the first guess for MTD(f), the
// guessed window for Best Node Search.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/search/classic/alphabeta.hpp>
#include <ply/search/classic/bns.hpp>
#include <ply/search/classic/minimax.hpp>
#include <ply/search/classic/mtdf.hpp>
#include <ply/search/classic/negamax.hpp>
#include <ply/search/classic/pvs.hpp>

namespace ply::classic {

enum class Algorithm { Minimax, Negamax, AlphaBeta, AlphaBetaHard, Pvs, Mtdf, Bns };

inline constexpr std::array<std::pair<Algorithm, std::string_view>, 7> kAlgorithmNames = {{
    {Algorithm::Minimax, "minimax"},
    {Algorithm::Negamax, "negamax"},
    {Algorithm::AlphaBeta, "alphabeta"},
    {Algorithm::AlphaBetaHard, "alphabeta-hard"},
    {Algorithm::Pvs, "pvs"},
    {Algorithm::Mtdf, "mtdf"},
    {Algorithm::Bns, "bns"},
}};

constexpr std::string_view algorithm_name(Algorithm a) {
    for (const auto& [algo, name] : kAlgorithmNames)
        if (algo == a) return name;
    return "?";
}

constexpr std::optional<Algorithm> parse_algorithm(std::string_view name) {
    for (const auto& [algo, known] : kAlgorithmNames)
        if (known == name) return algo;
    return std::nullopt;
}

// Every name parse_algorithm knows, in order (for option checks and help).
inline std::vector<std::string> algorithm_names() {
    std::vector<std::string> names;
    for (const auto& entry : kAlgorithmNames) names.emplace_back(entry.second);
    return names;
}

// Half-width of the window placed around the previous iteration's value.
inline constexpr Score kAspirationHalfWidth = 50;

// One search of `algo` to `depth`. `guess` is the value expected (from a
// previous iteration), or nothing: the full window and, for MTD(f), the
// static evaluation as the first guess. The observer sees every node.
template <Game G, class Observer = NoObserver>
SearchResult<typename G::Move> search_once(Algorithm algo, const G& game, int depth, std::optional<Score> guess = {},
                                           Observer&& observer = {}, Deadline deadline = {}) {
    // The searches hold the observer by reference: it outlives them.
    using Obs = std::remove_reference_t<Observer>&;
    Obs obs = observer;
    const auto windowed = [&](Bounds bounds, auto run) {
        if (!guess) return run(-kInfinity, kInfinity, bounds);
        const Score alpha = *guess - kAspirationHalfWidth, beta = *guess + kAspirationHalfWidth;
        auto r = run(alpha, beta, bounds);
        if (r.aborted || (r.score > alpha && r.score < beta)) return r;
        auto again = run(-kInfinity, kInfinity, bounds);  // the guess was wrong: open the window
        again.nodes += r.nodes;
        again.leaves += r.leaves;
        again.researches += r.researches + 1;
        return again;
    };
    switch (algo) {
        case Algorithm::Minimax:
            return minimax<G, Obs>(game, depth, obs);
        case Algorithm::Negamax:
            return negamax<G, Obs>(game, depth, obs);
        case Algorithm::Pvs:
            return windowed(Bounds::FailSoft,
                            [&](Score a, Score b, Bounds) { return Pvs<G, Obs>(game, obs).run(depth, a, b); });
        case Algorithm::Mtdf:
            return mtdf<G, Obs>(game, depth, guess.value_or(Score(game.evaluate())), obs);
        case Algorithm::Bns: {
            const Score a = guess ? *guess - kAspirationHalfWidth : -kInfinity;
            const Score b = guess ? *guess + kAspirationHalfWidth : kInfinity;
            return best_node_search<G, Obs>(game, depth, obs, a, b);
        }
        case Algorithm::AlphaBeta:
        case Algorithm::AlphaBetaHard:
            break;
    }
    return windowed(
        algo == Algorithm::AlphaBetaHard ? Bounds::FailHard : Bounds::FailSoft, [&](Score a, Score b, Bounds bounds) {
            return alphabeta<G, Obs>(game, depth, {.bounds = bounds, .alpha = a, .beta = b, .deadline = deadline}, obs);
        });
}

// Iterative deepening: depths 1..depth, each guided by the one before; the
// counts are the totals of every iteration.
template <Game G, class Observer = NoObserver>
SearchResult<typename G::Move> search_iterative(Algorithm algo, const G& game, int depth, Observer&& observer = {}) {
    SearchResult<typename G::Move> total, r;
    std::optional<Score> guess;
    for (int d = 1; d <= std::max(depth, 1); ++d) {
        observer.pass(d, -kInfinity, kInfinity);
        r = search_once(algo, game, d, guess, observer);
        guess = r.score;
        total.nodes += r.nodes;
        total.leaves += r.leaves;
        total.researches += r.researches;
    }
    r.nodes = total.nodes;
    r.leaves = total.leaves;
    r.researches = total.researches;
    return r;
}

}  // namespace ply::classic
