// `ply match`: games between engines (UCI, xboard, or Ply's own players) with
// statistics, SPRT, PGN and JSON output. The arena itself lives in
// src/tools/arena; this file turns the command line into MatchSettings.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>

#include <ply/cli/commands.hpp>
#include <ply/cli/interrupt.hpp>
#include <ply/cli/registry.hpp>
#include <ply/cluster/farm.hpp>
#include <ply/core/error.hpp>
#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/game_support.hpp>
#include <ply/tools/arena/openings.hpp>
#include <ply/tools/arena/report.hpp>
#include <ply/tools/arena/scheduler.hpp>
#include <ply/tools/output_file.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

namespace {

struct MatchOptions {
    std::vector<std::vector<std::string>> engines;
    std::vector<std::string> each;
    std::string game = "chess";
    int games = 2;
    int concurrency = 1;
    std::string openings;
    std::optional<std::string> position;
    int random_plies = 0;
    std::uint64_t seed = 1;
    bool repeat = false;
    std::string pgn;
    std::string sgf;
    std::vector<std::string> sprt;
    bool gauntlet = false;
    std::vector<std::string> adjudicate;
    bool recover = false;
    bool json = false;
    double margin_ms = 100;
    double timeout = 30;
    int max_plies = 1000;
    std::string event = "Ply match";
    std::optional<double> seconds;  // --time
};

// The files a match writes: engines may share one stderr= log, which they append to.
std::vector<NamedFile> outputs_of(const MatchOptions& o, const std::vector<arena::EngineConfig>& engines) {
    std::vector<NamedFile> outputs{{"--pgn", o.pgn}, {"--sgf", o.sgf}};
    std::vector<std::string> logs;
    for (const auto& e : engines) {
        const auto shared = [&](const std::string& log) { return same_file(log, e.stderr_path); };
        if (e.stderr_path.empty() || std::any_of(logs.begin(), logs.end(), shared)) continue;
        logs.push_back(e.stderr_path);
        outputs.push_back({"--engine stderr=", e.stderr_path});
    }
    return outputs;
}

arena::SprtSettings parse_sprt(const std::vector<std::string>& words) {
    arena::SprtSettings s;
    for (const auto& w : words) {
        const auto eq = w.find('=');
        const std::string key = w.substr(0, eq);
        double v = 0;
        try {
            std::size_t used = 0;
            v = std::stod(w.substr(eq == std::string::npos ? w.size() : eq + 1), &used);
            if (used != w.size() - eq - 1) throw std::invalid_argument(w);
        } catch (const std::exception&) {
            throw ParseError("bad SPRT setting '" + w + "' (expected elo0=0 elo1=5 alpha=0.05 beta=0.05)");
        }
        if (key == "elo0")
            s.elo0 = v;
        else if (key == "elo1")
            s.elo1 = v;
        else if (key == "alpha")
            s.alpha = v;
        else if (key == "beta")
            s.beta = v;
        else
            throw ParseError("unknown SPRT setting '" + key + "'");
    }
    if (!(s.alpha > 0 && s.alpha < 1 && s.beta > 0 && s.beta < 1))
        throw ParseError("SPRT alpha and beta must lie in (0, 1)");
    if (!(s.elo1 > s.elo0)) throw ParseError("SPRT needs elo1 > elo0");
    return s;
}

// The arena's support for the game called `name`, or nothing.
std::optional<arena::GameSupport> arena_support(const Registry& games, std::string_view name) {
    const GameCommands* game = games.find(name);
    if (!game || !game->arena) return std::nullopt;
    return game->arena();
}

// "130 s, 4.6 games/min, about 190 s left" (as cli/progress.hpp writes
// times): the pace of the match after `seconds`, the estimate bounded by
// the time limit.
std::string pace_text(const arena::MatchState& s, double seconds, const std::optional<double>& limit) {
    const double per_minute = 60 * static_cast<double>(s.played) / std::max(seconds, 1e-3);
    char text[96];
    const int used = std::snprintf(text, sizeof text, "%.0f s, %.3g games/min", seconds, per_minute);
    if (s.played < s.planned && per_minute > 0) {
        double left = 60 * static_cast<double>(s.planned - s.played) / per_minute;
        if (limit) left = std::min(left, std::max(0.0, *limit - seconds));
        std::snprintf(text + used, sizeof text - std::size_t(used), ", about %.0f s left", left);
    }
    return text;
}

// The games a match can be played at, for --help and messages; with
// `gtp`, those GTP engines play.
std::string arena_games(const Registry& games, bool gtp = false) {
    std::string names;
    for (const auto& g : games.games())
        if (g.arena && (!gtp || g.arena().gtp_setup)) names += (names.empty() ? "" : ", ") + std::string(g.name);
    return names;
}

// The match over the ranks of an MPI job: rank 0 hands out game numbers as
// lanes free up and counts the games; each rank plays on `lanes` threads.
arena::MatchState run_on_ranks(cluster::World& world, arena::Match& match, int lanes, const arena::OnGame& on_game) {
    match.open_lanes(lanes);
    cluster::Farm farm;
    farm.next = [&]() -> std::optional<std::uint64_t> {
        if (const auto i = match.next_game()) return *i;
        return std::nullopt;
    };
    farm.work = [&](int lane, std::uint64_t i) { return arena::to_json(match.play(lane, std::size_t(i))).dump(); };
    farm.done = [&](std::uint64_t, const std::string& result) {
        arena::GameRecord g = arena::game_record_from_json(nlohmann::json::parse(result));
        match.finish(g, on_game);
    };
    cluster::run_farm(world, farm, lanes);
    return match.end();
}

void run(const CLI::App& cmd, const MatchOptions& o, const Registry& games) {
    arena::MatchSettings m;
    bool deck = false;  // the game's standard openings, given none
    std::mutex log_mutex;
    m.log = [&log_mutex](const std::string& line) {
        std::lock_guard lock(log_mutex);
        std::cerr << "ply match: " << line << "\n";
    };
    try {
        const auto support = arena_support(games, o.game);
        if (!support) throw ParseError("unknown game '" + o.game + "' (" + arena_games(games) + ")");
        m.game = *support;
        const auto each = arena::parse_engine_config(o.each, true);
        for (const auto& words : o.engines) {
            auto e = arena::parse_engine_config(words);
            arena::apply_each(e, each);
            if (e.protocol == arena::Protocol::Gtp && !m.game.gtp_setup)
                throw ParseError("GTP engines do not play " + o.game + " (" + arena_games(games, true) + " only)");
            if ((e.protocol == arena::Protocol::Uci || e.protocol == arena::Protocol::Xboard) && !m.game.uci_engines)
                throw ParseError("UCI and xboard engines do not play " + o.game + "; use ply: players" +
                                 (m.game.gtp_setup ? " or GTP engines (proto=gtp)" : ""));
            if (e.protocol == arena::Protocol::Ply || e.protocol == arena::Protocol::CheckerBoard)
                arena::make_player(e, m.game);  // checks the spec, or that the game has such engines
            if (e.protocol != arena::Protocol::Ply && e.limits.empty())
                throw ParseError("engine '" + e.name + "' has no time control (tc=, st=, nodes= or depth=, or --each)");
            m.engines.push_back(std::move(e));
        }
        if (m.engines.size() < 2) throw ParseError("a match needs at least two --engine");
        if (!o.sgf.empty() && !m.game.record) throw ParseError("--sgf: " + o.game + " has no SGF records");
        ply::refuse_same_files(outputs_of(o, m.engines), {{"--openings", o.openings}});
        // Unique names: the PGN and the table tell players apart by name.
        for (std::size_t i = 0; i < m.engines.size(); ++i) {
            int copies = 1;
            for (std::size_t j = 0; j < i; ++j)
                if (m.engines[j].name == m.engines[i].name) ++copies;
            if (copies > 1) m.engines[i].name += "-" + std::to_string(copies);
        }
        if (!o.sprt.empty()) {
            if (m.engines.size() != 2) throw ParseError("--sprt needs exactly two engines");
            m.sprt = parse_sprt(o.sprt);
        }
        for (const auto& w : o.adjudicate) m.adjudication.parse(w);
        auto referee = m.game.make_referee();
        if (o.position) {
            if (!o.openings.empty() || o.random_plies > 0)
                throw ParseError("--position excludes --openings and --random-plies");
            try {
                referee->reset(*o.position);
            } catch (const ParseError& e) {
                throw ParseError("bad --position: " + std::string(e.what()));
            }
            if (referee->end()) throw ParseError("--position: the game is over there");
            m.openings.push_back(arena::Opening{*o.position, {}});
        }
        if (!o.openings.empty()) m.openings = arena::load_openings(o.openings, *referee);
        if (o.random_plies > 0) {
            if (!m.openings.empty()) throw ParseError("--openings and --random-plies exclude each other");
            const std::size_t needed = std::size_t(o.repeat ? (o.games + 1) / 2 : o.games);
            m.openings = arena::random_openings(*referee, o.random_plies, needed, o.seed);
        }
        // Given none, the game's own deck (checkers' ballots), each opening
        // played twice, colours reversed, as its tournaments play them.
        if (!o.position && o.openings.empty() && o.random_plies == 0) {
            m.openings = arena::standard_openings(*referee);
            deck = !m.openings.empty();
        }
    } catch (const ParseError& e) {
        usage_error(cmd, e.what());
    }
    m.games = o.games;
    m.concurrency = o.concurrency;
    m.repeat = o.repeat || deck;
    m.gauntlet = o.gauntlet;
    m.recover = o.recover;
    m.margin = o.margin_ms / 1000;
    m.timeout = o.timeout;
    m.max_plies = o.max_plies;
    m.pgn_path = o.pgn;
    m.record_path = o.sgf;
    m.header.event = o.event;
    m.interrupt = CtrlC::flag();  // the first Ctrl-C stops the match; results so far are written
    m.time_limit = o.seconds;
    // Under mpirun the other ranks play games that rank 0 hands out; rank 0
    // alone writes and reports.
    cluster::World* world = cluster::World::get();
    const bool leader = !world || world->rank() == 0;
    if (!leader) m.pgn_path = m.record_path = "";
    std::optional<arena::Match> match;
    try {
        match.emplace(m);  // the PGN file is opened before any engine starts
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }

    // External engines must start before games are counted against them.
    for (const auto& e : m.engines) {
        if (e.protocol == arena::Protocol::Ply) continue;
        auto p = arena::make_player(e, m.game);
        if (const auto error = p->start(); !error.empty()) {
            // One write: under mpirun every rank may say it at once; the others name their rank,
            // whose machine may lack the engine.
            const std::string where = leader ? "" : "rank " + std::to_string(world->rank()) + ": ";
            std::cerr << "ply match: " + where + "cannot start engine '" + e.name + "': " + error + "\n";
            throw CLI::RuntimeError(1);
        }
        p->shut_down();
    }

    arena::MatchState state;
    {
        const CtrlC ctrl_c;
        const Stopwatch clock;
        const arena::OnGame progress = [&](const arena::MatchState& s, const arena::GameRecord& g) {
            std::lock_guard lock(log_mutex);
            std::cerr << arena::progress_line(s, g, m) << " | " << pace_text(s, clock.seconds(), o.seconds) << "\n";
        };
        state = world ? run_on_ranks(*world, *match, o.concurrency, progress) : match->run(progress);
    }
    if (!leader) return;
    if (o.json)
        std::cout << arena::match_json(state, m).dump(2) << "\n";
    else
        arena::print_table(std::cout, state, m);
    if (state.interrupted) throw CLI::RuntimeError(kInterrupted);
    if (state.engine_failed) throw CLI::RuntimeError(1);  // the match did not finish
}

}  // namespace

