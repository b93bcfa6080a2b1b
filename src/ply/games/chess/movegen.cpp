#include <ply/games/chess/movegen.hpp>

namespace ply::chess {

void Position::generate_legal(MoveList& list) const {
    list.resize(movegen::generate<movegen::Gen::All, false>(*this, list.begin()));
}

void Position::generate_moves(MoveList& list) const {
    generate_legal(list);
    // Draws by rule end the game even though moves remain (Game contract).
    if (!list.empty() && game_ending_draw() != DrawRule::None) list.clear();
}

void Position::generate_tactical(MoveList& list) const {
    list.resize(movegen::generate<movegen::Gen::Tactical, false>(*this, list.begin()));
}

bool Position::is_legal(Move m) const {
    MoveList list;
    generate_legal(list);
    return list.contains(m);
}

namespace {

// Whether a piece of type `t` and colour `us` on `s` attacks `ksq` through
// `occ`: a slider only along its own lines, with nothing between.
bool checks_from(PieceType t, Color us, Square s, Square ksq, Bitboard occ) {
    switch (t) {
        case Pawn:
            return pawn_attacks(us, s) & square_bb(ksq);
        case Knight:
            return knight_attacks(s) & square_bb(ksq);
        case Bishop:
        case Rook:
        case Queen: {
            if (!line_bb(s, ksq)) return false;
            const bool straight = file_of(s) == file_of(ksq) || rank_of(s) == rank_of(ksq);
            if ((t == Bishop && straight) || (t == Rook && !straight)) return false;
            return !(between_bb(s, ksq) & occ);
        }
        default:
            return false;  // a king never gives check
    }
}

}  // namespace

Bitboard Position::threats() const {
    return side_ == White ? movegen::attacked_by<Black>(*this, pieces()) : movegen::attacked_by<White>(*this, pieces());
}

bool Position::gives_check(Move m) const {
    const Color us = side_;
    const Square ksq = king_square(~us);
    const Square from = m.from(), to = m.to();
    Bitboard occ = pieces() ^ square_bb(from);
    Square lands = to;
    PieceType moved = type_of(board_[from]);
    switch (m.type()) {
        case Castling: {
            // The rook on its new square, or a slider the king uncovered.
            const bool kingside = to > from;
            const Square kto = castling_king_to(us, kingside), rto = castling_rook_to(us, kingside);
            occ = (occ ^ square_bb(to)) | square_bb(kto) | square_bb(rto);
            if (rook_attacks(rto, occ) & square_bb(ksq)) return true;
            const Bitboard sliders = ~square_bb(to);
            return ((rook_attacks(ksq, occ) & pieces(us, Rook, Queen) & sliders) |
                    (bishop_attacks(ksq, occ) & pieces(us, Bishop, Queen) & sliders)) != 0;
        }
        case EnPassant:
            occ ^= square_bb(to ^ 8);
            break;
        case Promotion:
            moved = m.promotion();
            break;
        default:
            break;
    }
    occ |= square_bb(lands);
    if (checks_from(moved, us, lands, ksq, occ)) return true;
    // Discovered check by a slider that the move uncovered: only a square
    // the move empties on one of the king's lines can uncover one.
    const bool uncovers = line_bb(ksq, from) || (m.type() == EnPassant && line_bb(ksq, to ^ 8));
    if (!uncovers) return false;
    const Bitboard others = ~square_bb(from);
    return ((rook_attacks(ksq, occ) & pieces(us, Rook, Queen) & others) |
            (bishop_attacks(ksq, occ) & pieces(us, Bishop, Queen) & others)) != 0;
}

}  // namespace ply::chess
