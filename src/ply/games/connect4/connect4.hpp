// Connect Four on a board of width x height (7 x 6 by default): players drop
// stones into columns; the first to line up four (horizontally, vertically or
// diagonally) wins; a full board without a line is a draw.
//
// Representation (Pascal Pons / John Tromp): each column is height + 1 bits of
// a 64-bit word, bottom cell first; the extra top bit of every column is always
// empty, which stops lines from wrapping between columns. Cell (col, row) is
// bit col * (height + 1) + row. Two bitboards: `mask_` (every stone) and
// `current_` (the stones of the side to move). Sizes: any with
// width * (height + 1) <= 64, 1 <= width <= 16, height >= 1.
//
// Notation:
//   Moves     the column counted from 1 from the left: "4" is the middle of
//             the 7-wide board. Internally a Move is the column from 0.
//             Columns 10..16 of wide boards are written a..g (also accepted
//             as "10".."16" in parse_move).
//   Positions the columns played so far, one character each, from 1 (Pons'
//             benchmark convention): "4453". The empty string (or "start") is
//             the empty board. Other sizes take a prefix "WxH:", e.g.
//             "9x5:5567" (columns still counted from 1); position() writes the
//             prefix only for sizes other than 7x6.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/board_view.hpp>
#include <ply/core/game.hpp>
#include <ply/core/hash.hpp>
#include <ply/core/move_list.hpp>
#include <ply/core/outcome.hpp>
#include <ply/core/score.hpp>
#include <ply/games/connect4/pons.hpp>

namespace ply::connect4 {

class Connect4 {
public:
    using Move = int;  // column, 0-based

    static constexpr int kMaxWidth = 16;
    static constexpr int kMaxCells = 64;
    static constexpr std::size_t max_moves = kMaxWidth;
    // move_key(m) is the cell the stone lands on (its bit index).
    static constexpr std::size_t move_key_count = 64;
    static constexpr std::string_view name = "connect4";

    Connect4() : Connect4(7, 6) {}
    // Throws ply::ParseError for an unsupported size (see valid_size).
    Connect4(int width, int height);

    static bool valid_size(int width, int height) {
        return width >= 1 && width <= kMaxWidth && height >= 1 && width * (height + 1) <= 64;
    }

    // ---- The Game concept ----------------------------------------------------

    // Playable columns from the centre outwards (4 3 5 2 6 1 7 on 7 columns),
    // the order that makes alpha-beta cut best; none once the game is over.
    void generate_moves(MoveListOf<Connect4>& out) const {
        if (is_won()) return;
        for (int i = 0; i < width_; ++i) {
            const int col = centre_out_[static_cast<std::size_t>(i)];
            if (can_play(col)) out.push_back(col);
        }
    }

    // Assumes can_play(col) and that nobody has won yet. Whether the move
    // won is read from the board when asked (is_won): a solver that plays
    // only moves known not to win never asks.
    void make(Move col) {
        const std::uint64_t stone = (mask_ + bottom(col)) & column_mask(col);
        current_ ^= mask_;
        mask_ |= stone;
        const int mc = width_ - 1 - col;
        mirror_current_ ^= mirror_mask_;
        mirror_mask_ |= (mirror_mask_ + bottom(mc)) & column_mask(mc);
        history_[static_cast<std::size_t>(moves_++)] = static_cast<std::uint8_t>(col);
    }

    // Undoes make(col): the top stone of `col` goes.
    void unmake(Move col) {
        const std::uint64_t stone = ((mask_ & column_mask(col)) + bottom(col)) >> 1;
        mask_ ^= stone;
        current_ ^= mask_;
        const int mc = width_ - 1 - col;
        mirror_mask_ ^= ((mirror_mask_ & column_mask(mc)) + bottom(mc)) >> 1;
        mirror_current_ ^= mirror_mask_;
        --moves_;
    }

    // For the side to move: Loss when the opponent's last stone made four.
    Outcome outcome() const {
        if (is_won()) return Outcome::Loss;
        if (moves_ == width_ * height_) return Outcome::Draw;
        return Outcome::Ongoing;
    }

    // Threats: the empty cells that would complete a four, the side to move's
    // minus the opponent's (10 each), plus 1 per stone in the central
    // columns. Cheap, far from the mate range: within +-1000.
    Score evaluate() const {
        const std::uint64_t empty = board_ & ~mask_;
        const int threats = std::popcount(winning_cells() & empty) - std::popcount(opponent_winning_cells() & empty);
        std::uint64_t centre = column_mask(width_ / 2);
        if (width_ % 2 == 0) centre |= column_mask(width_ / 2 - 1);
        const int central = std::popcount(current_ & centre) - std::popcount((current_ ^ mask_) & centre);
        return 10 * threats + central;  // |score| <= 10 * 64 + 64
    }

