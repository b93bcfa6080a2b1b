// Chess as the front ends and the searches know it: its facts, and a check
// of every capability (core/game.hpp) and trait it claims. The registry and
// every unit that uses chess beyond its rules include this header, which
// includes every trait chess specializes: a unit without it does not compile
// where it asks for one (described()), rather than finding the trait off.
#pragma once

#include <ply/core/board_view.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>
#include <ply/games/chess/epd.hpp>
#include <ply/games/chess/perft.hpp>
#include <ply/games/chess/position.hpp>
#include <ply/games/chess/protocol.hpp>
#include <ply/games/chess/slices.hpp>
#include <ply/games/chess/tuning.hpp>

namespace ply {

template <>
struct Description<chess::Position> {
    static constexpr GameFacts facts{
        .name = chess::Position::name,
        .summary = "chess (FEN positions, UCI or SAN moves)",
        .players = {"White", "Black"},
        .start_position = "startpos",
        .position_alias = "fen",
        .move_hint = "SAN such as Nf3, or UCI such as g1f3",
        .default_depth = 4,
        .match_depth = 3,
        .default_seconds = 1.0,  // `ply play`: a fixed depth is fast here, slow there
        .uci_engines = true,     // the game UCI and xboard engines play
        .pgn_native = true,
    };
};

namespace chess {

// Rules: draws by rule (repetition, fifty moves, material) tested cheaply,
// and the moves still on the board after one.
static_assert(DrawRuleGame<Position> && RuleEndedGame<Position>);
// Hashing.
static_assert(HashedGame<Position>);
// Search hints: everything the production engine reads.
static_assert(NullMoveGame<Position> && TacticalGame<Position> && OrderedTacticsGame<Position> && CheckGame<Position> &&
              ExchangeGame<Position>);
static_assert(KeyedMoveGame<Position> && ThreatKeyedGame<Position> && PieceMoveGame<Position> &&
              CorrectionGame<Position> && SearchParametersGame<Position>);
// Front ends: notation, FEN's turn and move number, Chess960 castling, an SVG
// board, Polyglot books from recorded games.
static_assert(NotatedGame<Position> && TurnNumberedGame<Position> && Chess960Game<Position> && BoardGame<Position> &&
              describe::RecordBookGame<Position>);
// Traits: UCI and xboard (EngineProtocol), a perft of its own (PerftCounter),
// EPD test suites (EpdSuite), `ply datagen` and `ply tune` (Tuning).
static_assert(sizeof(EngineProtocol<Position>) > 0);
static_assert(FastPerftGame<Position> && EpdSuiteGame<Position> && TunableGame<Position>);
// Endgame slices for retrograde analysis, named as Syzygy names its tables (slices.hpp).
static_assert(SlicedGame<Position>);

}  // namespace chess
}  // namespace ply
