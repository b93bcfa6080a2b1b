#include <ply/tools/tune/tuner.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <thread>

#include <ply/core/threads.hpp>

namespace ply::tune {

double sigmoid(double k, double x) { return 1.0 / (1.0 + std::exp(-k * x)); }

namespace {

std::array<double, 2> weighted_sum(const WeightCounts& counts, const Weights& weights) {
    std::array<double, 2> sum{0.0, 0.0};
    for (const auto& [index, count] : counts) {
        sum[0] += count * weights[index][0];
        sum[1] += count * weights[index][1];
    }
    return sum;
}

// What a danger sum of s costs in each half (core/tuning.hpp), and its derivative by s.
double danger_cost_mg(const DangerSum& d, double s) { return s > 0 ? s * s / d.mg_divisor : 0; }
double danger_cost_eg(const DangerSum& d, double s) { return s > 0 ? s / d.eg_divisor : 0; }
double danger_slope_mg(const DangerSum& d, double s) { return s > 0 ? 2 * s / d.mg_divisor : 0; }
double danger_slope_eg(const DangerSum& d, double s) { return s > 0 ? 1.0 / d.eg_divisor : 0; }

// The two halves before the blend (core/tuning.hpp), and how the endgame
// half moves with its sum before the complexity and with the complexity C
// (both 0 where the clamp holds it at 0).
struct Halves {
    double mg = 0, eg = 0;
    double eg_slope = 1, complexity_slope = 0;
};

Halves halves(const LinearEval& eval, const Weights& weights) {
    const auto [mg, eg] = weighted_sum(eval.counts, weights);
    Halves h{eval.fixed_mg + mg, eval.fixed_eg + eg};
    for (const DangerSum& danger : eval.dangers) {
        const auto [s_mg, s_eg] = weighted_sum(danger.counts, weights);
        h.mg += danger.sign * danger_cost_mg(danger, s_mg);
        h.eg += danger.sign * danger_cost_eg(danger, s_eg);
    }
    if (!eval.complexity.empty()) {
        const double before = h.eg, c = weighted_sum(eval.complexity, weights)[1];
        const double sign = (before > 0) - (before < 0);
        const bool clamped = c <= -std::abs(before);
        h.eg += sign * std::max(c, -std::abs(before));
        h.eg_slope = clamped ? 0 : 1;
        h.complexity_slope = clamped ? 0 : sign;
    }
    return h;
}

}  // namespace

double linear_value(const LinearEval& eval, const Weights& weights) {
    const Halves h = halves(eval, weights);
    return h.mg * eval.mg_share + h.eg * eval.eg_share;
}

Tuner::Tuner(std::vector<TuneRow> rows, const TuneOptions& options) : options_(options) {
    std::mt19937_64 rng(options.seed);
    std::shuffle(rows.begin(), rows.end(), rng);
    const auto held =
        static_cast<std::size_t>(std::clamp(options.validation, 0.0, 0.9) * static_cast<double>(rows.size()));
    validation_.assign(std::make_move_iterator(rows.end() - static_cast<std::ptrdiff_t>(held)),
                       std::make_move_iterator(rows.end()));
    rows.resize(rows.size() - held);
    training_ = std::move(rows);
    if (options.k) k_ = *options.k;
    score_k_ = options.score_k.value_or(k_);
}

namespace {

// A chunk's part as the doubles SharedSums carries, and back.
std::vector<double> part_doubles(double x) { return {x}; }
std::vector<double> part_doubles(const Weights& w) {
    std::vector<double> out;
    out.reserve(2 * w.size());
    for (const auto& pair : w) out.insert(out.end(), pair.begin(), pair.end());
    return out;
}
void part_from_doubles(const std::vector<double>& v, double& x) { x = v.at(0); }
void part_from_doubles(const std::vector<double>& v, Weights& w) {
    w.assign(v.size() / 2, {0.0, 0.0});
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = {v[2 * i], v[2 * i + 1]};
}

}  // namespace

template <class Part, class F, class Fold>
Part Tuner::in_chunks(const std::vector<TuneRow>& rows, F&& f, Fold&& fold) const {
    // A fixed number of chunks, whatever the threads and processes: sums come out the same.
    constexpr std::size_t kChunks = 64;
    const auto ours = [&](std::size_t c) { return c % std::size_t(shared_.count) == std::size_t(shared_.index); };
    std::vector<Part> parts(kChunks);
    const std::size_t per = (rows.size() + kChunks - 1) / kChunks;
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t c = next++; c < kChunks; c = next++) {
            if (!ours(c)) continue;
            const std::size_t begin = std::min(rows.size(), c * per), end = std::min(rows.size(), begin + per);
            parts[c] = f(begin, end);
        }
    };
    std::vector<std::jthread> threads;
    start_threads(threads, 1, std::max(1, options_.threads), [&](int) { work(); });  // as many as the system gives
    work();
    threads.clear();
    if (!shared_.combine) return fold(parts);
    SharedSums::Parts mine(kChunks);
    for (std::size_t c = 0; c < kChunks; ++c)
        if (ours(c)) mine[c] = part_doubles(parts[c]);
    Part sum{};
    part_from_doubles(shared_.combine(mine,
                                      [&](const SharedSums::Parts& all) {
                                          std::vector<Part> every(kChunks);
                                          for (std::size_t c = 0; c < kChunks; ++c)
                                              part_from_doubles(all.at(c), every[c]);
                                          return part_doubles(fold(every));
                                      }),
                      sum);
    return sum;
}

