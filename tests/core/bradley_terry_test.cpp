// Minorization-maximization for the generalized Bradley-Terry model: on
// choices drawn from known strengths, the fit finds them again.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include <ply/core/bradley_terry.hpp>

using namespace ply;

namespace {

// Three groups of levels with known gammas; each candidate holds each group
// at a random level or not at all (gamma 1, what fixes each group's scale).
struct Synthetic {
    std::vector<double> truth = {0.3, 2.0, 6.0,  // group 0
                                 4.0, 0.5,       // group 1
                                 1.5, 0.1, 12.0, 0.8};
    std::vector<std::uint32_t> group = {0, 0, 0, 1, 1, 2, 2, 2, 2};
    std::vector<std::vector<std::uint32_t>> members = {{0, 1, 2}, {3, 4}, {5, 6, 7, 8}};
};

bt::Choices draw_choices(const Synthetic& s, int count, int candidates, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    bt::Choices choices;
    for (int j = 0; j < count; ++j) {
        std::vector<double> strength;
        for (int k = 0; k < candidates; ++k) {
            std::vector<std::uint32_t> team;
            double st = 1;
            for (const auto& m : s.members) {
                const auto pick = std::uniform_int_distribution<std::size_t>(0, m.size())(rng);
                if (pick == m.size()) continue;  // the group absent
                team.push_back(m[pick]);
                st *= s.truth[m[pick]];
            }
            choices.add_candidate(team.data(), team.size());
            strength.push_back(st);
        }
        std::discrete_distribution<std::size_t> winner(strength.begin(), strength.end());
        choices.end_choice(winner(rng));
    }
    return choices;
}

TEST(BradleyTerry, FitRecoversKnownStrengths) {
    const Synthetic s;
    const auto choices = draw_choices(s, 20000, 12, 7);
    std::vector<double> gamma(s.truth.size(), 1.0);
    const double before = bt::log_likelihood(choices, gamma);
    bt::FitOptions options;
    options.iterations = 200;
    const auto report = bt::fit(choices, s.group, gamma, options);
    EXPECT_GT(report.log_likelihood, before);
    for (std::size_t i = 0; i < gamma.size(); ++i)
        EXPECT_NEAR(std::log(gamma[i]), std::log(s.truth[i]), 0.08) << "feature " << i << ": " << gamma[i];
    // The truth explains fresh choices about as well as the fit does.
    const auto fresh = draw_choices(s, 5000, 12, 8);
    EXPECT_NEAR(bt::log_likelihood(fresh, gamma), bt::log_likelihood(fresh, s.truth), 0.005 * 5000);
}

TEST(BradleyTerry, EveryMmStepRaisesTheLikelihood) {
    const Synthetic s;
    const auto choices = draw_choices(s, 2000, 8, 3);
    std::vector<double> gamma(s.truth.size(), 1.0);
    double last = bt::log_likelihood(choices, gamma);
    bt::FitOptions one;
    one.iterations = 1;
    one.prior_games = 0;
    for (int i = 0; i < 10; ++i) {
        const double now = bt::fit(choices, s.group, gamma, one).log_likelihood;
        EXPECT_GE(now, last - 1e-9) << "step " << i;
        last = now;
    }
}

TEST(BradleyTerry, PredictionRateCountsTheStrongestCandidate) {
    bt::Choices choices;
    const std::uint32_t a = 0, b = 1;
    // Two choices of {a, b}: a wins the first, b the second; a is stronger.
    choices.add_candidate(&a, 1);
    choices.add_candidate(&b, 1);
    choices.end_choice(0);
    choices.add_candidate(&a, 1);
    choices.add_candidate(&b, 1);
    choices.end_choice(1);
    EXPECT_DOUBLE_EQ(bt::prediction_rate(choices, {2.0, 1.0}), 0.5);
    EXPECT_DOUBLE_EQ(bt::prediction_rate(choices, {1.0, 1.0}), 0.5);  // ties: a half each
    EXPECT_DOUBLE_EQ(bt::prediction_rate(choices, {1.0, 3.0}), 0.5);
    EXPECT_NEAR(bt::log_likelihood(choices, {2.0, 1.0}), std::log(2.0 / 3) + std::log(1.0 / 3), 1e-12);
}

}  // namespace
