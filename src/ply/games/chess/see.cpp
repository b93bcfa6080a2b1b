// Static exchange evaluation: the material a move wins once both sides have
// recaptured on its destination square for as long as it pays, each always
// with its least valuable piece. Sliders lined up behind a capturer (x-rays)
// join in as the pieces in front of them leave. Pins are ignored.
#include <algorithm>

#include <ply/games/chess/position.hpp>

namespace ply::chess {

namespace {
constexpr Score kSeeValue[6] = {100, 320, 330, 500, 900, 20000};
}

bool Position::see_ge(Move m, Score threshold) const {
    if (m.type() == Castling || m.type() == Promotion) return threshold <= 0;
    const Square from = m.from(), to = m.to();
    Bitboard occ = pieces() ^ square_bb(from);

    // gain[k]: what the side making the k-th capture has won if play stops there.
    Score gain[40];
    int d = 0;
    gain[0] = board_[to] != NoPiece ? kSeeValue[type_of(board_[to])] : 0;
    if (m.type() == EnPassant) {
        gain[0] = kSeeValue[Pawn];
        occ ^= square_bb(to ^ 8);
    }
    Score on_square = kSeeValue[type_of(board_[from])];
    // The exchange wins at most what the move takes and loses at most the
    // mover on top: a pawn taking a queen, or a quiet move held to a wide
    // margin, is settled without the swap list.
    if (gain[0] < threshold) return false;
    if (gain[0] - on_square >= threshold) return true;

    const Bitboard diagonal = pieces(Bishop) | pieces(Queen), straight = pieces(Rook) | pieces(Queen);
    Bitboard attackers = attackers_to(to, occ) & occ;
    Color side = ~side_;
    for (;;) {
        const Bitboard mine = attackers & pieces(side);
        if (!mine) break;
        PieceType type = Pawn;
        while (!(mine & pieces(type))) type = PieceType(type + 1);
        occ ^= square_bb(lsb(mine & pieces(type)));
        if (type == Pawn || type == Bishop || type == Queen) attackers |= bishop_attacks(to, occ) & diagonal;
        if (type == Rook || type == Queen) attackers |= rook_attacks(to, occ) & straight;
        attackers &= occ;
        if (type == King && (attackers & pieces(~side))) break;  // would capture into check
        ++d;
        gain[d] = on_square - gain[d - 1];
        on_square = kSeeValue[type];
        side = ~side;
    }
    // Each side may decline to capture: fold the list back to the first move.
    for (; d > 0; --d) gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    return gain[0] >= threshold;
}

}  // namespace ply::chess
