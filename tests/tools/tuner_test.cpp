// The tuner's mathematics on synthetic linear models, where the truth is
// known: its gradient is the error's numerical derivative, K is found (the
// scores' too, on their own scale), the
// same seed gives the same weights on any number of threads and, with the
// sums shared, of processes, and weights that generated the data are found again.
#include <gtest/gtest.h>

#include <barrier>
#include <random>
#include <thread>

#include <ply/tools/tune/tuner.hpp>

namespace {

using ply::tune::TuneOptions;
using ply::tune::Tuner;
using ply::tune::TuneRow;
using ply::tune::Weights;

// Rows of a random sparse model over `n` weights, valued by `truth`;
// wins and losses drawn with the chance sigmoid(k * value). With
// `nonlinear`, a third of the rows also have a danger term for either side,
// and a third complexity counts.
std::vector<TuneRow> synthetic(const Weights& truth, std::size_t rows, double k, std::uint64_t seed,
                               bool nonlinear = false) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> share(0, 1);
    std::vector<TuneRow> out;
    for (std::size_t r = 0; r < rows; ++r) {
        TuneRow row;
        const double mg = share(rng);
        row.eval.mg_share = mg;
        row.eval.eg_share = 1 - mg;
        row.eval.fixed_mg = std::uniform_real_distribution<double>(-20, 20)(rng);
        row.eval.fixed_eg = std::uniform_real_distribution<double>(-20, 20)(rng);
        for (std::uint32_t i = 0; i < truth.size(); ++i)
            if (rng() % 3 == 0) row.eval.counts.emplace_back(i, static_cast<std::int16_t>(int(rng() % 5) - 2));
        if (nonlinear && rng() % 3 == 0) {
            ply::DangerSum danger{{}, rng() % 2 ? 1.0 : -1.0, 256, 16};
            for (std::uint32_t i = 0; i < truth.size(); ++i)
                if (rng() % 4 == 0) danger.counts.emplace_back(i, static_cast<std::int16_t>(1 + rng() % 2));
            row.eval.dangers.push_back(danger);
        }
        if (nonlinear && rng() % 3 == 0)
            for (std::uint32_t i = 0; i < truth.size(); ++i)
                if (rng() % 4 == 0) row.eval.complexity.emplace_back(i, static_cast<std::int16_t>(int(rng() % 5) - 2));
        row.score = ply::tune::linear_value(row.eval, truth);
        const double p = ply::tune::sigmoid(k, row.score);
        const double u = share(rng);
        row.result = u < p ? 1.0 : 0.0;
        out.push_back(row);
    }
    return out;
}

Weights truth_of(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Weights w(n);
    for (auto& p : w) p = {double(int(rng() % 201) - 100), double(int(rng() % 201) - 100)};
    return w;
}

}  // namespace

// Danger and complexity terms included: their weights' derivative goes
// through the square and the clamp.
TEST(Tuner, TheGradientIsTheErrorsDerivative) {
    const Weights truth = truth_of(12, 1);
    TuneOptions options;
    options.k = 0.01;
    options.validation = 0;
    const Tuner tuner(synthetic(truth, 400, 0.01, 2, true), options);
    Weights at = truth_of(12, 3);
    // Off the integers: no danger sum or clamp sits on its kink, where the two sides' slopes differ.
    for (auto& pair : at) pair[0] += 0.37, pair[1] += 0.37;
    const Weights g = tuner.gradient(at);
    for (std::size_t i = 0; i < at.size(); ++i) {
        for (int h = 0; h < 2; ++h) {
            constexpr double kH = 1e-3;
            Weights up = at, down = at;
            up[i][h] += kH, down[i][h] -= kH;
            const double numeric = (tuner.training_error(up) - tuner.training_error(down)) / (2 * kH);
            EXPECT_NEAR(g[i][h], numeric, 1e-6 + 1e-4 * std::abs(numeric)) << i << " " << h;
        }
    }
}

TEST(Tuner, FitsTheScaleTheResultsWereDrawnWith) {
    const Weights truth = truth_of(10, 4);
    TuneOptions options;
    options.validation = 0;
    const Tuner tuner(synthetic(truth, 20000, 0.008, 5), options);
    EXPECT_NEAR(tuner.fit_k(truth), 0.008, 0.0015);
}

// Scores from another program, three times the evaluation's scale: their
// own K is found, and tuning on them alone still finds the weights.
TEST(Tuner, ScoresOnAnotherScaleGetTheirOwnK) {
    const Weights truth = truth_of(8, 10);
    auto rows = synthetic(truth, 10000, 0.008, 11);
    for (TuneRow& row : rows) row.score *= 3;
    TuneOptions options;
    options.validation = 0;
    options.lambda = 0;
    options.epochs = 800;
    Tuner tuner(rows, options);
    EXPECT_NEAR(tuner.fit_k(truth), 0.008, 0.0015);
    const double score_k = tuner.fit_score_k();
    EXPECT_NEAR(score_k, 0.008 / 3, 0.0005);
    tuner.set_k(0.008);
    tuner.set_score_k(score_k);
    const Weights found = tuner.run(Weights(truth.size(), {0.0, 0.0}), nullptr);
    for (std::size_t i = 0; i < truth.size(); ++i) {
        EXPECT_NEAR(found[i][0], truth[i][0], 0.1 * std::abs(truth[i][0]) + 3) << i;
        EXPECT_NEAR(found[i][1], truth[i][1], 0.1 * std::abs(truth[i][1]) + 3) << i;
    }
}

