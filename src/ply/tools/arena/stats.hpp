// Match statistics: Elo from a score with its 95% interval, likelihood of
// superiority, and the sequential probability ratio test (SPRT).
//
// Conventions (the same as cutechess-cli, fastchess and OpenBench):
//   * Elo is the logistic Elo: a score s corresponds to 400 * log10(s / (1 - s)).
//   * The 95% interval comes from the normal approximation of the mean score
//     (mean +- 1.959964 standard errors) mapped through that formula; "+-" is
//     half the width of the mapped interval.
//   * LOS = Phi((W - L) / sqrt(W + L)), draws ignored.
//   * SPRT: the generalised SPRT (GSPRT) of Michel Van den Bergh in its normal
//     approximation, with the hypotheses H0: elo = elo0, H1: elo = elo1 in
//     *logistic* Elo: with s0, s1 the expected scores of elo0 and elo1 and
//     (s, var) the sample mean and variance of the outcomes,
//         LLR = N * (s1 - s0) * (2s - s0 - s1) / (2 var).
//     The outcomes are single games (trinomial: 0, 1/2, 1) or, for games
//     paired by --repeat, the pair totals divided by two (pentanomial:
//     0, 1/4, 1/2, 3/4, 1), N being the number of games or of pairs.
//     Bounds: accept H1 at log((1 - beta) / alpha), H0 at log(beta / (1 - alpha)).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace ply::arena {

// Wins, draws and losses of the first player, and with --repeat the
// pentanomial counts of complete pairs: index = points scored in the pair
// times two (0 = lost both ... 4 = won both).
struct Tally {
    std::int64_t wins = 0, draws = 0, losses = 0;
    std::array<std::int64_t, 5> pairs{};

    [[nodiscard]] std::int64_t games() const { return wins + draws + losses; }
    [[nodiscard]] std::int64_t pair_count() const { return pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4]; }
    [[nodiscard]] double score() const;  // (W + D/2) / N; 0.5 with no game
};

double elo_from_score(double score);  // +-infinity at 1 and 0
double score_from_elo(double elo);

struct EloEstimate {
    double elo = 0;    // may be infinite
    double error = 0;  // half width of the 95% interval; infinite if unknown
    double lower = 0, upper = 0;
};

// From the trinomial (games) or, when `pentanomial` and pairs exist, from pairs.
EloEstimate estimate_elo(const Tally& t, bool pentanomial);

double likelihood_of_superiority(const Tally& t);  // 0.5 with no decisive game

struct SprtSettings {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    [[nodiscard]] double lower_bound() const;  // log(beta / (1 - alpha))
    [[nodiscard]] double upper_bound() const;  // log((1 - beta) / alpha)
};

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };

double sprt_llr(const Tally& t, const SprtSettings& s, bool pentanomial);
SprtVerdict sprt_verdict(double llr, const SprtSettings& s);
std::string to_string(SprtVerdict v);

// Mean and variance of the per-game (trinomial) or per-pair (pentanomial,
// scaled to [0, 1]) outcomes; nullopt without data.
struct Moments {
    double mean = 0, variance = 0;
    double n = 0;
};
std::optional<Moments> trinomial_moments(const Tally& t);
std::optional<Moments> pentanomial_moments(const Tally& t);

}  // namespace ply::arena