namespace {

// The chunks' sum, in chunk order.
double chunk_total(const std::vector<double>& parts) { return std::accumulate(parts.begin(), parts.end(), 0.0); }

}  // namespace

double Tuner::target(const TuneRow& row, double lambda) const {
    return lambda * row.result + (1 - lambda) * sigmoid(score_k_, row.score);
}

double Tuner::error(const std::vector<TuneRow>& rows, const Weights& weights, double k, double lambda) const {
    if (rows.empty()) return 0;
    const double sum = in_chunks<double>(
        rows,
        [&](std::size_t begin, std::size_t end) {
            double part = 0;
            for (std::size_t i = begin; i < end; ++i) {
                const double d = target(rows[i], lambda) - sigmoid(k, linear_value(rows[i].eval, weights));
                part += d * d;
            }
            return part;
        },
        chunk_total);
    return sum / static_cast<double>(rows.size());
}

namespace {

// The argument of f's minimum on [0.0001, 0.05] by golden section: K's
// error is unimodal there.
template <class F>
double minimum_k(F&& f) {
    double lo = 0.0001, hi = 0.05;
    const double ratio = (std::sqrt(5.0) - 1) / 2;
    double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    double fa = f(a), fb = f(b);
    for (int i = 0; i < 40; ++i) {
        if (fa < fb) {
            hi = b, b = a, fb = fa, a = hi - ratio * (hi - lo), fa = f(a);
        } else {
            lo = a, a = b, fa = fb, b = lo + ratio * (hi - lo), fb = f(b);
        }
    }
    return (lo + hi) / 2;
}

}  // namespace

double Tuner::fit_k(const Weights& weights) const {
    return minimum_k([&](double k) { return error(training_, weights, k, 1.0); });  // the results alone
}

double Tuner::fit_score_k() const {
    return minimum_k([&](double k) {
        return in_chunks<double>(
            training_,
            [&](std::size_t begin, std::size_t end) {
                double part = 0;
                for (std::size_t i = begin; i < end; ++i) {
                    const double d = training_[i].result - sigmoid(k, training_[i].score);
                    part += d * d;
                }
                return part;
            },
            chunk_total);
    });
}

