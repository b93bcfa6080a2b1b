// `ply imcs`: play minichess on an Internet MiniChess Server (IMCS 2.5) with
// the production engine. The protocol lives in src/tools/imcs; this file
// wires it to the command line and to engine::Engine, for the game of
// BuiltinGames written in the server's notation (imcs::ImcsGame).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <ply/cli/commands.hpp>
#include <ply/core/error.hpp>
#include <ply/registry/builtin_games.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/tools/imcs/client.hpp>
#include <ply/tools/imcs/connection.hpp>
#include <ply/tools/imcs/game_session.hpp>
#include <ply/tools/imcs/protocol.hpp>
#include <ply/tools/imcs/transcript.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

namespace {

using std::chrono::milliseconds;

constexpr milliseconds kConnectTimeout{30000};

struct ImcsOptions {
    std::string server;
    std::string user;
    std::string password;
    std::optional<std::string> log;
    int hash_mb = 64;
    int threads = 1;
    std::optional<int> depth;
    std::optional<double> move_seconds;  // --time
    // offer
    std::string offer_color = "?";
    std::optional<int> offer_seconds;
    int wait_seconds = 0;
    // accept
    std::string game_id;
    std::string accept_color;
};

enum class Action { Offer, Accept, List };

// Names and passwords travel as words of a command line: no spaces, no
// control characters.
bool is_word(const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return static_cast<unsigned char>(c) > 0x20 && static_cast<unsigned char>(c) < 0x7F;
    });
}

std::string time_text(milliseconds ms) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f s", static_cast<double>(ms.count()) / 1000.0);
    return buffer;
}

// The engine's move within the time the clock allows (see imcs::move_budget);
// --time and --depth only ever shorten the search.
template <imcs::ImcsGame G>
imcs::MoveChoice<G> engine_move(engine::Engine<G>& engine, const ImcsOptions& o, const imcs::MoveRequest<G>& req) {
    const milliseconds budget = imcs::move_budget(req.my_clock, req.position.fullmove_number(), req.free_move);
    engine::Limits<typename G::Move> limits;
    limits.move_time = budget;
    if (o.move_seconds)  // whole milliseconds, at least one, as the engine counts
        limits.move_time = std::min(budget, milliseconds(std::max(1L, std::lround(*o.move_seconds * 1000))));
    limits.depth = o.depth;
    if (!req.rejected.empty()) {
        MoveListOf<G> legal;
        req.position.generate_moves(legal);
        for (const auto m : legal)
            if (std::find(req.rejected.begin(), req.rejected.end(), m) == req.rejected.end())
                limits.search_moves.push_back(m);
    }
    const auto start = std::chrono::steady_clock::now();
    const auto result = engine.think(req.position, limits);
    const auto spent = std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - start);
    return {result.best, "depth " + std::to_string(result.depth) + ", score " + describe::score_text<G>(result.score) +
                             ", " + time_text(spent) + " of " + time_text(*limits.move_time)};
}

// Logs in, then lists the offers or plays one game of G.
template <imcs::ImcsGame G>
void session(const ImcsOptions& o, Action action, const imcs::ServerAddress& address) {
    imcs::Transcript log = o.log ? imcs::Transcript(*o.log) : imcs::Transcript();
    log.note("ply imcs: connecting to " + address.host + ":" + std::to_string(address.port) + " as " + o.user);
    // The hash table first: a size the machine cannot give fails before
    // anyone waits for us.
    engine::Engine<G> engine(static_cast<std::size_t>(o.hash_mb));
    engine.set_threads(o.threads);

    imcs::LineConnection connection(address.host, address.port, kConnectTimeout);
    imcs::Client client(connection, log, std::cout);
    client.greet();
    client.login(o.user, o.password);
    int us = 0;
    switch (action) {
        case Action::List:
            for (const auto& offer : client.list()) std::cout << offer << "\n";
            client.quit();
            return;
        case Action::Offer: {
            const auto wait =
                o.wait_seconds > 0 ? imcs::LineConnection::Timeout(std::chrono::seconds(o.wait_seconds)) : std::nullopt;
            us = client.offer(o.offer_color, o.offer_seconds, wait);
            break;
        }
        case Action::Accept:
            us = client.accept(o.game_id, o.accept_color);
            break;
    }
    const imcs::GameReport report =
        imcs::play_game<G>(client, us, [&](const imcs::MoveRequest<G>& req) { return engine_move(engine, o, req); });
    std::cout << "Result: " << imcs::result_name(report.result) << " (" << report.summary << ")" << std::endl;
}

