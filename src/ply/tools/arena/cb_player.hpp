// A CheckerBoard engine library as an arena player (`--engine cb=LIB.so`):
// before each move the position as the interface's board and colour, then
// getmove; the move it returns counts only if it is one of the legal moves,
// matched by its start, its end and the squares it takes, or else by the
// board, for engines that play their move there and leave the CbMove be. `st=S` is S seconds a move with
// the exact-time bit; `tc=` a share of the clock as maxtime, the clock itself
// in the incremental-time bits. `option.NAME=VALUE` is `set NAME VALUE`
// (option.hashsize=64). At the deadline, or on Ctrl-C, *playnow is raised;
// a library that ignores it cannot be stopped (it runs in this process).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/core/protocol.hpp>
#include <ply/tools/arena/cb_library.hpp>
#include <ply/tools/arena/game_referee.hpp>
#include <ply/tools/arena/player.hpp>

namespace ply::arena {

// How much of the clock a move is given: a thirtieth, and most of the increment.
inline double cb_move_seconds(double left, double increment) {
    return std::max(0.01, std::min(left / 2, left / 30 + 0.8 * increment));
}

// The interface's incremental-time words (info bits 2-3, moreinfo) for a
// clock: the finest unit in which the time left fits 16 bits.
inline std::pair<int, int> cb_clock_words(double left, double increment) {
    const double unit = left < 65.0 ? 0.001 : left < 650.0 ? 0.01 : 0.1;
    const int code = unit == 0.001 ? 1 : unit == 0.01 ? 2 : 3;
    const auto in_units = [unit](double s) { return std::clamp(static_cast<long>(s / unit), 0L, 65535L); };
    return {code << cb_api::kIncrementShift, static_cast<int>((in_units(left) << 16) | in_units(increment))};
}

template <class G>
class CbPlayer final : public Player {
public:
    using Protocol = CheckerBoardProtocol<G>;
    using Options = std::vector<std::pair<std::string, std::string>>;
    CbPlayer(std::string name, std::string path, Options options)
        : name_(std::move(name)), path_(std::move(path)), options_(std::move(options)) {}

    [[nodiscard]] const std::string& name() const override { return name_; }
    std::string start() override;
    std::string new_game(const std::string&, const Limits&, bool) override {
        new_game_ = true;
        return {};
    }
    Reply go(const TurnRequest& req) override;
    void shut_down() override {}
    [[nodiscard]] bool healthy() const override { return library_.is_open(); }

private:
    // getmove, with *playnow raised at the request's deadline or on Ctrl-C.
    void call(int (&board)[8][8], int color, double maxtime, int info, int moreinfo, char* str,
              typename Protocol::CbMove& move, const TurnRequest& req);

    std::string name_, path_;
    Options options_;
    CbLibrary library_;
    bool new_game_ = true;
};

template <class G>
std::string CbPlayer<G>::start() {
    if (library_.is_open()) return {};
    if (auto error = library_.open(path_); !error.empty()) return error;
    const std::string type = library_.command("get gametype");
    if (type != std::to_string(Protocol::game_type))
        return "'" + clip(path_) + "' plays game type '" + clip(type) + "', not " +
               std::to_string(Protocol::game_type) + " (" + std::string(G::name) + ")";
    for (const auto& [option, value] : options_) {
        bool known = false;
        const std::string reply = library_.command("set " + option + " " + value, &known);
        if (!known) return "'set " + clip(option) + " " + clip(value) + "' refused: " + clip(reply);
    }
    return {};
}

template <class G>
void CbPlayer<G>::call(int (&board)[8][8], int color, double maxtime, int info, int moreinfo, char* str,
                       typename Protocol::CbMove& move, const TurnRequest& req) {
    int playnow = 0;
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::thread watch([&] {  // the deadline and Ctrl-C raise playnow
        std::unique_lock lock(mutex);
        while (!finished.wait_for(lock, std::chrono::milliseconds(2), [&] { return done; }))
            if (Clock::now() >= req.deadline || (req.interrupt && req.interrupt->load()))
                std::atomic_ref<int>(playnow).store(1);
    });
    {
        const std::lock_guard lock(library_.mutex());
        using GetMove = int (*)(int[8][8], int, double, char*, int*, int, int, typename Protocol::CbMove*);
        reinterpret_cast<GetMove>(library_.getmove())(board, color, maxtime, str, &playnow, info, moreinfo, &move);
    }
    {
        const std::lock_guard lock(mutex);
        done = true;
    }
    finished.notify_one();
    watch.join();
}

template <class G>
Reply CbPlayer<G>::go(const TurnRequest& req) {
    G game;
    try {
        game = replay<G>(req);
    } catch (const ParseError& e) {
        return cannot_follow(e);
    }
    int board[8][8] = {};
    Protocol::to_board(game, board);
    int info = new_game_ ? cb_api::kResetMoves : 0, moreinfo = 0;
    new_game_ = false;
    double maxtime = req.limits.movetime.value_or(1.0);
    if (req.limits.movetime)
        info |= cb_api::kExactTime;
    else if (req.limits.tc) {
        maxtime = cb_move_seconds(req.my_time, req.my_inc);
        const auto [bits, words] = cb_clock_words(req.my_time, req.my_inc);
        info |= bits;
        moreinfo = words;
    }
    char str[1024] = {};
    typename Protocol::CbMove move{};
    call(board, Protocol::color_to_move(game), maxtime, info, moreinfo, str, move, req);
    if (req.interrupt && req.interrupt->load()) return {ReplyStatus::Interrupted, {}, {}, "interrupted"};
    Reply reply;
    str[sizeof str - 1] = '\0';
    reply.detail = str;
    reply.info = cb_search_info(reply.detail);
    auto legal = Protocol::find_move(game, move);
    if (!legal) legal = Protocol::find_played_move(game, board);
    // A move no legal one matches is passed on in words the referee cannot read as a move.
    reply.move = legal ? game.move_to_string(*legal) : Protocol::describe(move) + " (no legal move goes so)";
    return reply;
}

// A player of the library at `path`, for a game CheckerBoard engines play.
template <class G>
std::unique_ptr<Player> make_cb_player(const std::string& name, const std::string& path,
                                       const std::vector<std::pair<std::string, std::string>>& options) {
    return std::make_unique<CbPlayer<G>>(name, path, options);
}

}  // namespace ply::arena
