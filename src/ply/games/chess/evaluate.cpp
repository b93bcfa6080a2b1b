// A tapered hand-written evaluation: each term is a middlegame/endgame pair
// (eval_params.hpp); the two totals are blended by the phase, and the endgame
// part is scaled down in known drawish endings.
#include <ply/games/chess/evaluate.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <sstream>

#include <ply/games/chess/default_weights.hpp>
#include <ply/games/chess/position.hpp>

namespace ply::chess {

namespace eval {
namespace {

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;
constexpr Bitboard kQueenWing = 0x0F0F0F0F0F0F0F0FULL;    // files a-d
constexpr Bitboard kKingWing = 0xF0F0F0F0F0F0F0F0ULL;     // files e-h
constexpr Bitboard kCentreFiles = 0x3C3C3C3C3C3C3C3CULL;  // files c-f
constexpr Bitboard kCentre = 0x0000001818000000ULL;       // d4, e4, d5, e5

constexpr int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}
constexpr std::size_t edge_distance(int file) { return static_cast<std::size_t>(std::min(file, 7 - file)); }
constexpr Bitboard adjacent_files(int f) { return (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0); }
// Every rank strictly in front of `s` from `c`'s point of view.
constexpr Bitboard ranks_ahead(Color c, Square s) {
    const int r = rank_of(s);
    if (c == White) return r == 7 ? 0 : ~Bitboard{0} << (8 * (r + 1));
    return r == 0 ? 0 : (Bitboard{1} << (8 * r)) - 1;
}
// Squares pawns of colour `c` on `b` pass through as they advance (included).
constexpr Bitboard fill_forward(Color c, Bitboard b) {
    if (c == White) {
        b |= b << 8, b |= b << 16, b |= b << 32;
    } else {
        b |= b >> 8, b |= b >> 16, b |= b >> 32;
    }
    return b;
}
Bitboard pawn_attack_set(Color c, Bitboard pawns) {
    return c == White ? pawn_attacks_set<White>(pawns) : pawn_attacks_set<Black>(pawns);
}
Bitboard push(Color c, Bitboard b) { return c == White ? b << 8 : b >> 8; }

// What the evaluation reads; set_weights() replaces it between searches.
Weights active = kDefaultWeights;
const Weights& w = active;

// Bumped by set_weights(): cached values of older weights no longer count.
std::atomic<std::uint32_t> weights_generation{1};

// What the pawns alone decide, for both sides: the structure's value and
// which pawns are passed; and what they are worth to each side's king on
// the square it last stood (its shelter).
struct PawnEntry {
    Bitboard pawns[2]{};  // the key: both sides' pawns, exactly
    Bitboard passed[2]{};
    Pair structure[2];
    std::uint32_t generation = 0;  // never 0 once filled
    Square king[2]{NoSquare, NoSquare};
    Pair shelter[2];  // for a king on king[c]
};

// Pawn structures change far less often than positions: each thread keeps
// the last ones it evaluated, by both sides' pawns.
class PawnCache {
public:
    static constexpr std::size_t kEntries = std::size_t{1} << 12;  // 320 KB a thread

    static PawnEntry& slot(Bitboard white, Bitboard black) {
        // Allocated on first use, as EvalCache's slots (the Python module).
        thread_local std::unique_ptr<PawnCache> mine = std::make_unique<PawnCache>();
        const std::uint64_t mixed = white * 0x9E3779B97F4A7C15ULL ^ black * 0xC2B2AE3D27D4EB4FULL;
        return mine->entries_[(mixed ^ (mixed >> 29)) & (kEntries - 1)];
    }
    static bool holds(const PawnEntry& e, Bitboard white, Bitboard black) {
        return e.pawns[White] == white && e.pawns[Black] == black &&
               e.generation == weights_generation.load(std::memory_order_relaxed);
    }

private:
    std::array<PawnEntry, kEntries> entries_{};
};

// A piece-square table's index: tables are drawn from White's side, rank 8 first.
std::size_t table_index(Color c, Square s) { return static_cast<std::size_t>(c == White ? s ^ 56 : s); }

template <bool Tracing>
class Evaluator {
public:
    Evaluator(const Position& pos, Trace* trace) : pos_(pos), trace_(trace) {}

