// Playing below full strength (UCI's Skill Level and UCI_Elo): a shallower
// search that keeps several lines, then a random pick among them that
// favours the best. A move scoring more than spread() below the best is
// never picked, so a weak player still does not leave its queen hanging
// where the search sees it; and where it is clearly winning it plays its
// best move, as a weak human converts a won position (it still mates with
// king and rook against king). Knows no game.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include <ply/search/engine/limits.hpp>
#include <ply/search/engine/parameters.hpp>

namespace ply::engine {

struct Skill {
    static constexpr int kFull = 20;  // full strength: no limit, the best move
    int level = kFull;                // 0 (weakest) to kFull

    [[nodiscard]] bool weakened() const { return level < kFull; }
    // Level 0 looks one ply ahead (and through captures), level 19 ten;
    // clearly winning by the static evaluation, as deep as time allows
    // (one ply of greed does not mate with a rook).
    [[nodiscard]] int depth(Score static_eval = 0) const {
        return static_eval >= param::kSkillDecisive ? kMaxPly - 1 : 1 + level / 2;
    }
    // How far below the best a picked move may score.
    [[nodiscard]] Score spread() const { return static_cast<Score>((kFull - level) * param::kSkillSpreadPerLevel); }
    // Lines searched to choose among.
    static constexpr int kLines = 4;

    // The move to play among `lines` (best first, as Result::lines). `seed`
    // makes the choice reproducible.
    template <class Move>
    [[nodiscard]] Move choose(const std::vector<ScoredMove<Move>>& lines, std::uint64_t seed) const {
        const ScoredMove<Move>& best = lines.front();
        if (!weakened() || best.score >= param::kSkillDecisive) return best.move;
        std::mt19937_64 random(seed);
        std::uniform_int_distribution<int> bonus(0, spread());
        Move chosen = best.move;
        int top = best.score + bonus(random);
        // A bonus of at most spread() never lifts a move further behind above the best.
        for (std::size_t i = 1; i < lines.size(); ++i) {
            const int value = lines[i].score + bonus(random);
            if (value > top) {
                top = value;
                chosen = lines[i].move;
            }
        }
        return chosen;
    }
};

}  // namespace ply::engine