void add_match_command(CLI::App& app, const Registry& games) {
    auto o = std::make_shared<MatchOptions>();
    auto* cmd = app.add_subcommand(
        "match", "Play games between engines (UCI, xboard, or ply:game=...,algo=...,depth=...) with statistics");
    cmd->footer(
        "Engine words: cmd=COMMAND name=NAME proto=uci|xboard|gtp dir=DIR option.NAME=VALUE tc=10+0.1|40/60+0.5\n"
        "  nodes=N depth=N st=SECONDS timeout=SECONDS stderr=FILE; cmd=ply:game=connect4,algo=alphabeta,depth=6;\n"
        "  cb=LIB.so: a CheckerBoard engine library (checkers; option.hashsize=MB is `set hashsize MB`)\n"
        "Statistics: logistic Elo with a 95% interval, LOS, and SPRT as the GSPRT (normal approximation) on\n"
        "  logistic Elo, trinomial per game or pentanomial per pair of games with --repeat.\n"
        "Progress: a line on standard error after each game (the score so far, time, games/min, time left).\n"
        "Exit status: 0 when the match ends, also cut short by --time or an SPRT verdict; 1 when an engine\n"
        "  fails; 2 on bad usage; 130 on Ctrl-C (the games finished so far are reported; a second Ctrl-C kills).\n"
        "GTP engines (proto=gtp, go): after each game that two passes end, each is asked final_score, and the\n"
        "  report counts how often it agrees with the referee's area count.\n"
        "Example: ply match --engine cmd=stockfish --engine cmd=toga2 --each tc=5+0.05 --games 100 --repeat\n"
        "  --openings 8moves_v3.pgn --concurrency 2 --pgn out.pgn --sprt elo0=0 elo1=5\n"
        "Go: ply match --game go --position \"9x9 komi 7\" --engine cmd=\"ply gtp\" proto=gtp\n"
        "  --engine cmd=\"gnugo --mode gtp --chinese-rules --positional-superko --capture-all-dead\" proto=gtp\n"
        "  --each st=2 --sgf games.sgf");
    cmd->add_option("--engine", o->engines, "An engine: key=value words (see below); give two or more")
        ->expected(1, CLI::detail::expected_max_vector_size)
        ->required();
    cmd->add_option("--each", o->each, "Key=value words applied to every engine that does not set them")
        ->expected(1, CLI::detail::expected_max_vector_size);
    cmd->add_option("--game", o->game, "Game: " + arena_games(games))->capture_default_str();
    cmd->add_option("--games,-n", o->games, "Games per pairing")->check(CLI::Range(1, 1000000))->capture_default_str();
    cmd->add_option("--concurrency,-c", o->concurrency, "Games played at once")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cmd->add_option("--openings", o->openings,
                    "Opening book: .epd or .pgn for chess, move lists for other games (default: the game's deck, "
                    "each opening twice, colours reversed: checkers' 156 ACF three-move ballots)");
    cmd->add_option("--position", o->position,
                    "Start every game here (the game's notation: a FEN, \"9x9 komi 7\" for go...)");
    cmd->add_option("--random-plies", o->random_plies, "Start from random openings of this many plies")
        ->check(CLI::Range(1, 40));
    cmd->add_option("--seed", o->seed, "Seed of the random openings")->capture_default_str();
    cmd->add_flag("--repeat", o->repeat, "Play each opening twice, colours swapped (pentanomial statistics)");
    cmd->add_option("--pgn,--pdn", o->pgn, "Write the games to this PGN file (PDN for draughts)");
    cmd->add_option("--sgf", o->sgf, "Go: write the games to this file, one SGF record each");
    cmd->add_option("--sprt", o->sprt, "SPRT: elo0=0 elo1=5 alpha=0.05 beta=0.05")
        ->expected(1, CLI::detail::expected_max_vector_size);
    cmd->add_flag("--gauntlet", o->gauntlet, "The first engine plays each other one (default: round robin)");
    cmd->add_option("--adjudicate", o->adjudicate, "draw=movenumber,movecount,score resign=movecount,score")
        ->expected(1, 2);
    cmd->add_flag("--recover", o->recover, "Restart crashed engines and go on (default: stop the match)");
    cmd->add_flag("--json", o->json, "Print the result as JSON on stdout");
    cmd->add_option("--margin", o->margin_ms, "Milliseconds a clock may overrun before the flag falls")
        ->check(finite_range(0, 1000 * kMaxMoveSeconds))
        ->capture_default_str();
    cmd->add_option("--timeout", o->timeout, "Seconds to wait for a move under nodes= or depth= limits")
        ->check(finite_range(0.001, kMaxMoveSeconds))
        ->capture_default_str();
    cmd->add_option("--max-plies", o->max_plies, "Adjudicate a draw after this many plies")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    cmd->add_option("--event", o->event, "PGN Event tag")->capture_default_str();
    cmd->add_option("--time", o->seconds, "Start no game after S seconds; the games under way finish")
        ->check(finite_range(0.001, kMaxJobSeconds));
    cmd->callback([cmd, o, &games] { run(*cmd, *o, games); });
}

}  // namespace ply::cli
