#include <ply/cli/search.hpp>

#include <memory>

#include <ply/cli/commands.hpp>
#include <ply/cli/registry.hpp>

namespace ply::cli {

void WatchOptions::add_to(CLI::App& cmd) {
    cmd.add_flag("--iterative", iterative,
                 "Iterative deepening: each depth guided by the previous one (aspiration, first guess)");
    cmd.add_flag("--trace", trace, "Print the search step by step: windows, values, cutoffs");
    cmd.add_option("--dot", dot_path, "Write the searched tree as Graphviz DOT to this file");
    cmd.add_option("--draw", svg_path, "Draw the searched tree as SVG (needs Graphviz: apt-get install -y graphviz)");
}

void WatchOptions::refuse_same_files(const CLI::App& cmd, const std::optional<std::string>& position) const {
    cli::refuse_same_files(cmd, {{"--dot", dot_path.value_or("")}, {"--draw", svg_path.value_or("")}},
                           {{"--position", position.value_or("")}});
}

void add_search_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<SearchOptions>();
    auto* cmd = app.add_subcommand("search", "Search a position of a game to a fixed depth");
    cmd->add_option("game", opts->game, "Game: " + games.names())->required();
    add_position_option(*cmd, opts->position);
    auto names = kAlgorithms;
    names.push_back("mcts");
    cmd->add_option("--algo", opts->algo, "Search algorithm (mcts: Monte Carlo tree search)")
        ->check(CLI::IsMember(names));
    cmd->add_option("--depth,-d", opts->depth, "Depth in plies")->check(CLI::Range(0, kMaxPly - 1));
    cmd->add_flag("--json", opts->json, "Print one JSON object");
    opts->watch.add_to(*cmd);
    add_mcts_options(*cmd, opts->mcts);
    cmd->callback([cmd, opts, &games] {
        const bool mcts = opts->algo == "mcts";
        for (const char* name : {"--depth", "--iterative", "--trace", "--dot", "--draw"})
            if (mcts && given(*cmd, name)) usage_error(*cmd, std::string(name) + " is not for --algo mcts");
        for (const char* name : kMctsOptionNames)
            if (!mcts && given(*cmd, name)) usage_error(*cmd, std::string(name) + " is for --algo mcts");
        opts->watch.refuse_same_files(*cmd, opts->position);
        game_named(*cmd, games, opts->game).search(*cmd, *opts);
    });
}

}  // namespace ply::cli