    Score run() {
        init();
        if (const auto v = bare_king_ending()) return *v;
        for (Color c : {White, Black}) {
            material_and_squares(c);
            pieces<Knight>(c);
            pieces<Bishop>(c);
            pieces<Rook>(c);
            pieces<Queen>(c);
        }
        pawns();
        for (Color c : {White, Black}) {
            king_safety(c);
            threats(c);
            space(c);
        }
        add(pos_.side_to_move(), Tempo, w.tempo);

        Pair total = score_[White] - score_[Black];
        total.eg += complexity(total.eg);
        const int scale = scale_factor(total.eg > 0 ? White : Black);
        const int eg = total.eg * scale / kScaleMax;
        const Score white = (total.mg * phase_ + eg * (kPhaseMax - phase_)) / kPhaseMax;
        if constexpr (Tracing) {
            trace_->phase = phase_;
            trace_->scale = scale;
            trace_->white = white;
        }
        const Score v = pos_.side_to_move() == White ? white : -white;
        return std::clamp(v, -kMaxEval + 1, kMaxEval - 1);
    }

private:
    // A tuned weight, counted `count` times for `c`.
    void add(Color c, Term t, const Pair& weight, int count = 1) {
        const Pair v = weight * count;
        score_[c] += v;
        if constexpr (Tracing) {
            trace_->terms[t][c] += v;
            trace_->counts[weight_index(active, weight)][c] += count;
        }
    }
    // A value no single weight explains (an unstoppable passer): the tuner holds it fixed.
    void add_fixed(Color c, Term t, Pair v) {
        score_[c] += v;
        if constexpr (Tracing) {
            trace_->terms[t][c] += v;
            trace_->fixed[c] += v;
        }
    }
    void attack(Color c, PieceType t, Bitboard b) {
        attacked_by_[c][t] |= b;
        attacked2_[c] |= attacked_[c] & b;
        attacked_[c] |= b;
    }

    void init() {
        occupied_ = pos_.pieces();
        for (Color c : {White, Black}) {
            const Square k = pos_.king_square(c);
            attack(c, King, king_attacks(k));
            attack(c, Pawn, pawn_attack_set(c, pos_.pieces(c, Pawn)));
            // The zone: the king's square and neighbours, and one more rank toward the enemy.
            king_zone_[c] = king_attacks(k) | square_bb(k);
            king_zone_[c] |= push(c, king_zone_[c]);
        }
        for (Color c : {White, Black}) {
            const Color them = ~c;
            mobility_area_[c] = ~(pos_.pieces(c, Pawn) | pos_.pieces(c, King) | attacked_by_[them][Pawn]);
            pawn_attack_span_[c] = pawn_attack_set(c, fill_forward(c, pos_.pieces(c, Pawn)));
        }
        phase_ = 0;
        for (int t = Knight; t <= Queen; ++t) phase_ += kPhaseWeight[t] * popcount(pos_.pieces(PieceType(t)));
        phase_ = std::min(phase_, kPhaseMax);
        closedness_ = closedness();
    }

    // 0 (open) to 8 (locked): more pawns, more of them blocking each other
    // and fewer files without pawns close the board.
    std::size_t closedness() const {
        const Bitboard white_pawns = pos_.pieces(White, Pawn), black_pawns = pos_.pieces(Black, Pawn);
        const int rammed = popcount(white_pawns & push(Black, black_pawns));
        const int open_files = 8 - popcount(fill_forward(Black, pos_.pieces(Pawn)) & rank_bb(0));
        const int closed = (popcount(white_pawns | black_pawns) + 3 * rammed - 2 * open_files) / 3;
        return static_cast<std::size_t>(std::clamp(closed, 0, 8));
    }

    void material_and_squares(Color c) {
        for (int t = Pawn; t <= King; ++t) {
            const auto type = static_cast<std::size_t>(t);
            for (Bitboard b = pos_.pieces(c, PieceType(t)); b;) {
                const Square s = pop_lsb(b);
                add(c, Material, w.material[type]);
                add(c, PieceSquares, w.pst[type][table_index(c, s)]);
            }
        }
        // Bishops on both colours: two on one colour (a promotion's) are no pair.
        const Bitboard bishops = pos_.pieces(c, Bishop);
        if ((bishops & kDarkSquares) && (bishops & ~kDarkSquares)) add(c, Pieces, w.bishop_pair);
    }

