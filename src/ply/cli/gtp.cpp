// `ply gtp`: speak GTP version 2 on stdin/stdout (a Go engine for GUIs,
// servers and match programs), for the first built-in game that can.
#include <ply/gtp/gtp.hpp>

#include <iostream>
#include <memory>

#include <ply/cli/commands.hpp>
#include <ply/registry/builtin_games.hpp>

namespace ply::cli {

namespace {

int speak_gtp(std::istream& in, std::ostream& out, const gtp::Options& options) {
    bool spoken = false;
    int code = 0;
    registry::BuiltinGames::for_each([&]<class G>(std::type_identity<G>) {
        if constexpr (gtp::GtpGame<G>) {
            if (!spoken) code = gtp::run_gtp<G>(in, out, options);
            spoken = true;
        }
    });
    return code;
}

}  // namespace

void add_gtp_command(CLI::App& app) {
    auto options = std::make_shared<gtp::Options>();
    CLI::App* cmd = app.add_subcommand("gtp", "Speak GTP version 2 on stdin/stdout (the Go engine, Monte Carlo)");
    cmd->footer(
        "Time: time_settings and time_left when the controller sends them, else --time (1 s a move when neither\n"
        "  --time nor --iterations is given); --iterations caps every search.\n"
        "Example: ply match --game go --position \"9x9 komi 7\" --engine cmd=\"ply gtp\" proto=gtp\n"
        "  --engine cmd=\"gnugo --mode gtp --chinese-rules --positional-superko --capture-all-dead\" proto=gtp\n"
        "  --each st=2");
    cmd->add_option("--time", options->seconds, "Seconds a move without a clock from the controller")
        ->check(finite_range(0.001, kMaxMoveSeconds));
    cmd->add_option("--iterations", options->iterations, "Iterations of the search a move, at most")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    cmd->add_option("--seed", options->seed, "Seed of the playouts")->capture_default_str();
    cmd->add_option("--exploration", options->exploration, "UCT's exploration constant C")
        ->check(finite_range(0, 100))
        ->capture_default_str();
    cmd->add_option("--prior-visits", options->prior_visits,
                    "AMAF visits a new node's moves start with at their prior (Go's move features; 0: none)")
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
    cmd->add_option("--rave-equivalence", options->rave_equivalence,
                    "Visits at which a move's own mean weighs as much as its AMAF mean")
        ->check(finite_range(1, 1e9))
        ->capture_default_str();
    cmd->add_option("--threads", options->threads, "Threads, growing one tree together")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    cmd->add_flag("--last-good-reply", options->last_good_reply,
                  "Playouts remember the replies of won playouts and play them (no gain measured)");
    cmd->add_flag("--ponder", options->ponder, "Search on in the opponent's time (from each move to the next command)");
    cmd->add_flag_callback(
        "--no-resign", [options] { options->resign = false; }, "Never resign (play every game to two passes)");
    cmd->callback([options] {
        const int code = speak_gtp(std::cin, std::cout, *options);
        if (code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace ply::cli