TEST(Tuner, RecoversTheWeightsThatMadeTheScores) {
    const Weights truth = truth_of(8, 6);
    TuneOptions options;
    options.k = 0.01;
    options.lambda = 0;
    options.epochs = 2000;
    options.learning_rate = 1;
    const Tuner tuner(synthetic(truth, 3000, 0.01, 7), options);
    const Weights found = tuner.run(Weights(truth.size(), {0.0, 0.0}), nullptr);
    for (std::size_t i = 0; i < truth.size(); ++i) {
        EXPECT_NEAR(found[i][0], truth[i][0], 2.0) << i;
        EXPECT_NEAR(found[i][1], truth[i][1], 2.0) << i;
    }
}

TEST(Tuner, TheSameSeedGivesTheSameWeightsOnAnyNumberOfThreads) {
    const auto rows = synthetic(truth_of(10, 8), 2000, 0.01, 9);
    auto tuned = [&](int threads, std::uint64_t seed) {
        TuneOptions options;
        options.epochs = 30;
        options.threads = threads;
        options.seed = seed;
        const Tuner tuner(rows, options);
        return tuner.run(Weights(10, {0.0, 0.0}), nullptr);
    };
    EXPECT_EQ(tuned(1, 1), tuned(4, 1));
    EXPECT_NE(tuned(2, 1), tuned(2, 2));  // another split into training and validation
}

// Three tuners on threads stand for the ranks of an MPI job: each computes
// its share of the chunks, one folds them all, and every one takes the
// same steps; K's fit, the errors and the weights are one tuner's, bit for bit.
TEST(Tuner, SharedSumsGiveOneTunersResults) {
    const auto rows = synthetic(truth_of(10, 12), 2000, 0.01, 13, true);
    TuneOptions options;
    options.epochs = 20;
    const Tuner alone(rows, options);
    const Weights start(10, {0.0, 0.0});
    const double k_alone = alone.fit_k(start);

    constexpr int kShares = 3;
    std::vector<ply::tune::SharedSums::Parts> deposited(kShares);
    std::vector<double> folded;
    std::barrier meet(kShares);
    std::vector<Weights> tuned(kShares);
    std::vector<double> k(kShares), error(kShares);
    std::vector<std::jthread> shares;
    for (int index = 0; index < kShares; ++index)
        shares.emplace_back([&, index] {
            Tuner tuner(rows, options);
            ply::tune::SharedSums shared{index, kShares, {}};
            shared.combine = [&, index](const ply::tune::SharedSums::Parts& mine,
                                        const ply::tune::SharedSums::Fold& fold) {
                deposited[std::size_t(index)] = mine;
                meet.arrive_and_wait();
                if (index == 0) {
                    ply::tune::SharedSums::Parts all(mine.size());
                    for (std::size_t c = 0; c < all.size(); ++c) all[c] = deposited[c % kShares][c];
                    folded = fold(all);
                }
                meet.arrive_and_wait();
                const std::vector<double> sum = folded;
                meet.arrive_and_wait();  // every share has its sum before the next is folded
                return sum;
            };
            tuner.share(std::move(shared));
            k[std::size_t(index)] = tuner.fit_k(start);
            tuned[std::size_t(index)] = tuner.run(start, nullptr);
            error[std::size_t(index)] = tuner.validation_error(tuned[std::size_t(index)]);
        });
    shares.clear();
    const Weights weights_alone = alone.run(start, nullptr);
    for (int index = 0; index < kShares; ++index) {
        EXPECT_EQ(k[std::size_t(index)], k_alone);
        EXPECT_EQ(tuned[std::size_t(index)], weights_alone);
        EXPECT_EQ(error[std::size_t(index)], alone.validation_error(weights_alone));
    }
    EXPECT_NE(weights_alone, start);
}

TEST(Tuner, WeightsSeenInTooFewPositionsKeepTheirStartValue) {
    // Weight 0 in every row, weight 1 in five rows only (and only in the middlegame half).
    std::vector<TuneRow> rows;
    for (int r = 0; r < 400; ++r) {
        TuneRow row;
        row.eval.mg_share = 1, row.eval.eg_share = 0;
        row.eval.counts.emplace_back(0, 1);
        if (r % 80 == 0) row.eval.counts.emplace_back(1, 1);
        row.score = r % 2 ? 100 : -100;
        row.result = r % 2 ? 1 : 0;
        rows.push_back(row);
    }
    TuneOptions options;
    options.k = 0.01;
    options.validation = 0;
    options.min_positions = 10;
    options.epochs = 50;
    const Tuner tuner(rows, options);
    const auto held = tuner.held(2);
    EXPECT_EQ(held[0], (std::array<bool, 2>{false, true}));  // no endgame share at all
    EXPECT_EQ(held[1], (std::array<bool, 2>{true, true}));
    const Weights start = {{5, 6}, {7, 8}};
    const Weights tuned = tuner.run(start, nullptr);
    EXPECT_NE(tuned[0][0], 5);
    EXPECT_EQ(tuned[0][1], 6);
    EXPECT_EQ(tuned[1], start[1]);
}