    // Mobility, attacks on the enemy king's zone, and the piece's own
    // features. One instance per type: each is inlined with its own branches.
    template <PieceType T>
    void pieces(Color c) {
        const Color them = ~c;
        const Bitboard own_pawns = pos_.pieces(c, Pawn), their_pawns = pos_.pieces(them, Pawn);
        for (Bitboard b = pos_.pieces(c, T); b;) {
            const Square s = pop_lsb(b);
            // Sliders see through their own queen (a battery).
            Bitboard att;
            if constexpr (T == Knight)
                att = knight_attacks(s);
            else if constexpr (T == Bishop)
                att = bishop_attacks(s, occupied_ ^ pos_.pieces(c, Queen));
            else if constexpr (T == Rook)
                att = rook_attacks(s, occupied_ ^ pos_.pieces(c, Queen) ^ pos_.pieces(c, Rook));
            else
                att = queen_attacks(s, occupied_);
            attack(c, T, att);
            const auto mobility = static_cast<std::size_t>(popcount(att & mobility_area_[c]));
            if constexpr (T == Knight)
                add(c, Mobility, w.knight_mobility[mobility]);
            else if constexpr (T == Bishop)
                add(c, Mobility, w.bishop_mobility[mobility]);
            else if constexpr (T == Rook)
                add(c, Mobility, w.rook_mobility[mobility]);
            else
                add(c, Mobility, w.queen_mobility[mobility]);
            const bool hits_king_zone = att & king_zone_[them];
            if (hits_king_zone) ++king_attackers_[them][T];

            const int rank = relative_rank(c, s);
            const Bitboard file = file_bb(file_of(s));
            if constexpr (T == Knight || T == Bishop) {
                const bool outpost = outposts(c) & square_bb(s);
                if (outpost) add(c, Pieces, T == Knight ? w.knight_outpost : w.bishop_outpost);
                if (T == Knight && !outpost && (att & outposts(c) & ~pos_.pieces(c)))
                    add(c, Pieces, w.knight_reachable_outpost);
                if (push(c, square_bb(s)) & pos_.pieces(Pawn)) add(c, Pieces, w.minor_behind_pawn);
            }
            if constexpr (T == Knight) {
                add(c, Pieces, w.knight_closedness[closedness_]);
                add(c, Pieces, w.knight_king_distance, distance(s, pos_.king_square(c)));
            }
            if constexpr (T == Bishop) {
                const Bitboard same_colour = (kDarkSquares & square_bb(s)) ? kDarkSquares : ~kDarkSquares;
                add(c, Pieces, w.bad_bishop_pawn, popcount(own_pawns & same_colour));
                add(c, Pieces, w.bishop_rammed_pawn, popcount(own_pawns & same_colour & push(them, their_pawns)));
                const Bitboard through_pawns = bishop_attacks(s, pos_.pieces(Pawn));
                if (more_than_one(through_pawns & kCentre)) add(c, Pieces, w.bishop_long_diagonal);
                if (!hits_king_zone && (through_pawns & king_zone_[them])) add(c, Pieces, w.bishop_on_king_ring);
                add(c, Pieces, w.bishop_xray_pawns, popcount(bishop_attacks(s, 0) & their_pawns));
            }
            if constexpr (T == Rook || T == Queen)
                if ((file & pos_.pieces(them, King)) && !(file & own_pawns)) add(c, Pieces, w.major_on_king_file);
            if constexpr (T == Rook) {
                add(c, Pieces, w.rook_closedness[closedness_]);
                const Square king = pos_.king_square(c);
                const bool can_castle = pos_.castling_rights() & castling_rights_of(c);
                if (mobility <= 3 && relative_rank(c, king) == 0 && !can_castle &&
                    (file_of(king) < 4) == (file_of(s) < file_of(king)))
                    add(c, Pieces, w.rook_trapped);
                if (!(file & own_pawns))
                    add(c, Pieces, (file & their_pawns) ? w.rook_semi_open_file : w.rook_open_file);
                const Bitboard seventh = rank_bb(c == White ? 6 : 1);
                if (rank == 6 && ((their_pawns & seventh) || relative_rank(c, pos_.king_square(them)) == 7))
                    add(c, Pieces, w.rook_on_seventh);
                if (file & pos_.pieces(Queen)) add(c, Pieces, w.rook_on_queen_file);
                if (!hits_king_zone && (file & king_zone_[them])) add(c, Pieces, w.rook_on_king_ring);
            }
            if constexpr (T == Queen) {
                if (!(file & own_pawns)) add(c, Pieces, w.queen_open_file);
                if (relatively_pinned(s, them)) add(c, Pieces, w.queen_relative_pin);
                if (rank >= 4 && !(pawn_attack_span_[them] & square_bb(s))) add(c, Pieces, w.queen_infiltration);
            }
        }
    }

    // Squares on ranks 4 to 6 (from c's side) that our pawns defend and no enemy pawn can chase us from.
    Bitboard outposts(Color c) const {
        const Bitboard ranks = c == White ? rank_bb(3) | rank_bb(4) | rank_bb(5) : rank_bb(2) | rank_bb(3) | rank_bb(4);
        return ranks & attacked_by_[c][Pawn] & ~pawn_attack_span_[~c];
    }

    // Whether a bishop or rook of `them` would hit square s if one piece between moved.
    bool relatively_pinned(Square s, Color them) const {
        const Bitboard theirs = pos_.pieces(them);
        Bitboard snipers = (rook_attacks(s, theirs) & pos_.pieces(them, Rook)) |
                           (bishop_attacks(s, theirs) & pos_.pieces(them, Bishop));
        while (snipers)
            if (!more_than_one(between_bb(s, pop_lsb(snipers)) & occupied_)) return true;
        return false;
    }

