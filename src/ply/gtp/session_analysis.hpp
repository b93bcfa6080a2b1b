// The Session's analysis commands (analysis.hpp): `lz-analyze` and
// `kata-analyze` search in the background and report every interval until
// the next line arrives; the genmove forms report as they search for a move.
// Included by gtp.cpp, where the Session is compiled.
#pragma once

#include <chrono>
#include <variant>

#include <ply/gtp/gtp.hpp>

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

// Without a stream, one search; with one, slices of the interval until the
// limits are reached, each reported (the tree grows on from slice to slice).
template <GtpGame G>
mcts::Result<typename G::Move> Session<G>::search(const mcts::Limits& limits, const AnalyzeRequest* stream) {
    if (!stream) return searcher().search(game_, limits);
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    std::uint64_t done = 0;
    mcts::Result<Move> result;
    while (true) {
        mcts::Limits slice = limits;
        if (limits.iterations) slice.iterations = *limits.iterations - done;
        const auto left =
            limits.time ? *limits.time - std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start)
                        : std::chrono::milliseconds::max();
        if (stream->interval_cs > 0) slice.time = std::min(left, std::chrono::milliseconds(10 * stream->interval_cs));
        result = searcher().search(game_, slice);
        done += result.iterations;
        if (const std::string line = report_line(result, *stream); !line.empty()) emit(line + "\n");
        const bool time_up = limits.time && Clock::now() - start >= *limits.time;
        const bool iterations_done = limits.iterations && done >= *limits.iterations;
        if (stream->interval_cs == 0 || time_up || iterations_done || result.proof != mcts::Proof::None ||
            result.iterations == 0)
            break;
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