void run(const CLI::App& cmd, const ImcsOptions& o, Action action) {
    imcs::ServerAddress address;
    try {
        address = imcs::parse_server_address(o.server);
    } catch (const ParseError& e) {
        usage_error(cmd, e.what());
    }
    if (!is_word(o.user)) usage_error(cmd, "the user name must be one word of printable characters");
    if (!is_word(o.password)) usage_error(cmd, "the password must be one word of printable characters");
    if (action == Action::Accept && !is_word(o.game_id)) usage_error(cmd, "bad game id '" + o.game_id + "'");

    try {
        // The game the server plays: the first in the server's notation.
        bool played = false;
        registry::BuiltinGames::for_each([&]<class G>(std::type_identity<G>) {
            if constexpr (imcs::ImcsGame<G>)
                if (!std::exchange(played, true)) session<G>(o, action, address);
        });
        if (!played) input_error(cmd, "no game is written in IMCS notation");
    } catch (const imcs::ImcsError& e) {
        std::cout.flush();
        std::cerr << "ply imcs: " << e.what() << "\n";
        throw CLI::RuntimeError(1);
    }
}

}  // namespace

void add_imcs_command(CLI::App& app) {
    auto opts = std::make_shared<ImcsOptions>();
    auto* cmd =
        app.add_subcommand("imcs", "Play minichess on an IMCS server (Internet MiniChess Server, protocol 2.5)");
    cmd->footer(
        "Examples:\n"
        "  ply imcs --server imcs.example.org:3589 --user me --password pw offer --color W --clock 300\n"
        "  ply imcs --server imcs.example.org:3589 --user me --password pw list\n"
        "  ply imcs --server imcs.example.org:3589 --user me --password pw accept 42\n"
        "Each move takes the clock's share (what is left over the moves to move 40, plus a few, less a\n"
        "reserve); White's first move, which IMCS does not charge, up to 20 s. Prints each move and\n"
        "finally 'Result: win|loss|draw (<server's result line>)'. Exit 0 after a finished game, 1 on\n"
        "a refused login or any protocol or network failure, 2 on bad usage.");
    cmd->require_subcommand(1);
    cmd->add_option("--server", opts->server, "IMCS server as HOST:PORT (IMCS's usual port is 3589)")->required();
    cmd->add_option("--user", opts->user, "User name on the server")->required();
    cmd->add_option("--password", opts->password, "Password (sent in clear, as IMCS does)")
        ->envname("PLY_IMCS_PASSWORD")
        ->required();
    cmd->add_option("--log", opts->log, "Append the whole conversation, time-stamped, and the moves to FILE");
    cmd->add_option("--hash", opts->hash_mb, "Transposition table size in MB (default 64)")
        ->check(CLI::Range(1, engine::kMaxHashMb));
    cmd->add_option("--threads", opts->threads, "Search threads (default 1)")
        ->check(CLI::Range(1, engine::kMaxThreads));
    cmd->add_option("--depth", opts->depth, "Search at most N plies a move (for tests; the clock still limits)")
        ->check(CLI::Range(1, kMaxPly - 1));
    cmd->add_option("--time", opts->move_seconds, "Think at most S seconds a move (for tests; the clock still limits)")
        ->check(finite_range(0.001, 3600.0));

    auto* offer = cmd->add_subcommand("offer", "Offer a game and play it once someone accepts");
    offer->add_option("--color", opts->offer_color, "Our colour: W, B or ? (the server decides; default)")
        ->check(CLI::IsMember({"W", "B", "?"}));
    offer->add_option("--clock", opts->offer_seconds, "Seconds on each side's clock (server default: 300)")
        ->check(CLI::Range(1, 86400));
    offer->add_option("--wait", opts->wait_seconds, "Give up after this many seconds without an opponent (0: never)")
        ->check(CLI::Range(0, 86400 * 7));
    offer->callback([cmd, opts] { run(*cmd, *opts, Action::Offer); });

    auto* accept = cmd->add_subcommand("accept", "Accept an offered game (see list) and play it");
    accept->add_option("id", opts->game_id, "The game id of the offer")->required();
    accept->add_option("--color", opts->accept_color, "Our colour: W or B (default: what the offer leaves)")
        ->check(CLI::IsMember({"W", "B"}));
    accept->callback([cmd, opts] { run(*cmd, *opts, Action::Accept); });

    auto* list = cmd->add_subcommand("list", "List the open offers");
    list->callback([cmd, opts] { run(*cmd, *opts, Action::List); });

    // Options of `imcs` may also follow the action.
    for (auto* sub : {offer, accept, list}) sub->fallthrough();
}

}  // namespace ply::cli