    // The pawn structure from the thread's cache, or computed and cached
    // (always computed when tracing: the trace counts every weight); then
    // the passed pawns, whose worth depends on the pieces too.
    void pawns() {
        const Bitboard white = pos_.pieces(White, Pawn), black = pos_.pieces(Black, Pawn);
        PawnEntry* cached = Tracing ? nullptr : &PawnCache::slot(white, black);
        pawn_entry_ = cached;
        if (cached && PawnCache::holds(*cached, white, black)) {
            for (Color c : {White, Black}) score_[c] += cached->structure[c];
            passed_pawns(*cached);
            return;
        }
        PawnEntry fresh{{white, black},       {}, {}, weights_generation.load(std::memory_order_relaxed),
                        {NoSquare, NoSquare}, {}};
        for (Color c : {White, Black}) {
            const Pair before = score_[c];
            fresh.passed[c] = pawn_structure(c);
            fresh.structure[c] = score_[c] - before;
        }
        if (cached) *cached = fresh;
        passed_pawns(fresh);
    }
    void passed_pawns(const PawnEntry& e) {
        for (Color c : {White, Black})
            for (Bitboard b = e.passed[c]; b;) passed_pawn(c, pop_lsb(b));
    }

    // What the pawns alone are worth to `c` (added to its score); returns its passed pawns.
    Bitboard pawn_structure(Color c) {
        const Color them = ~c;
        const Bitboard own = pos_.pieces(c, Pawn), theirs = pos_.pieces(them, Pawn);
        Bitboard passed = 0;
        for (Bitboard b = own; b;) {
            const Square s = pop_lsb(b);
            const int f = file_of(s);
            const auto rank = static_cast<std::size_t>(relative_rank(c, s));
            const Bitboard ahead = ranks_ahead(c, s);
            const Bitboard neighbours = own & adjacent_files(f);
            const Square stop = c == White ? s + 8 : s - 8;

            const bool supported = pawn_attacks(them, s) & own;
            const bool phalanx = neighbours & rank_bb(rank_of(s));
            const bool exposed = !(theirs & ahead & file_bb(f));
            if (supported || phalanx) add(c, PawnStructure, w.connected[rank]);
            if (phalanx) add(c, PawnStructure, w.phalanx[rank]);
            if (!neighbours) {
                add(c, PawnStructure, w.isolated);
                add(c, PawnStructure, w.isolated_by_file[edge_distance(f)]);
                if (exposed) add(c, PawnStructure, w.isolated_exposed);
            } else if (!(neighbours & ~ahead) && (pawn_attacks(c, stop) & theirs)) {
                add(c, PawnStructure, w.backward);
                if (exposed) add(c, PawnStructure, w.backward_exposed);
            }
            if (own & ahead & file_bb(f)) add(c, PawnStructure, w.doubled);

            if (!exposed) continue;
            const Bitboard sentries = theirs & ahead & adjacent_files(f);
            if (!sentries)
                passed |= square_bb(s);
            else if (popcount(neighbours & ~ahead) >= popcount(sentries))
                add(c, PawnStructure, w.candidate_passed[rank]);
        }
        return passed;
    }

    void passed_pawn(Color c, Square s) {
        const Color them = ~c;
        const auto rank = static_cast<std::size_t>(relative_rank(c, s));
        const Square stop = c == White ? s + 8 : s - 8;
        add(c, PassedPawns, w.passed[rank]);
        add(c, PassedPawns, w.passed_by_file[edge_distance(file_of(s))]);
        if (pos_.piece_on(stop) != NoPiece) add(c, PassedPawns, w.passed_blocked);
        add(c, PassedPawns, w.passed_own_king_distance[rank], distance(pos_.king_square(c), stop));
        add(c, PassedPawns, w.passed_enemy_king_distance[rank], distance(pos_.king_square(them), stop));
        const Bitboard path = ranks_ahead(c, s) & file_bb(file_of(s));
        if (!(path & (attacked_[them] | pos_.pieces(them)))) add(c, PassedPawns, w.passed_free_path[rank]);
        if (!((occupied_ | attacked_[them]) & square_bb(stop))) add(c, PassedPawns, w.passed_safe_push[rank]);
        const Bitboard rooks_behind =
            rook_attacks(s, occupied_) & ranks_ahead(them, s) & file_bb(file_of(s)) & pos_.pieces(Rook);
        if (rooks_behind & pos_.pieces(c)) add(c, PassedPawns, w.rook_behind_passer);
        if (rooks_behind & pos_.pieces(them)) add(c, PassedPawns, w.enemy_rook_behind_passer);

        // Rule of the square, when the enemy has only pawns: the king cannot catch it.
        if (!(pos_.pieces(them) & ~pos_.pieces(them, Pawn) & ~pos_.pieces(them, King)) && !(path & pos_.pieces())) {
            const Square queening = make_square(file_of(s), c == White ? 7 : 0);
            const int pawn_moves = std::min(5, 7 - static_cast<int>(rank));
            const int king_moves = distance(pos_.king_square(them), queening) - (pos_.side_to_move() == them);
            if (king_moves > pawn_moves) add_fixed(c, PassedPawns, Pair{0, kUnstoppablePassed});
        }
    }

