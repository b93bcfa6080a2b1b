// The chess position: bitboards plus a mailbox, make/unmake with an incremental
// Zobrist key, FEN (X-FEN and Shredder-FEN) in and out, and every capability of
// ply::Game that a search can use. Move generation lives in movegen.hpp,
// notation in notation.hpp; this class exposes them as members.
//
// Castling is stored king-takes-own-rook (Move::to() is the rook's square), so
// standard chess and Chess960 share one code path.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ply/core/board_view.hpp>
#include <ply/core/game.hpp>
#include <ply/core/move_list.hpp>
#include <ply/core/outcome.hpp>
#include <ply/core/score.hpp>
#include <ply/games/chess/attacks.hpp>
#include <ply/games/chess/bitboard.hpp>
#include <ply/games/chess/search_parameters.hpp>
#include <ply/games/chess/types.hpp>
#include <ply/games/chess/zobrist.hpp>

namespace ply::chess {

namespace polyglot {
class BookMaker;  // polyglot.hpp
}

inline constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class Position {
public:
    using Move = chess::Move;
    static constexpr std::size_t max_moves = 256;
    static constexpr std::string_view name = "chess";
    static constexpr std::size_t move_key_count = 64 * 64;
    static constexpr std::size_t piece_move_key_count = 12 * 64;
    static constexpr std::size_t threat_class_count = 4;
    using Threats = Bitboard;
    using RecordBookMaker = polyglot::BookMaker;  // `ply book chess`: Polyglot books from games
    using MoveList = ply::MoveList<Move, max_moves>;

    Position();  // the standard starting position

    // Parses FEN, X-FEN or Shredder-FEN (4 or 6 fields); throws ply::ParseError
    // saying what is wrong. `chess960` selects 960 notation for castling moves;
    // it is switched on anyway when the castling rights need it.
    static Position from_fen(std::string_view fen, bool chess960 = false);
    // "startpos" or a FEN (NotatedGame).
    static Position from_position(std::string_view text);
    // A bare position: these pieces and this side to move, no castling or en
    // passant rights, clocks and history cleared; quicker than FEN for the
    // millions an endgame slice sets up (slices.hpp). The caller vouches for
    // one king a side and no pawn on the first or last rank.
    void set_pieces(std::span<const std::pair<Piece, Square>> pieces, Color side_to_move);

    // FEN; castling rights as KQkq where that is exact (X-FEN), or as rook
    // files (Shredder-FEN) when `shredder` is set.
    std::string fen(bool shredder = false) const;
    std::string position() const { return fen(); }

    // --- Game --------------------------------------------------------------
    // Legal moves; none once the game is over, draws by rule included.
    void generate_moves(MoveList& list) const;
    // Legal moves whatever the draw rules say (perft, notation).
    void generate_legal(MoveList& list) const;
    // Captures (en passant included) and promotions; every evasion in check.
    void generate_tactical(MoveList& list) const;
    void make(Move m);
    void unmake(Move m);
    void make_null();
    void unmake_null();
    Outcome outcome() const;
    Score evaluate() const;
    bool has_legal_move() const;

    // --- Capabilities ------------------------------------------------------
    std::uint64_t hash() const { return key_; }
    bool in_check() const { return checkers() != 0; }
    bool gives_check(Move m) const;
    bool see_ge(Move m, Score threshold) const;
    // Twofold repetition since the last irreversible move (or null move).
    bool is_repetition() const { return repetitions() >= 1; }
    std::size_t move_key(Move m) const { return std::size_t(m.from()) * 64 + m.to(); }
    // The squares the side not to move attacks, its king too (sliders stop at the first piece: no x-rays).
    Bitboard threats() const;
    // Whether the move leaves an attacked square (2) and lands on one (1).
    static std::size_t threat_class(Move m, Bitboard threats) {
        return ((threats >> m.from()) & 1) * 2 + ((threats >> m.to()) & 1);
    }
    // The pawns of both sides and the side to move, mixed (a multiply-xorshift per side).
    std::uint64_t correction_key() const {
        return mix64(pieces(White, Pawn)) ^ (mix64(pieces(Black, Pawn) + 1) * 3) ^ std::uint64_t(side_to_move());
    }
    // For each side, its knights, bishops, rooks, queens and king, and the side to move, mixed.
    std::array<std::uint64_t, 2> piece_correction_keys() const {
        std::array<std::uint64_t, 2> keys{};
        for (const Color c : {White, Black}) {
            std::uint64_t h = std::uint64_t(side_to_move()) + 2 * std::uint64_t(c);
            for (int t = Knight; t <= King; ++t) h = mix64(h ^ pieces(c, PieceType(t)));
            keys[c] = h;
        }
        return keys;
    }
    // The piece and its destination (before the move is made).
    std::size_t piece_move_key(Move m) const { return std::size_t(board_[m.from()]) * 64 + m.to(); }
    // Captures (castling is written king-takes-rook, so it is excluded) and promotions.
    bool is_tactical(Move m) const {
        return m.type() == Promotion || m.type() == EnPassant || (m.type() != Castling && board_[m.to()] != NoPiece);
    }
    // Most valuable victim, then least valuable attacker; promotions add the new piece.
    int tactical_score(Move m) const {
        const PieceType victim = m.type() == EnPassant  ? Pawn
                                 : m.type() == Castling ? NoPieceType
                                                        : type_of(board_[m.to()]);
        int score = victim == NoPieceType || board_[m.to()] == NoPiece ? 0 : 16 * (victim + 1);
        if (m.type() == Promotion) score += 16 * (m.promotion() + 1);
        return score - type_of(board_[m.from()]);
    }
    // Draws the search can see without generating moves; a mate given on
    // the hundredth half-move still wins (it matters to a game played on
    // past a fifty-move draw the GUI did not adjudicate).
    bool is_rule_draw() const {
        return (halfmove_ >= 100 && !(in_check() && !has_legal_move())) || is_repetition() ||
               is_insufficient_material();
    }
    // The rule that ends the game as a draw although moves remain, if any
    // (threefold repetition: the game's rule, not the search's twofold one).
    enum class DrawRule { None, FiftyMoves, Repetition, Material };
    DrawRule game_ending_draw() const {
        if (halfmove_ >= 100) return DrawRule::FiftyMoves;
        if (repetitions() >= 2) return DrawRule::Repetition;
        if (is_insufficient_material()) return DrawRule::Material;
        return DrawRule::None;
    }
    // Null-move pruning is unsafe in pawn endings, where zugzwang is common.
    bool zugzwang_unlikely() const { return (pieces(side_) & ~pieces(Pawn) & ~pieces(King)) != 0; }
    // The search's margins, in centipawns (search_parameters.hpp).
    static constexpr SearchParameters search_parameters() { return kSearchParameters; }

    // --- Notation ----------------------------------------------------------
    // UCI (either castling form) or SAN; throws ply::ParseError.
    Move parse_move(std::string_view text) const;
    std::string move_to_string(Move m) const;  // UCI, 960 castling in 960 mode
    // The board from White's side, or turned (`flipped`) to Black's: rank 1
    // at the top, the h-file on the left.
    std::string render(bool flipped = false) const;
    // The board for front ends that draw it (core/board_view.hpp). A castling
    // touches the king's square and the square the king goes to (g1, c1...),
    // as people move the king, not the rook's square that Move::to() holds.
    BoardView board_view() const;
    std::vector<int> move_cells(Move m) const;
    // For readers (core/describe.hpp): SAN, move numbers as books print them,
    // scores in pawns, and why a finished game ended.
    std::string display_move(Move m) const;
    std::string move_number(bool first_of_line) const;
    static std::string format_score(Score s);
    std::string end_reason() const;
    // For the arena: how a finished game ended, as tournament managers write
    // it in PGN ("White mates", "Draw by 3-fold repetition"); "" if it goes on.
    std::string termination() const;
    // One line of an opening book: EPD, a FEN with operations (epd.hpp).
    static Position from_book_line(std::string_view line);

    // --- Queries -----------------------------------------------------------
    Bitboard pieces() const { return by_color_[White] | by_color_[Black]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType t) const { return by_type_[t]; }
    Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & (by_type_[a] | by_type_[b]); }
    Piece piece_on(Square s) const { return board_[s]; }
    Color side_to_move() const { return side_; }
    Square king_square(Color c) const { return lsb(pieces(c, King)); }
    Square ep_square() const { return ep_; }
    int castling_rights() const { return castling_; }
    Square castling_rook(int index) const { return castle_rook_[index]; }
    Bitboard castling_path(int index) const { return castle_path_[index]; }
    Bitboard castling_king_path(int index) const { return castle_king_path_[index]; }
    bool chess960() const { return chess960_; }
    void set_chess960(bool on) { chess960_ = on; }
    int halfmove_clock() const { return halfmove_; }
    int fullmove_number() const { return game_ply_ / 2 + 1; }

    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard checkers() const { return attackers_to(king_square(side_), pieces()) & pieces(~side_); }
    // Earlier occurrences of this position since the last irreversible move.
    int repetitions() const;
    bool is_insufficient_material() const;
    bool is_legal(Move m) const;
    std::uint64_t compute_hash() const;  // from scratch, for tests
    // Where the king and rook of a castling move land.
    static Square castling_king_to(Color c, bool kingside) { return relative(c, kingside ? 6 : 2); }
    static Square castling_rook_to(Color c, bool kingside) { return relative(c, kingside ? 5 : 3); }

private:
    // A multiply-xorshift (MurmurHash3's finaliser): every bit of x moves every bit of the key.
    static constexpr std::uint64_t mix64(std::uint64_t x) {
        x ^= x >> 33, x *= 0xFF51AFD7ED558CCDULL, x ^= x >> 33, x *= 0xC4CEB9FE1A85EC53ULL;
        return x ^ (x >> 33);
    }
    struct Undo {
        std::uint64_t key;
        std::int32_t halfmove;
        std::int32_t reversible;
        std::uint8_t ep;
        std::uint8_t castling;
        Piece captured;
    };

