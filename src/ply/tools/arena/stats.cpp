#include <ply/tools/arena/stats.hpp>

#include <cmath>
#include <limits>

namespace ply::arena {

namespace {
constexpr double kZ95 = 1.959963984540054;  // two-sided 95% quantile of the normal law
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

double Tally::score() const {
    const auto n = games();
    return n == 0 ? 0.5 : (double(wins) + 0.5 * double(draws)) / double(n);
}

double elo_from_score(double score) {
    if (score <= 0) return -kInf;
    if (score >= 1) return kInf;
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

std::optional<Moments> trinomial_moments(const Tally& t) {
    const double n = double(t.games());
    if (n == 0) return std::nullopt;
    const double w = double(t.wins) / n, d = double(t.draws) / n, l = double(t.losses) / n;
    const double mean = w + 0.5 * d;
    const double var = w * (1 - mean) * (1 - mean) + d * (0.5 - mean) * (0.5 - mean) + l * mean * mean;
    return Moments{mean, var, n};
}

std::optional<Moments> pentanomial_moments(const Tally& t) {
    const double n = double(t.pair_count());
    if (n == 0) return std::nullopt;
    double mean = 0;
    for (int i = 0; i < 5; ++i) mean += double(t.pairs[std::size_t(i)]) / n * (i / 4.0);
    double var = 0;
    for (int i = 0; i < 5; ++i) {
        const double x = i / 4.0 - mean;
        var += double(t.pairs[std::size_t(i)]) / n * x * x;
    }
    return Moments{mean, var, n};
}

EloEstimate estimate_elo(const Tally& t, bool pentanomial) {
    EloEstimate e;
    const auto m = pentanomial && t.pair_count() > 0 ? pentanomial_moments(t) : trinomial_moments(t);
    if (!m) {
        e.error = kInf;
        e.lower = -kInf;
        e.upper = kInf;
        return e;
    }
    e.elo = elo_from_score(m->mean);
    const double stderr_mean = std::sqrt(m->variance / m->n);
    e.lower = elo_from_score(m->mean - kZ95 * stderr_mean);
    e.upper = elo_from_score(m->mean + kZ95 * stderr_mean);
    e.error = (e.upper - e.lower) / 2;
    return e;
}

double likelihood_of_superiority(const Tally& t) {
    const double decisive = double(t.wins + t.losses);
    if (decisive == 0) return 0.5;
    return 0.5 * (1.0 + std::erf(double(t.wins - t.losses) / std::sqrt(2.0 * decisive)));
}

double SprtSettings::lower_bound() const { return std::log(beta / (1 - alpha)); }
double SprtSettings::upper_bound() const { return std::log((1 - beta) / alpha); }

double sprt_llr(const Tally& t, const SprtSettings& s, bool pentanomial) {
    const auto m = pentanomial && t.pair_count() > 0 ? pentanomial_moments(t) : trinomial_moments(t);
    if (!m || m->variance <= 0) return 0;  // no information yet (e.g. only draws)
    const double s0 = score_from_elo(s.elo0), s1 = score_from_elo(s.elo1);
    return m->n * (s1 - s0) * (2 * m->mean - s0 - s1) / (2 * m->variance);
}

SprtVerdict sprt_verdict(double llr, const SprtSettings& s) {
    if (llr >= s.upper_bound()) return SprtVerdict::AcceptH1;
    if (llr <= s.lower_bound()) return SprtVerdict::AcceptH0;
    return SprtVerdict::Continue;
}

std::string to_string(SprtVerdict v) {
    switch (v) {
        case SprtVerdict::AcceptH0:
            return "H0 accepted";
        case SprtVerdict::AcceptH1:
            return "H1 accepted";
        case SprtVerdict::Continue:
            return "continue";
    }
    return "?";
}

}  // namespace ply::arena
