// English draughts (American checkers): the 32 dark squares numbered 1-32,
// Black moving first from 1-12 towards 29-32, White from 21-32 towards 1-4.
// Men move and jump diagonally forward, kings both ways; a capture is
// compulsory, any capture may be chosen, and a multiple jump is completed;
// a man that reaches the far row is crowned and its move ends there. A side
// with no move loses. Draws as computer checkers plays them: threefold
// repetition, and CheckerBoard's 40-move rule (79 plies in a row without a
// capture or a man's move, a parameter).
//
// Squares are 0-31 inside (square n is n - 1), four a row from Black's back
// row (1-4) to White's (29-32); row r, column c as White sees the board is
// square 4r + c/2, square 1 on b8 and 4 on h8. A jump sequence is one move:
// a king that takes the same pieces by two routes makes two moves, as perft
// counts them.
//
// Notation: positions in PDN's FEN, "B:W18,24,27,K10:B12,16,K22" (side to
// move, then each side's squares, K for a king, ranges as 21-32); moves as
// "11-15", captures "15x24", a multiple jump by its first and last squares
// ("15x24" for 15x22x31... where only one route joins them) or with every
// landing square ("15x24x31") where two routes share their ends.
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
#include <ply/games/checkers/search_parameters.hpp>

namespace ply::checkers {

enum Side : std::uint8_t { Black, White };

constexpr std::uint32_t bit(int square) { return std::uint32_t{1} << square; }
inline constexpr std::uint32_t kCrowningRow[2] = {0xF0000000u, 0x0000000Fu};  // Black's, White's
inline constexpr int kNone = -1;
inline constexpr int kDefaultQuietPlyLimit = 79;  // CheckerBoard's 40-move rule

// One diagonal step from each square in direction d (0, 1: towards row 7,
// Black's way; 2, 3: towards row 0, White's), the square beyond it, and the
// Zobrist keys.
struct Tables {
    std::array<std::array<int, 4>, 32> step{};
    std::array<std::array<int, 4>, 32> jump{};
    std::array<std::array<std::uint64_t, 32>, 4> zobrist{};  // [2 * side + king][square]
    std::uint64_t white_to_move = 0;
};

constexpr int row_of(int square) { return square / 4; }
constexpr int column_of(int square) { return 2 * (square % 4) + (row_of(square) % 2 == 0 ? 1 : 0); }
constexpr int square_at(int row, int column) {
    if (row < 0 || row > 7 || column < 0 || column > 7 || (column % 2 == 0) == (row % 2 == 0)) return kNone;
    return 4 * row + column / 2;
}

constexpr Tables make_tables() {
    constexpr int kRows[4] = {1, 1, -1, -1};
    constexpr int kColumns[4] = {-1, 1, -1, 1};
    Tables t;
    for (int s = 0; s < 32; ++s)
        for (int d = 0; d < 4; ++d) {
            t.step[s][d] = square_at(row_of(s) + kRows[d], column_of(s) + kColumns[d]);
            t.jump[s][d] = square_at(row_of(s) + 2 * kRows[d], column_of(s) + 2 * kColumns[d]);
        }
    std::uint64_t state = 0x434845434B455253ULL;
    for (auto& keys : t.zobrist)
        for (auto& key : keys) key = splitmix64(state);
    t.white_to_move = splitmix64(state);
    return t;
}
inline constexpr Tables kTables = make_tables();

// The directions a piece moves in: a man forward only, a king both ways.
constexpr int first_direction(int side, bool king) { return king || side == Black ? 0 : 2; }
constexpr int last_direction(int side, bool king) { return king || side == White ? 4 : 2; }

// Whether `side`, its pieces `own`, can take one of `enemy` (`kings`: every king on the board).
constexpr bool can_capture(int side, std::uint32_t own, std::uint32_t enemy, std::uint32_t kings) {
    const std::uint32_t empty = ~(own | enemy);
    for (std::uint32_t left = own; left; left &= left - 1) {
        const int q = std::countr_zero(left);
        const bool king = (kings & bit(q)) != 0;
        for (int d = first_direction(side, king); d < last_direction(side, king); ++d) {
            const int land = kTables.jump[q][d];
            if (land != kNone && (enemy & bit(kTables.step[q][d])) && (empty & bit(land))) return true;
        }
    }
    return false;
}

// A move in 32 bits: the square it starts from (5 bits), whether it jumps,
// and its directions, two bits each from the low end, with a 1 above the
// last. A plain move has one direction; a jump one for every piece taken.
struct Move {
    std::uint32_t bits = 0;