    // The danger to `c`'s king: enemy attackers of its zone, weak squares,
    // safe checks; the pawns that shelter it or storm it; its defenders.
    void king_safety(Color c) {
        if (attackers_of_king(c) > (pos_.pieces(~c, Queen) ? 0 : 1)) king_danger(c);
        shelter(c);
        const Bitboard defenders = pos_.pieces(c, Pawn) | pos_.pieces(c, Knight) | pos_.pieces(c, Bishop);
        add(c, KingSafety,
            w.king_defenders[static_cast<std::size_t>(std::min(popcount(defenders & king_zone_[c]), 11))]);
    }

    // What the pawns alone are worth to `c`'s king where it stands, from the
    // pawn cache while the king stays on its square (kings move seldom).
    void shelter(Color c) {
        const Square k = pos_.king_square(c);
        if (pawn_entry_ && pawn_entry_->king[c] == k) {
            score_[c] += pawn_entry_->shelter[c];
            return;
        }
        const Pair before = score_[c];
        pawn_shelter(c, k);
        if (pawn_entry_) {
            pawn_entry_->king[c] = k;
            pawn_entry_->shelter[c] = score_[c] - before;
        }
    }

    void pawn_shelter(Color c, Square k) {
        const Color them = ~c;
        // Shelter and storm on the three files around the king (b..g centred).
        const Bitboard own = pos_.pieces(c, Pawn), theirs = pos_.pieces(them, Pawn);
        const Bitboard not_behind = ~ranks_ahead(them, k);  // the king's rank and those in front
        const int centre = std::clamp(file_of(k), 1, 6);
        for (int f = centre - 1; f <= centre + 1; ++f) {
            const Bitboard mine = own & file_bb(f) & not_behind, enemy = theirs & file_bb(f) & not_behind;
            const auto own_rank =
                static_cast<std::size_t>(mine ? relative_rank(c, c == White ? lsb(mine) : msb(mine)) : 0);
            const auto their_rank =
                static_cast<std::size_t>(enemy ? relative_rank(c, c == White ? lsb(enemy) : msb(enemy)) : 0);
            const auto by_file = edge_distance(f) * 8;
            add(c, KingSafety, w.shelter[own_rank]);
            add(c, KingSafety, w.shelter_by_file[by_file + own_rank]);
            if (f == file_of(k)) add(c, KingSafety, w.shelter_king_file[own_rank]);
            // A storming pawn blocked by ours is no lever: it has weights of its own.
            if (their_rank && own_rank && their_rank == own_rank + 1) {
                add(c, KingSafety, w.storm_blocked[their_rank]);
            } else if (their_rank) {
                add(c, KingSafety, w.storm[their_rank]);
                add(c, KingSafety, w.storm_by_file[by_file + their_rank]);
            }
            if (!((own | theirs) & file_bb(f))) add(c, KingSafety, w.king_open_file);
        }
        // No pawn of either side on the king's wing: the king is bare there.
        const int file = file_of(k);
        const Bitboard wing = file <= 2 ? kQueenWing : file >= 5 ? kKingWing : kCentreFiles;
        if (!((own | theirs) & wing)) add(c, KingSafety, w.pawnless_wing);
        // In the endgame the king must stay near its pawns.
        int nearest = 0;
        for (Bitboard b = own; b;) {
            const int d = distance(k, pop_lsb(b));
            nearest = nearest ? std::min(nearest, d) : d;
        }
        add(c, KingSafety, w.king_pawn_distance, nearest);
    }

    // Space: central squares behind the pawn front that the enemy's pawns do
    // not hit, where our pieces can manoeuvre; those behind our pawns count twice.
    void space(Color c) {
        const Color them = ~c;
        const Bitboard own_pawns = pos_.pieces(c, Pawn);
        const Bitboard area =
            kCentreFiles & (c == White ? rank_bb(1) | rank_bb(2) | rank_bb(3) : rank_bb(6) | rank_bb(5) | rank_bb(4));
        const Bitboard safe = area & ~own_pawns & ~attacked_by_[them][Pawn];
        const Bitboard behind = c == White ? (own_pawns >> 8) | (own_pawns >> 16) | (own_pawns >> 24)
                                           : (own_pawns << 8) | (own_pawns << 16) | (own_pawns << 24);
        const int squares = popcount(safe) + popcount(safe & behind);
        add(c, Pieces, w.space, squares);
        const int pieces = popcount(pos_.pieces(c) & ~own_pawns & ~pos_.pieces(c, King));
        add(c, Pieces, w.space_by_pieces[static_cast<std::size_t>(std::min(pieces, 7))], squares);
    }

