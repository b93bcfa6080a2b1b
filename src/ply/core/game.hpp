// The Game concept: what a game provides so that every search of Ply can play it.
//
// Required (everything minimax, negamax, alpha-beta, PVS, MTD(f) and BNS need):
//
//   struct Nim {                                   // take 1..3 stones, last stone wins
//       using Move = int;                          // equality-comparable, trivially copyable
//       static constexpr std::size_t max_moves = 3;   // capacity of a MoveList
//       int stones = 10;
//
//       void generate_moves(ply::MoveList<Move, max_moves>& out) const {
//           for (int k = 1; k <= 3 && k <= stones; ++k) out.push_back(k);
//       }
//       void make(Move m) { stones -= m; }
//       void unmake(Move m) { stones += m; }
//       ply::Outcome outcome() const {              // for the side to move
//           return stones == 0 ? ply::Outcome::Loss : ply::Outcome::Ongoing;
//       }
//       ply::Score evaluate() const { return 0; }    // side-relative heuristic
//   };
//
// Contract: generate_moves() yields legal moves only, and yields none exactly
// when outcome() is not Ongoing; unmake(m) restores the state before make(m).
//
// Optional capabilities, detected at compile time with the concepts below and
// used by the searches through `if constexpr` (no cost for games without
// them), by family:
//
//   rules         is_rule_draw()                 cheap draw test (repetition, fifty moves,
//                                                material): outcome() only where no move is left
//                 generate_legal(MoveList&)      the moves still on the board where a rule
//                                                has ended the game (chess's draws)
//   hashing       hash() -> uint64_t             transposition tables
//                 hash_after(Move)               children's entries fetched early, ETC
//                 hash_mirrored(), mirror_move   one entry for a position and its mirror
//   search hints  make_null(), unmake_null(),    null-move pruning, and when it is safe
//                 zugzwang_unlikely()
//                 generate_tactical(MoveList&)   quiescence search
//                 is_tactical, tactical_score    tactical moves first (MVV-LVA), not reduced
//                 in_check(), gives_check(Move)  check extensions, pruning guards
//                 see_ge(Move, Score)            static-exchange pruning
//                 move_key(Move)                 history tables
//                 threats(), threat_class        history by the opponent's threats
//                 piece_move_key                 continuation history
//                 correction_key(),              correction history
//                 piece_correction_keys()
//                 eval_unit, search_parameters() the search's margins, scaled or the game's own
//   solving       can_win_next(),                exact solving: lost moves skipped, the
//                 generate_non_losing(),         game's move order
//                 move_score(Move)
//                 max_plies_left(),              the values a solve can meet, halved where
//                 wins_by_moving                 only the last move wins
//                 proven_upper/lower_bound()     nodes ended by bounds the game proves
//   Monte Carlo   playout_move(rng)              playouts by the game's policy
//                 PlayoutMemory                  a policy that learns replies in a search
//                 moves_are_places               RAVE (all moves as first)
//                 move_priors(moves, weights)    new nodes' children start from them
//   front ends    name, from_position, ...       notation (NotatedGame)
//                 side_to_move(), fullmove_number()  turns read from a position
//                 set_chess960(bool)             Chess960 castling notation
//
// docs/capabilities.md tables them all in the same families: what each
// switches on, who provides it. Some only make sense together
// (generate_tactical needs is_tactical); the production engine checks those
// rules for its game at compile time (src/ply/search/engine/capabilities.hpp).
// What a game claims is checked in its own games/<g>/description.hpp, with
// the facts front ends read (core/describe.hpp). tests/support/nim.hpp is the
// Nim above, searched by every algorithm and the engine.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include <ply/core/move_list.hpp>
#include <ply/core/outcome.hpp>
#include <ply/core/score.hpp>
#include <ply/core/search_parameters.hpp>