    // ---- Optional capabilities -------------------------------------------------

    static constexpr bool wins_by_moving = true;  // the fourth stone is the mover's
    // evaluate() counts 10 for a threat: the search's margins scale to it
    // (chess's, tuned at 100 a pawn, divided by 10).
    static constexpr Score eval_unit = 10;

    // key() (unique for a board size) through a bijective mixer, salted by
    // the size: one table may serve boards of several sizes, whose keys
    // overlap (a 6x4 position must not read a 5x4 one's value).
    // Symmetric: the smaller of key() and the mirror image's key, so a
    // position and its reflection share the table's entries (both occur
    // often early in the game). The mirror image is kept up to date by
    // make and unmake. The salt is computed once per board (hash() runs at
    // every node).
    std::uint64_t hash() const { return mix64(std::min(key(), mirror_key())) ^ salt_; }
    bool hash_mirrored() const { return mirror_key() < key(); }
    Move mirror_move(Move col) const { return width_ - 1 - col; }
    // hash() after make(col): the opponent's stones become the mover's, and
    // the mover's new stone joins the mask (in both images).
    std::uint64_t hash_after(Move col) const {
        const std::uint64_t stone = (mask_ + bottom(col)) & column_mask(col);
        const int mc = width_ - 1 - col;
        const std::uint64_t mirror_stone = (mirror_mask_ + bottom(mc)) & column_mask(mc);
        const std::uint64_t k = (current_ ^ mask_) + (mask_ | stone);
        const std::uint64_t mk = (mirror_current_ ^ mirror_mask_) + (mirror_mask_ | mirror_stone);
        return mix64(std::min(k, mk)) ^ salt_;
    }

    std::size_t move_key(Move col) const {
        return static_cast<std::size_t>(std::countr_zero((mask_ + bottom(col)) & column_mask(col)));
    }

    // ---- Helpers for solvers (Pons' Position API) ------------------------------

    int width() const { return width_; }
    int height() const { return height_; }
    // Exact values as Pascal Pons' benchmark sets write them, and moves that
    // are the columns 1..width (core/describe.hpp): `ply solve` and `ply
    // analyse` print both.
    static constexpr std::string_view published_score_name = "pons_score";
    int published_score(Score value) const { return pons_score(width_ * height_, moves_played(), value); }
    Score value_of_published_score(int score) const {
        return value_of_pons_score(width_ * height_, moves_played(), score);
    }
    static std::string set_position(std::string_view entry, const describe::SetFormat& format) {
        return connect4::set_position(entry, format);
    }
    static constexpr bool moves_are_columns = true;
    int moves_played() const { return moves_; }
    bool is_won() const { return alignment(current_ ^ mask_); }  // the last move made four

    // Pons' unique key: current + mask (a column of n stones has its bits
    // below bit n, so the sum sets a marker bit above each column).
    std::uint64_t key() const { return current_ + mask_; }
    // key() of the board reflected left to right.
    std::uint64_t mirror_key() const { return mirror_current_ + mirror_mask_; }

    bool can_play(int col) const { return (mask_ & top_cell(col)) == 0; }

    // Would playing `col` make four at once? Assumes can_play(col).
    bool is_winning_move(int col) const { return alignment(current_ | ((mask_ + bottom(col)) & column_mask(col))); }

    // Can the side to move win with its next stone?
    bool can_win_next() const { return (winning_cells() & possible()) != 0; }

    // Bitboards: the cells where a stone can be dropped now, the empty cells
    // that would complete a four for the side to move / for the opponent.
    std::uint64_t possible() const { return (mask_ + bottom_) & board_; }
    std::uint64_t winning_cells() const { return threats(current_, mask_); }
    std::uint64_t opponent_winning_cells() const { return threats(current_ ^ mask_, mask_); }

    // Moves that do not let the opponent win at once (Pons' pruning), as a
    // bitboard of landing cells; 0 when every move loses. Assumes the side to
    // move cannot win at once.
    std::uint64_t possible_non_losing_moves() const {
        std::uint64_t moves = possible();
        const std::uint64_t opponent_win = opponent_winning_cells();
        const std::uint64_t forced = moves & opponent_win;
        if (forced) {
            if (forced & (forced - 1)) return 0;  // two threats at once: lost
            moves = forced;
        }
        return moves & ~(opponent_win >> 1);  // never play just below an opponent's threat
    }

