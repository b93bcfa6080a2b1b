// Checkers as CheckerBoard engines see it (Martin Fierz's engine interface,
// which CheckerBoard and Linux hosts such as cliche load): the board as
// `int board[8][8]` indexed [x][y], square 1 at [6][0], 4 at [0][0], 5 at
// [7][1], 32 at [1][7] (Black's men start on y 0-2); a piece is its colour
// and kind or'ed (BLACK | MAN), empty 0 (old hosts send FREE, 16); a move is
// a CbMove. Both sides of the interface use this: the engine library
// (checkerboard/) and the arena hosting such libraries (tools/arena/).
#pragma once

#include <optional>
#include <string>

#include <ply/core/protocol.hpp>
#include <ply/games/checkers/checkers.hpp>

namespace ply::checkers::cb {

// The interface's numbers for checkers (the others: cb_api, core/protocol.hpp).
inline constexpr int kWhite = 1, kBlack = 2, kMan = 4, kKing = 8, kFree = 16;
inline constexpr int kGameTypeEnglish = 21;

// The C layout of the interface: plain ints, as the hosts declare them.
struct Coor {
    int x;
    int y;
};
struct CbMove {
    int jumps;     // pieces taken
    int newpiece;  // what stands on `to` after the move
    int oldpiece;  // what left `from`
    Coor from, to;
    Coor path[12];  // path[1..jumps]: the landing squares of a jump (path[0]: from)
    Coor del[12];   // the squares of the pieces taken
    int delpiece[12];
};
using Board = int[8][8];

// Square 0-31 to [x][y]: x is 7 - the column as White sees the board (a..h).
constexpr Coor coor_of(int square) { return {7 - column_of(square), row_of(square)}; }
// The square at [x][y], or kNone off the board or on a light square.
constexpr int square_of(Coor c) { return square_at(c.y, 7 - c.x); }

// The position `board` holds with `color` (kBlack, kWhite) to move; throws
// ParseError for a value no piece has, a man on its crowning row, or a colour
// that is neither.
Checkers from_board(const Board& board, int color);
// Writes every dark square of `board` from `g`; light squares are left as they are.
void to_board(const Checkers& g, Board& board);
int color_of(Side side);

// The move `m` of `g` (legal there) as the interface describes it.
CbMove to_cb(const Checkers& g, Move m);
// Plays a CbMove on a board: `from` and the taken pieces emptied, `to` filled.
void play_on_board(Board& board, const CbMove& m);
// The legal move of `g` that goes from `from` to `to` taking the pieces on
// `del` (all of them, in any order), or nothing.
std::optional<Move> find_move(const Checkers& g, const CbMove& m);
// The legal move of `g` that leaves the dark squares as `after` holds them
// (FREE read as empty), or nothing: for engines that play their move on the
// board and leave the CbMove as it was.
std::optional<Move> find_played_move(const Checkers& g, const Board& after);
// The legal move of `g` from square number `from` to `to` (1-32), the first
// of two routes that join them; nothing for none. For hosts' islegal().
std::optional<Move> find_move(const Checkers& g, int from, int to);
// "11x18 taking 15", or the coordinates where a square is no square, for
// messages about a move that is not legal.
std::string describe(const CbMove& m);

}  // namespace ply::checkers::cb

namespace ply {

// What the CheckerBoard front end and the arena's host ask of checkers.
template <>
struct CheckerBoardProtocol<checkers::Checkers> {
    using Move = checkers::Move;
    using CbMove = checkers::cb::CbMove;
    static constexpr int game_type = checkers::cb::kGameTypeEnglish;
    static constexpr int black = checkers::cb::kBlack, white = checkers::cb::kWhite;
    static checkers::Checkers from_board(const checkers::cb::Board& b, int color) {
        return checkers::cb::from_board(b, color);
    }
    static void to_board(const checkers::Checkers& g, checkers::cb::Board& b) { checkers::cb::to_board(g, b); }
    static int color_to_move(const checkers::Checkers& g) { return checkers::cb::color_of(g.side_to_move()); }
    static CbMove to_cb(const checkers::Checkers& g, Move m) { return checkers::cb::to_cb(g, m); }
    static void play_on_board(checkers::cb::Board& b, const CbMove& m) { checkers::cb::play_on_board(b, m); }
    static std::optional<Move> find_move(const checkers::Checkers& g, const CbMove& m) {
        return checkers::cb::find_move(g, m);
    }
    static std::optional<Move> find_played_move(const checkers::Checkers& g, const checkers::cb::Board& after) {
        return checkers::cb::find_played_move(g, after);
    }
    static std::optional<Move> find_move(const checkers::Checkers& g, int from, int to) {
        return checkers::cb::find_move(g, from, to);
    }
    static std::string describe(const CbMove& m) { return checkers::cb::describe(m); }
};

}  // namespace ply