Weights Tuner::gradient(const Weights& weights) const {
    const double n = static_cast<double>(std::max<std::size_t>(1, training_.size()));
    const auto fold = [&](const std::vector<Weights>& parts) {
        Weights total(weights.size(), {0.0, 0.0});
        for (const Weights& part : parts)
            for (std::size_t i = 0; i < part.size(); ++i)
                for (int h = 0; h < 2; ++h) total[i][h] += part[i][h] / n;
        return total;
    };
    return in_chunks<Weights>(
        training_,
        [&](std::size_t begin, std::size_t end) {
            Weights g(weights.size(), {0.0, 0.0});
            for (std::size_t i = begin; i < end; ++i) {
                const TuneRow& row = training_[i];
                const Halves h = halves(row.eval, weights);
                const double p = sigmoid(k_, h.mg * row.eval.mg_share + h.eg * row.eval.eg_share);
                // d/dE of (t - p)^2 = -2 (t - p) p (1 - p) K
                const double d = -2 * (target(row, options_.lambda) - p) * p * (1 - p) * k_;
                const double d_mg = d * row.eval.mg_share, d_eg = d * row.eval.eg_share * h.eg_slope;
                for (const auto& [index, count] : row.eval.counts) {
                    g[index][0] += d_mg * count;
                    g[index][1] += d_eg * count;
                }
                for (const DangerSum& danger : row.eval.dangers) {
                    const auto [s_mg, s_eg] = weighted_sum(danger.counts, weights);
                    const double mg = d_mg * danger.sign * danger_slope_mg(danger, s_mg);
                    const double eg = d_eg * danger.sign * danger_slope_eg(danger, s_eg);
                    for (const auto& [index, count] : danger.counts) {
                        g[index][0] += mg * count;
                        g[index][1] += eg * count;
                    }
                }
                for (const auto& [index, count] : row.eval.complexity)
                    g[index][1] += d * row.eval.eg_share * h.complexity_slope * count;
            }
            return g;
        },
        fold);
}

std::vector<std::array<bool, 2>> Tuner::held(std::size_t weight_count) const {
    // Positions weighted by the half's share: an endgame feature seen in a
    // thousand positions with a sliver of middlegame left has little support there.
    std::vector<std::array<double, 2>> support(weight_count, {0.0, 0.0});
    auto count_support = [&](const TuneRow& row, const WeightCounts& counts) {
        for (const auto& [index, count] : counts) {
            if (index >= weight_count || count == 0) continue;
            support[index][0] += row.eval.mg_share;
            support[index][1] += row.eval.eg_share;
        }
    };
    for (const TuneRow& row : training_) {
        count_support(row, row.eval.counts);
        for (const DangerSum& danger : row.eval.dangers) count_support(row, danger.counts);
        count_support(row, row.eval.complexity);
    }
    std::vector<std::array<bool, 2>> out(weight_count);
    for (std::size_t i = 0; i < weight_count; ++i)
        for (int h = 0; h < 2; ++h)
            out[i][h] = support[i][h] < static_cast<double>(options_.min_positions) ||
                        (i < options_.hold.size() && options_.hold[i][static_cast<std::size_t>(h)]);
    return out;
}

Weights Tuner::run(Weights weights, const std::function<void(int, const Weights&)>& after_epoch) const {
    constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;
    const auto kept = held(weights.size());
    Weights m(weights.size(), {0.0, 0.0}), v(weights.size(), {0.0, 0.0});
    for (int epoch = 1; epoch <= options_.epochs; ++epoch) {
        const Weights g = gradient(weights);
        const double c1 = 1 - std::pow(kBeta1, epoch), c2 = 1 - std::pow(kBeta2, epoch);
        for (std::size_t i = 0; i < weights.size(); ++i) {
            for (int h = 0; h < 2; ++h) {
                if (kept[i][h]) continue;
                m[i][h] = kBeta1 * m[i][h] + (1 - kBeta1) * g[i][h];
                v[i][h] = kBeta2 * v[i][h] + (1 - kBeta2) * g[i][h] * g[i][h];
                weights[i][h] -= options_.learning_rate * (m[i][h] / c1) / (std::sqrt(v[i][h] / c2) + kEpsilon);
            }
        }
        if (after_epoch) after_epoch(epoch, weights);
    }
    return weights;
}

}  // namespace ply::tune
