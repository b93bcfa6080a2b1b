// Minichess: Bart Massey's 5x6 chess ("MinitChess" 2011, as the IMCS server
// plays it; data/minichess/RULES.md). Chess pieces on 5 files x 6 ranks, and:
// the bishop may also step one square orthogonally onto an empty square; pawns
// never double-step (so no en passant) and always promote to a queen; no
// castling and no check rules: capturing the king wins, a side without a legal
// move loses, and the game is drawn after Black's 40th move (80 plies) unless
// that move took the king.
//
// Representation: a mailbox of 30 squares (square = 5 * rank + file, a1 = 0,
// e6 = 29), one 30-bit occupancy mask per colour to walk the pieces, the king
// squares, and move tables built at compile time. The ply counts from the
// start of the game, so it also says who moves and how long the game may run;
// make() keeps a Zobrist key and the evaluation up to date, and unmake() needs
// only a two-byte record per ply (no allocation).
//
// Capabilities: hash, tactical moves for quiescence with MVV-LVA order, check
// (a king the opponent can take: quiescence must not stand pat then), move
// keys for history tables, and the length bound. No null move: zugzwang is the
// rule on this crowded board, and passing is never legal. No repetition draw:
// the rules have none, and the 80-ply limit ends every cycle.
//
// Notation (IMCS):
//   Positions  a line "<move number> <W|B>" (move 1 is the first of each
//              side), then six rows of five characters, rank 6 first:
//              KQBNRP for White, kqbnrp for Black, '.' empty. "" or "start"
//              is the initial position.
//   Moves      "<from>-<to>", e.g. "a2-a3" (read also as "a2a3", "b4xc5",
//              files in either case); promotion is implicit.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/board_view.hpp>
#include <ply/core/game.hpp>
#include <ply/core/hash.hpp>
#include <ply/core/move_list.hpp>
#include <ply/core/outcome.hpp>
#include <ply/core/score.hpp>

namespace ply::minichess {

inline constexpr int kFiles = 5;
inline constexpr int kRanks = 6;
inline constexpr int kSquares = kFiles * kRanks;
inline constexpr int kMaxGamePlies = 80;  // drawn after Black's 40th move
inline constexpr std::uint8_t kNoSquare = 0xFF;

enum Color : std::uint8_t { White, Black };
enum PieceType : std::uint8_t { NoType, Pawn, Knight, Bishop, Rook, Queen, King };

// A piece is its type plus 8 for Black; 0 is an empty square.
using Piece = std::uint8_t;
constexpr Piece make_piece(int color, int type) { return static_cast<Piece>(type | color << 3); }
constexpr int type_of(Piece p) { return p & 7; }
constexpr int color_of(Piece p) { return p >> 3; }
constexpr int rank_of(int square) { return square / kFiles; }
constexpr int file_of(int square) { return square % kFiles; }
constexpr int last_rank(int color) { return color == White ? kRanks - 1 : 0; }
constexpr std::uint32_t bit(int square) { return std::uint32_t{1} << square; }

struct Move {
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    friend bool operator==(Move, Move) = default;
};

// The evaluation's weights, all in one place (centipawns, for one piece).
namespace eval {
// Indexed by PieceType. The knight reaches most of this small board and the
// side-stepping bishop is not bound to one colour: both close to three pawns
// (IMCS's own table rates the bishop lower, 20 against the knight's 40). The
// king has no material value: losing it ends the game (outcome()).
inline constexpr Score kMaterial[7] = {0, 100, 300, 290, 500, 900, 0};
// Pawns by rank counted from their own back rank (they start on 1): the
// nearer the queening rank, the more a pawn is worth.
inline constexpr Score kPawnAdvance[kRanks] = {0, 0, 10, 25, 50, 0};
// Per point of centrality (0 in a corner, 4 on c3 and c4), by PieceType.
inline constexpr Score kCentre[7] = {0, 2, 8, 5, 0, 3, 0};
}  // namespace eval

namespace detail {

// Squares reachable from a square, nearest first along rays.
struct Steps {
    std::uint8_t count = 0;
    std::array<std::uint8_t, 8> to{};
};

struct Tables {
    std::array<Steps, kSquares> knight{}, king{};
    // Rays: 0-3 orthogonal (N, E, S, W), 4-7 diagonal (NE, SE, SW, NW).
    std::array<std::array<Steps, 8>, kSquares> ray{};
    std::array<std::array<Steps, kSquares>, 2> pawn_capture{};      // [colour][square]
    std::array<std::array<std::uint8_t, kSquares>, 2> pawn_push{};  // kNoSquare on the last rank
    std::array<std::array<std::uint64_t, kSquares>, 16> zobrist{};  // [piece][square]; 0 for no piece
    std::array<std::uint64_t, kMaxGamePlies + 1> zobrist_ply{};     // the ply: side to move and time left
    std::array<std::array<Score, kSquares>, 16> psq{};              // material + placement, from White's side
};

constexpr Tables make_tables() {
    Tables t;
    auto on_board = [](int f, int r) { return f >= 0 && f < kFiles && r >= 0 && r < kRanks; };
    auto add = [](Steps& s, int f, int r) { s.to[s.count++] = static_cast<std::uint8_t>(r * kFiles + f); };
    constexpr int dir[8][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}};
    constexpr int jump[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int sq = 0; sq < kSquares; ++sq) {
        const int f = file_of(sq), r = rank_of(sq);
        for (int d = 0; d < 8; ++d) {
            if (on_board(f + jump[d][0], r + jump[d][1])) add(t.knight[sq], f + jump[d][0], r + jump[d][1]);
            if (on_board(f + dir[d][0], r + dir[d][1])) add(t.king[sq], f + dir[d][0], r + dir[d][1]);
            for (int k = 1; on_board(f + k * dir[d][0], r + k * dir[d][1]); ++k)
                add(t.ray[sq][d], f + k * dir[d][0], r + k * dir[d][1]);
        }
        for (int c = 0; c < 2; ++c) {
            const int forward = c == White ? 1 : -1;
            t.pawn_push[c][sq] =
                on_board(f, r + forward) ? static_cast<std::uint8_t>(sq + forward * kFiles) : kNoSquare;
            for (int side : {-1, 1})
                if (on_board(f + side, r + forward)) add(t.pawn_capture[c][sq], f + side, r + forward);
        }
    }
    // Zobrist keys by splitmix64 from a fixed seed.
    std::uint64_t state = 0x4D494E4943485353ULL;
    auto next = [&state] { return splitmix64(state); };
    for (int c = 0; c < 2; ++c)
        for (int type = Pawn; type <= King; ++type)
            for (auto& key : t.zobrist[make_piece(c, type)]) key = next();
    for (auto& key : t.zobrist_ply) key = next();
    // Placement is symmetric under the 180-degree turn that swaps the sides.
    for (int sq = 0; sq < kSquares; ++sq) {
        const int f = file_of(sq), r = rank_of(sq);
        const int centrality = (2 - (f > 2 ? f - 2 : 2 - f)) + (r < kRanks - 1 - r ? r : kRanks - 1 - r);
        for (int type = Pawn; type <= King; ++type) {
            const Score base = eval::kMaterial[type] + eval::kCentre[type] * centrality;
            const Score white_pawn = type == Pawn ? eval::kPawnAdvance[r] : 0;
            const Score black_pawn = type == Pawn ? eval::kPawnAdvance[kRanks - 1 - r] : 0;
            t.psq[make_piece(White, type)][sq] = base + white_pawn;
            t.psq[make_piece(Black, type)][sq] = -(base + black_pawn);
        }
    }
    return t;
}

inline constexpr Tables kTables = make_tables();

}  // namespace detail

