// Win, draw and loss chances from a score, as UCI_ShowWDL prints them: a
// logistic model fitted to Ply's own games (bench/wdl-fit, which prints
// these constants). P(win | score x) = 1 / (1 + exp((a - x) / b)) for the
// side to move, P(loss | x) = P(win | -x), the draw what is left.
#pragma once

#include <cmath>

#include <ply/core/score.hpp>

namespace ply::chess {

struct Wdl {
    int win = 0, draw = 1000, loss = 0;  // per mille, summing to 1000
};

// Fitted by bench/wdl-fit: 50,074 evaluated moves of 400 self-play games at
// 20,000 nodes a move (the command is in its header).
inline constexpr double kWdlA = 161.0;  // the score (cp) that wins half the games
inline constexpr double kWdlB = 103.0;  // how quickly the chance rises around it

inline Wdl wdl_of(Score score) {
    if (is_mate(score)) return score > 0 ? Wdl{1000, 0, 0} : Wdl{0, 0, 1000};
    const auto chance = [](double x) { return 1.0 / (1.0 + std::exp((kWdlA - x) / kWdlB)); };
    Wdl w;
    w.win = static_cast<int>(std::lround(1000 * chance(score)));
    w.loss = static_cast<int>(std::lround(1000 * chance(-score)));
    w.draw = 1000 - w.win - w.loss;
    return w;
}

}  // namespace ply::chess
