// `ply tune`: fits the weights of an evaluation (core/tuning.hpp: linear,
// with danger terms squared) to training positions by Adam on the mean
// squared error between the predicted and the wanted winning chance, as
// Texel's method and Ethereal's tuner do. The prediction is sigmoid(K * eval);
// the target blends the game's result and the search's score:
// lambda * result + (1 - lambda) * sigmoid(Ks * score). K is fitted first, to
// the results, with the weights as they are; Ks too, to the results from the
// scores, which need not share the evaluation's scale (another program's
// search may have labelled them). Full batches summed in a fixed
// order: the same data and seed give the same weights on any number of threads.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <ply/core/tuning.hpp>

namespace ply::tune {

using Weights = std::vector<std::array<double, 2>>;  // middlegame, endgame

struct TuneRow {
    LinearEval eval;
    double result = 0.5;  // the first player's: 1, 0.5, 0
    double score = 0;     // the search's, first player's view
};

struct TuneOptions {
    int epochs = 300;
    double learning_rate = 1.0;  // Adam's step, in weight units
    double lambda = 0.5;         // the result's share of the target
    double validation = 0.1;     // share of the positions held out
    int threads = 2;
    std::uint64_t seed = 1;
    std::optional<double> k;        // fitted when not given
    std::optional<double> score_k;  // likewise
    // A weight half (middlegame or endgame) counted in fewer training
    // positions than this, each weighted by that half's share of the blend,
    // keeps its start value: too few to fit, and what is fitted to a handful
    // of games only adds noise where the search goes.
    std::size_t min_positions = 0;
    // Weight halves kept at their start value whatever the data says, by
    // weight number: [i][0] the middlegame half, [i][1] the endgame one.
    std::vector<std::array<bool, 2>> hold;
};

double sigmoid(double k, double x);

// A tuner's sums shared with other processes (cli/tune.cpp: the ranks of an
// MPI job, each holding every position). Every sum is over 64 fixed chunks of
// positions; this process computes the chunks c with c % count == index,
// each chunk's part a vector of doubles. `combine` gets them (the others'
// entries empty) and `fold`, which turns every chunk's part, in chunk order,
// into the sum; it must call fold in one place on all the processes' parts
// and return its result to each. The sums are then bit for bit those of one
// process. Every process must make the same calls in the same order.
struct SharedSums {
    using Parts = std::vector<std::vector<double>>;
    using Fold = std::function<std::vector<double>(const Parts& all)>;
    int index = 0, count = 1;
    std::function<std::vector<double>(const Parts& mine, const Fold& fold)> combine;
};

class Tuner {
public:
    // Splits the rows (seeded) into training and validation positions.
    Tuner(std::vector<TuneRow> rows, const TuneOptions& options);

    [[nodiscard]] std::size_t training_size() const { return training_.size(); }
    [[nodiscard]] std::size_t validation_size() const { return validation_.size(); }

    // The K that best predicts the results from `weights` (golden section).
    double fit_k(const Weights& weights) const;
    // The Ks that best predicts the results from the scores.
    double fit_score_k() const;
    void set_k(double k) { k_ = k; }
    void set_score_k(double k) { score_k_ = k; }
    [[nodiscard]] double k() const { return k_; }
    [[nodiscard]] double score_k() const { return score_k_; }

    [[nodiscard]] double training_error(const Weights& weights) const {
        return error(training_, weights, k_, options_.lambda);
    }
    [[nodiscard]] double validation_error(const Weights& weights) const {
        return error(validation_, weights, k_, options_.lambda);
    }
    // d(training error)/d(weight), both halves of every pair.
    [[nodiscard]] Weights gradient(const Weights& weights) const;

    // For each weight half, whether it is held: asked to be, or counted in
    // fewer than min_positions training positions.
    [[nodiscard]] std::vector<std::array<bool, 2>> held(std::size_t weight_count) const;

    // Runs Adam from `weights`, the held halves kept; calls `after_epoch(epoch, weights)` after each.
    Weights run(Weights weights, const std::function<void(int, const Weights&)>& after_epoch) const;

    // From now on, every sum (errors, K's fits, gradients) is shared.
    void share(SharedSums shared) { shared_ = std::move(shared); }

private:
    double error(const std::vector<TuneRow>& rows, const Weights& weights, double k, double lambda) const;
    double target(const TuneRow& row, double lambda) const;
    // fold(parts) of f(row range) over the fixed chunks, computed on the
    // threads (and, shared, the other processes), folded in chunk order.
    template <class Part, class F, class Fold>
    Part in_chunks(const std::vector<TuneRow>& rows, F&& f, Fold&& fold) const;

    std::vector<TuneRow> training_, validation_;
    TuneOptions options_;
    SharedSums shared_;
    double k_ = 0.0057;  // about ln(10) / 400, the usual scale of centipawns
    double score_k_ = k_;
};

double linear_value(const LinearEval& eval, const Weights& weights);

}  // namespace ply::tune
