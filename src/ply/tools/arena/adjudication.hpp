// Ending games early on the engines' own evaluations.
//   draw=movenumber,movecount,score: from full move `movenumber` on, when both
//     engines have reported |score| <= `score` centipawns for their last
//     `movecount` moves each, the game is a draw;
//   resign=movecount,score: when one engine has reported <= -score for its
//     last `movecount` moves and its opponent >= +score for its last
//     `movecount` moves, the first loses.
// Written on the command line as draw=40,8,10 or
// draw=movenumber=40,movecount=8,score=10 (resign likewise).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <ply/tools/arena/game_record.hpp>

namespace ply::arena {

struct Adjudication {
    struct Draw {
        int movenumber = 0, movecount = 0, score = 0;
    };
    struct Resign {
        int movecount = 0, score = 0;
    };
    std::optional<Draw> draw;
    std::optional<Resign> resign;

    // Parses one word (draw=... or resign=...); throws ParseError.
    void parse(const std::string& word);
};

struct Verdict {
    int winner = -1;  // -1 draw, else 0 White / 1 Black
    std::string reason;
};

// Looks at the moves played so far (`moves`, alternate sides, `first_side`
// made moves[0]) at full move `fullmove` (of the position after them).
std::optional<Verdict> adjudicate(const Adjudication& rules, const std::vector<MoveRecord>& moves, int first_side,
                                  int fullmove);

}  // namespace ply::arena
