// The PGN writer: the seven standard tags plus TimeControl, Termination,
// PlyCount; for chess (a game PGN is native to) SetUp/FEN when the engines
// start from an opening position, for other games a Variant tag; moves as
// people read them (SAN for chess, describe::display_move) with a comment per
// move: the engine's evaluation (pawns, or #N for a mate) / depth, the
// thinking time, and the clock, e.g. {+0.35/12 0.52s, clk 0:00:09.48}.
// The opening moves (already in FEN) are named in the first comment.
// A draughts game (GameRecord::pdn_game_type) is written in PDN, PGN's
// dialect for draughts: the players' tags named by their colours (checkers:
// Black, who moves first, "1-0" when Black wins), GameType for Variant, a FEN
// tag (the game's own) only for a start other than the standard one, and the
// opening's moves (a ballot) as the game's first moves.
#pragma once

#include <ostream>
#include <string>

#include <ply/tools/arena/game_record.hpp>

namespace ply::arena {

struct PgnHeader {
    std::string event = "Ply match";
    std::string site = "?";
    std::string date;  // "YYYY.MM.DD"; today's if empty
};

void write_pgn(std::ostream& out, const GameRecord& game, const PgnHeader& header);
std::string pgn_date_today();
// "+0.35/12", "-#3/20", "" when nothing is known.
std::string pgn_evaluation(const SearchInfo& info);

}  // namespace ply::arena
