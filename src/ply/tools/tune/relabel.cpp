#include <ply/tools/tune/relabel.hpp>

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>

#include <ply/core/error.hpp>
#include <ply/core/stopwatch.hpp>
#include <ply/core/threads.hpp>

namespace ply::tune {

namespace {

// Positions are handed out in blocks: engines share the work evenly without
// contending for every position.
constexpr std::size_t kBlock = 32;
constexpr double kProgressSeconds = 5;  // as often as datagen's

class Scorer {
public:
    Scorer(const RelabelOptions& options, const std::atomic<bool>& stop)
        : options_(options), stop_(stop), player_(arena::make_player(options.engine)) {}

    // Fills `score` and returns true, or returns false when stopped.
    bool score(const std::string& position, std::optional<int>& score) {
        for (int attempt = 0;; ++attempt) {
            start();
            // A new game for each position: its score then depends on it
            // alone, not on what the engine's table kept from the last one.
            std::string failure = player_->new_game(position, options_.engine.limits, true);
            if (failure.empty()) {
                arena::TurnRequest request;
                request.start_position = position;
                request.limits = options_.engine.limits;
                request.deadline = arena::after(options_.timeout);
                request.interrupt = &stop_;
                const arena::Reply reply = player_->go(request);
                if (reply.status == arena::ReplyStatus::Interrupted) return false;
                if (reply.status == arena::ReplyStatus::Move || reply.status == arena::ReplyStatus::Resign) {
                    if (reply.info.mate || reply.info.cp) {
                        score = reply.info.mate ? std::nullopt : reply.info.cp;
                        return true;
                    }
                    failure = "no score";
                } else {
                    failure = reply.detail;
                }
            }
            if (attempt > 0) throw ParseError(options_.engine.name + ": " + clip(failure) + " on '" + position + "'");
            player_->shut_down();
        }
    }

private:
    void start() {
        if (player_->healthy()) return;
        if (const std::string error = player_->start(); !error.empty())
            throw ParseError("cannot start engine '" + options_.engine.name + "': " + error);
    }

    const RelabelOptions& options_;
    const std::atomic<bool>& stop_;
    std::unique_ptr<arena::Player> player_;
};

}  // namespace

std::vector<std::optional<int>> relabel(const std::vector<std::string>& positions, const RelabelOptions& options,
                                        const std::atomic<bool>& stop,
                                        const std::function<void(const RelabelProgress&)>& progress) {
    const Stopwatch clock;
    std::vector<std::optional<int>> scores(positions.size());
    std::atomic<std::size_t> next{0}, done{0};
    std::atomic<bool> quit{false};  // set by a failed engine: the others stop too
    std::mutex error_mutex;
    std::string error;
    auto work = [&] {
        try {
            Scorer scorer(options, quit);
            for (std::size_t begin = next.fetch_add(kBlock); begin < positions.size() && !quit;
                 begin = next.fetch_add(kBlock)) {
                for (std::size_t i = begin; i < std::min(positions.size(), begin + kBlock); ++i) {
                    if (quit || !scorer.score(positions[i], scores[i])) return;
                    ++done;
                }
            }
        } catch (const std::exception& e) {
            const std::lock_guard lock(error_mutex);
            if (error.empty()) error = e.what();
            quit = true;
        }
    };
    std::vector<std::jthread> engines;
    // As many engines as the system gives threads for; with none, one works here.
    if (start_threads(engines, 0, std::max(1, options.threads), [&](int) { work(); }) == 0) work();
    for (double reported = 0; done < positions.size() && !quit;) {
        if (stop) quit = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (progress && clock.seconds() - reported >= kProgressSeconds) {
            reported = clock.seconds();
            progress({done, positions.size(), reported});
        }
    }
    engines.clear();
    if (!error.empty()) throw ParseError(error);
    if (progress) progress({done, positions.size(), clock.seconds()});
    return scores;
}

}  // namespace ply::tune
