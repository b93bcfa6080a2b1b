// The analysis that Go GUIs show while the engine thinks (Sabaki, Lizzie,
// KaTrain, LizGoban): Leela Zero's `lz-analyze` and `lz-genmove_analyze`,
// KataGo's `kata-analyze` and `kata-genmove_analyze` (and `analyze`,
// `genmove_analyze`, Leela Zero's under Sabaki's generic names). Every
// report is one line: "info move D4 visits 120 winrate 5321 prior 1234
// lcb 4987 order 0 pv D4 E5 ..." and the same for each move searched, in
// order; Leela Zero's winrate, prior and lcb are in 0-10000, KataGo's in
// 0-1 (with its utility, 2 * winrate - 1). The winrate is the analysed
// colour's; the prior is the move's share of the game's prior weights
// (Go: its fitted move features; an equal share for a game without them);
// the pv is the move, then the most visited reply at each node below.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <ply/search/mcts/types.hpp>

namespace ply::gtp {

enum class AnalysisFormat { Leela, Kata };

// What an analyse command asked: "[colour] [interval] [key value]...".
struct AnalyzeRequest {
    AnalysisFormat format = AnalysisFormat::Leela;
    std::optional<int> colour;  // 0 Black, 1 White; none: the side to move
    int interval_cs = 0;        // centiseconds between reports; 0: none (genmove: one at the end)
    std::size_t max_moves = std::numeric_limits<std::size_t>::max();
};

// The command's name as an analysis command: its format and whether it
// moves too; nothing for another command.
struct AnalyzeCommand {
    AnalysisFormat format;
    bool genmove;
};
std::optional<AnalyzeCommand> analyze_command(const std::string& name);

// The request, or the error message for the `?` response. The genmove
// forms need the colour; the keys are "interval", "minmoves" (accepted),
// "maxmoves", and KataGo's boolean ones that ask for data Ply does not
// give (ownership, pvVisits, ...: accepted, nothing more reported).
std::variant<AnalyzeRequest, std::string> parse_analyze(const AnalyzeCommand& command,
                                                        const std::vector<std::string>& args);

// One move's line of a report.
struct MoveInfo {
    std::string move;
    std::uint64_t visits = 0;
    double winrate = 0;  // the mover's mean reward, 0-1
    double prior = 0;    // 0-1
    std::vector<std::string> pv;
};
// The report's line (no newline): every move's "info ..." in order.
std::string info_line(const std::vector<MoveInfo>& moves, AnalysisFormat format);
// The lower bound of a winrate's 95% interval after `visits` (Wilson's).
double winrate_lcb(double winrate, std::uint64_t visits);

// The root's moves as a report shows them: the move the engine would play
// first (order 0), then by visits; moves never visited left out.
template <class Move, class Text>
std::vector<MoveInfo> report(const mcts::Result<Move>& r, std::size_t max_moves, Text&& vertex_text) {
    std::vector<const mcts::MoveStats<Move>*> seen;
    for (const auto& m : r.moves)
        if (m.visits > 0) seen.push_back(&m);
    const auto first = [&](const mcts::MoveStats<Move>* m) { return r.best && m->move == *r.best; };
    std::stable_sort(seen.begin(), seen.end(), [&](const auto* a, const auto* b) {
        return std::tuple(first(a), a->visits, a->mean) > std::tuple(first(b), b->visits, b->mean);
    });
    const bool has_priors = std::any_of(r.moves.begin(), r.moves.end(), [](const auto& m) { return m.prior > 0; });
    std::vector<MoveInfo> out;
    for (const auto* m : seen) {
        if (out.size() >= max_moves) break;
        const double prior = has_priors ? m->prior : 1.0 / static_cast<double>(r.moves.size());
        MoveInfo info{vertex_text(m->move), m->visits, m->mean, prior, {}};
        for (const Move& p : m->pv) info.pv.push_back(vertex_text(p));
        if (info.pv.empty()) info.pv.push_back(info.move);
        out.push_back(std::move(info));
    }
    return out;
}

// A thread that runs one analysis until told to stop.
class Background {
public:
    Background() = default;
    Background(const Background&) = delete;
    Background& operator=(const Background&) = delete;
    ~Background() { stop(); }

    // `work` runs on its own thread and must return soon after its flag is set.
    void start(std::function<void(const std::atomic<bool>&)> work);
    // Sets the flag and waits for the work; false if none was running.
    bool stop();

private:
    std::thread thread_;
    std::atomic<bool> stop_{false};
};

// Sleeps until `deadline` or until `stop` is set, whichever comes first.
void wait_until(std::chrono::steady_clock::time_point deadline, const std::atomic<bool>& stop);

}  // namespace ply::gtp
