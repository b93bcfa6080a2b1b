// Checkers as the front ends and the searches know it: its facts, and a
// check of every capability (core/game.hpp) it claims.
#pragma once

#include <ply/core/board_view.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>
#include <ply/games/checkers/ballots.hpp>
#include <ply/games/checkers/cb_board.hpp>
#include <ply/games/checkers/checkers.hpp>
#include <ply/games/checkers/perft.hpp>
#include <ply/games/checkers/slices.hpp>
#include <ply/games/checkers/solve.hpp>
#include <ply/games/checkers/tuning.hpp>

namespace ply {

template <>
struct Description<checkers::Checkers> {
    static constexpr GameFacts facts{
        .name = checkers::Checkers::name,
        .summary = "English draughts (American checkers): PDN FEN positions, moves as 11-15, 15x24",
        .players = {"Black", "White"},
        .start_position = "start",
        .position_alias = "fen",  // PDN's FEN
        .move_hint = "squares 1-32 as 11-15, captures as 15x24 (15x24x31 where routes differ)",
        .default_depth = 12,
        .match_depth = 10,
        .default_seconds = 1.0,
        .pdn_game_type = "21",
    };
};

namespace checkers {

// Rules: threefold repetition and the 40-move rule, tested cheaply, and the
// moves still on the board after one.
static_assert(DrawRuleGame<Checkers> && RuleEndedGame<Checkers>);
// Hashing and search hints: captures are the tactical moves (quiescence is
// the capture sequence), moves keyed for the history tables.
static_assert(HashedGame<Checkers> && TacticalGame<Checkers> && OrderedTacticsGame<Checkers> &&
              KeyedMoveGame<Checkers> && EvalUnitGame<Checkers>);
// Margins and reductions of its own (search_parameters.hpp).
static_assert(SearchParametersGame<Checkers>);
// A pending capture is a check: no standing pat on it in quiescence, no
// pruning of the node; a move that offers one is kept from reductions.
static_assert(CheckGame<Checkers>);
// The evaluation's weights, for `ply datagen --game checkers` and `ply tune`.
static_assert(TunableGame<Checkers>);
// Front ends: notation, the turn and move number, an SVG board.
static_assert(NotatedGame<Checkers> && TurnNumberedGame<Checkers> && BoardGame<Checkers>);
// A perft of its own (perft.hpp): bitboard steps, threads and a hash table.
static_assert(FastPerftGame<Checkers>);
// Small positions solved exactly (solve.hpp): wins, losses and draws proven.
static_assert(OwnSolverGame<Checkers>);
// CheckerBoard's engine interface (cb_board.hpp): the engine library and the
// arena's host of such libraries.
static_assert(CheckerBoardGame<Checkers>);
// Games as PDN (.pdn_game_type above); matches from the ACF three-move ballots.
static_assert(DeckGame<Checkers>);
// Endgame slices for retrograde analysis (slices.hpp): material, the colours folded.
static_assert(SlicedGame<Checkers>);

}  // namespace checkers
}  // namespace ply
