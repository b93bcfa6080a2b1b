// Chess's part of the engine protocols: what uci::UciGame and
// xboard::XboardGame ask of a game beyond its rules. FEN as each protocol
// sends it (Chess960 castling included), UCI moves, who moves first (the
// clocks are White's and Black's), `bench`, `d`, `eval`, `go perft`, the
// Polyglot opening book, the Elo table, the WDL model, and xboard's result
// lines and move-like words. The protocols themselves stay in uci/ and xboard/.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ply/core/protocol.hpp>
#include <ply/games/chess/bench_positions.hpp>
#include <ply/games/chess/polyglot.hpp>
#include <ply/games/chess/position.hpp>
#include <ply/games/chess/strength.hpp>
#include <ply/games/chess/wdl.hpp>

namespace ply {

template <>
struct EngineProtocol<chess::Position> {
    using Position = chess::Position;
    using Move = chess::Move;

    // --- Both protocols -----------------------------------------------------
    // White moves first: `wtime`, `white` and the engine's colour are about it.
    static bool first_to_move(const Position& pos) { return pos.side_to_move() == chess::White; }

    // --- UCI ----------------------------------------------------------------
    static constexpr std::string_view start_fen = chess::kStartFen;
    // `position fen`: with UCI_Chess960 off, castling rights only Chess960
    // has are refused, as a standard GUI could not read the castling moves.
    static Position from_uci(std::string_view fen, bool chess960);
    // A move in UCI notation, if legal.
    static std::optional<Move> parse_uci(const Position& pos, std::string_view text);
    // UCI_Chess960: a position whose castling rights need 960 notation keeps it.
    static void set_chess960(Position& pos, bool on) {
        pos.set_chess960(on || Position::from_fen(pos.fen()).chess960());
    }

    static constexpr auto& bench_positions = chess::kBenchPositions;
    static constexpr int bench_depth = chess::kBenchDepth;
    // `d`, Stockfish's layout: the board, FEN, key and checkers.
    static std::string display(const Position& pos);
    // `eval`: the terms of the evaluation.
    static std::string describe_eval(const Position& pos);
    // `go perft N`: the count below each legal move; partial once *stop is set.
    static std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                                    const std::atomic<bool>* stop);

    // UCI_LimitStrength and UCI_Elo.
    static constexpr int min_elo = chess::kMinElo;
    static constexpr int max_elo = chess::kMaxElo;
    static int skill_level_for_elo(int elo) { return chess::skill_level_for_elo(elo); }
    // UCI_ShowWDL.
    static chess::Wdl wdl(Score score) { return chess::wdl_of(score); }
    // OwnBook: a Polyglot book; `best` plays its heaviest move, not a weighted choice.
    using Book = chess::polyglot::Book;
    static std::optional<Move> book_move(const Book& book, const Position& pos, bool best, std::mt19937_64& rng) {
        return book.choose(pos, best ? chess::polyglot::Choice::Best : chess::polyglot::Choice::Weighted, rng);
    }

    // --- xboard -------------------------------------------------------------
    // `setboard`: only variant normal is offered, so Chess960 castling is refused.
    static Position from_xboard(std::string_view fen);
    // Protocol version 1's `white` / `black`: the same board, the other side
    // to move, no en passant square; throws ParseError.
    static Position with_first_to_move(const Position& pos, bool first);
    // "1-0 {White mates}", "1/2-1/2 {Stalemate}"...; "" while the game goes on.
    static std::string result_line(const Position& pos);
    // A word that is no command but could be a move (GUIs without `usermove`
    // send bare moves): SAN or coordinates, which name a square or castle.
    static bool looks_like_move(std::string_view word);
};

}  // namespace ply
