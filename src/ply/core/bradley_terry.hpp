// Strengths of features from observed choices: the generalized
// Bradley-Terry model, fitted by minorization-maximization (Hunter 2004;
// Coulom 2007, "Computing Elo ratings of move patterns in the game of Go").
//
// A choice offers candidates; each candidate is a team of features, its
// strength the product of its features' gammas; the candidate chosen wins,
// with probability its strength over the sum of all. Features fall into
// groups whose members never appear in one candidate together (the levels
// of one Go feature); MM updates one group at a time, each update raising
// the likelihood. A prior of one virtual win and one virtual loss against
// a feature of gamma 1 keeps rare features near 1 and every gamma finite.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ply::bt {

// Choices, stored flat: candidate c's features are
// features[candidate_end[c-1] .. candidate_end[c]), choice j's candidates are
// [choice_end[j-1] .. choice_end[j]), and winner[j] indexes the candidates.
struct Choices {
    std::vector<std::uint32_t> features;
    std::vector<std::uint32_t> candidate_end;
    std::vector<std::uint32_t> choice_end;
    std::vector<std::uint32_t> winner;

    // Starts a choice; add its candidates, then name the winner.
    void add_candidate(const std::uint32_t* first, std::size_t count) {
        features.insert(features.end(), first, first + count);
        candidate_end.push_back(static_cast<std::uint32_t>(features.size()));
    }
    // The winner's index within the choice.
    void end_choice(std::size_t winner_within) {
        const std::uint32_t start = choice_end.empty() ? 0 : choice_end.back();
        winner.push_back(start + static_cast<std::uint32_t>(winner_within));
        choice_end.push_back(static_cast<std::uint32_t>(candidate_end.size()));
    }
    std::size_t size() const { return choice_end.size(); }
};

struct FitOptions {
    int iterations = 30;      // passes over every group
    double tolerance = 1e-4;  // stop once no log-gamma moves by more
    double prior_games = 1;   // virtual wins and as many losses against gamma 1
};

// A game's fit of its move features to game records (Go::fit_move_features).
struct RecordFitOptions {
    double holdout = 0.1;  // the share of games, the last ones, held out
    int iterations = 30;
    std::size_t max_games = 0;  // 0: all
};

struct FitReport {
    int iterations = 0;
    double log_likelihood = 0;  // of the choices, at the fitted gammas
};

// Fits gamma (one per feature, group[f] its group; gamma's size the number
// of features, its values the start, usually all 1).
inline FitReport fit(const Choices& choices, const std::vector<std::uint32_t>& group, std::vector<double>& gamma,
                     const FitOptions& options = {});

// The log-likelihood of the choices at these gammas.
inline double log_likelihood(const Choices& choices, const std::vector<double>& gamma);

// The share of choices whose winner has the highest strength (ties count as
// a share of one among the tied).
inline double prediction_rate(const Choices& choices, const std::vector<double>& gamma);

namespace detail {

struct Span {
    std::uint32_t begin, end;
};

inline Span candidates_of(const Choices& c, std::size_t j) {
    return {j == 0 ? 0 : c.choice_end[j - 1], c.choice_end[j]};
}
inline Span features_of(const Choices& c, std::size_t k) {
    return {k == 0 ? 0 : c.candidate_end[k - 1], c.candidate_end[k]};
}

inline double strength(const Choices& c, std::size_t k, const std::vector<double>& gamma) {
    double s = 1;
    const Span f = features_of(c, k);
    for (std::uint32_t i = f.begin; i < f.end; ++i) s *= gamma[c.features[i]];
    return s;
}

// One MM step for the features of group g: gamma_i = W_i / sum over choices
// of (sum of the strengths of the candidates holding i, without i) / E_j.
inline double update_group(const Choices& c, const std::vector<std::uint32_t>& group, std::uint32_t g,
                           const std::vector<double>& wins, std::vector<double>& gamma, double prior) {
    std::vector<double> denominator(gamma.size(), 0.0);
    std::vector<double> strengths;
    for (std::size_t j = 0; j < c.size(); ++j) {
        const Span cands = candidates_of(c, j);
        strengths.resize(cands.end - cands.begin);
        double total = 0;
        for (std::uint32_t k = cands.begin; k < cands.end; ++k)
            total += strengths[k - cands.begin] = strength(c, k, gamma);
        for (std::uint32_t k = cands.begin; k < cands.end; ++k) {
            const Span f = features_of(c, k);
            for (std::uint32_t i = f.begin; i < f.end; ++i) {
                const std::uint32_t feature = c.features[i];
                if (group[feature] == g) denominator[feature] += strengths[k - cands.begin] / gamma[feature] / total;
            }
        }
    }
    double moved = 0;
    for (std::size_t f = 0; f < gamma.size(); ++f) {
        if (group[f] != g) continue;
        const double updated = (wins[f] + prior) / (denominator[f] + 2 * prior / (gamma[f] + 1));
        moved = std::max(moved, std::abs(std::log(updated / gamma[f])));
        gamma[f] = updated;
    }
    return moved;
}

}  // namespace detail

inline FitReport fit(const Choices& choices, const std::vector<std::uint32_t>& group, std::vector<double>& gamma,
                     const FitOptions& options) {
    std::vector<double> wins(gamma.size(), 0.0);
    for (const std::uint32_t w : choices.winner) {
        const detail::Span f = detail::features_of(choices, w);
        for (std::uint32_t i = f.begin; i < f.end; ++i) wins[choices.features[i]] += 1;
    }
    const std::uint32_t groups = group.empty() ? 0 : *std::max_element(group.begin(), group.end()) + 1;
    FitReport report;
    for (report.iterations = 1; report.iterations <= options.iterations; ++report.iterations) {
        double moved = 0;
        for (std::uint32_t g = 0; g < groups; ++g)
            moved = std::max(moved, detail::update_group(choices, group, g, wins, gamma, options.prior_games));
        if (moved < options.tolerance) break;
    }
    report.iterations = std::min(report.iterations, options.iterations);
    report.log_likelihood = log_likelihood(choices, gamma);
    return report;
}

inline double log_likelihood(const Choices& choices, const std::vector<double>& gamma) {
    double sum = 0;
    for (std::size_t j = 0; j < choices.size(); ++j) {
        const detail::Span cands = detail::candidates_of(choices, j);
        double total = 0;
        for (std::uint32_t k = cands.begin; k < cands.end; ++k) total += detail::strength(choices, k, gamma);
        sum += std::log(detail::strength(choices, choices.winner[j], gamma) / total);
    }
    return sum;
}

inline double prediction_rate(const Choices& choices, const std::vector<double>& gamma) {
    if (choices.size() == 0) return 0;
    double hits = 0;
    for (std::size_t j = 0; j < choices.size(); ++j) {
        const detail::Span cands = detail::candidates_of(choices, j);
        const double won = detail::strength(choices, choices.winner[j], gamma);
        int above = 0, tied = 0;
        for (std::uint32_t k = cands.begin; k < cands.end; ++k) {
            const double s = detail::strength(choices, k, gamma);
            above += s > won;
            tied += s == won;
        }
        if (above == 0) hits += 1.0 / tied;
    }
    return hits / static_cast<double>(choices.size());
}

}  // namespace ply::bt
