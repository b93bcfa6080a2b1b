// Go on any board from 2x2 to 19x19, by the Tromp-Taylor rules but for
// suicide, which they allow and Ply forbids: captures, no suicide,
// positional superko (no move may recreate a placement of stones seen
// before in the game), passes, the game over after two passes in a row,
// area scoring with komi.
//
// Scores are in half points (komi may be 7.5): evaluate() of a finished
// game is the side to move's area minus the opponent's, White getting komi;
// format_score prints points. A finished game is Outcome::Scored.
//
// Notation:
//   Moves     GTP vertices: a column letter A-T skipping I, the row from the
//             bottom ("D4", any case), or "pass".
//   Positions "9x9" (an empty board; "9x9 komi 6.5"), the empty string or
//             "start" (9x9, komi 7.5), an SGF game record ("(;GM[1]SZ[9]...)",
//             its moves played), or the rows from the top, '/' between them,
//             X for Black, O for White, '.' empty, then the side to move
//             (b or w) and the komi: "..X/.O./... b 7". Written positions
//             are the last form; the positions seen before (superko) are
//             not part of it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/board_view.hpp>
#include <ply/core/bradley_terry.hpp>
#include <ply/core/game.hpp>
#include <ply/core/move_list.hpp>
#include <ply/core/outcome.hpp>
#include <ply/core/score.hpp>
#include <ply/games/go/board.hpp>
#include <ply/games/go/safety.hpp>

namespace ply::go {

using Move = Point;  // kPass or a point of the board
inline constexpr Move kPass = kNoPoint;
inline constexpr int kDefaultKomiHalves = 15;

class Go {
public:
    using Move = go::Move;
    static constexpr std::size_t max_moves = kMaxSize * kMaxSize + 1;
    static constexpr std::size_t move_key_count = kPoints;  // move_key(m) = the point (pass: 0)
    // A point means the same anywhere in a game: what RAVE (all moves as first) needs.
    static constexpr bool moves_are_places = true;
    static constexpr std::string_view name = "go";

    explicit Go(int size = 9, int komi_halves = kDefaultKomiHalves);

    // ---- The Game concept ----------------------------------------------------

    // Every legal point (no suicide, no superko), then pass; none once over.
    void generate_moves(MoveListOf<Go>& out) const;
    void make(Move m);
    void unmake(Move m);
    Outcome outcome() const { return passes_ >= 2 ? Outcome::Scored : Outcome::Ongoing; }
    // The area count of the board as it stands, for the side to move, in
    // half points: exact once the game is over.
    Score evaluate() const;

    // ---- Capabilities --------------------------------------------------------

    // The stones, the side to move, whether the last move was a pass, and
    // the set of placements seen so far: superko makes the legal moves depend
    // on that set, so a transposition table keyed without it could carry a
    // value to a node whose moves differ. The set (not the order) is all the
    // rules read, so two move orders reaching the same set share an entry.
    std::uint64_t hash() const;
    std::size_t move_key(Move m) const { return m; }
    // The most either side can get: the whole board but what the other
    // keeps whatever happens (safety.hpp), komi given or received.
    std::optional<Score> proven_upper_bound() const { return most_for(to_move_); }
    std::optional<Score> proven_lower_bound() const { return -most_for(opponent(to_move_)); }

    // Last good reply with forgetting (Drake 2009; Baier and Drake 2010):
    // for each colour and each move of the other's, the reply that colour
    // last played to it in a playout it won; a lost playout forgets the
    // replies it played (LearningPlayoutGame).
    struct PlayoutMemory {
        std::array<std::array<Point, kPoints>, 2> reply{};  // [colour - 1][the move replied to]; kNoPoint: none
        void learn(std::span<const std::uint32_t> keys, int first_side, bool first_won);
    };

    // A move for a playout (Gelly et al.'s sequence-like playouts): answer
    // the last move's tactics (tactical_replies); else a hane or cut shape
    // next to it; else, given a memory, the good reply to it remembered, if
    // fit to play; else a random legal point that neither fills our own eye
    // nor puts a string of ours in atari (a lone stone may, one time in
    // four: throw-ins kill); else pass. Simple ko only (superko is the tree's business: in a
    // playout it costs more than it tells).
    template <class Rng>
    Move playout_move(Rng& rng) const {
        return draw_playout_move(rng, nullptr);
    }
    template <class Rng>
    Move playout_move(Rng& rng, const PlayoutMemory& memory) const {
        return draw_playout_move(rng, &memory);
    }
    // The moves' strengths by the move features fitted to GNU Go's games
    // (features.hpp): their weights as priors (PriorGame); pass weighs 0.
    void move_priors(const MoveListOf<Go>& moves, float* out) const;

    // Fits the gammas of the move features to game records, one game a line
    // ("9 7 4 E5 D4 ... pass pass": size, komi, how many first moves were
    // random, the moves; bench/go-records), reports the fit and the
    // prediction rate on held-out games, and writes the gammas as
    // learned_weights.hpp to `header` if given (feature_fit.cpp, `ply
    // patterns fit`). Throws ParseError on a bad record.
    static void fit_move_features(std::istream& records, const std::string& source, const bt::RecordFitOptions& options,
                                  std::ostream& report, std::ostream* header);

    // ---- Queries ---------------------------------------------------------------

