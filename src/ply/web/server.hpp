// `ply serve`: the web page and the engine behind it, over HTTP (cpp-httplib).
// The page's assets are files (web/dist, built with npm); the engine is the
// registry's games through their GameApi. Every request is bounded
// (limits.hpp); a bad one gets a 4xx answer with {"error": "one line"}.
// Connections are read by the Gate (connections.hpp), which refuses requests
// for other hosts (DNS rebinding) or from other pages' origins.
//
//   GET  /api/games               the games: name, summary, playable
//   POST /api/trace   {game, position, algo, depth, iterative}   a watched search
//   POST /api/compare {game, position, depth, algos, ordering, seed}
//   POST /api/state   {game, start, moves, players}   a game being played
//                     (with "database": the position's value in the game's
//                     endgame tables, or null)
//   POST /api/think   {game, start, moves, depth|nodes|seconds}
//                     server-sent events: "info" as the engine deepens, then
//                     "best" (or "error"); the search stops if the page goes,
//                     and at max_think_seconds, after a "limit" event
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include <ply/web/game_api.hpp>
#include <ply/web/limits.hpp>

namespace ply::web {

struct ServedGame {
    std::string name, summary;
    GameApi api;
    std::shared_ptr<EndgameTables> tables;  // from api.open_endgames; nullptr: none
};

struct ServerOptions {
    // Names a request's Host may give besides localhost, IP addresses and
    // the address listened on (a LAN name, with --host 0.0.0.0).
    std::vector<std::string> allowed_hosts;
    double max_think_seconds = kMaxThinkSeconds;  // the longest any search may run
};

class Server {
public:
    // `assets`: the folder the page is served from.
    Server(std::vector<ServedGame> games, std::string assets, ServerOptions options = {});
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Listens on host:port (0: any free port) and returns the port; throws
    // ply::ParseError when it cannot.
    int bind(const std::string& host, int port);
    // Answers requests until stop(); call after bind().
    void run();
    // From any thread: ends run() once the requests in flight have stopped.
    void stop();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace ply::web