    // What the complexity weights add to the endgame value `eg` (see
    // eval_params.hpp): never more than takes it to 0.
    int complexity(int eg) {
        const Bitboard pawns = pos_.pieces(Pawn);
        const bool both_wings = (pawns & kQueenWing) && (pawns & kKingWing);
        const bool pawn_ending = !(pos_.pieces() & ~pawns & ~pos_.pieces(King));
        const bool infiltration =
            relative_rank(White, pos_.king_square(White)) > 3 || relative_rank(Black, pos_.king_square(Black)) > 3;
        constexpr std::size_t kCount = kComplexityEnd - kComplexityFirst;
        const int counts[kCount] = {popcount(pawns), both_wings, pawn_ending, infiltration, 1};
        const Pair* weights[kCount] = {&w.complexity_pawns, &w.complexity_both_wings, &w.complexity_pawn_ending,
                                       &w.complexity_infiltration, &w.complexity_base};
        int sum = 0;
        for (std::size_t i = 0; i < kCount; ++i) {
            sum += weights[i]->eg * counts[i];
            if constexpr (Tracing)
                trace_->counts[weight_index(active, *weights[i])][White] = static_cast<std::int16_t>(counts[i]);
        }
        const int sign = (eg > 0) - (eg < 0);
        const int v = sign * std::max(sum, -std::abs(eg));
        if constexpr (Tracing) trace_->terms[Complexity][eg > 0 ? White : Black].eg += sign * v;
        return v;
    }

    // Summed from weights, then squared: see danger_* in eval_params.hpp.
    void king_danger(Color c) {
        const Color them = ~c;
        const Square k = pos_.king_square(c);
        const Bitboard solid_defence =
            attacked_by_[c][Pawn] | attacked_by_[c][Knight] | attacked_by_[c][Bishop] | attacked_by_[c][Rook];
        const Bitboard weak = attacked_[them] & king_zone_[c] & ~solid_defence;
        const Bitboard safe = ~pos_.pieces(them) & (~attacked_[c] | (weak & attacked2_[them]));
        const Bitboard rook_lines = rook_attacks(k, occupied_), bishop_lines = bishop_attacks(k, occupied_);
        Pair danger;
        auto count = [&](const Pair& weight, int n) {
            danger += weight * n;
            if constexpr (Tracing) trace_->counts[weight_index(active, weight)][c] += static_cast<std::int16_t>(n);
        };
        for (int t = Knight; t <= Queen; ++t)
            count(w.danger_attacker[static_cast<std::size_t>(t)], king_attackers_[c][t]);
        count(w.danger_zone_square, popcount(attacked_[them] & king_zone_[c]));
        count(w.danger_weak_square, popcount(weak));
        const Bitboard checks[6] = {0, knight_attacks(k), bishop_lines, rook_lines, rook_lines | bishop_lines, 0};
        for (int t = Knight; t <= Queen; ++t) {
            const Bitboard reachable = checks[t] & attacked_by_[them][t] & ~pos_.pieces(them);
            if (reachable & safe)
                count(w.danger_safe_check[static_cast<std::size_t>(t)], 1);
            else if (reachable)
                count(w.danger_unsafe_check, 1);
        }
        if (!pos_.pieces(them, Queen)) count(w.danger_no_queen, 1);
        const int mg = std::max(danger.mg, 0), eg = std::max(danger.eg, 0);
        const Pair cost{mg * mg / kDangerMgDivisor, eg / kDangerEgDivisor};
        score_[c] -= cost;
        if constexpr (Tracing) trace_->terms[KingSafety][c] -= cost;
    }
    int attackers_of_king(Color c) const {
        int n = 0;
        for (const int a : king_attackers_[c]) n += a;
        return n;
    }