    const Board& board() const { return board_; }
    int size() const { return board_.size(); }
    Color to_move() const { return to_move_; }
    int side_to_move() const { return to_move_ == Black ? 0 : 1; }
    int fullmove_number() const { return static_cast<int>(undo_.size()) / 2 + 1; }
    int komi_halves() const { return komi_halves_; }
    int passes() const { return passes_; }
    // Play goes on after both passed (KGS's cleanup: dead stones are taken
    // off before the count); the passes stay in the record.
    void resume() { passes_ = 0; }
    Move last_move() const { return undo_.empty() ? kPass : undo_.back().move; }
    // The move n plies back (0: the last), kPass before the start.
    Move move_ago(int n) const {
        return static_cast<std::size_t>(n) < undo_.size() ? undo_[undo_.size() - 1 - static_cast<std::size_t>(n)].move
                                                          : kPass;
    }
    bool has_last_move() const { return !undo_.empty(); }
    // Black's score minus White's, komi included, in half points.
    int black_lead_halves() const { return 2 * board_.area_difference() - komi_halves_; }
    // Whether a move is legal (superko included), and why not.
    std::string illegal_reason(Move m) const;
    bool is_legal(Move m) const { return illegal_reason(m).empty(); }

    // ---- Notation --------------------------------------------------------------

    static Go from_position(std::string_view text);
    std::string position() const;
    Move parse_move(std::string_view text) const;
    std::string move_to_string(Move m) const;
    std::string render() const;
    // The board for front ends that draw it (core/board_view.hpp).
    BoardView board_view() const;
    std::vector<int> move_cells(Move m) const;
    static std::string format_score(Score s);  // half points as points: "+3.5"
    std::string end_reason() const;            // "both passed: B+3.5"
    // How a finished game ended, for the arena's record: "B+3.5 (both passed)".
    std::string termination() const;
    // "B+3.5", "W+0.5", "0" (GTP's final_score and SGF's RE).
    std::string result_text() const;
    // The vertex of a point, "D4"; "pass" for kPass.
    static std::string vertex(Move m);
    // A point from a vertex of a board of `size`, or ParseError.
    static Move parse_vertex(std::string_view text, int size);
    // "7.5", "7", "-0.5".
    static std::string komi_text(int komi_halves);
    // Komi in half points from "7.5", or ParseError (|komi| at most 1000).
    static int parse_komi(std::string_view text);

    // The game as an SGF record: its start position and its moves.
    std::string to_sgf() const;
    // Whose stones are set up, whose moves are played: an SGF record's main line.
    static Go from_sgf(std::string_view text);

private:
    struct Undo {
        Move move;
        Point ko;
        std::uint8_t passes;
        std::uint32_t captured_from;  // its captured stones: captured_[captured_from..]
    };

    Score most_for(Color c) const {
        const int all = 2 * (size() * size() - 2 * safe_points(board_, opponent(c)));
        return c == Black ? all - komi_halves_ : all + komi_halves_;
    }
    static constexpr int kMostLocalReplies = 16;
    template <class Rng>
    Move draw_playout_move(Rng& rng, const PlayoutMemory* memory) const {
        const Color us = to_move_;
        Point local[kMostLocalReplies];
        int count = tactical_replies(local);
        if (count == 0) count = urgent_shapes(local);
        if (count > 0) return local[std::uniform_int_distribution<int>(0, count - 1)(rng)];
        if (memory)
            if (const Point p = remembered_reply(*memory); p != kNoPoint) return p;
        const int empties = board_.empty_count();
        if (empties == 0) return kPass;
        const int start = static_cast<int>(std::uniform_int_distribution<int>(0, empties - 1)(rng));
        for (int i = start, tried = 0; tried < empties; ++tried, i = i + 1 == empties ? 0 : i + 1) {
            const Point p = board_.empty_point(i);
            if (p == ko_ || board_.is_eye(p, us) || !board_.is_legal_shape(p, us)) continue;
            if (board_.is_self_atari(p, us) && (joins_own_stone(p) || (rng() & 3) != 0)) continue;
            return p;
        }
        return kPass;
    }
    // The memory's reply to the last move, if fit to play (legal by shape,
    // not the ko point, not our own eye, not self-atari); else kNoPoint.
    Point remembered_reply(const PlayoutMemory& memory) const;
    // The most urgent class of answers to the last move's tactics (after
    // Fuego's and Pachi's playout rules): take what it left in atari; else
    // save our strings it put in atari, by taking a neighbour in atari or by
    // extending to three liberties (two would be a ladder); else give a
    // third liberty to ours it left two. Their strings of two liberties get
    // no atari: that rule lost games. Returns how many (legal by shape, not
    // the ko point, not our own eye).
    int tactical_replies(Point out[kMostLocalReplies]) const;
    // The empty points next to the last stone that make an urgent shape
    // (patterns.hpp) and are fit to play (legal, not an own eye, not self-atari).
    int urgent_shapes(Point out[kMostLocalReplies]) const;
    bool joins_own_stone(Point p) const {
        for (const int step : kSteps)
            if (board_.at(static_cast<Point>(p + step)) == to_move_) return true;
        return false;
    }
    void remember_position();
    bool seen_before(std::uint64_t stones_hash) const;

    Board board_;
    Board start_;  // for SGF records: the position the moves start from
    Color start_to_move_ = Black;
    Color to_move_ = Black;
    int komi_halves_;
    int passes_ = 0;
    Point ko_ = kNoPoint;              // the point simple ko forbids now
    std::vector<std::uint64_t> seen_;  // stones_hash() of every position of the game
    std::uint64_t seen_set_ = 0;       // a hash of that set (xor of mixed members)
    std::vector<Undo> undo_;
    std::vector<Point> captured_;
};

}  // namespace ply::go
