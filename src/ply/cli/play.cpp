// `ply play <game>`: play against the engine in the terminal.
#include <memory>

#include <ply/cli/play_session.hpp>
#include <ply/cli/positions.hpp>

namespace ply::cli {

void add_play_command(CLI::App& app) {
    struct Options {
        std::string game;
        std::optional<std::string> position;
        std::optional<int> depth;
        std::optional<double> seconds;
        std::string first = "human";
        bool info = false;
    };
    auto opts = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("play", "Play a game against the engine in the terminal");
    cmd->add_option("game", opts->game, std::string("Game: ") + std::string(kGameNames))->required();
    cmd->add_option("--position,-p", opts->position, "Start from this position");
    auto* depth =
        cmd->add_option("--depth,-d", opts->depth, "Engine search depth in plies")->check(CLI::Range(1, kMaxPly - 1));
    cmd->add_option("--time,-t", opts->seconds, "Engine thinking time per move in seconds (chess: 1 by default)")
        ->check(CLI::Range(0.001, 86400.0))  // a millisecond to a day
        ->excludes(depth);
    cmd->add_option("--first", opts->first, "Who moves first")->check(CLI::IsMember({"human", "engine"}));
    cmd->add_flag("--info", opts->info, "Show the engine's search lines from the start (the info command toggles)");
    cmd->callback([cmd, opts] {
        const bool known = with_game(opts->game, [&]<class G>(std::type_identity<G>) {
            PlaySettings settings;
            settings.depth = opts->depth.value_or(GameInfo<G>::search_depth);
            settings.seconds = opts->seconds;
            if (!opts->depth && !opts->seconds) settings.seconds = describe::default_seconds<G>();
            settings.show_info = opts->info;
            settings.engine_first = opts->first == "engine";
            play_session(load_position<G>(*cmd, opts->position), settings, std::cin, std::cout);
        });
        if (!known) usage_error(*cmd, "unknown game '" + opts->game + "' (games: " + std::string(kGameNames) + ")");
    });
}

}  // namespace ply::cli
