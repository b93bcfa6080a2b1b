// `ply tactics`: an EPD test suite (WAC, ECM, Arasan...) through any engine
// at a fixed time per position. A position counts as solved when the engine's
// final move is one of the `bm` moves and none of the `am` moves. Engines are
// described by the same words as `ply match --engine`. The game is the first
// built-in one with a suite format (EpdSuite) that speaks UCI: chess.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <type_traits>

#include <optional>
#include <ply/cli/commands.hpp>
#include <ply/cli/interrupt.hpp>
#include <ply/cli/progress.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/epd_suite.hpp>
#include <ply/core/error.hpp>
#include <ply/core/text_file.hpp>
#include <ply/registry/builtin_games.hpp>
#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/number_text.hpp>
#include <ply/tools/output_file.hpp>
#include <ply/uci/uci.hpp>

namespace ply::cli {

namespace {

using arena::Clock;

struct TacticsOptions {
    std::string epd;
    std::vector<std::string> engine;
    double time = 1;
    int first = 0;    // 0: every position
    int threads = 0;  // 0: the engine's default
    int hash = 0;
    bool json = false;
    bool verbose = false;
};

// One position of the suite with its moves resolved, so that answers are
// compared as moves, not as text ("Qxh7+" and "Qxh7" are the same move).
template <class G>
struct Problem {
    std::string id;
    EpdTest record;
    G position;
    std::vector<typename G::Move> best, avoid;
};

struct Result {
    std::string played;  // SAN, or "" when the engine gave no usable move
    std::string note;    // why there is no move
    bool solved = false;
    int depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
};

// A failure of the run itself (not of the engine at a position): one line, exit 1.
[[noreturn]] void fail(const std::string& message) {
    std::cerr << "ply tactics: " << message << "\n";
    throw CLI::RuntimeError(1);
}

template <EpdSuiteGame G>
std::vector<Problem<G>> load_suite(const std::string& path) {
    std::istringstream in;
    try {
        in.str(read_text_file(path, "EPD file"));
    } catch (const ParseError& e) {
        fail(e.what());
    }
    std::vector<Problem<G>> suite;
    std::string line;
    // Line by line (not read_epd_file) so that a bad bm / am move is also
    // reported with its line number.
    for (int number = 1; std::getline(in, line); ++number) {
        const auto start = line.find_first_not_of(" \t\r");
        if (start == std::string::npos || line[start] == '#') continue;
        try {
            Problem<G> p;
            p.record = EpdSuite<G>::parse(line);
            if (p.record.best_moves.empty() && p.record.avoid_moves.empty())
                throw ParseError("no bm or am operation to check");
            p.position = G::from_position(p.record.position);
            p.best = EpdSuite<G>::resolve(p.position, p.record.best_moves);
            p.avoid = EpdSuite<G>::resolve(p.position, p.record.avoid_moves);
            p.id = p.record.id.empty() ? "line " + std::to_string(number) : p.record.id;
            suite.push_back(std::move(p));
        } catch (const ParseError& e) {
            fail(path + ":" + std::to_string(number) + ": " + e.what());
        }
    }
    if (in.bad()) fail("cannot read EPD file '" + path + "'");
    if (suite.empty()) fail("no positions in '" + path + "'");
    return suite;
}

// "bm Qg6", "am Rd6 bm Rb6 Rg5+".
std::string expected_text(const EpdTest& r) {
    std::string s;
    auto add = [&s](const char* opcode, const std::vector<std::string>& moves) {
        if (moves.empty()) return;
        s += (s.empty() ? "" : " ") + std::string(opcode);
        for (const auto& m : moves) s += " " + m;
    };
    add("am", r.avoid_moves);
    add("bm", r.best_moves);
    return s;
}

template <class Move>
bool contains(const std::vector<Move>& moves, Move m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// Sets a UCI option, replacing one the engine words already set.
void set_option(arena::EngineConfig& c, const std::string& name, int value) {
    std::erase_if(c.options, [&](const auto& o) { return o.first == name; });
    c.options.emplace_back(name, std::to_string(value));
}

arena::EngineConfig engine_config(const CLI::App& cmd, const TacticsOptions& o) {
    try {
        auto c = arena::parse_engine_config(o.engine);
        if (c.limits.tc) throw ParseError("tc= does not apply: every position gets --time seconds");
        // In-process players cannot be interrupted at a deadline: a slow one would hang the run.
        if (c.protocol == arena::Protocol::Ply)
            throw ParseError("ply: players are not timed here; give the ply binary as a UCI engine (cmd=/path/to/ply)");
        if (c.limits.movetime && *c.limits.movetime > kMaxMoveSeconds)
            throw ParseError("st= is at most " + std::to_string(kMaxMoveSeconds) + " seconds");
        // st= in the engine words wins over --time; depth= and nodes= add to it.
        if (!c.limits.movetime) c.limits.movetime = o.time;
        if (o.threads > 0) set_option(c, "Threads", o.threads);
        if (o.hash > 0) set_option(c, "Hash", o.hash);
        refuse_same_files(cmd, {{"--engine stderr=", c.stderr_path}}, {{"--epd", o.epd}});
        return c;
    } catch (const ParseError& e) {
        usage_error(cmd, e.what());
    }
}

// Asks the engine for its move in one position. Crashes and engines that stop
// answering end the run; a missing or illegal move just fails the position.
template <EpdSuiteGame G>
Result solve(arena::Player& engine, const arena::EngineConfig& config, const Problem<G>& p) {
    const std::string fen = p.position.position();  // chess: six fields, as some engines need the counters
    const bool white = EngineProtocol<G>::first_to_move(p.position);
    if (const auto error = engine.new_game(fen, config.limits, white); !error.empty())
        fail("engine '" + config.name + "' at " + p.id + ": " + error);

    arena::TurnRequest request;
    request.start_position = fen;
    request.limits = config.limits;
    request.white = white;
    request.interrupt = CtrlC::flag();
    // Beyond its time, an engine gets timeout= seconds (or a generous default) before it counts as hung.
    const double movetime = *config.limits.movetime;
    const double grace = config.timeout > 0 ? config.timeout : 2 + movetime;
    const auto start = Clock::now();
    request.deadline = start + std::chrono::microseconds(std::int64_t((movetime + grace) * 1e6));
    const arena::Reply reply = engine.go(request);

    Result r;
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    r.depth = reply.info.depth;
    r.nodes = reply.info.nodes;
    switch (reply.status) {
        case arena::ReplyStatus::Move: {
            const auto m = EngineProtocol<G>::parse_uci(p.position, reply.move);
            if (!m) {
                r.note = "illegal move '" + reply.move + "'";
                break;
            }
            r.played = describe::display_move(p.position, *m);
            r.solved = (p.best.empty() || contains(p.best, *m)) && !contains(p.avoid, *m);
            break;
        }
        case arena::ReplyStatus::Resign:
            r.note = reply.detail;
            break;
        case arena::ReplyStatus::Timeout:
            if (!engine.healthy()) fail("engine '" + config.name + "' stopped answering at " + p.id);
            r.note = "no move in time";
            break;
        case arena::ReplyStatus::Crashed:
            fail("engine '" + config.name + "' crashed at " + p.id + ": " + reply.detail);
        case arena::ReplyStatus::Interrupted:
            r.note = "interrupted";
            break;
    }
    return r;
}

template <class G>
std::string result_line(const Problem<G>& p, const Result& r, std::size_t id_width) {
    std::ostringstream s;
    s << std::left << std::setw(int(id_width)) << p.id << "  " << std::setw(20) << expected_text(p.record) << "  "
      << std::setw(8) << (r.played.empty() ? "-" : r.played) << "  " << (r.solved ? "yes" : "no ") << "  depth "
      << std::setw(3) << r.depth << "  " << fixed(r.seconds, 2) << " s";
    if (!r.note.empty()) s << "  (" << r.note << ")";
    return s.str();
}

template <class G>
nlohmann::json report_json(const arena::EngineConfig& config, const TacticsOptions& o,
                           const std::vector<Problem<G>>& suite, const std::vector<Result>& results) {
    nlohmann::json j;
    j["engine"] = config.name;
    j["epd"] = o.epd;
    j["time"] = *config.limits.movetime;
    j["positions"] = results.size();
    int solved = 0;
    double total = 0;
    auto failed = nlohmann::json::array();
    auto rows = nlohmann::json::array();
    for (std::size_t i = 0; i < results.size(); ++i) {
        const Problem<G>& p = suite[i];
        const Result& r = results[i];
        solved += r.solved;
        total += r.seconds;
        if (!r.solved) failed.push_back(p.id);
        nlohmann::json row;
        row["id"] = p.id;
        row["fen"] = p.record.position;
        row["expected"] = p.record.best_moves;
        row["avoid"] = p.record.avoid_moves;
        row["played"] = r.played.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.played);
        row["solved"] = r.solved;
        row["depth"] = r.depth;
        row["nodes"] = r.nodes;
        row["seconds"] = r.seconds;
        if (!r.note.empty()) row["note"] = r.note;
        rows.push_back(std::move(row));
    }
    j["solved"] = solved;
    j["mean_time"] = results.empty() ? 0.0 : total / double(results.size());
    j["failed"] = std::move(failed);
    j["results"] = std::move(rows);
    return j;
}

template <class G>
void print_summary(std::ostream& out, const std::vector<Problem<G>>& suite, const std::vector<Result>& results) {
    int solved = 0;
    double total = 0;
    std::string failed;
    for (std::size_t i = 0; i < results.size(); ++i) {
        solved += results[i].solved;
        total += results[i].seconds;
        // Commas: ids may hold spaces ("STS(v1.0) Undermine.002").
        if (!results[i].solved) failed += (failed.empty() ? " " : ", ") + suite[i].id;
    }
    const double n = double(std::max<std::size_t>(1, results.size()));
    out << "Solved: " << solved << " / " << results.size() << " (" << fixed(100.0 * solved / n, 1) << "%)\n"
        << "Mean time: " << fixed(total / n, 3) << " s\n"
        << "Failed:" << (failed.empty() ? " none" : failed) << "\n";
}

template <EpdSuiteGame G>
void run(const CLI::App& cmd, const TacticsOptions& o) {
    const arena::EngineConfig config = engine_config(cmd, o);
    std::vector<Problem<G>> suite = load_suite<G>(o.epd);
    if (o.first > 0 && std::size_t(o.first) < suite.size()) suite.resize(std::size_t(o.first));

    auto engine = arena::make_player(config);
    if (const auto error = engine->start(); !error.empty()) fail("cannot start engine '" + config.name + "': " + error);

    // Per-position lines go to stdout in text mode; with --json stdout holds
    // the JSON alone. Without them, a progress line every two seconds.
    std::ostream& log = o.json ? std::cerr : std::cout;
    const bool show_progress = !o.verbose;
    std::size_t id_width = 0;
    for (const auto& p : suite) id_width = std::max(id_width, p.id.size());
    if (!o.json)
        std::cout << "Engine " << config.name << ", " << suite.size() << " positions of " << o.epd << ", "
                  << *config.limits.movetime << " s each\n";

    // The first Ctrl-C stops after the current position; what was solved is printed.
    std::vector<Result> results;
    bool interrupted = false;
    {
        const CtrlC ctrl_c;
        Progress progress("tactics", suite.size());
        int solved = 0;
        std::uint64_t nodes = 0;  // as the engine reports them
        for (const auto& p : suite) {
            Result r = solve(*engine, config, p);
            if (r.note == "interrupted") break;
            solved += r.solved;
            nodes += r.nodes;
            results.push_back(r);
            if (o.verbose) log << result_line(p, r, id_width) << std::endl;
            if (show_progress) progress.step(nodes, std::to_string(solved) + " solved");
        }
        interrupted = CtrlC::pressed();
    }
    engine->shut_down();

    if (o.json)
        std::cout << report_json(config, o, suite, results).dump(2) << "\n";
    else
        print_summary(std::cout, suite, results);
    if (interrupted) {
        std::cerr << "ply tactics: interrupted after " << results.size() << " of " << suite.size() << " positions\n";
        throw CLI::RuntimeError(kInterrupted);
    }
}

// The first built-in game with a suite format whose engines speak UCI.
void run_for_suite_game(const CLI::App& cmd, const TacticsOptions& o) {
    bool ran = false;
    registry::BuiltinGames::for_each([&]<class G>(std::type_identity<G>) {
        if constexpr (EpdSuiteGame<G> && uci::UciGame<G>) {
            if (!ran) run<G>(cmd, o);
            ran = true;
        }
    });
    if (!ran) fail("no game here has a test-suite format");
}

}  // namespace

void add_tactics_command(CLI::App& app) {
    auto o = std::make_shared<TacticsOptions>();
    auto* cmd = app.add_subcommand("tactics", "Run an EPD test suite (bm / am) through an engine at a fixed time");
    cmd->footer(
        "A position is solved when the engine's move is one of its bm moves and none of its am moves.\n"
        "Engine words as for `ply match --engine`: cmd=COMMAND name=NAME proto=uci|xboard option.NAME=VALUE\n"
        "  st=SECONDS (overrides --time) depth=N nodes=N timeout=SECONDS (grace before a silent engine "
        "fails)\n"
        "Progress (positions done, solved, time, rate, time left) goes to standard error every two seconds, unless\n"
        "  --verbose. Ctrl-C stops after the position under way and reports the rest (exit 130).\n"
        "Example: ply tactics --epd data/tactics/wac_wacnew_arasan.epd --engine cmd=/usr/games/stockfish "
        "--time 0.5");
    cmd->add_option("--epd", o->epd, "The EPD suite")->required();
    cmd->add_option("--engine", o->engine, "The engine: key=value words (see below)")
        ->expected(1, CLI::detail::expected_max_vector_size)
        ->required();
    cmd->add_option("--time,-t", o->time, "Seconds per position")
        ->check(finite_range(0.001, kMaxMoveSeconds))
        ->capture_default_str();
    cmd->add_option("--first,-n", o->first, "Only the first N positions")->check(CLI::Range(1, 1000000000));
    cmd->add_option("--threads", o->threads, "Engine threads (UCI option Threads)")->check(CLI::Range(1, 1024));
    cmd->add_option("--hash", o->hash, "Engine hash in MB (UCI option Hash)")->check(CLI::Range(1, 1 << 20));
    cmd->add_flag("--json", o->json, "Print the result as JSON on stdout");
    cmd->add_flag("--verbose,-v", o->verbose, "One line per position: id, expected, played, solved, depth, time");
    cmd->callback([cmd, o] { run_for_suite_game(*cmd, *o); });
}

}  // namespace ply::cli
