// `ply perft [game]`: the options, the suite reader and the reports; the
// counting itself is compiled per game (perft.hpp).
//   ply perft [game] [--position P | --fen F] --depth N [--divide] [--threads T] [--hash MB] [--chess960] [--json]
//   ply perft [game] --suite FILE [--max-depth N] [--max-nodes N] [--threads T] [--hash MB] [--json]
#include <ply/cli/perft.hpp>

#include <charconv>
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include <ply/cli/commands.hpp>
#include <ply/cli/ranks.hpp>
#include <ply/cli/registry.hpp>
#include <ply/cluster/world.hpp>
#include <ply/core/error.hpp>
#include <ply/core/text.hpp>
#include <ply/core/text_file.hpp>
#include <ply/search/engine/limits.hpp>

namespace ply::cli {

namespace {

double nodes_per_second(std::uint64_t nodes, double seconds) { return seconds > 0 ? double(nodes) / seconds : 0.0; }

std::string speed(std::uint64_t nodes, double seconds) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << nodes_per_second(nodes, seconds) / 1e6 << " Mnps";
    return s.str();
}

void print_totals(const char* label, std::uint64_t nodes, double seconds) {
    std::cout << label << nodes << "\n"
              << "Time: " << std::fixed << std::setprecision(3) << seconds << " s\n"
              << "Speed: " << speed(nodes, seconds) << "\n";
}

// "D3 1197": a depth and its count; throws ParseError.
std::pair<int, std::uint64_t> parse_count(std::string_view field) {
    field = trim(field);
    const auto space = field.find_first_of(" \t");
    const std::string_view name = field.substr(0, space);
    const std::string_view value = space == std::string_view::npos ? "" : trim(field.substr(space));
    int depth = 0;
    std::uint64_t count = 0;
    const auto d = std::from_chars(name.data() + 1, name.data() + name.size(), depth);
    const auto c = std::from_chars(value.data(), value.data() + value.size(), count);
    if (d.ec != std::errc() || d.ptr != name.data() + name.size() || depth <= 0 || c.ec != std::errc() ||
        c.ptr != value.data() + value.size())
        throw ParseError("bad perft count '" + clip(field) + "' (expected 'D<depth> <count>')");
    return {depth, count};
}

PerftSuiteLine parse_suite_line(std::string_view text) {
    PerftSuiteLine line;
    std::size_t at = text.find(';');
    line.position = std::string(trim(text.substr(0, at)));
    if (line.position.empty()) throw ParseError("no position before the first ';'");
    while (at != std::string_view::npos) {
        const std::size_t next = text.find(';', at + 1);
        const std::string_view field = trim(text.substr(at + 1, next == std::string_view::npos ? next : next - at - 1));
        // Other EPD operations (id, bm...) may sit beside the counts.
        if (field.size() >= 2 && field[0] == 'D' && field[1] >= '0' && field[1] <= '9')
            line.counts.push_back(parse_count(field));
        at = next;
    }
    return line;
}

}  // namespace

void check_perft_args(const CLI::App& cmd, const PerftArgs& a, bool own_perft, bool chess960) {
    if (!a.suite.empty()) {
        if (cmd.count("--position") || cmd.count("--fen") || cmd.count("--depth") || a.divide)
            usage_error(cmd, "--suite cannot be combined with --fen, --position, --depth or --divide");
    } else {
        if (a.depth < 0) usage_error(cmd, "--depth is required (or --suite FILE)");
        if (cmd.count("--max-depth") || cmd.count("--max-nodes"))
            usage_error(cmd, "--max-depth and --max-nodes go with --suite");
    }
    if (!own_perft && (cmd.count("--threads") || cmd.count("--hash")))
        usage_error(cmd,
                    "--threads and --hash need a game with a perft of its own; " + a.game + " has the generic one");
    if (!a.suite.empty() && cluster::started_by_launcher())
        usage_error(cmd, "--suite does not run under mpirun; count one position at a time");
    if (!chess960 && a.chess960) usage_error(cmd, "--chess960: " + a.game + " has no Chess960 notation");
}

std::vector<PerftSuiteLine> read_perft_suite(const CLI::App& cmd, const std::string& path) {
    std::istringstream in;
    try {
        in.str(read_text_file(path, "EPD file"));
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    std::vector<PerftSuiteLine> lines;
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
        const std::string_view t = trim(text);
        if (t.empty() || t.front() == '#') continue;
        try {
            lines.push_back(parse_suite_line(t));
            lines.back().line = number;
        } catch (const ParseError& e) {
            input_error(cmd, path + ":" + std::to_string(number) + ": " + e.what());
        }
    }
    return lines;
}

std::optional<RankCounts> count_on_ranks(const std::function<std::size_t(int ranks)>& plan,
                                         const std::function<std::uint64_t(std::size_t)>& count) {
    // Subtrees take milliseconds: each rank asks ahead, hiding the round trip.
    const auto ranked = tasks_on_ranks(
        plan, [&](std::size_t i) { return std::to_string(count(i)); }, true);
    if (!ranked) return std::nullopt;
    RankCounts out{ranked->leader, {}};
    for (const auto& result : ranked->results) out.counts.push_back(std::stoull(result));
    return out;
}

