// `ply serve`: the web page (see minimax at work, compare the algorithms,
// play every game) on a local address, until Ctrl-C.
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include <ply/cli/commands.hpp>
#include <ply/cli/errors.hpp>
#include <ply/cli/interrupt.hpp>
#include <ply/cli/registry.hpp>
#include <ply/core/error.hpp>
#include <ply/tools/number_text.hpp>
#include <ply/web/game_api.hpp>
#include <ply/web/limits.hpp>
#include <ply/web/server.hpp>

namespace ply::cli {

namespace {

struct ServeOptions {
    std::string host = "127.0.0.1";
    int port = 8080;
    std::optional<std::string> assets;
    std::vector<std::string> egtb;  // GAME=DIR, or DIR holding a folder per game
    web::ServerOptions server;
};

// The page's files: built in the build tree, or installed beside the binary's prefix.
std::string default_assets() {
    for (const char* dir : {PLY_WEB_BUILD_DIR, PLY_WEB_INSTALL_DIR})
        if (std::filesystem::is_regular_file(std::filesystem::path(dir) / "index.html")) return dir;
    return PLY_WEB_BUILD_DIR;
}

bool is_folder(const std::filesystem::path& p) {
    std::error_code error;
    return std::filesystem::is_directory(p, error);
}

// Opens the tables --egtb names for the games served: `GAME=DIR` one game's
// folder (as `ply analyse GAME --egtb DIR` takes it), `DIR` a folder of one
// folder per game (DIR/chess, DIR/checkers: `ply egtb build`'s egtb/).
void open_tables(const CLI::App& cmd, const std::vector<std::string>& specs, std::vector<web::ServedGame>& served) {
    std::string sliced;
    for (const auto& g : served)
        if (g.api.open_endgames) sliced += (sliced.empty() ? "" : ", ") + g.name;
    for (const std::string& spec : specs) {
        const auto eq = is_folder(spec) ? std::string::npos : spec.find('=');
        const std::string game = eq == std::string::npos ? "" : spec.substr(0, eq);
        const std::string folder = eq == std::string::npos ? spec : spec.substr(eq + 1);
        if (!is_folder(folder))
            usage_error(cmd, "--egtb: '" + folder + "' is not a folder (build one with 'ply egtb build')");
        bool found = false;
        for (auto& g : served) {
            if (!g.api.open_endgames || (!game.empty() && g.name != game)) continue;
            const auto dir = game.empty() ? std::filesystem::path(folder) / g.name : std::filesystem::path(folder);
            if (!is_folder(dir)) continue;
            g.tables = g.api.open_endgames(dir.string());
            found = true;
        }
        if (!found && !game.empty())
            usage_error(cmd, "--egtb: no endgame databases for '" + game + "' (" + sliced + ")");
        if (!found)
            usage_error(cmd, "--egtb: no folder named after a game (" + sliced + ") in '" + folder +
                                 "' (or give one game's: --egtb GAME=DIR)");
    }
}

void serve(const CLI::App& cmd, const ServeOptions& opts, const Registry& games) {
    std::vector<web::ServedGame> served;
    for (const auto& g : games.games())
        if (g.web) served.push_back({std::string(g.name), std::string(g.summary), g.web(), nullptr});
    open_tables(cmd, opts.egtb, served);
    const std::string assets = opts.assets.value_or(default_assets());
    if (opts.assets && !std::filesystem::is_regular_file(std::filesystem::path(assets) / "index.html"))
        input_error(cmd, "no index.html in " + assets + " (--assets names the folder of the built page)");
    web::Server server(std::move(served), assets, opts.server);
    int port = 0;
    try {
        port = server.bind(opts.host, opts.port);
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    std::signal(SIGPIPE, SIG_IGN);  // a page that goes mid-answer is the server's business, not a signal's
    const CtrlC ctrl_c;
    std::thread listener;
    try {
        listener = std::thread([&server] { server.run(); });
    } catch (const std::system_error& e) {
        server.stop();
        input_error(cmd, std::string("cannot start the server's thread (") + e.what() + ")");
    }
    const std::string shown_host = opts.host.find(':') != std::string::npos ? "[" + opts.host + "]" : opts.host;
    std::cout << "Ply is at http://" << shown_host << ":" << port << "/  (Ctrl-C stops it)" << std::endl;
    while (!CtrlC::pressed()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    server.stop();
    listener.join();
    std::cout << "Stopped." << std::endl;
}

}  // namespace

void add_serve_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<ServeOptions>();
    auto* cmd = app.add_subcommand("serve", "The web page: watch the searches, compare them, play every game");
    cmd->add_option("--host", opts->host, "Address to listen on (default 127.0.0.1: this machine only)");
    cmd->add_option("--port,-p", opts->port, "Port (default 8080; 0: any free port)")->check(CLI::Range(0, 65535));
    cmd->add_option("--assets", opts->assets, "Folder of the built page (default: the build's or the installed one)");
    cmd->add_option("--allow-host", opts->server.allowed_hosts,
                    "A name the page may be reached by besides localhost and IP addresses (repeatable; e.g. with "
                    "--host 0.0.0.0, this machine's LAN name)");
    cmd->add_option("--egtb", opts->egtb,
                    "chess, checkers: endgame tables (`ply egtb build`), GAME=DIR for one game's folder or DIR "
                    "holding one folder per game (DIR/checkers); repeatable");
    cmd->add_option("--max-think-seconds", opts->server.max_think_seconds,
                    "The longest any search may run (default and at most " + shortest(web::kMaxThinkSeconds) + ")")
        ->check(CLI::Range(0.01, web::kMaxThinkSeconds));
    cmd->callback([cmd, opts, &games] { serve(*cmd, *opts, games); });
}

}  // namespace ply::cli