    void put_piece(Piece p, Square s) {
        board_[s] = p;
        by_type_[type_of(p)] |= square_bb(s);
        by_color_[color_of(p)] |= square_bb(s);
    }
    void remove_piece(Square s) {
        const Piece p = board_[s];
        board_[s] = NoPiece;
        by_type_[type_of(p)] ^= square_bb(s);
        by_color_[color_of(p)] ^= square_bb(s);
    }
    void move_piece(Square from, Square to) {
        const Piece p = board_[from];
        const Bitboard ft = square_bb(from) | square_bb(to);
        board_[from] = NoPiece;
        board_[to] = p;
        by_type_[type_of(p)] ^= ft;
        by_color_[color_of(p)] ^= ft;
    }
    struct Blank {};
    explicit Position(Blank) {}
    void add_castling_right(Color c, Square rook);
    void clear();

    Bitboard by_type_[6]{};
    Bitboard by_color_[2]{};
    Piece board_[64]{};
    Color side_ = White;
    std::uint8_t castling_ = 0;
    Square ep_ = NoSquare;
    int halfmove_ = 0;
    int reversible_ = 0;  // plies since a capture, pawn move or null move
    int game_ply_ = 0;
    std::uint64_t key_ = 0;
    bool chess960_ = false;
    Square castle_rook_[4] = {NoSquare, NoSquare, NoSquare, NoSquare};
    Bitboard castle_path_[4]{};       // squares that must be empty
    Bitboard castle_king_path_[4]{};  // squares the king crosses or lands on
    std::uint8_t castle_keep_[64]{};  // rights kept when a move touches a square
    std::vector<Undo> history_;
};

