// `ply perft [game]`: count move paths, for one position or a whole suite.
// Every game gets the generic count of search/perft.hpp; a game with a perft
// of its own (core/perft.hpp: chess, with threads and a table) gets that.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <ply/cli/positions.hpp>
#include <ply/core/perft.hpp>
#include <ply/search/perft.hpp>

namespace ply::cli {

struct PerftArgs {
    std::string game = "chess";  // the default keeps `ply perft --fen ...` as it was
    std::optional<std::string> position;
    int depth = -1;
    bool divide = false;
    int threads = 1;
    std::size_t hash_mb = 0;
    bool chess960 = false;
    bool json = false;
    std::string suite;
    int max_depth = 1000;
    std::uint64_t max_nodes = UINT64_MAX;
};

// --- The parts that know no game (perft.cpp) ---------------------------------

// Usage errors for options that do not fit together or do not fit the game.
void check_perft_args(const CLI::App& cmd, const PerftArgs& a, bool own_perft, bool chess960);

// One line of a perft suite: `<position> ;D1 20 ;D2 400 ...`, the chess EPD
// layout, read for any game whose positions fit on one line.
struct PerftSuiteLine {
    std::string position;  // the text before the first ';', trimmed
    int line = 0;
    std::vector<std::pair<int, std::uint64_t>> counts;  // depth, expected count
};
// Every line of the file (blank lines and '#' comments skipped); bad input
// is an input error naming the file and line.
std::vector<PerftSuiteLine> read_perft_suite(const CLI::App& cmd, const std::string& path);

struct PerftResult {
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<std::pair<std::string, std::uint64_t>> divide;  // move, count
};
void print_perft(const PerftArgs& a, const std::string& position, const PerftResult& r);

// Prints a suite's checks as they run, then the summary; fails (exit 1) if one was wrong.
class PerftSuiteReport {
public:
    PerftSuiteReport(const PerftArgs& a, std::size_t positions);
    ~PerftSuiteReport();
    void start(const PerftSuiteLine& line);
    void check(int depth, std::uint64_t expected, std::uint64_t got);
    void skip(int depth, std::uint64_t expected);
    void end_position();
    void finish();

private:
    struct State;
    std::unique_ptr<State> state_;
};

// Under mpirun: `plan(ranks)` lists the tasks for that many ranks and says
// how many; `count(i)` counts task i on whichever rank is free
// (cluster/farm.hpp). Nothing when no launcher started ply. Rank 0 gets
// every count (leader); the other ranks print nothing.
struct RankCounts {
    bool leader = true;
    std::vector<std::uint64_t> counts;
};
std::optional<RankCounts> count_on_ranks(const std::function<std::size_t(int ranks)>& plan,
                                         const std::function<std::uint64_t(std::size_t)>& count);

// --- One game ----------------------------------------------------------------

// The generic walk, with the interface of a game's own PerftCounter.
template <Game G>
struct WalkingPerftCounter {
    std::uint64_t count(const G& game, int depth) const {
        G copy = game;
        return search::perft(copy, depth);
    }
    auto divide(const G& game, int depth) const {
        return depth > 0 ? search::perft_divide(game, depth) : decltype(search::perft_divide(game, depth)){};
    }
};

template <Game G>
auto make_perft_counter(const PerftArgs& a) {
    if constexpr (FastPerftGame<G>)
        return PerftCounter<G>(a.threads, a.hash_mb);
    else
        return WalkingPerftCounter<G>{};
}

// The subtrees a count under mpirun hands out: the positions `plies` below
// the root, each with the index of its root move, in generation order. One
// ply down, or more until there are 16 for each rank (enough to even out
// subtrees of unequal size), never the whole depth.
template <Game G>
std::vector<std::pair<std::size_t, G>> perft_subtrees(const G& root, int depth, int ranks, int& plies) {
    std::vector<std::pair<std::size_t, G>> level{{0, root}};
    for (plies = 0; plies < 1 || (plies + 1 < depth && level.size() < 16 * std::size_t(ranks)); ++plies) {
        std::vector<std::pair<std::size_t, G>> next;
        for (const auto& [root_move, position] : level) {
            MoveListOf<G> moves;
            search::perft_moves(position, moves);
            for (std::size_t i = 0; i < moves.size(); ++i) {
                next.emplace_back(plies == 0 ? i : root_move, position);
                next.back().second.make(moves[i]);
            }
        }
        level = std::move(next);
    }
    return level;
}

// Rank 0's result of a count under mpirun: the subtrees' counts summed by root move.
template <NotatedGame G>
void add_rank_counts(const G& game, const PerftArgs& a, const std::vector<std::pair<std::size_t, G>>& subtrees,
                     const RankCounts& ranked, PerftResult& r) {
    MoveListOf<G> moves;
    if (a.depth > 0) search::perft_moves(game, moves);
    std::vector<std::uint64_t> below(moves.size(), 0);
    for (std::size_t i = 0; i < subtrees.size(); ++i) below.at(subtrees[i].first) += ranked.counts[i];
    for (std::size_t i = 0; i < moves.size(); ++i) {  // the same moves in the same order as counter.divide()
        if (a.divide) r.divide.emplace_back(game.move_to_string(moves[i]), below[i]);
        r.nodes += below[i];
    }
    if (a.depth == 0) r.nodes = 1;
}

template <NotatedGame G>
void run_perft_position(const CLI::App& cmd, const PerftArgs& a) {
    G game = load_position<G>(cmd, a.position);
    if constexpr (Chess960Game<G>)
        if (a.chess960) game.set_chess960(true);
    auto counter = make_perft_counter<G>(a);
    PerftResult r;
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::pair<std::size_t, G>> subtrees;
    int plies = 0;
    const auto ranked = count_on_ranks(
        [&](int ranks) {
            if (a.depth > 0) subtrees = perft_subtrees(game, a.depth, ranks, plies);
            return subtrees.size();
        },
        [&](std::size_t i) { return counter.count(subtrees[i].second, a.depth - plies); });
    if (ranked && !ranked->leader) return;
    if (ranked) {
        add_rank_counts(game, a, subtrees, *ranked, r);
    } else if (a.divide) {
        for (const auto& [move, count] : counter.divide(game, a.depth)) {
            r.divide.emplace_back(game.move_to_string(move), count);
            r.nodes += count;
        }
    } else {
        r.nodes = counter.count(game, a.depth);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    print_perft(a, game.position(), r);
}

template <NotatedGame G>
void run_perft_suite(const CLI::App& cmd, const PerftArgs& a) {
    if constexpr (describe::position_lines<G>() > 1) {
        usage_error(cmd, "--suite needs positions on one line; " + std::string(G::name) + "'s take several");
    } else {
        const std::vector<PerftSuiteLine> lines = read_perft_suite(cmd, a.suite);
        std::vector<G> games;  // all read before the first count: a bad line fails at once
        for (const auto& line : lines) {
            try {
                games.push_back(G::from_position(line.position));
            } catch (const ParseError& e) {
                input_error(cmd, a.suite + ":" + std::to_string(line.line) + ": " + e.what());
            }
        }
        auto counter = make_perft_counter<G>(a);
        PerftSuiteReport report(a, lines.size());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            report.start(lines[i]);
            for (const auto& [depth, expected] : lines[i].counts) {
                if (depth > a.max_depth || expected > a.max_nodes)
                    report.skip(depth, expected);
                else
                    report.check(depth, expected, counter.count(games[i], depth));
            }
            report.end_position();
        }
        report.finish();
    }
}

template <NotatedGame G>
void run_perft(const CLI::App& cmd, const PerftArgs& a) {
    check_perft_args(cmd, a, FastPerftGame<G>, Chess960Game<G>);
    if (a.suite.empty())
        run_perft_position<G>(cmd, a);
    else
        run_perft_suite<G>(cmd, a);
}

}  // namespace ply::cli
