// The Session's analysis commands (analysis.hpp): `lz-analyze` and
// `kata-analyze` search in the background and report every interval until
// the next line arrives; the genmove forms report as they search for a move.
// Included by gtp.cpp, where the Session is compiled.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <variant>

#include <ply/gtp/gtp.hpp>
#include <ply/search/mcts/thinking_time.hpp>

namespace ply::gtp {

template <GtpGame G>
typename Session<G>::Answer Session<G>::analyze(const AnalyzeCommand& command, const std::vector<std::string>& args) {
    auto parsed = parse_analyze(command, args);
    if (auto* error = std::get_if<std::string>(&parsed)) return {{false, std::move(*error)}};
    const AnalyzeRequest request = std::get<AnalyzeRequest>(parsed);
    if (command.genmove) {
        emit("=" + id_ + "\n");
        const std::size_t before = steps_.size();
        align(*request.colour);
        bool resign = false;
        const Move m = choose(resign, &request);
        if (resign)
            take_back_to(before);
        else
            play_step(m, false);
        emit("play " + (resign ? std::string("resign") : std::string(Protocol::vertex_text(m))) + "\n\n");
        if (!resign) ponder();
        return {{true, ""}, true};
    }
    // The position analysed: the game's, with a pass first if the other
    // colour was asked for (as genmove would put in); the game is left as it is.
    G root = game_;
    if (request.colour && *request.colour != static_cast<int>(root.side_to_move())) root.make(Protocol::pass);
    searcher();
    emit("=" + id_ + "\n");
    analysis_.start([this, root, request](const std::atomic<bool>& stop) {
        using Clock = std::chrono::steady_clock;
        const auto slice = std::chrono::milliseconds(request.interval_cs > 0 ? 10 * request.interval_cs : 100);
        while (!stop) {
            const auto deadline = Clock::now() + slice;
            mcts::Limits limits;
            limits.time = slice;
            limits.stop = &stop;
            const auto result = searcher_->search(root, limits);
            if (stop) break;  // nothing after the line that stopped it
            if (request.interval_cs > 0)
                if (const std::string line = report_line(result, request); !line.empty()) emit(line + "\n");
            wait_until(deadline, stop);  // a proven or finished position searches no longer than that
        }
    });
    return {{true, ""}, true};
}

// One search, or slices of it, the tree growing on from slice to slice:
// with a stream, slices of its interval, each reported. Under a clock (a
// tenth of the plan a slice, without a stream), the search ends when
// mcts::keep_thinking says: before the plan once the choice is made, past
// it while the choice is close.
template <GtpGame G>
mcts::Result<typename G::Move> Session<G>::search(const mcts::Limits& limits, const AnalyzeRequest* stream,
                                                  const std::optional<MoveTime>& plan) {
    using std::chrono::milliseconds;
    std::optional<milliseconds> step;
    if (stream && stream->interval_cs > 0) step = milliseconds(10 * stream->interval_cs);
    if (plan && !step) step = milliseconds(std::max<long long>(20, std::llround(plan->planned * 100)));  // a tenth
    if (!step) {
        auto result = searcher().search(game_, limits);
        if (stream)
            if (const std::string line = report_line(result, *stream); !line.empty()) emit(line + "\n");
        return result;
    }
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const auto elapsed = [start] { return Clock::now() - start; };
    const auto seconds = [](Clock::duration d) { return std::chrono::duration<double>(d).count(); };
    std::uint64_t done = 0;
    mcts::Result<Move> result;
    while (true) {
        mcts::Limits slice = limits;
        if (limits.iterations) slice.iterations = *limits.iterations - done;
        const milliseconds left =
            limits.time ? *limits.time - std::chrono::duration_cast<milliseconds>(elapsed()) : milliseconds::max();
        slice.time = std::max(milliseconds(0), std::min(left, *step));
        result = searcher().search(game_, slice);
        done += result.iterations;
        if (stream)
            if (const std::string line = report_line(result, *stream); !line.empty()) emit(line + "\n");
        const auto now = elapsed();
        const bool time_up = limits.time && now >= *limits.time;
        const bool iterations_done = limits.iterations && done >= *limits.iterations;
        if (time_up || iterations_done || result.proof != mcts::Proof::None || result.iterations == 0) break;
        const double rate = static_cast<double>(done) / seconds(now);
        if (plan && !mcts::keep_thinking(result.moves, seconds(now), plan->planned, plan->most, rate)) break;
    }
    result.iterations = done;
    return result;
}

template <GtpGame G>
std::string Session<G>::report_line(const mcts::Result<Move>& r, const AnalyzeRequest& request) const {
    return info_line(report(r, request.max_moves, [](Move m) { return std::string(Protocol::vertex_text(m)); }),
                     request.format);
}

}  // namespace ply::gtp
