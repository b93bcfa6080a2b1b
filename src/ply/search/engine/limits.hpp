// What a search is asked to do, what it can switch off, and what it reports.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include <ply/core/score.hpp>
#include <ply/search/engine/tt.hpp>
#include <ply/search/time_manager.hpp>

namespace ply::engine {

// The most search threads and the largest table (in MB) a front end offers.
inline constexpr int kMaxThreads = 256;
inline constexpr int kMaxHashMb = 65536;

// Every heuristic can be switched off to measure what it is worth. The five
// whose SPRTs stayed undecided near +5 Elo (MoveCorrection, QuiescenceTableEval,
// NullMoveEval, ReduceChecks, BadCaptureReductions), all on together: -6.4 Elo
// ± 27.0 in 325 games at 60k nodes, pentanomial [10, 42, 67, 30, 13], kept off.
struct Features {
    bool transposition_table = true;
    bool aspiration = true;
    // After an aspiration fail high the root is re-searched a ply shallower each time (up to
    // aspiration_fail_high_plies), the full depth again after a fail low: a move that beats the window
    // is usually confirmed by less work. On: +0.0 Elo ± 25.7 in 362 games at 60k nodes.
    bool aspiration_fail_high_reduction = false;
    bool pvs = true;
    bool quiescence = true;
    bool check_extension = true;
    bool mate_distance_pruning = true;
    bool null_move = true;
    bool reverse_futility = true;
    bool futility = true;
    bool late_move_reductions = true;
    bool late_move_pruning = true;
    bool see_pruning = true;
    bool killers = true;
    bool history = true;
    bool countermoves = true;
    // Games with piece_move_key only; +25.1 Elo ± 16.2 in 1,066 games at 10k nodes, SPRT [0, 10] passed.
    bool continuation_history = true;
    // Games with correction_key only; on: +20.7 Elo ± 23.6 in 370 games at 60k nodes, with the 32x history bonus
    // +53.4 ± 25.5 in 354 (see correction.hpp).
    bool correction_history = true;
    // Correction history also by each side's pieces other than pawns (games with piece_correction_keys only); on:
    // +29.6 Elo ± 15.8 in 858 games at 60k nodes, SPRT [0, 10] accepted (three runs on other openings, pooled);
    // +4.0 ± 21.2 in 432 at 5+0.05, +36.5 ± 43.4 in 86 at 10+0.1, undecided. The pieces' share of an error bounded
    // to one entry's range: +3.9 ± 22.0 in 443 games at 60k nodes, WAC at 1 s 279-280 instead of 277 (correction.hpp).
    bool piece_correction = true;
    // Correction history also by the move that led to the position, its piece and destination (games with
    // piece_move_key only); on: +14.9 Elo ± 34.4 in 140 games at 60k nodes; +4.4 ± 10.4 in 1,888 more over three runs
    // (PartialIteration on), SPRT [0, 10] undecided (LLR -0.21).
    bool move_correction = false;
    // Games with capture_key only; off: -34.7 Elo ± 27.9 in 343 games at 10k nodes (+6.9 ± 19.2 in 708 with
    // continuation history on; +0.0 ± 28.6 in 275 at 60k nodes with the larger history bonus).
    bool capture_history = false;
    // History by the opponent's threats too (games with threats() only): a quiet move's entry apart for whether it
    // leaves an attacked square and whether it lands on one. Alone: +8.9 Elo ± 11.6 in 1,522 games at 60k nodes over
    // three runs, SPRT [0, 10] undecided (LLR 1.12). On with QuiescenceSkipEvenTrades and the SEE margin of step 16,
    // the three together: +19.2 ± 13.6 in 1,177 games, SPRT [0, 10] accepted (LLR 2.97).
    bool threat_history = true;
    bool razoring = true;
    bool singular_extensions = true;  // +36.2 Elo ± 20.4 in 578 games at 20k nodes, SPRT [0, 10] passed
    // Games with generate_tactical and see_ge only; off: -4.3 Elo ± 18.9 in 735 games at 10k nodes, +4.3 ± 21.7
    // in 405 at 60k nodes.
    bool probcut = false;
    // Quiet moves with a bad history pruned near the horizon; off: -3.2 Elo ± 29.6 in 217 games at 10k nodes (+3.8 ±
    // 19.6 in 458 with continuation history on; -8.9 ± 31.3 in 197 at 60k nodes).
    bool history_pruning = false;
    // The table's score, where its bound is sharper, used as the static evaluation for pruning; off: -15.8 Elo ± 35.1
    // in 220 games at 10k nodes, -84.3 ± 76.8 in 42 at 60k nodes.
    bool table_eval = false;
    // The same in quiescence, for standing pat (the table's bound where it is sharper than the evaluation, an exact
    // score aside); on: +1.1 Elo ± 18.0 in 630 games at 60k nodes (+14.7 ± 23.5 after 378), SPRT [0, 10] undecided.
    bool quiescence_table_eval = false;
    // The null move's reduction grows with the evaluation's lead over beta (null_move_eval_step); off: +4.8 Elo ±
    // 9.2 in 2,746 games at 10k nodes, SPRT [0, 10] undecided; -3.5 ± 39.3 in 100 at 60k nodes.
    bool null_move_eval = false;
    // A quiet move that gives check is reduced by late move reductions, one ply less than others, instead of being
    // exempt; off: +5.9 Elo ± 8.8 in 3,250 games at 10k nodes, SPRT [0, 10] undecided (LLR 0.44); +13.4 ± 42.6 in
    // 105 at 60k nodes.
    bool reduce_checks = false;
    bool internal_iterative_reduction = true;
    // Internal iterative reduction at PV nodes too, not only at expected cut nodes; on: -9.5 Elo ± 31.6 in 220
    // games at 60k nodes.
    bool pv_internal_reduction = false;
    // Quiet moves reduced one ply more where the table's move is a capture (the position's play is tactical); on:
    // -1.1 Elo ± 26.0 in 314 games at 60k nodes.
    bool table_capture_reduction = false;
    // Captures that lose material in their exchange, searched late, reduced as quiet moves are (one ply less); on:
    // +5.3 Elo ± 12.2 in 1,386 games at 60k nodes, four runs on different openings pooled (the last, +0.9 ± 23.8 in
    // 387, with PieceCorrection on), SPRT [0, 10] undecided (LLR 0.07).
    bool bad_capture_reductions = false;
    // Quiescence searches only captures that win material in their exchange (or check), not even trades. Alone:
    // +8.9 Elo ± 9.8 in 2,274 games at 60k nodes over three runs, SPRT [0, 10] undecided (LLR 1.56); accepted with
    // ThreatHistory (above).
    bool quiescence_skip_even_trades = true;
    bool improving = true;  // margins and counts depend on whether the evaluation rises
    // A clock's soft limit scaled by the best move's share of the nodes; off until its SPRT passes (at 5+0.05,
    // +27.8 Elo ± 31.6 in 189 games, then +3.1 ± 17.7 in 450).
    bool node_share_time = false;
    // A clock's soft limit scaled by how far the best score fell since the previous search; off until its SPRT
    // passes.
    bool falling_score_time = false;
    // A search stopped inside an iteration plays a move that iteration proved better (it beat alpha) than the
    // deepest completed iteration's best, instead of discarding the unfinished iteration. On: +27.0 Elo ± 17.0 in 491
    // games at 60k nodes, SPRT [0, 10] accepted (a first run on other openings: +11.3 ± 17.3 in 491).
    bool partial_iteration = true;
    bool defer_busy_moves = true;  // threads leave a move another thread is searching for later
    // Children's table entries read before any is searched (games with hash_after only).
    bool enhanced_transposition_cutoff = true;
};

// Each switch with a name for front ends (UCI options, command lines, tests).
struct FeatureSwitch {
    const char* name;
    bool Features::*member;
};
inline constexpr FeatureSwitch kFeatureSwitches[] = {
    {"TranspositionTable", &Features::transposition_table},
    {"Aspiration", &Features::aspiration},
    {"AspirationFailHighReduction", &Features::aspiration_fail_high_reduction},
    {"PVS", &Features::pvs},
    {"Quiescence", &Features::quiescence},
    {"CheckExtension", &Features::check_extension},
    {"MateDistancePruning", &Features::mate_distance_pruning},
    {"NullMove", &Features::null_move},
    {"ReverseFutility", &Features::reverse_futility},
    {"Futility", &Features::futility},
    {"LateMoveReductions", &Features::late_move_reductions},
    {"LateMovePruning", &Features::late_move_pruning},
    {"SeePruning", &Features::see_pruning},
    {"Killers", &Features::killers},
    {"History", &Features::history},
    {"Countermoves", &Features::countermoves},
    {"ContinuationHistory", &Features::continuation_history},
    {"CorrectionHistory", &Features::correction_history},
    {"PieceCorrection", &Features::piece_correction},
    {"MoveCorrection", &Features::move_correction},
    {"CaptureHistory", &Features::capture_history},
    {"ThreatHistory", &Features::threat_history},
    {"Razoring", &Features::razoring},
    {"SingularExtensions", &Features::singular_extensions},
    {"ProbCut", &Features::probcut},
    {"HistoryPruning", &Features::history_pruning},
    {"TableEval", &Features::table_eval},
    {"QuiescenceTableEval", &Features::quiescence_table_eval},
    {"NullMoveEval", &Features::null_move_eval},
    {"ReduceChecks", &Features::reduce_checks},
    {"InternalIterativeReduction", &Features::internal_iterative_reduction},
    {"PvInternalReduction", &Features::pv_internal_reduction},
    {"TableCaptureReduction", &Features::table_capture_reduction},
    {"BadCaptureReductions", &Features::bad_capture_reductions},
    {"QuiescenceSkipEvenTrades", &Features::quiescence_skip_even_trades},
    {"DeferBusyMoves", &Features::defer_busy_moves},
    {"Improving", &Features::improving},
    {"NodeShareTime", &Features::node_share_time},
    {"FallingScoreTime", &Features::falling_score_time},
    {"PartialIteration", &Features::partial_iteration},
    {"EnhancedTranspositionCutoff", &Features::enhanced_transposition_cutoff},
};

// The clock's fields (move time, time left, increment, moves to go,
// overhead, Slow Mover) are time management's (search/time_manager.hpp).
template <class Move>
struct Limits : timing::ClockState {
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<int> mate;         // stop once a mate in this many moves is found
    bool infinite = false;           // also pondering: only stop() ends the search
    std::vector<Move> search_moves;  // restrict the root to these
    int multipv = 1;
};

template <class Move>
struct Report {  // one line of search information, per PV line and iteration
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    Score score = 0;
    Bound bound = Bound::Exact;
    std::uint64_t nodes = 0;
    std::chrono::milliseconds time{0};
    int hashfull = 0;
    std::vector<Move> pv;
};

template <class Move>
struct ScoredMove {
    Move move;
    Score score;
};

template <class Move>
struct Result {
    std::optional<Move> best;    // none only when the root has no legal move
    std::optional<Move> ponder;  // the expected reply
    Score score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
    // The MultiPV lines' first moves and scores, best first, from the last
    // completed iteration (what a weakened player chooses among).
    std::vector<ScoredMove<Move>> lines;
};

}  // namespace ply::engine