// ---------------------------------------------------------------------------
// Hot path: inline so that perft and search get it without LTO.

inline Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(White, s) & pieces(Black, Pawn)) | (pawn_attacks(Black, s) & pieces(White, Pawn)) |
           (knight_attacks(s) & by_type_[Knight]) | (rook_attacks(s, occupied) & (by_type_[Rook] | by_type_[Queen])) |
           (bishop_attacks(s, occupied) & (by_type_[Bishop] | by_type_[Queen])) | (king_attacks(s) & by_type_[King]);
}

inline void Position::make(Move m) {
    const auto& z = zobrist::keys;
    history_.push_back(Undo{key_, halfmove_, reversible_, static_cast<std::uint8_t>(ep_), castling_, NoPiece});
    const Color us = side_;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    std::uint64_t key = key_ ^ z.side;
    if (ep_ != NoSquare) {
        key ^= z.en_passant[file_of(ep_)];
        ep_ = NoSquare;
    }
    ++halfmove_;
    ++reversible_;
    ++game_ply_;

    if (m.type() == Castling) {
        const bool kingside = to > from;
        const Square kto = castling_king_to(us, kingside), rto = castling_rook_to(us, kingside);
        const Piece rook = make_piece(us, Rook);
        remove_piece(from);
        remove_piece(to);
        put_piece(pc, kto);
        put_piece(rook, rto);
        key ^= z.piece[pc][from] ^ z.piece[pc][kto] ^ z.piece[rook][to] ^ z.piece[rook][rto];
    } else {
        Square capsq = to;
        if (m.type() == EnPassant) capsq = to ^ 8;
        const Piece captured = board_[capsq];
        if (captured != NoPiece) {
            remove_piece(capsq);
            key ^= z.piece[captured][capsq];
            halfmove_ = reversible_ = 0;
            history_.back().captured = captured;
        }
        move_piece(from, to);
        key ^= z.piece[pc][from] ^ z.piece[pc][to];
        if (type_of(pc) == Pawn) {
            halfmove_ = reversible_ = 0;
            if (m.type() == Promotion) {
                const Piece promoted = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promoted, to);
                key ^= z.piece[pc][to] ^ z.piece[promoted][to];
            } else if ((from ^ to) == 16) {
                const Square middle = (from + to) / 2;
                if (pawn_attacks(us, middle) & pieces(~us, Pawn)) {
                    ep_ = middle;
                    key ^= z.en_passant[file_of(middle)];
                }
            }
        }
    }
    const std::uint8_t rights = castling_ & castle_keep_[from] & castle_keep_[to];
    if (rights != castling_) {
        key ^= z.castling[castling_] ^ z.castling[rights];
        castling_ = rights;
    }
    side_ = ~us;
    key_ = key;
}

inline void Position::unmake(Move m) {
    const Undo& u = history_.back();
    side_ = ~side_;
    const Color us = side_;
    const Square from = m.from(), to = m.to();
    if (m.type() == Castling) {
        const bool kingside = to > from;
        remove_piece(castling_king_to(us, kingside));
        remove_piece(castling_rook_to(us, kingside));
        put_piece(make_piece(us, King), from);
        put_piece(make_piece(us, Rook), to);
    } else {
        if (m.type() == Promotion) {
            remove_piece(to);
            put_piece(make_piece(us, Pawn), to);
        }
        move_piece(to, from);
        if (u.captured != NoPiece) put_piece(u.captured, m.type() == EnPassant ? to ^ 8 : to);
    }
    key_ = u.key;
    halfmove_ = u.halfmove;
    reversible_ = u.reversible;
    ep_ = u.ep;
    castling_ = u.castling;
    --game_ply_;
    history_.pop_back();
}

static_assert(std::is_trivially_copyable_v<Move>);

}  // namespace ply::chess

// Every unit that sees Position sees its endgame slices too: the engine's
// layout depends on them (retro::Endgames), and must be one in the program.
#include <ply/games/chess/slices.hpp>  // IWYU pragma: export
