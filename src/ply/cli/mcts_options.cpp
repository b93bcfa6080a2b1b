// The options of --algo mcts, declared once for every command that takes it.
#include <ply/cli/commands.hpp>
#include <ply/cli/mcts_search.hpp>

namespace ply::cli {

void add_mcts_options(CLI::App& cmd, MctsOptions& m) {
    cmd.add_option("--iterations", m.iterations, "mcts: iterations (default 10000 without --time)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    cmd.add_option("--time", m.seconds, "mcts: seconds to search")->check(finite_range(0.001, kMaxMoveSeconds));
    cmd.add_option("--exploration", m.exploration, "mcts: UCT's exploration constant C (default 1.4, 0.2 with RAVE)")
        ->check(finite_range(0.0, 100.0));
    cmd.add_option("--seed", m.seed, "mcts: seed of the random playouts (default 1)");
    cmd.add_flag("--no-solver", m.no_solver, "mcts: plain UCT, no proofs backed up (MCTS-Solver is on by default)");
    cmd.add_flag("--no-rave", m.no_rave, "mcts: no RAVE (on by default where moves are places: Go)");
    cmd.add_flag("--last-good-reply", m.last_good_reply,
                 "mcts: playouts remember the replies of won playouts and play them (Go; no gain measured)");
    cmd.add_option("--prior-visits", m.prior_visits,
                   "mcts: AMAF visits a new node's moves start with at the game's prior (Go; 0: none)")
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
    cmd.add_option("--rave-equivalence", m.rave_equivalence,
                   "mcts: visits at which a move's own mean weighs as much as its AMAF mean")
        ->check(finite_range(1.0, 1e9))
        ->capture_default_str();
    cmd.add_option("--threads", m.threads, "mcts: threads, growing one tree together (virtual loss)")
        ->check(CLI::Range(1, 64));
    cmd.add_option("--playout-cutoff", m.playout_cutoff,
                   "mcts: plies a playout runs before the evaluation judges it (default: to the end)")
        ->check(CLI::Range(0, 1000));
}

}  // namespace ply::cli