    // The columns of possible_non_losing_moves(), in generate_moves' order.
    // Assumes the game is on and the side to move cannot win at once.
    void generate_non_losing(MoveListOf<Connect4>& out) const {
        const std::uint64_t safe = possible_non_losing_moves();
        if (!safe) return;
        for (int i = 0; i < width_; ++i)
            out.push_back_if(centre_out_[static_cast<std::size_t>(i)],
                             (safe & centre_out_masks_[static_cast<std::size_t>(i)]) != 0);
    }
    // Allis' claimeven, widened to columns with an odd number of empty cells.
    // Where the empty cells are even in number, the opponent can answer
    // every stone in the same column, except a stone that starts a column
    // with an odd number of them, answered by starting another such column.
    // Every column then holds an even number of empty cells whenever the side
    // to move plays: it gets the cells of rows with the height's parity, and
    // at most the lowest empty cell of each odd column (whoever starts one
    // takes it); the opponent surely gets the rest. None where the empty
    // cells are odd in number (the opponent could run out of odd columns to
    // start).
    struct FollowUp {
        std::uint64_t mover_at_most;  // the mover's stones and the cells it may get
        std::uint64_t opponent_sure;  // the opponent's stones and the cells it surely gets
    };
    std::optional<FollowUp> follow_up() const {
        if (max_plies_left() % 2) return std::nullopt;
        const std::uint64_t empty = board_ & ~mask_;
        const std::uint64_t odd_starts = possible() & ~follow_rows_;
        return FollowUp{current_ | (empty & follow_rows_) | odd_starts,
                        (current_ ^ mask_) | (empty & ~follow_rows_ & ~odd_starts)};
    }
    // With no four in the mover's cells it cannot win, nor with fours that
    // the opponent's sure cells complete first, one row below; if those hold
    // a four, it loses by the end of the game. (Solving, nodes: Pons'
    // Middle-Medium 20% fewer, Begin-Medium 11%; the position 4444 27%. The
    // fours below: 3% fewer on Middle-Medium and Begin-Medium.)
    std::optional<Score> proven_upper_bound() const {
        const auto f = follow_up();
        if (!f || unshadowed_alignment(f->mover_at_most, f->opponent_sure)) return std::nullopt;
        return alignment(f->opponent_sure) ? mated_in_plies(max_plies_left()) : Score{0};
    }
    // Where the empty cells are odd in number, the mover may play one stone
    // and follow up from then on (the roles above swapped): the best stone
    // for that gives a lower bound, the best child's proven_upper_bound
    // without playing the children. After a stone on s, the opponent may get
    // `theirs` without s but with the cell above s (a follow row's cell, or
    // the start of a new odd column); the mover surely gets `ours` and s,
    // without the cell above s. (Solving, nodes: Middle-Medium 8% fewer,
    // Begin-Medium 5%, the position 4444 14%, the empty board 15%.)
    std::optional<Score> proven_lower_bound() const {
        if (max_plies_left() % 2 == 0) return std::nullopt;
        const std::uint64_t empty = board_ & ~mask_;
        const std::uint64_t moves = possible();
        const std::uint64_t theirs = (current_ ^ mask_) | (empty & follow_rows_) | (moves & ~follow_rows_);
        const std::uint64_t ours = current_ | (empty & ~follow_rows_ & ~moves);
        // A four whatever the stone: every child has at least these cells
        // of theirs, at most these of ours.
        if (unshadowed_alignment(theirs & ~moves, ours | moves)) return std::nullopt;
        std::optional<Score> best;
        for (std::uint64_t rest = moves; rest; rest &= rest - 1) {
            const std::uint64_t s = rest & -rest;
            const std::uint64_t sure = (ours | s) & ~(s << 1);
            if (unshadowed_alignment((theirs & ~s) | ((s << 1) & board_), sure)) continue;
            if (alignment(sure)) return mate_in_plies(max_plies_left());
            best = Score{0};
        }
        return best;
    }
    // The board is full after this many more stones.
    int max_plies_left() const { return width_ * height_ - moves_; }
    // Pons' move score: the cells where the mover would then complete a four.
    int move_score(Move col) const {
        const std::uint64_t stone = (mask_ + bottom(col)) & column_mask(col);
        return std::popcount(threats(current_ | stone, mask_ | stone));
    }
    // Column of a landing-cell bit (as produced by possible()).
    int column_of(std::uint64_t cell_bit) const { return std::countr_zero(cell_bit) / (height_ + 1); }

