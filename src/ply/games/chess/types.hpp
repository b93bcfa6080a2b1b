// Chess vocabulary: colours, pieces, squares and the 16-bit move.
#pragma once

#include <cstdint>

namespace ply::chess {

enum Color : std::uint8_t { White, Black };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, NoPieceType };

// Piece = type + 6 * colour; NoPiece marks an empty square.
enum Piece : std::uint8_t { NoPiece = 12 };
constexpr Piece make_piece(Color c, PieceType t) { return Piece(t + 6 * c); }
constexpr PieceType type_of(Piece p) { return PieceType(p % 6); }
constexpr Color color_of(Piece p) { return Color(p / 6); }

// Squares a1 = 0, b1 = 1, ..., h8 = 63.
using Square = int;
inline constexpr Square NoSquare = 64;
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return rank * 8 + file; }
// The same square seen from `c`'s side of the board (rank mirrored for Black).
constexpr Square relative(Color c, Square s) { return c == White ? s : s ^ 56; }
constexpr int relative_rank(Color c, Square s) { return c == White ? rank_of(s) : 7 - rank_of(s); }

enum MoveType : std::uint16_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

// 16 bits: to (0-5), from (6-11), promotion piece - Knight (12-13), type (14-15).
// Castling is encoded king-takes-own-rook: `to` is the rook's square.
class Move {
public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to, MoveType type = Normal, PieceType promo = Knight)
        : v_(static_cast<std::uint16_t>(to | (from << 6) | ((promo - Knight) << 12) | (type << 14))) {}

    static constexpr Move none() { return Move(); }
    static constexpr Move null() { return from_raw(65); }  // b1b1: never a real move
    static constexpr Move from_raw(std::uint16_t v) {
        Move m;
        m.v_ = v;
        return m;
    }

    constexpr Square from() const { return (v_ >> 6) & 63; }
    constexpr Square to() const { return v_ & 63; }
    constexpr MoveType type() const { return MoveType(v_ >> 14); }
    constexpr PieceType promotion() const { return PieceType(((v_ >> 12) & 3) + Knight); }
    constexpr std::uint16_t raw() const { return v_; }
    constexpr explicit operator bool() const { return v_ != 0; }

    friend constexpr bool operator==(Move a, Move b) = default;

private:
    std::uint16_t v_ = 0;
};

// Castling rights: one bit per colour and side.
enum CastlingRight : std::uint8_t {
    WhiteKingside = 1,
    WhiteQueenside = 2,
    BlackKingside = 4,
    BlackQueenside = 8,
    AllCastling = 15
};
constexpr int castling_index(Color c, bool kingside) { return c * 2 + (kingside ? 0 : 1); }
// Both castling rights of one colour.
constexpr int castling_rights_of(Color c) {
    return c == White ? WhiteKingside | WhiteQueenside : BlackKingside | BlackQueenside;
}

}  // namespace ply::chess
