// Opening books: where games start. An opening is a start position plus
// moves from it; the engines play on from the position after the moves.
//
// Files: .pgn for a game PGN is native to (chess: the tags FEN/SetUp and the
// movetext in SAN, comments, variations and NAGs skipped; e.g. the 8-move set
// 8moves_v3.pgn after unzip); one position a line for a game whose books hold
// positions (chess: EPD, one FEN-like record per line); otherwise one opening
// per line, moves in the game's notation separated by spaces, or lines as the
// game's deck writes them (checkers' ballots: "1 9-13 21-17 5-9 C", those not
// in play skipped). '#' starts a comment line. Random openings of a few plies
// serve every game.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include <ply/tools/arena/referee.hpp>

namespace ply::arena {

struct Opening {
    std::string position;            // "" = the game's standard start
    std::vector<std::string> moves;  // canonical, legal in order from `position`
};

// A PGN game as read: its tags and its movetext's moves as written (SAN).
struct PgnGame {
    std::vector<std::pair<std::string, std::string>> tags;
    std::vector<std::string> moves;
    std::string result;  // the termination marker, if any
    [[nodiscard]] const std::string* tag(const std::string& name) const;
};

// Reads every game of a PGN stream (tolerant: comments { } and ;, variations
// ( ), NAGs $n and !?, move numbers "12." and "12..." are skipped).
std::vector<PgnGame> read_pgn(std::istream& in);

// Loads `path` for the game of `referee` (used to check every move); throws
// ply::ParseError naming the file and the entry on a bad one.
std::vector<Opening> load_openings(const std::string& path, Referee& referee);

// The game's own deck (OpeningDeck<G>: checkers' ACF ballots), each line
// checked; none for a game without one.
std::vector<Opening> standard_openings(Referee& referee);

// `count` openings of `plies` random legal moves (none ending the game).
std::vector<Opening> random_openings(Referee& referee, int plies, std::size_t count, std::uint64_t seed);

}  // namespace ply::arena