    // What `c` attacks: pieces hit by pawns, by minors and rooks, hanging ones.
    void threats(Color c) {
        const Color them = ~c;
        const Bitboard their_pieces = pos_.pieces(them) & ~pos_.pieces(them, King);
        const Bitboard non_pawns = their_pieces & ~pos_.pieces(them, Pawn);
        add(c, Threats, w.threat_by_pawn, popcount(non_pawns & attacked_by_[c][Pawn]));

        const Bitboard strongly_protected = attacked_by_[them][Pawn] | (attacked2_[them] & ~attacked2_[c]);
        const Bitboard weak = their_pieces & ~strongly_protected & attacked_[c];
        const Bitboard by_minors = (non_pawns & strongly_protected) | weak;
        for (Bitboard b = by_minors & (attacked_by_[c][Knight] | attacked_by_[c][Bishop]); b;)
            add(c, Threats, w.threat_by_minor[type_index(pop_lsb(b))]);
        for (Bitboard b = weak & attacked_by_[c][Rook]; b;) add(c, Threats, w.threat_by_rook[type_index(pop_lsb(b))]);
        if (weak & attacked_by_[c][King]) add(c, Threats, w.threat_by_king);
        add(c, Threats, w.hanging, popcount(weak & (~attacked_[them] | (non_pawns & attacked2_[c]))));

        // Pawn pushes to a safe square that would then attack a piece.
        const Bitboard empty = ~occupied_;
        Bitboard pushes = push(c, pos_.pieces(c, Pawn)) & empty;
        pushes |= push(c, pushes & rank_bb(c == White ? 2 : 5)) & empty;
        pushes &= ~attacked_by_[them][Pawn] & (attacked_[c] | ~attacked_[them]);
        add(c, Threats, w.safe_pawn_push, popcount(pawn_attack_set(c, pushes) & non_pawns));

        // Where a piece of ours could hit the enemy's only queen next move.
        if (pos_.pieces(them, Queen) && !more_than_one(pos_.pieces(them, Queen))) {
            const Square queen = lsb(pos_.pieces(them, Queen));
            const Bitboard safe = ~pos_.pieces(c) & ~attacked_by_[them][Pawn] & (attacked2_[c] | ~attacked_[them]);
            add(c, Threats, w.knight_on_queen, popcount(knight_attacks(queen) & attacked_by_[c][Knight] & safe));
            const Bitboard sliders = (bishop_attacks(queen, occupied_) & attacked_by_[c][Bishop]) |
                                     (rook_attacks(queen, occupied_) & attacked_by_[c][Rook]);
            add(c, Threats, w.slider_on_queen, popcount(sliders & safe & attacked2_[c]));
        }
        add(c, Threats, w.restricted, popcount(attacked_[them] & attacked_[c] & ~strongly_protected));
        add(c, Threats, w.threat_overloaded,
            popcount(non_pawns & attacked_[c] & ~attacked2_[c] & attacked_[them] & ~attacked2_[them]));
    }
    std::size_t type_index(Square s) const { return static_cast<std::size_t>(type_of(pos_.piece_on(s))); }

    // Mating material and no pawns against a bare king: the material and
    // the mating pattern alone (drive that king to the edge, bring ours
    // close). The tuned weights know nothing of these endings, which the
    // training games were adjudicated before, and they pulled the search
    // off the mate (KQ-K at depth 19 lost its mate in 9).
    std::optional<Score> bare_king_ending() {
        for (const Color strong : {White, Black}) {
            const Color weak = ~strong;
            if (pos_.pieces(weak) != pos_.pieces(weak, King) || pos_.pieces(strong, Pawn)) continue;
            const int material = popcount(pos_.pieces(strong, Rook) | pos_.pieces(strong, Queen)) * 2 +
                                 popcount(pos_.pieces(strong, Bishop) | pos_.pieces(strong, Knight));
            const bool two_knights = pos_.pieces(strong) == (pos_.pieces(strong, King) | pos_.pieces(strong, Knight));
            if (material < 2 || two_knights) return std::nullopt;  // no mate to force: the scale factor's case
            const Square k = pos_.king_square(weak);
            const int edge = std::max(3 - file_of(k), file_of(k) - 4) + std::max(3 - rank_of(k), rank_of(k) - 4);
            const int v = non_pawn_material(strong) + 20 * edge + 10 * (7 - distance(k, pos_.king_square(strong)));
            const Score white = strong == White ? v : -v;
            if constexpr (Tracing) {
                trace_->terms[Endgame][strong] = Pair{v, v};
                trace_->fixed[strong] = Pair{v, v};
                trace_->phase = 0;
                trace_->scale = kScaleMax;
                trace_->white = white;
            }
            return pos_.side_to_move() == White ? white : -white;
        }
        return std::nullopt;
    }

    int non_pawn_material(Color c) const {
        int v = 0;
        for (int t = Knight; t <= Queen; ++t) v += kScaleMaterial[t] * popcount(pos_.pieces(c, PieceType(t)));
        return v;
    }

