// The engine behind CheckerBoard's engine interface (Martin Fierz's API:
// getmove and enginecommand, which CheckerBoard and hosts such as cliche
// load from a shared library): the production search on one thread, its
// transposition table kept between moves and sized by `set hashsize`. It
// names no game: CheckerBoardProtocol<G> (core/protocol.hpp, specialized in
// the game's folder) converts boards and moves.
//
// getmove plays its move both ways hosts expect: in the CbMove and on the
// board. It keeps the game it played, so that a board one legal move on
// from it continues that game (repetitions and the quiet-move count seen)
// until the host says a new game starts (info bit 1).
#pragma once

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include <ply/core/error.hpp>
#include <ply/core/protocol.hpp>
#include <ply/core/score.hpp>
#include <ply/core/text.hpp>
#include <ply/core/version.hpp>
#include <ply/search/engine/engine.hpp>

namespace ply::checkerboard {

// What the interface's hosts leave room for: str and reply are 1024 chars
// in CheckerBoard, 255 in older hosts, which the texts here fit.
inline constexpr std::size_t kTextRoom = 255;
inline constexpr std::size_t kDefaultHashMb = 64;

// Copies `text` into a host's buffer, cut to kTextRoom.
inline void put(char* out, std::string_view text) {
    const std::size_t n = std::min(text.size(), kTextRoom);
    std::memcpy(out, text.data(), n);
    out[n] = '\0';
}

template <CheckerBoardGame G>
class Session {
public:
    using Protocol = CheckerBoardProtocol<G>;
    using Move = typename G::Move;
    using CbMove = typename Protocol::CbMove;
    using Board = int[8][8];

    Session() : engine_(kDefaultHashMb) { engine_.set_threads(1); }

    int getmove(Board& board, int color, double maxtime, char* str, int* playnow, int info, int moreinfo, CbMove* move);
    // Whether the move from square number `from` to `to` is legal (1, and
    // `move` set) or not (0): the hosts that let a person move ask this.
    int islegal(const Board& board, int color, int from, int to, CbMove* move) const;
    // The reply in `reply`; 1 if the command is known, else 0.
    int command(std::string_view text, char* reply);

private:
    G position_of(const Board& board, int color) const;
    engine::Result<Move> search(const G& game, const engine::Limits<Move>& limits, char* str, int* playnow);
    engine::Limits<Move> limits_for(double maxtime, int info, int moreinfo) const;
    static std::string line(const G& g, const engine::Report<Move>& r);
    int set_egdb_path(std::string_view path, char* reply);