namespace ply {

template <class G>
using MoveListOf = MoveList<typename G::Move, G::max_moves>;

template <class G>
concept Game = std::copyable<G> && requires(G g, const G cg, typename G::Move m, MoveListOf<G>& list) {
    requires std::equality_comparable<typename G::Move>;
    requires std::is_trivially_copyable_v<typename G::Move>;
    { G::max_moves } -> std::convertible_to<std::size_t>;
    { cg.generate_moves(list) } -> std::same_as<void>;
    { g.make(m) } -> std::same_as<void>;
    { g.unmake(m) } -> std::same_as<void>;
    { cg.outcome() } -> std::same_as<Outcome>;
    { cg.evaluate() } -> std::convertible_to<Score>;
};

// ---- Rules ------------------------------------------------------------------

// A cheap test for draws by rule, asked at every node instead of outcome(),
// which is then asked only where no move is left (a finished game has none).
template <class G>
concept DrawRuleGame = Game<G> && requires(const G cg) {
    { cg.is_rule_draw() } -> std::same_as<bool>;
};

// The moves on the board after a rule has ended the game, for a root: a
// player asked to move anyway plays one.
template <class G>
concept RuleEndedGame = Game<G> && requires(const G cg, MoveListOf<G>& list) {
    { cg.generate_legal(list) } -> std::same_as<void>;
};

// ---- Hashing ----------------------------------------------------------------

// The table stores moves in 4 bytes: sizeof(Move) <= 4.
template <class G>
concept HashedGame = Game<G> && requires(const G cg) {
    { cg.hash() } -> std::same_as<std::uint64_t>;
};

// The hash a move would lead to, without making it: a search fetches the
// children's table entries together, before it needs the first one.
template <class G>
concept HashAfterGame = HashedGame<G> && requires(const G cg, typename G::Move m) {
    { cg.hash_after(m) } -> std::same_as<std::uint64_t>;
};

// Games whose hash() is one for a position and its mirror image (Connect
// Four's left-right reflection), so that the table serves both: the hash
// says whether it read the position mirrored, and moves stored in the table
// are kept in that orientation (mirror_move maps them back and forth).
template <class G>
concept SymmetricHashGame = HashedGame<G> && requires(const G cg, typename G::Move m) {
    { cg.hash_mirrored() } -> std::same_as<bool>;
    { cg.mirror_move(m) } -> std::same_as<typename G::Move>;
};

// ---- Search hints (the production engine, search/engine) --------------------

// Passing the turn; hash() must then change with the side to move.
// zugzwang_unlikely() says where a pass is safe to try (chess: the side to
// move has pieces besides its king and pawns).
template <class G>
concept NullMoveGame = Game<G> && requires(G g, const G cg) {
    g.make_null();
    g.unmake_null();
    { cg.zugzwang_unlikely() } -> std::same_as<bool>;
};

// The production engine also asks for OrderedTacticsGame (capabilities.hpp).
template <class G>
concept TacticalGame = Game<G> && requires(const G cg, MoveListOf<G>& list) {
    { cg.generate_tactical(list) } -> std::same_as<void>;
};

// Which moves are tactical (captures, promotions), searched first in
// tactical_score order and kept from quiet moves' reductions.
template <class G>
concept OrderedTacticsGame = Game<G> && requires(const G cg, typename G::Move m) {
    { cg.is_tactical(m) } -> std::same_as<bool>;
    { cg.tactical_score(m) } -> std::convertible_to<int>;
};

// gives_check(m) is asked before m is made. With TacticalGame,
// generate_tactical() yields every evasion while in check.
template <class G>
concept CheckGame = Game<G> && requires(const G cg, typename G::Move m) {
    { cg.in_check() } -> std::same_as<bool>;
    { cg.gives_check(m) } -> std::same_as<bool>;
};

// SEE tells good tactical moves from bad ones: OrderedTacticsGame too.
template <class G>
concept ExchangeGame = Game<G> && requires(const G cg, typename G::Move m, Score t) {
    { cg.see_ge(m, t) } -> std::same_as<bool>;
};

// A dense index of a legal move, below move_key_count: the history tables'.
template <class G>
concept KeyedMoveGame = Game<G> && requires(const G cg, typename G::Move m) {
    { cg.move_key(m) } -> std::convertible_to<std::size_t>;
    { G::move_key_count } -> std::convertible_to<std::size_t>;
};

// A move's class by the opponent's threats (chess: whether it leaves an
// attacked square, whether it lands on one), below threat_class_count, read
// against threats(), which the search finds once per node: the history
// tables keep an entry per class, as fleeing an attack is another move than
// the same move in peace.
template <class G>
concept ThreatKeyedGame = KeyedMoveGame<G> && requires(const G cg, typename G::Move m, typename G::Threats t) {
    { cg.threats() } -> std::same_as<typename G::Threats>;
    { cg.threat_class(m, t) } -> std::convertible_to<std::size_t>;
    { G::threat_class_count } -> std::convertible_to<std::size_t>;
};

// Moves keyed by the piece that moves: piece_move_key by what moves and
// where it lands, not where from (chess: piece and destination), below
// piece_move_key_count, for continuation history (how good this move is
// after that one).
template <class G>
concept PieceMoveGame = Game<G> && requires(const G cg, typename G::Move m) {
    { cg.piece_move_key(m) } -> std::convertible_to<std::size_t>;
    { G::piece_move_key_count } -> std::convertible_to<std::size_t>;
};

// Keys shared by positions the evaluation tends to misjudge alike, for
// correction history, which learns the evaluation's error for each key apart
// and adds them together: correction_key() (chess: the pawns and the side to
// move), and piece_correction_keys(), one for each side's pieces other than
// pawns (chess: where they stand, and the side to move).
template <class G>
concept CorrectionGame = Game<G> && requires(const G cg) {
    { cg.correction_key() } -> std::convertible_to<std::uint64_t>;
    { cg.piece_correction_keys() } -> std::convertible_to<std::array<std::uint64_t, 2>>;
};

// The value of a pawn-like unit of evaluate() (chess: a pawn, 100): the
// production search's default margins are scaled to it
// (SearchParameters::scaled_to). Without it, margins are chess's.
template <class G>
concept EvalUnitGame = Game<G> && requires {
    { G::eval_unit } -> std::convertible_to<Score>;
};

// The game's own full set of search margins and reductions, constexpr; it
// wins over eval_unit.
template <class G>
concept SearchParametersGame = Game<G> && requires {
    { G::search_parameters() } -> std::same_as<SearchParameters>;
};

// ---- Solving (search/solve) -------------------------------------------------

// Exact solving of games played to their end (Connect Four): whether the
// side to move wins with its next move, and the moves that do not let the
// opponent win at once (none when every move loses). A search that knows
// both skips lost moves and bounds every node's score more tightly; it tries
// the moves in move_score order, higher first (Connect Four: the threats a
// move creates).
template <class G>
concept ForcedLineGame = Game<G> && requires(const G cg, MoveListOf<G>& list, typename G::Move m) {
    { cg.can_win_next() } -> std::same_as<bool>;
    { cg.generate_non_losing(list) } -> std::same_as<void>;
    { cg.move_score(m) } -> std::convertible_to<int>;
};

// Games that end within a known number of plies (a full Connect Four board),
// in a win, a loss or a draw when the plies run out: the scores that can
// occur shrink as the game goes on, which lets a solver probe only those.
// wins_by_moving: the game is won only by the move that ends it (Connect
// Four: the winner plays the last stone), so a win is an odd number of plies
// away for the side to move, a loss an even number, which halves the values
// a solver must tell apart.
template <class G>
concept BoundedLengthGame = Game<G> && requires(const G cg) {
    { cg.max_plies_left() } -> std::convertible_to<int>;
    { G::wins_by_moving } -> std::convertible_to<bool>;
};

// Bounds on the side to move's value that the game proves without search,
// as scores relative to this node (mates counted in plies from it), or none
// (Connect Four: one side answers every stone of the other in the same
// column, Allis' claimeven). A search ends the node where the upper bound is
// at or below alpha, or the lower bound at or above beta.
template <class G>
concept ProvenBoundGame = Game<G> && requires(const G cg) {
    { cg.proven_upper_bound() } -> std::same_as<std::optional<Score>>;
    { cg.proven_lower_bound() } -> std::same_as<std::optional<Score>>;
};

// ---- Monte Carlo (search/mcts) ----------------------------------------------

// A move for Monte Carlo playouts, drawn with the search's generator, in a
// position that goes on: legal by the rules that matter for a playout (Go:
// simple ko, not superko) and better than uniform (Go: no filling of one's
// own eyes, atari answered). Without it a playout draws uniformly from
// generate_moves().
template <class G>
concept PlayoutGame = Game<G> && requires(const G cg, std::mt19937_64& rng) {
    { cg.playout_move(rng) } -> std::same_as<typename G::Move>;
};

// The game's knowledge of which moves are good: for each of `moves` (a
// position's legal moves) a weight, at least 0, in proportion to the chance
// that a strong player picks it (Go: the strength of its fitted move
// features). MCTS starts a new node's children from them
// (Options::prior_visits); Go's analysis reports them as shares.
template <class G>
concept PriorGame = Game<G> && requires(const G cg, const MoveListOf<G>& list, float* out) {
    cg.move_priors(list, out);
};

// A move names a place that means the same whenever it is played (Go's
// points), keyed by move_key: what "all moves as first" (AMAF, RAVE) needs.
template <class G>
concept PlaceMoveGame = KeyedMoveGame<G> && requires {
    requires G::moves_are_places;
};

// A playout policy that learns as the search goes (Go: the last good
// reply). Each search thread keeps a G::PlayoutMemory, empty at the start
// of a search, which the policy reads; after each playout it learns from
// the iteration's moves (their move_key, ply by ply from the search's root,
// whose side to move played the first) whether that side won.
template <class G>
concept LearningPlayoutGame = PlayoutGame<G> && PlaceMoveGame<G> &&
    requires(const G cg, std::mt19937_64& rng, typename G::PlayoutMemory& memory, std::span<const std::uint32_t> keys) {
    { cg.playout_move(rng, std::as_const(memory)) } -> std::same_as<typename G::Move>;
    { cg.side_to_move() } -> std::convertible_to<int>;  // 0: the side that moves first
    memory.learn(keys, cg.side_to_move(), true);
};

// ---- Front ends -------------------------------------------------------------

// What the command line needs: a name, positions and moves as text, and a
// board to show. Parsing throws ply::ParseError with a message for the user.
template <class G>
concept NotatedGame = Game<G> && requires(const G cg, typename G::Move m, std::string_view text) {
    { G::name } -> std::convertible_to<std::string_view>;
    { G::from_position(text) } -> std::same_as<G>;  // the game's position notation
    { cg.position() } -> std::convertible_to<std::string>;
    { cg.parse_move(text) } -> std::same_as<typename G::Move>;
    { cg.move_to_string(m) } -> std::convertible_to<std::string>;
    { cg.render() } -> std::convertible_to<std::string>;  // a board for the terminal
};

// Positions that say whose turn it is and which full move it is (a chess FEN,
// an IMCS board), so that a position given as text is numbered and coloured
// as the game counts it: side_to_move() is 0 for the player who moves first
// (White) and 1 for the other; full moves count from 1, as chess counts them.
template <class G>
concept TurnNumberedGame = Game<G> && requires(const G cg) {
    { cg.side_to_move() } -> std::convertible_to<int>;
    { cg.fullmove_number() } -> std::convertible_to<int>;
};

// Games whose castling moves have a Chess960 notation (king takes rook):
// `ply perft --chess960`, UCI's UCI_Chess960.
template <class G>
concept Chess960Game = Game<G> && requires(G g) {
    g.set_chess960(true);
};

}  // namespace ply
