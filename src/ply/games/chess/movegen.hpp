// Legal move generation. No pseudo-legal step: checks, pins and the king's
// danger squares are worked out first, so every move emitted is legal.
//
//   - double check: king moves only;
//   - single check: other pieces must capture the checker or block its ray;
//   - a pinned piece moves along the line through its king and the pinner;
//   - the king steps only to squares not attacked once it has left its square
//     (so it cannot hide "behind itself" along a checking ray);
//   - en passant is tested by removing both pawns (the rare horizontal pin);
//   - castling (standard and Chess960): the squares between king, rook and
//     their destinations are empty, the king crosses no attacked square, and
//     the king is not left attacked once the castling rook has moved away.
//
// With CountOnly the moves are not written, only counted, with popcounts where
// whole sets of moves share a piece (perft's last ply).
#pragma once

#include <ply/games/chess/position.hpp>

namespace ply::chess::movegen {

enum class Gen { All, Tactical };

// The squares `Them`'s pieces attack with `occupied` blocking the sliders (the
// king's danger squares with it lifted off; Position::threats with it on).
template <Color Them>
inline Bitboard attacked_by(const Position& pos, Bitboard occupied) {
    Bitboard attacked = pawn_attacks_set<Them>(pos.pieces(Them, Pawn)) | king_attacks(pos.king_square(Them));
    for (Bitboard b = pos.pieces(Them, Knight); b;) attacked |= knight_attacks(pop_lsb(b));
    for (Bitboard b = pos.pieces(Them, Bishop, Queen); b;) attacked |= bishop_attacks(pop_lsb(b), occupied);
    for (Bitboard b = pos.pieces(Them, Rook, Queen); b;) attacked |= rook_attacks(pop_lsb(b), occupied);
    return attacked;
}

template <Color Us, Gen Type, bool CountOnly>
inline int generate(const Position& pos, Move* list) {
    constexpr Color Them = Us == White ? Black : White;
    constexpr int Up = chess::Up<Us>, UpLeft = chess::UpLeft<Us>, UpRight = chess::UpRight<Us>;
    constexpr Bitboard Rank7 = Us == White ? rank_bb(6) : rank_bb(1);
    constexpr Bitboard Rank3 = Us == White ? rank_bb(2) : rank_bb(5);

    int count = 0;
    Move* cur = list;
    auto add = [&](Square from, Bitboard targets) {
        if constexpr (CountOnly) {
            count += popcount(targets);
        } else {
            while (targets) *cur++ = Move(from, pop_lsb(targets));
        }
    };
    // Pawn moves to `targets`, each coming from `to - delta`.
    auto add_pawn = [&](Bitboard targets, int delta) {
        if constexpr (CountOnly) {
            count += popcount(targets);
        } else {
            while (targets) {
                const Square to = pop_lsb(targets);
                *cur++ = Move(to - delta, to);
            }
        }
    };
    auto add_promotions = [&](Bitboard targets, int delta) {
        if constexpr (CountOnly) {
            count += 4 * popcount(targets);
        } else {
            while (targets) {
                const Square to = pop_lsb(targets);
                for (PieceType t : {Queen, Rook, Bishop, Knight}) *cur++ = Move(to - delta, to, Promotion, t);
            }
        }
    };

    const Bitboard us = pos.pieces(Us), them = pos.pieces(Them), occ = us | them;
    const Square ksq = pos.king_square(Us);
    const Bitboard their_rq = pos.pieces(Them, Rook, Queen), their_bq = pos.pieces(Them, Bishop, Queen);
    const Bitboard their_knights = pos.pieces(Them, Knight), their_pawns = pos.pieces(Them, Pawn);

    const Bitboard checkers = (knight_attacks(ksq) & their_knights) | (pawn_attacks(Us, ksq) & their_pawns) |
                              (rook_attacks(ksq, occ) & their_rq) | (bishop_attacks(ksq, occ) & their_bq);

    // Squares the enemy attacks, with our king lifted off the board.
    const Bitboard danger = attacked_by<Them>(pos, occ ^ square_bb(ksq));

    const bool quiets = Type == Gen::All || checkers;
    add(ksq, king_attacks(ksq) & ~us & ~danger & (quiets ? ~Bitboard{0} : them));
    if (more_than_one(checkers)) return CountOnly ? count : int(cur - list);

    // Where the other pieces may go: anywhere (not our own), or onto the
    // checking ray when in check.
    const Bitboard check_mask = checkers ? between_bb(ksq, lsb(checkers)) | checkers : ~Bitboard{0};
    const Bitboard targets = ~us & check_mask & (quiets ? ~Bitboard{0} : them);

    Bitboard pinned = 0;
    for (Bitboard snipers = (rook_attacks(ksq, them) & their_rq) | (bishop_attacks(ksq, them) & their_bq); snipers;) {
        const Bitboard between = between_bb(ksq, pop_lsb(snipers)) & occ;
        if (!more_than_one(between) && (between & us)) pinned |= between;
    }

    // Knights, bishops, rooks, queens.
    for (Bitboard b = pos.pieces(Us, Knight) & ~pinned; b;) {
        const Square s = pop_lsb(b);
        add(s, knight_attacks(s) & targets);
    }
    for (Bitboard b = pos.pieces(Us, Bishop, Queen) & ~pinned; b;) {
        const Square s = pop_lsb(b);
        add(s, bishop_attacks(s, occ) & targets);
    }
    for (Bitboard b = pos.pieces(Us, Rook, Queen) & ~pinned; b;) {
        const Square s = pop_lsb(b);
        add(s, rook_attacks(s, occ) & targets);
    }
    // A pinned piece can never answer a check, so pins matter only out of check.
    if (pinned && !checkers) {
        for (Bitboard b = pos.pieces(Us, Bishop, Queen) & pinned; b;) {
            const Square s = pop_lsb(b);
            add(s, bishop_attacks(s, occ) & targets & line_bb(ksq, s));
        }
        for (Bitboard b = pos.pieces(Us, Rook, Queen) & pinned; b;) {
            const Square s = pop_lsb(b);
            add(s, rook_attacks(s, occ) & targets & line_bb(ksq, s));
        }
    }

    // Pawns: whole sets at once for the unpinned ones.
    const Bitboard empty = ~occ;
    const Bitboard pawns = pos.pieces(Us, Pawn);
    const Bitboard free_pawns = pawns & ~pinned;
    {
        const Bitboard p = free_pawns & ~Rank7;
        if (quiets) {
            const Bitboard push1 = shift<Up>(p) & empty;
            const Bitboard push2 = shift<Up>(push1 & Rank3) & empty;
            add_pawn(push1 & check_mask, Up);
            add_pawn(push2 & check_mask, 2 * Up);
        }
        add_pawn(shift<UpLeft>(p) & them & check_mask, UpLeft);
        add_pawn(shift<UpRight>(p) & them & check_mask, UpRight);

        const Bitboard q = free_pawns & Rank7;
        if (q) {
            add_promotions(shift<Up>(q) & empty & check_mask, Up);
            add_promotions(shift<UpLeft>(q) & them & check_mask, UpLeft);
            add_promotions(shift<UpRight>(q) & them & check_mask, UpRight);
        }
    }
    if (!checkers) {
        for (Bitboard b = pawns & pinned; b;) {
            const Square s = pop_lsb(b);
            const Bitboard line = line_bb(ksq, s), from = square_bb(s);
            if (from & Rank7) {
                add_promotions(shift<Up>(from) & empty & line, Up);
                add_promotions(shift<UpLeft>(from) & them & line, UpLeft);
                add_promotions(shift<UpRight>(from) & them & line, UpRight);
                continue;
            }
            if (quiets) {
                const Bitboard push1 = shift<Up>(from) & empty & line;
                add(s, push1 | (shift<Up>(push1 & Rank3) & empty));
            }
            add(s, pawn_attacks(Us, s) & them & line);
        }
    }

    // En passant: make it on the bitboards and look for any attack on the king.
    if (const Square ep = pos.ep_square(); ep != NoSquare) {
        const Square capsq = ep - Up;
        for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
            const Square from = pop_lsb(b);
            const Bitboard after = occ ^ square_bb(from) ^ square_bb(capsq) ^ square_bb(ep);
            const bool exposed = (rook_attacks(ksq, after) & their_rq) || (bishop_attacks(ksq, after) & their_bq) ||
                                 (knight_attacks(ksq) & their_knights) ||
                                 (pawn_attacks(Us, ksq) & their_pawns & ~square_bb(capsq));
            if (exposed) continue;
            if constexpr (CountOnly)
                ++count;
            else
                *cur++ = Move(from, ep, EnPassant);
        }
    }

    // Castling.
    if (Type == Gen::All && !checkers && (pos.castling_rights() & castling_rights_of(Us))) {
        for (bool kingside : {true, false}) {
            const int idx = castling_index(Us, kingside);
            if (!(pos.castling_rights() & (1 << idx))) continue;
            const Square rsq = pos.castling_rook(idx);
            if ((pos.castling_path(idx) & occ) || (pos.castling_king_path(idx) & danger)) continue;
            // Chess960: the castling rook may have been shielding the king's new square.
            if (rook_attacks(Position::castling_king_to(Us, kingside), occ ^ square_bb(rsq)) & their_rq) continue;
            if constexpr (CountOnly)
                ++count;
            else
                *cur++ = Move(ksq, rsq, Castling);
        }
    }
    return CountOnly ? count : int(cur - list);
}

template <Gen Type, bool CountOnly>
inline int generate(const Position& pos, Move* list) {
    return pos.side_to_move() == White ? generate<White, Type, CountOnly>(pos, list)
                                       : generate<Black, Type, CountOnly>(pos, list);
}

// Number of legal moves, without writing them.
inline int count_legal(const Position& pos) { return generate<Gen::All, true>(pos, nullptr); }

}  // namespace ply::chess::movegen
