// `ply perft`: count chess move paths, for one position or a whole EPD suite.
//   ply perft [--fen FEN] --depth N [--divide] [--threads T] [--hash MB] [--chess960]
//   ply perft --suite FILE.epd [--max-depth N] [--max-nodes N] [--threads T] [--hash MB]
#include <ply/games/chess/perft.hpp>

#include <chrono>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include <ply/cli/commands.hpp>
#include <ply/core/error.hpp>
#include <ply/games/chess/epd.hpp>
#include <ply/games/chess/notation.hpp>

namespace ply::cli {

namespace {

struct PerftArgs {
    std::string fen = "startpos";
    int depth = -1;
    bool divide = false;
    int threads = 1;
    std::size_t hash_mb = 0;
    bool chess960 = false;
    std::string suite;
    int max_depth = 1000;
    std::uint64_t max_nodes = UINT64_MAX;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string speed(std::uint64_t nodes, double seconds) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << (seconds > 0 ? nodes / seconds / 1e6 : 0.0) << " Mnps";
    return s.str();
}

void run_single(const CLI::App& cmd, const PerftArgs& a) {
    chess::Position pos;
    try {
        pos = a.fen == "startpos" ? chess::Position::from_fen(chess::kStartFen, a.chess960)
                                  : chess::Position::from_fen(a.fen, a.chess960);
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    const chess::PerftOptions options{a.threads, a.hash_mb};
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    if (a.divide) {
        for (const auto& [move, count] : chess::perft_divide(pos, a.depth, options)) {
            std::cout << chess::to_uci(move, pos.chess960()) << ": " << count << "\n";
            nodes += count;
        }
        std::cout << "\n";
    } else {
        nodes = chess::perft(pos, a.depth, options);
    }
    const double t = seconds_since(start);
    std::cout << "Nodes searched: " << nodes << "\n"
              << "Time: " << std::fixed << std::setprecision(3) << t << " s\n"
              << "Speed: " << speed(nodes, t) << "\n";
}

void run_suite(const CLI::App& cmd, const PerftArgs& a) {
    std::vector<chess::EpdRecord> records;
    try {
        records = chess::read_epd_file(a.suite);
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    // One table for the whole suite: allocating it per count would cost more than it saves.
    std::unique_ptr<chess::PerftTable> table;
    if (a.hash_mb > 0) table = std::make_unique<chess::PerftTable>(a.hash_mb);
    const chess::PerftOptions options{a.threads, 0, table.get()};
    int passed = 0, failed = 0, skipped = 0;
    std::uint64_t total = 0;
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const auto& r = records[i];
        const chess::Position pos = r.position();
        std::cout << "[" << i + 1 << "/" << records.size() << "] " << r.fen << std::flush;
        std::string verdict;
        for (const auto& [depth, expected] : r.perft) {
            if (depth > a.max_depth || expected > a.max_nodes) {
                ++skipped;
                continue;
            }
            const std::uint64_t got = chess::perft(pos, depth, options);
            total += got;
            if (got == expected) {
                ++passed;
                verdict += " D" + std::to_string(depth) + " ok";
            } else {
                ++failed;
                verdict += " D" + std::to_string(depth) + " FAIL (expected " + std::to_string(expected) + ", got " +
                           std::to_string(got) + ")";
            }
        }
        std::cout << " :" << (verdict.empty() ? " (nothing to check)" : verdict) << "\n";
    }
    const double t = seconds_since(start);
    std::cout << "\nPassed: " << passed << "  Failed: " << failed << "  Skipped: " << skipped << "\n"
              << "Total nodes: " << total << "\n"
              << "Time: " << std::fixed << std::setprecision(3) << t << " s\n"
              << "Speed: " << speed(total, t) << "\n";
    if (failed) throw CLI::RuntimeError(1);
}

// Either mode, after checking that the options fit together.
void run(const CLI::App& cmd, const PerftArgs& a) {
    if (!a.suite.empty()) {
        if (cmd.count("--fen") || cmd.count("--depth") || a.divide)
            usage_error(cmd, "--suite cannot be combined with --fen, --depth or --divide");
        run_suite(cmd, a);
    } else {
        if (a.depth < 0) usage_error(cmd, "--depth is required (or --suite FILE)");
        if (cmd.count("--max-depth") || cmd.count("--max-nodes"))
            usage_error(cmd, "--max-depth and --max-nodes go with --suite");
        run_single(cmd, a);
    }
}

}  // namespace

void add_perft_command(CLI::App& app) {
    auto args = std::make_shared<PerftArgs>();
    CLI::App* cmd = app.add_subcommand("perft", "Count chess move paths (move generator check and speed)");
    cmd->add_option("--fen", args->fen, "Position: FEN, X-FEN, Shredder-FEN or 'startpos'")->capture_default_str();
    cmd->add_option("--depth,-d", args->depth, "Plies to count")->check(CLI::Range(0, 64));
    cmd->add_flag("--divide", args->divide, "Show the count below each root move");
    cmd->add_option("--threads,-t", args->threads, "Threads")->check(CLI::Range(1, 256))->capture_default_str();
    cmd->add_option("--hash", args->hash_mb, "Hash table size in MB (0: none)")
        ->check(CLI::Range(0, 1 << 16))
        ->capture_default_str();
    cmd->add_flag("--chess960", args->chess960, "Write castling moves as king takes rook");
    cmd->add_option("--suite", args->suite, "Check every line of a perft EPD file (;D1 n ;D2 n ...)");
    cmd->add_option("--max-depth", args->max_depth, "With --suite: skip deeper counts")->check(CLI::PositiveNumber);
    cmd->add_option("--max-nodes", args->max_nodes, "With --suite: skip counts above this many nodes");
    cmd->callback([cmd, args] { run(*cmd, *args); });
}

}  // namespace ply::cli
