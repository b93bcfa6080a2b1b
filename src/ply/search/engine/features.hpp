// The production search's switches: each heuristic on or off, by name for
// the front ends (UCI options) and tests.
#pragma once

namespace ply::engine {

// Every heuristic can be switched off to measure what it is worth. The switches
// measured and retired are in docs/chess-search.md ("Switches retired").
struct Features {
    bool transposition_table = true;
    bool aspiration = true;
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
    // History by the opponent's threats too (games with threats() only): a quiet move's entry apart for whether it
    // leaves an attacked square and whether it lands on one. Alone: +8.9 Elo ± 11.6 in 1,522 games at 60k nodes over
    // three runs, SPRT [0, 10] undecided (LLR 1.12). On with QuiescenceSkipEvenTrades and the SEE margin of step 16,
    // the three together: +19.2 ± 13.6 in 1,177 games, SPRT [0, 10] accepted (LLR 2.97).
    bool threat_history = true;
    bool razoring = true;
    bool singular_extensions = true;  // +36.2 Elo ± 20.4 in 578 games at 20k nodes, SPRT [0, 10] passed
    bool internal_iterative_reduction = true;
    // Quiescence searches only captures that win material in their exchange (or check), not even trades. Alone:
    // +8.9 Elo ± 9.8 in 2,274 games at 60k nodes over three runs, SPRT [0, 10] undecided (LLR 1.56); accepted with
    // ThreatHistory (above).
    bool quiescence_skip_even_trades = true;
    bool improving = true;  // margins and counts depend on whether the evaluation rises
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
    {"ThreatHistory", &Features::threat_history},
    {"Razoring", &Features::razoring},
    {"SingularExtensions", &Features::singular_extensions},
    {"InternalIterativeReduction", &Features::internal_iterative_reduction},
    {"QuiescenceSkipEvenTrades", &Features::quiescence_skip_even_trades},
    {"DeferBusyMoves", &Features::defer_busy_moves},
    {"Improving", &Features::improving},
    {"PartialIteration", &Features::partial_iteration},
    {"EnhancedTranspositionCutoff", &Features::enhanced_transposition_cutoff},
};

}  // namespace ply::engine