    // Out of kScaleMax: how much of the endgame score `strong` can hope to keep.
    int scale_factor(Color strong) const {
        const Color weak = ~strong;
        if (!pos_.pieces(strong, Pawn)) {
            const int own = non_pawn_material(strong), other = non_pawn_material(weak);
            if (own < kScaleMaterial[Rook]) return kScaleNoPawnsMinorUp;
            // Two knights cannot force mate.
            if (pos_.pieces(strong) == (pos_.pieces(strong, King) | pos_.pieces(strong, Knight)) &&
                popcount(pos_.pieces(strong, Knight)) <= 2)
                return kScaleNoPawnsMinorUp;
            if (own - other <= kScaleMaterial[Bishop]) return kScaleNoPawnsRookUp;
        }
        const Bitboard bishops = pos_.pieces(Bishop);
        const bool bishops_only = pos_.pieces(White, Bishop) && pos_.pieces(Black, Bishop) &&
                                  !more_than_one(pos_.pieces(White, Bishop)) &&
                                  !more_than_one(pos_.pieces(Black, Bishop)) &&
                                  !(pos_.pieces(Knight) | pos_.pieces(Rook) | pos_.pieces(Queen));
        if (bishops_only && popcount(bishops & kDarkSquares) == 1) return kScaleOppositeBishops;
        return kScaleMax;
    }

    const Position& pos_;
    Trace* trace_;
    PawnEntry* pawn_entry_ = nullptr;  // the thread's cached entry for these pawns (none when tracing)
    Pair score_[2];
    Bitboard occupied_ = 0;
    Bitboard attacked_[2]{}, attacked2_[2]{}, attacked_by_[2][6]{};
    Bitboard mobility_area_[2]{}, king_zone_[2]{}, pawn_attack_span_[2]{};
    int king_attackers_[2][6]{};  // pieces hitting colour c's king zone, by type
    int phase_ = 0;
    std::size_t closedness_ = 0;
};

std::string cell(Pair p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%6d %6d", p.mg, p.eg);
    return buf;
}

}  // namespace

namespace {

// The search asks for the same position's evaluation again and again (a
// table hit, quiescence right after the main search's own look, a
// re-search), so each thread keeps the last evaluations by position key. An
// entry of older weights does not count: set_weights() starts a generation.
class EvalCache {
public:
    // 256 KB a thread. Four times as many entries evaluated 7% fewer positions
    // (1.5% fewer instructions) but searched 4% slower in timed runs.
    static constexpr std::size_t kEntries = std::size_t{1} << 14;

    static Score evaluate(const Position& pos) {
        // Allocated on first use: a large static thread-local block can fail
        // to load in a module opened at run time (the Python module).
        thread_local std::unique_ptr<EvalCache> mine = std::make_unique<EvalCache>();
        Slot& slot = mine->slots_[pos.hash() & (kEntries - 1)];
        const std::uint32_t now = weights_generation.load(std::memory_order_relaxed);
        if (slot.key != pos.hash() || slot.generation != now)
            slot = {pos.hash(), Evaluator<false>(pos, nullptr).run(), now};
        return slot.score;
    }

private:
    struct Slot {
        std::uint64_t key = 0;
        Score score = 0;
        std::uint32_t generation = 0;  // never 0 once filled
    };
    std::array<Slot, kEntries> slots_{};
};

}  // namespace

const Weights& weights() { return active; }
void set_weights(const Weights& values) {
    active = values;
    weights_generation.fetch_add(1, std::memory_order_relaxed);
}

Score evaluate(const Position& pos) { return EvalCache::evaluate(pos); }

Score evaluate_traced(const Position& pos, Trace& trace) {
    trace = Trace{};
    return Evaluator<true>(pos, &trace).run();
}

std::string describe(const Position& pos) {
    Trace t;
    const Score v = evaluate_traced(pos, t);
    std::ostringstream out;
    out << "          Term |     White     |     Black     |     Total\n"
        << "               |    MG     EG  |    MG     EG  |    MG     EG\n"
        << " --------------+---------------+---------------+---------------\n";
    Pair sum[2];
    for (int term = 0; term < TermCount; ++term) {
        const Pair white = t.terms[term][White], black = t.terms[term][Black];
        sum[White] += white, sum[Black] += black;
        char name[32];
        std::snprintf(name, sizeof name, "%14s", kTermNames[term]);
        out << name << " | " << cell(white) << " | " << cell(black) << " | " << cell(white - black) << "\n";
    }
    out << " --------------+---------------+---------------+---------------\n"
        << "         Total | " << cell(sum[White]) << " | " << cell(sum[Black]) << " | "
        << cell(sum[White] - sum[Black]) << "\n\n"
        << "Phase: " << t.phase << "/" << kPhaseMax << " (middlegame share)  Endgame scale: " << t.scale << "/"
        << kScaleMax << "\n"
        << "Final evaluation: " << t.white << " cp (White's view), " << v << " cp (side to move)\n";
    return out.str();
}

}  // namespace eval

Score Position::evaluate() const { return eval::evaluate(*this); }

}  // namespace ply::chess