void print_perft(const PerftArgs& a, const std::string& position, const PerftResult& r) {
    if (a.json) {
        nlohmann::json j;
        j["game"] = a.game;
        j["position"] = position;
        j["depth"] = a.depth;
        j["nodes"] = r.nodes;
        j["seconds"] = r.seconds;
        j["nps"] = nodes_per_second(r.nodes, r.seconds);
        if (a.divide) {
            j["divide"] = nlohmann::json::array();
            for (const auto& [move, count] : r.divide) j["divide"].push_back({{"move", move}, {"nodes", count}});
        }
        std::cout << j.dump(2) << "\n";
        return;
    }
    if (a.divide) {
        for (const auto& [move, count] : r.divide) std::cout << move << ": " << count << "\n";
        std::cout << "\n";
    }
    print_totals("Nodes searched: ", r.nodes, r.seconds);
}

struct PerftSuiteReport::State {
    State(const PerftArgs& a, std::size_t n) : args(a), positions(n) {}
    const PerftArgs& args;
    std::size_t positions;
    std::size_t index = 0;
    int passed = 0, failed = 0, skipped = 0;
    std::uint64_t total = 0;
    std::string verdict;  // this position's checks, for the text report
    nlohmann::json rows = nlohmann::json::array();
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

PerftSuiteReport::PerftSuiteReport(const PerftArgs& a, std::size_t positions)
    : state_(std::make_unique<State>(a, positions)) {}

PerftSuiteReport::~PerftSuiteReport() = default;

void PerftSuiteReport::start(const PerftSuiteLine& line) {
    State& s = *state_;
    s.verdict.clear();
    s.rows.push_back({{"position", line.position}, {"line", line.line}, {"checks", nlohmann::json::array()}});
    // The position first: a deep count may take a while.
    if (!s.args.json) std::cout << "[" << ++s.index << "/" << s.positions << "] " << line.position << std::flush;
}

void PerftSuiteReport::check(int depth, std::uint64_t expected, std::uint64_t got) {
    State& s = *state_;
    s.total += got;
    const bool ok = got == expected;
    if (ok)
        ++s.passed;
    else
        ++s.failed;
    s.verdict += " D" + std::to_string(depth) +
                 (ok ? " ok" : " FAIL (expected " + std::to_string(expected) + ", got " + std::to_string(got) + ")");
    s.rows.back()["checks"].push_back({{"depth", depth}, {"expected", expected}, {"nodes", got}, {"ok", ok}});
}

void PerftSuiteReport::skip(int depth, std::uint64_t expected) {
    ++state_->skipped;
    state_->rows.back()["checks"].push_back({{"depth", depth}, {"expected", expected}, {"skipped", true}});
}

void PerftSuiteReport::end_position() {
    const State& s = *state_;
    if (!s.args.json) std::cout << " :" << (s.verdict.empty() ? " (nothing to check)" : s.verdict) << "\n";
}

void PerftSuiteReport::finish() {
    const State& s = *state_;
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - s.start).count();
    if (s.args.json) {
        nlohmann::json j = {{"game", s.args.game},  {"suite", s.args.suite},
                            {"passed", s.passed},   {"failed", s.failed},
                            {"skipped", s.skipped}, {"nodes", s.total},
                            {"seconds", t},         {"nps", nodes_per_second(s.total, t)},
                            {"results", s.rows}};
        std::cout << j.dump(2) << "\n";
    } else {
        std::cout << "\nPassed: " << s.passed << "  Failed: " << s.failed << "  Skipped: " << s.skipped << "\n";
        print_totals("Total nodes: ", s.total, t);
    }
    if (s.failed) throw CLI::RuntimeError(1);
}

void add_perft_command(CLI::App& app, const Registry& games) {
    auto args = std::make_shared<PerftArgs>();
    CLI::App* cmd = app.add_subcommand("perft", "Count move paths (move generator check and speed)");
    cmd->add_option("game", args->game, "Game: " + games.names())->capture_default_str();
    add_position_option(*cmd, args->position);
    cmd->add_option("--depth,-d", args->depth, "Plies to count")->check(CLI::Range(0, 64));
    cmd->add_flag("--divide", args->divide, "Show the count below each root move");
    cmd->add_option("--threads", args->threads, "Threads (games with a perft of their own: chess)")
        ->check(CLI::Range(1, engine::kMaxThreads))
        ->capture_default_str();
    cmd->add_option("--hash", args->hash_mb, "Hash table size in MB, 0: none (games with a perft of their own)")
        ->check(CLI::Range(0, 1 << 16))
        ->capture_default_str();
    cmd->add_flag("--chess960", args->chess960, "Chess: write castling moves as king takes rook");
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_option("--suite", args->suite, "Check every line of a perft suite: <position> ;D1 n ;D2 n ...");
    cmd->add_option("--max-depth", args->max_depth, "With --suite: skip deeper counts")->check(CLI::PositiveNumber);
    cmd->add_option("--max-nodes", args->max_nodes, "With --suite: skip counts above this many nodes");
    cmd->callback([cmd, args, &games] { game_named(*cmd, games, args->game).perft(*cmd, *args); });
}

}  // namespace ply::cli