class Minichess {
public:
    using Move = minichess::Move;
    // Parsing allows at most 10 pieces a side (the start's count: promotion
    // only replaces a pawn) and a piece has at most 17 moves (a queen on c3).
    static constexpr std::size_t max_moves = 176;
    static constexpr std::size_t move_key_count = kSquares * kSquares;
    static constexpr std::string_view name = "minichess";
    static constexpr bool imcs_notation = true;  // tools/imcs plays it on an IMCS server
    using MoveList = ply::MoveList<Move, max_moves>;

    Minichess();  // the initial position, White to move

    // ---- The Game concept ----------------------------------------------------

    // Every legal move; none once the game is over.
    void generate_moves(MoveList& out) const;
    // The moves of the pieces whatever the move limit says (none without a
    // king): what move generators list, for `ply moves` and its test cases.
    void generate_legal(MoveList& out) const;
    // Captures and promotions; every move when the side to move is in check
    // (quiescence must answer a threat to the king).
    void generate_tactical(MoveList& out) const;
    // Assumes a legal move of an ongoing game.
    void make(Move m);
    void unmake(Move m);
    // For the side to move: Loss when its king is gone or it has no move,
    // Draw once 80 plies are played.
    Outcome outcome() const;
    Score evaluate() const { return side_to_move() == White ? psq_ : -psq_; }

    // ---- Optional capabilities -------------------------------------------------

    // evaluate() is in centipawns, as chess's: the search's margins as tuned for chess.
    static constexpr Score eval_unit = 100;

    // The board's key and the ply: the 80-ply limit makes the same board at
    // another ply a different position.
    std::uint64_t hash() const { return key_ ^ detail::kTables.zobrist_ply[static_cast<std::size_t>(ply_)]; }
    // Can the opponent take the side to move's king? Deliberately not named
    // in_check: Minichess has no check rule, and a game with in_check gets
    // chess's treatment in quiescence (no standing pat, every move searched),
    // which here, with both kings often attacked, never ends.
    bool king_attacked() const;
    bool attacks_king(Move m) const;
    std::size_t move_key(Move m) const { return std::size_t{m.from} * kSquares + m.to; }
    bool is_tactical(Move m) const { return board_[m.to] != 0 || is_promotion(m); }
    // Most valuable victim (the king most of all), then least valuable attacker;
    // a promotion counts as taking a queen.
    int tactical_score(Move m) const {
        return 16 * (type_of(board_[m.to]) + (is_promotion(m) ? Queen : 0)) - type_of(board_[m.from]);
    }
    int max_plies_left() const { return kMaxGamePlies - ply_; }
    static constexpr bool wins_by_moving = false;  // a side left without a move loses