    static constexpr Move step(int from, int direction) {
        return Move{static_cast<std::uint32_t>(from) | (static_cast<std::uint32_t>(4 | direction) << 6)};
    }
    // `path`: the directions of `jumps` jumps, first in the low bits.
    static constexpr Move jump(int from, std::uint32_t path, int jumps) {
        return Move{static_cast<std::uint32_t>(from) | 32u | ((path | (1u << (2 * jumps))) << 6)};
    }
    [[nodiscard]] constexpr int from() const { return static_cast<int>(bits & 31); }
    [[nodiscard]] constexpr bool is_capture() const { return (bits & 32) != 0; }
    [[nodiscard]] constexpr int length() const { return (std::bit_width(bits >> 6) - 1) / 2; }
    [[nodiscard]] constexpr int direction(int i) const { return static_cast<int>(bits >> (6 + 2 * i)) & 3; }
    friend constexpr bool operator==(Move, Move) = default;
};

// Where a move goes: its landing squares in order, and the squares it takes.
struct Route {
    std::array<std::uint8_t, 16> landings{};
    int count = 0;
    std::uint32_t captured = 0;
    [[nodiscard]] int to() const { return landings[static_cast<std::size_t>(count - 1)]; }
};

constexpr Route trace(Move m) {
    Route r;
    int square = m.from();
    for (int i = 0, n = m.length(); i < n; ++i) {
        const int d = m.direction(i);
        if (m.is_capture()) {
            r.captured |= bit(kTables.step[square][d]);
            square = kTables.jump[square][d];
        } else {
            square = kTables.step[square][d];
        }
        r.landings[static_cast<std::size_t>(r.count++)] = static_cast<std::uint8_t>(square);
    }
    return r;
}

class Checkers {
public:
    using Move = checkers::Move;
    using MoveList = ply::MoveList<Move, 128>;
    static constexpr std::size_t max_moves = 128;  // kings' routes multiply; generous
    static constexpr std::string_view name = "checkers";
    static constexpr std::string_view start_fen = "B:W21-32:B1-12";
    // Moves keyed by their first square and first direction.
    static constexpr std::size_t move_key_count = 32 * 4 * 2;
    static constexpr Score eval_unit = 100;  // a man
    // The search's margins (search_parameters.hpp).
    static constexpr SearchParameters search_parameters() { return kSearchParameters; }

    Checkers();
    // PDN's FEN (above), "" or "start"; throws ParseError.
    static Checkers from_fen(std::string_view fen);
    static Checkers from_position(std::string_view text) { return from_fen(text); }
    [[nodiscard]] std::string fen() const;
    [[nodiscard]] std::string position() const { return fen(); }
    // A position from bitboards, its history and counters cleared, unchecked
    // (the endgame slices set millions: slices.hpp checks what they give).
    void set_board(std::uint32_t black, std::uint32_t white, std::uint32_t kings, Side to_move);

    // ---- The Game concept ------------------------------------------------------
    // Legal moves; none once the game is over, draws by rule included.
    void generate_moves(MoveList& out) const;
    // Legal moves whatever the draw rules say (perft, notation).
    void generate_legal(MoveList& out) const;
    // The captures, which are all the moves when there is one.
    void generate_tactical(MoveList& out) const;
    void make(Move m);
    void unmake(Move m);
    [[nodiscard]] Outcome outcome() const;
    [[nodiscard]] Score evaluate() const;

    // ---- Capabilities --------------------------------------------------------
    [[nodiscard]] std::uint64_t hash() const { return key_; }
    // The search's draws: a position seen before since the last capture or
    // man's move (twofold), or the quiet plies run out.
    [[nodiscard]] bool is_rule_draw() const { return quiet_plies_ >= quiet_ply_limit_ || repetitions() >= 1; }
    // The game's: threefold repetition, or the quiet plies run out.
    [[nodiscard]] bool game_ending_draw() const { return quiet_plies_ >= quiet_ply_limit_ || repetitions() >= 2; }
    [[nodiscard]] bool is_tactical(Move m) const { return m.is_capture(); }
    // A capture to make is the checkers' check: the side to move cannot stand
    // pat on it (quiescence goes on while one is pending), nor pass. A move
    // "checks" where it leaves the opponent one: an offer to exchange.
    [[nodiscard]] bool in_check() const { return can_capture(side_, pieces_[side_], pieces_[1 - side_], kings_); }
    [[nodiscard]] bool gives_check(Move m) const;
    // More pieces taken first, kings counting more.
    [[nodiscard]] int tactical_score(Move m) const {
        const std::uint32_t taken = trace(m).captured;
        return 4 * std::popcount(taken) + std::popcount(taken & kings_);
    }
    [[nodiscard]] std::size_t move_key(Move m) const {
        return (static_cast<std::size_t>(m.from()) * 4 + static_cast<std::size_t>(m.direction(0))) * 2 +
               (m.is_capture() ? 1 : 0);
    }

    // ---- Notation --------------------------------------------------------------
    // "11-15", "15x24", "15x24x31"; throws ParseError for malformed text, an
    // illegal move, or a jump whose route the squares given leave open.
    [[nodiscard]] Move parse_move(std::string_view text) const;
    // The shortest text that names the move among the legal ones.
    [[nodiscard]] std::string move_to_string(Move m) const;
    // The board from Black's side, or turned (`flipped`) to White's, as
    // diagrams print it (square 1 top left).
    [[nodiscard]] std::string render(bool flipped = false) const;
    // The board drawn from Black's side like render(), its squares labelled 1-32.
    [[nodiscard]] BoardView board_view() const;
    // The start square and every landing square: a click on each picks the move.
    [[nodiscard]] std::vector<int> move_cells(Move m) const;
    [[nodiscard]] std::string end_reason() const;