    // 'X' (first player), 'O' or '.' at column col, row row (0 = bottom).
    char at(int col, int row) const;

    // The columns played, counted from 1, without any size prefix.
    std::string sequence() const;

    // Plays a sequence in position notation (no size prefix); throws
    // ply::ParseError naming the offending character and move.
    void play_sequence(std::string_view seq);

    // ---- Notation --------------------------------------------------------------

    static Connect4 from_position(std::string_view text);
    std::string position() const;
    Move parse_move(std::string_view text) const;
    std::string move_to_string(Move col) const;
    std::string render() const;
    // The board for front ends that draw it (core/board_view.hpp); a move
    // touches the cell its disc lands in.
    BoardView board_view() const;
    std::vector<int> move_cells(Move col) const;

private:
    std::uint64_t bottom(int col) const { return bottoms_[static_cast<std::size_t>(col)]; }
    std::uint64_t top_cell(int col) const { return std::uint64_t{1} << (col * (height_ + 1) + height_ - 1); }
    std::uint64_t column_mask(int col) const { return column_masks_[static_cast<std::size_t>(col)]; }

    // Does `stones` hold four in a row? (Inlined, the zero folds away.)
    bool alignment(std::uint64_t stones) const { return unshadowed_alignment(stones, 0); }

    // A four in `mine` that `theirs` does not beat with the four one row
    // below it in the same direction: a column fills from the bottom, so
    // that four is complete first. (A vertical four has none.)
    bool unshadowed_alignment(std::uint64_t mine, std::uint64_t theirs) const {
        const int h = height_;
        if (h >= 4) {
            const std::uint64_t m = mine & (mine >> 1);
            if (m & (m >> 2)) return true;
        }
        if (width_ >= 4) {  // then height <= 15, so every shift below is < 64
            for (const int s : {h + 1, h, h + 2}) {
                const std::uint64_t m = mine & (mine >> s);
                const std::uint64_t t = theirs & (theirs >> s);
                // Fours are marked at their lowest bit; one row up is one bit up.
                if ((m & (m >> 2 * s)) & ~((t & (t >> 2 * s)) << 1)) return true;
            }
        }
        return false;
    }

    // Empty cells that would complete a four for the stones `p`.
    std::uint64_t threats(std::uint64_t p, std::uint64_t mask) const {
        std::uint64_t r = (p << 1) & (p << 2) & (p << 3);  // vertical: three below
        if (width_ >= 4) {                                 // then height <= 15, so every shift below is < 64
            for (const int s : {height_ + 1, height_ + 0, height_ + 2}) {  // -, \, /
                std::uint64_t q = (p << s) & (p << 2 * s);
                r |= q & (p << 3 * s);
                r |= q & (p >> s);
                q = (p >> s) & (p >> 2 * s);
                r |= q & (p << s);
                r |= q & (p >> 3 * s);
            }
        }
        return r & (board_ ^ mask);
    }

    std::uint64_t current_ = 0;         // stones of the side to move
    std::uint64_t mask_ = 0;            // all stones
    std::uint64_t bottom_ = 0;          // the bottom cell of every column
    std::uint64_t board_ = 0;           // every cell of the board
    std::uint64_t salt_ = 0;            // hash()'s salt for this board size
    std::uint64_t mirror_current_ = 0;  // current_ and mask_ of the board reflected left to right
    std::uint64_t mirror_mask_ = 0;
    std::int8_t width_ = 7;
    std::int8_t height_ = 6;
    int moves_ = 0;
    std::array<std::uint8_t, kMaxCells> history_{};  // columns played, for position()
    // Computed once per board: they are read at every node of a search.
    std::array<std::uint64_t, kMaxWidth> column_masks_{};      // the cells of each column
    std::array<std::uint64_t, kMaxWidth> bottoms_{};           // the bottom cell of each column
    std::array<std::int8_t, kMaxWidth> centre_out_{};          // the columns from the centre outwards
    std::array<std::uint64_t, kMaxWidth> centre_out_masks_{};  // their cells, in that order
    // The cells of the rows with the height's parity: in a column with an even
    // number of empty cells, those the side to move fills first.
    std::uint64_t follow_rows_ = 0;
};

}  // namespace ply::connect4