    // ---- Notation --------------------------------------------------------------

    // IMCS text (see above), "" or "start"; throws ply::ParseError saying what
    // is wrong. Blank lines around the text and spaces at line ends are ignored.
    static Minichess from_position(std::string_view text);
    std::string position() const;  // IMCS text, newline-terminated lines
    // "a2-a3"; throws ply::ParseError for malformed text or an illegal move.
    Move parse_move(std::string_view text) const;
    std::string move_to_string(Move m) const;
    // The board from White's side, or turned (`flipped`) to Black's: rank 1
    // at the top, the e-file on the left.
    std::string render(bool flipped = false) const;
    // The board for front ends that draw it (core/board_view.hpp).
    BoardView board_view() const;
    std::vector<int> move_cells(Move m) const;
    std::string end_reason() const;  // why a finished game ended (core/describe.hpp)

    // ---- Queries ---------------------------------------------------------------

    Piece piece_on(int square) const { return board_[static_cast<std::size_t>(square)]; }
    Color side_to_move() const { return static_cast<Color>(ply_ & 1); }
    int game_ply() const { return ply_; }                 // plies played since the start of the game
    int fullmove_number() const { return ply_ / 2 + 1; }  // as the IMCS board's first line numbers it
    bool has_king(Color c) const { return king_[c] != kNoSquare; }
    bool is_promotion(Move m) const {
        return type_of(board_[m.from]) == Pawn && rank_of(m.to) == last_rank(side_to_move());
    }
    // Does a piece of `by` attack `square` (a pawn diagonally, a bishop only
    // along diagonals: its side-step never captures)?
    bool attacked(int square, Color by) const { return attacked_on(board_, square, by); }

private:
    using Board = std::array<Piece, kSquares>;
    struct Undo {
        Piece captured;
        bool promoted;
    };

    static bool attacked_on(const Board& board, int square, int by);
    // Calls emit(from, to) for each move (captures and promotions only if
    // `tactical`) until it returns true; returns whether it did.
    template <bool tactical, class Emit>
    bool visit_moves(Emit&& emit) const;
    bool can_move() const;
    // Sets the derived state (masks, kings, key, evaluation) from board_.
    void refresh();

    Board board_{};
    std::array<std::uint32_t, 2> occupied_{};  // by colour
    std::array<std::uint8_t, 2> king_{kNoSquare, kNoSquare};
    int ply_ = 0;
    std::uint64_t key_ = 0;                   // pieces only; hash() adds the ply
    Score psq_ = 0;                           // evaluation from White's side
    std::array<Undo, kMaxGamePlies> undo_{};  // by the ply of the move
};

// ---------------------------------------------------------------------------
// Hot path: inline so that the search gets it without LTO.

inline void Minichess::make(Move m) {
    const auto& t = detail::kTables;
    const int us = side_to_move(), them = us ^ 1;
    const Piece moved = board_[m.from], captured = board_[m.to];
    const bool promotes = type_of(moved) == Pawn && rank_of(m.to) == last_rank(us);
    const Piece placed = promotes ? make_piece(us, Queen) : moved;
    undo_[static_cast<std::size_t>(ply_)] = {captured, promotes};
    key_ ^= t.zobrist[moved][m.from] ^ t.zobrist[placed][m.to];
    psq_ += t.psq[placed][m.to] - t.psq[moved][m.from];
    if (captured) {
        key_ ^= t.zobrist[captured][m.to];
        psq_ -= t.psq[captured][m.to];
        occupied_[them] ^= bit(m.to);
        if (type_of(captured) == King) king_[them] = kNoSquare;
    }
    occupied_[us] ^= bit(m.from) | bit(m.to);
    board_[m.from] = 0;
    board_[m.to] = placed;
    if (type_of(moved) == King) king_[us] = m.to;
    ++ply_;
}

inline void Minichess::unmake(Move m) {
    const auto& t = detail::kTables;
    --ply_;
    const int us = side_to_move(), them = us ^ 1;
    const Undo u = undo_[static_cast<std::size_t>(ply_)];
    const Piece placed = board_[m.to];
    const Piece moved = u.promoted ? make_piece(us, Pawn) : placed;
    key_ ^= t.zobrist[moved][m.from] ^ t.zobrist[placed][m.to];
    psq_ -= t.psq[placed][m.to] - t.psq[moved][m.from];
    occupied_[us] ^= bit(m.from) | bit(m.to);
    board_[m.from] = moved;
    board_[m.to] = u.captured;
    if (u.captured) {
        key_ ^= t.zobrist[u.captured][m.to];
        psq_ += t.psq[u.captured][m.to];
        occupied_[them] ^= bit(m.to);
        if (type_of(u.captured) == King) king_[them] = m.to;
    }
    if (type_of(moved) == King) king_[us] = m.from;
}

}  // namespace ply::minichess
