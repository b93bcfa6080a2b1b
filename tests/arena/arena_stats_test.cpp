// The match statistics against reference values computed independently.
//
// Every reference below was computed with a separate Python 3 script (run
// once by hand, not by the test), written from the formulas rather than from
// this code:
//   elo(s)   = -400 * log10(1/s - 1)
//   trinomial: w, d, l = W/n, D/n, L/n; m = w + d/2;
//              v = w(1-m)^2 + d(1/2-m)^2 + l m^2
//   pentanomial: p_i = P_i / n, x_i = i/4; m = sum p_i x_i; v = sum p_i (x_i - m)^2
//   interval: se = sqrt(v / n); [elo(m - 1.959963984540054 se), elo(m + 1.96.. se)], error = half width
//   LOS      = 0.5 * (1 + erf((W - L) / sqrt(2 (W + L))))
//   LLR      = n (s1 - s0)(2m - s0 - s1) / (2v), s_k = 1 / (1 + 10^(-elo_k / 400))
//   bounds   = log(beta / (1 - alpha)), log((1 - beta) / alpha)
#include <gtest/gtest.h>

#include <cmath>

#include <ply/tools/arena/stats.hpp>

namespace ply::arena {
namespace {

TEST(ArenaStats, EloOfScore) {
    EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
    // 3:1 odds is 400 * log10(3) = 190.848501887865 (by hand).
    EXPECT_NEAR(elo_from_score(0.75), 190.848501887865, 1e-9);
    EXPECT_NEAR(elo_from_score(0.25), -190.848501887865, 1e-9);
    EXPECT_NEAR(score_from_elo(190.848501887865), 0.75, 1e-12);
    EXPECT_TRUE(std::isinf(elo_from_score(1.0)));
    EXPECT_TRUE(std::isinf(elo_from_score(0.0)));
}

TEST(ArenaStats, TrinomialEloAndInterval) {
    // W 60 D 25 L 15: python gave m 0.725, v 0.136875, Elo 168.40212509629237,
    // error 64.34708455324821, interval [109.44105425489859, 238.13522336139502].
    Tally t{60, 25, 15, {}};
    EXPECT_DOUBLE_EQ(t.score(), 0.725);
    const auto m = trinomial_moments(t);
    ASSERT_TRUE(m);
    EXPECT_NEAR(m->variance, 0.136875, 1e-12);
    const auto e = estimate_elo(t, false);
    EXPECT_NEAR(e.elo, 168.40212509629237, 1e-6);
    EXPECT_NEAR(e.error, 64.34708455324821, 1e-6);
    EXPECT_NEAR(e.lower, 109.44105425489859, 1e-6);
    EXPECT_NEAR(e.upper, 238.13522336139502, 1e-6);
}

TEST(ArenaStats, LikelihoodOfSuperiority) {
    // W 10 L 5: 0.5 (1 + erf(5 / sqrt(30))) = 0.9016471987705266 (python).
    EXPECT_NEAR(likelihood_of_superiority(Tally{10, 7, 5, {}}), 0.9016471987705266, 1e-12);
    // W 1200 D 1650 L 1150: 0.8488283391118131 (python).
    EXPECT_NEAR(likelihood_of_superiority(Tally{1200, 1650, 1150, {}}), 0.8488283391118131, 1e-12);
    EXPECT_DOUBLE_EQ(likelihood_of_superiority(Tally{0, 9, 0, {}}), 0.5);
}

TEST(ArenaStats, SprtBounds) {
    const SprtSettings s{0, 5, 0.05, 0.05};
    EXPECT_NEAR(s.lower_bound(), -2.9444389791664403, 1e-12);
    EXPECT_NEAR(s.upper_bound(), 2.9444389791664403, 1e-12);
}

TEST(ArenaStats, TrinomialLlr) {
    const SprtSettings s{0, 5, 0.05, 0.05};
    // W 60 D 25 L 15, elo0 0 elo1 5: python 1.1638420340723974.
    EXPECT_NEAR(sprt_llr(Tally{60, 25, 15, {}}, s, false), 1.1638420340723974, 1e-9);
    // W 1200 D 1650 L 1150: python 0.5198907190307718; Elo 4.343171035283308 +- 8.254450619742471.
    const Tally big{1200, 1650, 1150, {}};
    EXPECT_NEAR(sprt_llr(big, s, false), 0.5198907190307718, 1e-9);
    const auto e = estimate_elo(big, false);
    EXPECT_NEAR(e.elo, 4.343171035283308, 1e-6);
    EXPECT_NEAR(e.error, 8.254450619742471, 1e-6);
    EXPECT_EQ(sprt_verdict(0.52, s), SprtVerdict::Continue);
    EXPECT_EQ(sprt_verdict(3.0, s), SprtVerdict::AcceptH1);
    EXPECT_EQ(sprt_verdict(-3.0, s), SprtVerdict::AcceptH0);
    EXPECT_EQ(sprt_llr(Tally{0, 10, 0, {}}, s, false), 0.0);  // no variance, no information
}

TEST(ArenaStats, PentanomialEloAndLlr) {
    // Pairs [5, 20, 40, 25, 10] (0, 1/2, 1, 3/2, 2 points): python gave
    // m 0.5375, v 0.06421875, Elo 26.10669260503662, error 34.8264253039565,
    // interval [-8.457048440804229, 61.19580216710877], LLR(0, 10) 0.6789666135073781.
    Tally t;
    t.pairs = {5, 20, 40, 25, 10};
    const auto m = pentanomial_moments(t);
    ASSERT_TRUE(m);
    EXPECT_NEAR(m->mean, 0.5375, 1e-12);
    EXPECT_NEAR(m->variance, 0.06421875, 1e-12);
    const auto e = estimate_elo(t, true);
    EXPECT_NEAR(e.elo, 26.10669260503662, 1e-6);
    EXPECT_NEAR(e.error, 34.8264253039565, 1e-6);
    EXPECT_NEAR(e.lower, -8.457048440804229, 1e-6);
    EXPECT_NEAR(e.upper, 61.19580216710877, 1e-6);
    EXPECT_NEAR(sprt_llr(t, SprtSettings{0, 10, 0.05, 0.05}, true), 0.6789666135073781, 1e-9);
}

TEST(ArenaStats, NoGames) {
    const Tally t;
    EXPECT_DOUBLE_EQ(t.score(), 0.5);
    EXPECT_TRUE(std::isinf(estimate_elo(t, false).error));
    EXPECT_EQ(sprt_llr(t, SprtSettings{}, true), 0.0);
}

}  // namespace
}  // namespace ply::arena