    std::shared_ptr<typename retro::Endgames<G>::Tables> tables_;  // `set egdbpath`'s, before the engine
    std::string egdb_path_;
    engine::Engine<G> engine_;
    std::optional<G> last_;  // the game after the engine's last move
};

template <CheckerBoardGame G>
int Session<G>::getmove(Board& board, int color, double maxtime, char* str, int* playnow, int info, int moreinfo,
                        CbMove* move) {
    if (info & cb_api::kResetMoves) {
        engine_.clear();
        last_.reset();
    }
    G game;
    try {
        game = position_of(board, color);
    } catch (const ParseError& e) {
        put(str, e.what());
        return cb_api::kUnknown;
    }
    const auto limits = limits_for(maxtime, info, moreinfo);
    auto result = search(game, limits, str, playnow);
    // Drawn by the rules of the game kept (a repetition, the 40-move rule):
    // a host that plays on gets a move of its board alone, and the draw said.
    const bool drawn = !result.best && game.outcome() == Outcome::Draw;
    if (drawn) {
        game = Protocol::from_board(board, color);
        result = search(game, limits, str, playnow);
    }
    if (!result.best) {
        put(str, "no legal move: the game is lost");
        return cb_api::kLoss;
    }
    const CbMove cb = Protocol::to_cb(game, *result.best);
    std::string text = "best " + game.move_to_string(*result.best);
    Protocol::play_on_board(board, cb);
    if (move) *move = cb;
    game.make(*result.best);
    last_ = game;
    text += ", depth " + std::to_string(result.depth) + ", " + std::to_string(result.nodes) + " nodes, value ";
    text += is_mate(result.score) ? "mate " + std::to_string(mate_in(result.score)) : std::to_string(result.score);
    put(str, drawn ? text + " (drawn by rule)" : text);
    if (drawn) return cb_api::kDraw;
    if (is_mate(result.score)) return result.score > 0 ? cb_api::kWin : cb_api::kLoss;
    return cb_api::kUnknown;
}

// The engine's search, its lines in `str`, stopped when the host raises
// *playnow (from its own thread; asked again until the search ends, as a
// stop before it starts is lost).
template <CheckerBoardGame G>
auto Session<G>::search(const G& game, const engine::Limits<Move>& limits, char* str, int* playnow)
    -> engine::Result<Move> {
    engine_.on_report = [&](const engine::Report<Move>& r) { put(str, line(game, r)); };
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::thread watch([&] {
        std::unique_lock lock(mutex);
        while (!finished.wait_for(lock, std::chrono::milliseconds(5), [&] { return done; }))
            if (playnow && std::atomic_ref<int>(*playnow).load(std::memory_order_relaxed)) engine_.stop();
    });
    auto result = engine_.think(game, limits);
    {
        const std::lock_guard lock(mutex);
        done = true;
    }
    finished.notify_one();
    watch.join();
    engine_.on_report = nullptr;
    return result;
}

template <CheckerBoardGame G>
int Session<G>::islegal(const Board& board, int color, int from, int to, CbMove* move) const {
    try {
        const G game = Protocol::from_board(board, color);
        const auto m = Protocol::find_move(game, from, to);
        if (!m) return 0;
        if (move) *move = Protocol::to_cb(game, *m);
        return 1;
    } catch (const ParseError&) {
        return 0;  // a board with no position on it has no legal move
    }
}

// The host's board, continuing the game played so far when it is one legal
// move on from it.
template <CheckerBoardGame G>
G Session<G>::position_of(const Board& board, int color) const {
    G fresh = Protocol::from_board(board, color);
    if (!last_) return fresh;
    const std::string wanted = fresh.position();
    if (last_->position() == wanted) return *last_;
    G g = *last_;
    MoveListOf<G> moves;
    g.generate_moves(moves);
    for (const Move m : moves) {
        g.make(m);
        if (g.position() == wanted) return g;
        g.unmake(m);
    }
    return fresh;
}

// maxtime is the time a move; with an incremental clock (info bits 2-3) the
// clock decides, as for any game with time left and an increment.
template <CheckerBoardGame G>
auto Session<G>::limits_for(double maxtime, int info, int moreinfo) const -> engine::Limits<Move> {
    using std::chrono::milliseconds;
    engine::Limits<Move> limits;
    limits.overhead = milliseconds(20);
    const int units = (info >> cb_api::kIncrementShift) & 3;
    if (units != 0) {
        const long long unit_ms = units == 1 ? 1 : units == 2 ? 10 : 100;
        const auto word = static_cast<unsigned>(moreinfo);
        limits.time_left = milliseconds(static_cast<long long>(word >> 16) * unit_ms);
        limits.increment = milliseconds(static_cast<long long>(word & 0xFFFF) * unit_ms);
        return limits;
    }
    const double seconds = std::isfinite(maxtime) ? std::clamp(maxtime, 0.001, 1e6) : 1.0;
    limits.move_time = milliseconds(std::max<long long>(1, std::llround(seconds * 1000)));
    return limits;
}

template <CheckerBoardGame G>
std::string Session<G>::line(const G& g, const engine::Report<Move>& r) {
    std::string out = "depth " + std::to_string(r.depth) + ", value ";
    out += is_mate(r.score) ? "mate " + std::to_string(mate_in(r.score)) : std::to_string(r.score);
    out += ", " + std::to_string(r.nodes) + " nodes, " + std::to_string(r.time.count()) + " ms, pv";
    G walk = g;
    for (const Move m : r.pv) {
        out += " " + walk.move_to_string(m);
        walk.make(m);
        if (out.size() > kTextRoom - 12) break;
    }
    return out;
}

template <CheckerBoardGame G>
int Session<G>::command(std::string_view text, char* reply) {
    const auto w = words(text);
    const auto is = [&](std::string_view first, std::string_view second = {}) {
        return !w.empty() && w[0] == first && (second.empty() || (w.size() > 1 && w[1] == second));
    };
    const auto answer = [reply](const std::string& out, int known) {
        put(reply, out);
        return known;
    };
    const std::string name = "Ply " + std::string(kVersion);
    if (is("name")) return answer(name, 1);
    if (is("about"))
        return answer(name + "\nthe production search of the Ply game engine on one thread, " +
                          std::to_string(engine_.hash_megabytes()) + " MB of hash",
                      1);
    if (is("help"))
        return answer(
            "commands: name, about, help, get protocolversion, get gametype, get hashsize, set hashsize MB, "
            "get egdbpath, set egdbpath FOLDER",
            1);
    if (is("get", "protocolversion")) return answer(std::to_string(cb_api::kProtocolVersion), 1);
    if (is("get", "gametype")) return answer(std::to_string(Protocol::game_type), 1);
    if (is("get", "hashsize")) return answer(std::to_string(engine_.hash_megabytes()), 1);
    if (is("set", "hashsize")) {
        std::size_t mb = 0;
        const std::string_view n = w.size() == 3 ? w[2] : std::string_view{};
        const auto [end, error] = std::from_chars(n.data(), n.data() + n.size(), mb);
        if (n.empty() || error != std::errc() || end != n.data() + n.size() || mb < 1 ||
            mb > static_cast<std::size_t>(engine::kMaxHashMb))
            return answer("set hashsize: a number of MB from 1 to " + std::to_string(engine::kMaxHashMb), 0);
        try {
            engine_.set_hash(mb);
        } catch (const OutOfMemory& e) {
            return answer(e.what(), 0);
        }
        return answer(std::to_string(engine_.hash_megabytes()), 1);
    }
    if (is("get", "egdbpath")) return answer(egdb_path_, 1);
    if (is("set", "egdbpath")) {
        const std::string_view rest = trim(text);
        return set_egdb_path(trim(rest.substr(std::min(rest.size(), rest.find("egdbpath") + 8))), reply);
    }
    return answer("unknown command '" + clip(text) + "' (help lists the commands)", 0);
}

// The endgame tables of `ply egtb build` in a folder; empty: none.
template <CheckerBoardGame G>
int Session<G>::set_egdb_path(std::string_view path, char* reply) {
    if constexpr (SlicedGame<G>) {
        std::error_code error;
        if (!path.empty() && !std::filesystem::is_directory(path, error)) {
            put(reply, "set egdbpath: '" + clip(path) + "' is not a folder");
            return 0;  // the folder before is kept
        }
        engine_.set_endgames(nullptr);
        tables_.reset();
        egdb_path_ = std::string(path);
        if (!path.empty()) {
            tables_ = std::make_shared<typename retro::Endgames<G>::Tables>(egdb_path_, std::string(G::name));
            engine_.set_endgames(tables_.get());
        }
        engine_.clear();  // the table's values were found with other databases, or none
        put(reply, egdb_path_);
        return 1;
    } else {
        put(reply, "set egdbpath: this game has no endgame databases");
        return 0;
    }
}

}  // namespace ply::checkerboard