    // ---- Queries ---------------------------------------------------------------
    [[nodiscard]] Side side_to_move() const { return side_; }
    [[nodiscard]] int fullmove_number() const { return fullmove_; }
    [[nodiscard]] std::uint32_t pieces(Side s) const { return pieces_[s]; }
    [[nodiscard]] std::uint32_t kings() const { return kings_; }
    [[nodiscard]] std::uint32_t empty() const { return ~(pieces_[Black] | pieces_[White]); }
    [[nodiscard]] int quiet_plies() const { return quiet_plies_; }
    [[nodiscard]] int quiet_ply_limit() const { return quiet_ply_limit_; }
    void set_quiet_ply_limit(int plies) { quiet_ply_limit_ = plies; }
    // Earlier occurrences of this position since the last capture or man's move.
    [[nodiscard]] int repetitions() const;
    [[nodiscard]] std::uint64_t compute_hash() const;  // from scratch, for tests

    // Leaf positions `depth` plies on (moves at the last ply counted, not made).
    [[nodiscard]] std::uint64_t perft(int depth);

private:
    struct Empty {};
    explicit Checkers(Empty) {}

    struct Undo {
        std::uint64_t key;
        std::uint32_t kings_taken;
        std::uint16_t quiet_plies;
        bool crowned;
    };

    std::array<std::uint32_t, 2> pieces_{};
    std::uint32_t kings_ = 0;
    Side side_ = Black;
    int fullmove_ = 1;
    int quiet_plies_ = 0;
    int quiet_ply_limit_ = kDefaultQuietPlyLimit;
    std::uint64_t key_ = 0;
    std::vector<Undo> history_;
};

// ---------------------------------------------------------------------------
// Hot path: inline so that the search gets it without LTO.

inline void Checkers::make(Move m) {
    const int us = side_, them = 1 - us;
    const Route r = trace(m);
    const int from = m.from(), to = r.to();
    const bool king = (kings_ & bit(from)) != 0;
    const bool crowned = !king && (bit(to) & kCrowningRow[us]);
    history_.push_back(Undo{key_, kings_ & r.captured, static_cast<std::uint16_t>(quiet_plies_), crowned});
    const auto& z = kTables.zobrist;
    key_ ^= z[2 * us + king][from] ^ z[2 * us + (king || crowned)][to] ^ kTables.white_to_move;
    for (std::uint32_t left = r.captured; left; left &= left - 1) {
        const int q = std::countr_zero(left);
        key_ ^= z[2 * them + ((kings_ >> q) & 1)][q];
    }
    // Not a flip of two bits: a king's round of jumps may end where it began.
    pieces_[us] = (pieces_[us] & ~bit(from)) | bit(to);
    pieces_[them] &= ~r.captured;
    kings_ &= ~r.captured;
    if (king || crowned) kings_ = (kings_ & ~bit(from)) | bit(to);
    quiet_plies_ = king && !m.is_capture() ? quiet_plies_ + 1 : 0;
    if (side_ == White) ++fullmove_;
    side_ = static_cast<Side>(them);
}

inline bool Checkers::gives_check(Move m) const {
    const int us = side_, them = 1 - us;
    const Route r = trace(m);
    const int from = m.from(), to = r.to();
    const bool king = (kings_ & bit(from)) != 0 || (bit(to) & kCrowningRow[us]);
    const std::uint32_t own = (pieces_[us] & ~bit(from)) | bit(to);
    std::uint32_t kings = kings_ & ~r.captured;
    if (king) kings = (kings & ~bit(from)) | bit(to);
    return can_capture(them, pieces_[them] & ~r.captured, own, kings);
}

inline void Checkers::unmake(Move m) {
    side_ = static_cast<Side>(1 - side_);
    if (side_ == White) --fullmove_;
    const int us = side_, them = 1 - us;
    const Undo u = history_.back();
    history_.pop_back();
    const Route r = trace(m);
    const int from = m.from(), to = r.to();
    const bool king = (kings_ & bit(to)) != 0 && !u.crowned;
    pieces_[us] = (pieces_[us] & ~bit(to)) | bit(from);
    kings_ &= ~bit(to);
    if (king) kings_ |= bit(from);
    pieces_[them] |= r.captured;
    kings_ |= u.kings_taken;
    quiet_plies_ = u.quiet_plies;
    key_ = u.key;
}

}  // namespace ply::checkers

// Every unit that sees Checkers sees its endgame slices too: the engine's
// layout depends on them (retro::Endgames), and must be one in the program.
#include <ply/games/checkers/slices.hpp>  // IWYU pragma: export
