// Learning to play a matrix game by repetition, beside the exact solution:
// how play converges, and a way to solve games too large for the simplex.
//
// - Fictitious play (Brown 1951, convergence Robinson 1951): each round each
//   player in turn plays a best reply to the other's past play, counted.
// - Regret matching (Hart and Mas-Colell 2000): each plays every strategy in
//   proportion to how much it would have gained by always playing it; the
//   average strategies converge. Regret matching+ (Tammelin 2014) floors the
//   regrets at zero and weighs round t by t: much faster in practice.
//
// The exploitability of the average strategies (x, y) is what a best reply
// gains against them together: max_i (A y)_i - min_j (x A)_j, zero exactly
// at an equilibrium; the value lies between the two terms.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <ply/theory/matrix_game.hpp>

namespace ply::theory {

enum class Learner { FictitiousPlay, RegretMatching, RegretMatchingPlus };

std::string_view learner_name(Learner l);  // "fictitious-play", "regret-matching", "regret-matching+"

struct LearnerOptions {
    std::size_t max_rounds = 10'000;
    double target = 0;  // stop once the exploitability is at most this (0: run every round)
};

struct RoundSample {
    std::size_t round = 0;
    double exploitability = 0;
};

struct LearnerResult {
    Learner learner = Learner::FictitiousPlay;
    std::size_t rounds = 0;
    double seconds = 0;
    double exploitability = 0;                       // after the last round
    double lower = 0, upper = 0;                     // what the average strategies guarantee: lower <= value <= upper
    std::vector<double> row_strategy, col_strategy;  // the averages
    // Every round up to 100, then those of two significant digits, and the last.
    std::vector<RoundSample> trace;
};

// Learning is bounded by its work, about a minute's: the rounds times the
// payoffs each round looks at (all of them for regret matching, a row and
// a column for fictitious play).
inline constexpr double kMaxLearningWork = 2e10;

// The most rounds `learner` may play on `g` (at least 1).
std::size_t round_limit(const MatrixGame& g, Learner learner);

// Throws ParseError, "100000000 rounds of regret-matching on a 1000x1000
// game are more than its limit of 9976", if `rounds` is over the limit.
void check_rounds(const MatrixGame& g, Learner learner, std::size_t rounds);

// Throws as check_rounds does.
LearnerResult learn(const MatrixGame& g, Learner learner, const LearnerOptions& options);

}  // namespace ply::theory
