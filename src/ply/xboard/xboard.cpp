#include <ply/xboard/xboard.hpp>

#include <cmath>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <system_error>
#include <type_traits>

#include <ply/core/describe.hpp>
#include <ply/core/error.hpp>
#include <ply/core/text.hpp>
#include <ply/core/version.hpp>
#include <ply/registry/builtin_games.hpp>
#include <ply/tools/protocol_text.hpp>

namespace ply::xboard {

namespace {

constexpr std::chrono::milliseconds kOverhead{10};
// Far beyond any real clock (115 days), so that a GUI's 1e300 is refused
// rather than overflowing into a clock of no time at all.
constexpr double kMaxSeconds = 1e7;
constexpr long long kMaxCentiseconds = static_cast<long long>(kMaxSeconds) * 100;
// xboard's convention for mate scores in thinking output: 100000 + moves.
constexpr int kXboardMate = 100000;

std::string rest_of(std::istream& args) {
    std::string rest;
    std::getline(args, rest);
    return std::string(trim(rest));
}

// The whole of `text` as a number of seconds from 0 to kMaxSeconds.
std::optional<double> to_seconds(const std::string& text) {
    try {
        std::size_t used = 0;
        const double v = std::stod(text, &used);
        if (used == text.size() && std::isfinite(v) && v >= 0 && v <= kMaxSeconds) return v;
    } catch (const std::exception&) {}
    return std::nullopt;
}

std::chrono::milliseconds milliseconds(double seconds) {
    return std::chrono::milliseconds(std::llround(seconds * 1000));
}

// Commands the engine accepts and has nothing to do for.
bool is_ignored(const std::string& command) {
    for (const char* c : {"xboard", "accepted", "rejected", "random", "computer", "name", "rating", "ics", "hard",
                          "easy", "nps", "draw"})
        if (command == c) return true;
    return false;
}

}  // namespace

template <XboardGame G>
Session<G>::Session(std::ostream& out) : out_(out) {}

template <XboardGame G>
Session<G>::~Session() {
    cancel_search();
}

template <XboardGame G>
void Session<G>::say(const std::string& text) const {
    std::lock_guard lock(out_mutex_);
    out_ << text;
    if (!text.empty() && text.back() != '\n') out_ << '\n';
    out_.flush();
}

template <XboardGame G>
void Session<G>::error(const std::string& reason, const std::string& line) const {
    say("Error (" + reason + "): " + clip(trim(line)));
}

template <XboardGame G>
bool Session<G>::handle(const std::string& line) {
    std::istringstream args(line);
    std::string command;
    if (!(args >> command)) return true;  // blank line
    try {
        settle();
        return dispatch(command, args, line);
    } catch (const std::exception& e) {
        error(e.what(), line);
    }
    return true;
}

template <XboardGame G>
bool Session<G>::dispatch(const std::string& command, std::istream& args, const std::string& line) {
    if (command == "quit") {
        cancel_search();
        return false;
    }
    if (command == "protover") {
        cmd_protover(args);
    } else if (command == "new") {
        cmd_new();
    } else if (command == "setboard") {
        cmd_setboard(rest_of(args), line);
    } else if (command == "usermove") {
        const std::string move = rest_of(args);
        if (move.empty())
            error("usermove needs a move", line);
        else
            cmd_usermove(move);
    } else if (command == "go") {
        cmd_go();
    } else if (command == "force" || command == "result") {
        // A game's end puts the engine in force mode too: it plays no more.
        if (search_ == Search::Thinking) cancel_search();
        force_ = true;
    } else if (command == "playother") {
        if (search_ == Search::Thinking) cancel_search();
        force_ = false;
        engine_first_ = !Protocol::first_to_move(pos_);
    } else if (command == "white" || command == "black") {
        cmd_side(command == "white", line);
    } else if (command == "?") {
        move_now();
    } else if (command == "ping") {
        finish_thinking();  // the pong comes after a move the engine owes
        // GUIs send a number; a hostile line is not echoed whole.
        if (const std::string n = rest_of(args); n.size() <= 80)
            say("pong " + n);
        else
            error("ping takes a number", line);
    } else if (command == "undo" || command == "remove") {
        cmd_undo(command == "undo" ? 1 : 2, line);
    } else if (command == "analyze") {
        analyzing_ = true;
        force_ = true;  // once analysis ends, the engine plays no side until told
        restart_analysis();
    } else if (command == "exit") {
        if (analyzing_) cancel_search();
        analyzing_ = false;
    } else if (command == ".") {
        cmd_status();
    } else if (!configure(command, args, line)) {
        if (Protocol::looks_like_move(command))
            cmd_usermove(std::string(trim(line)));
        else
            error("unknown command", line);
    }
    return true;
}

// Settings: thinking output, the clock, the search's limits and resources.
// False if `command` is none of them.
template <XboardGame G>
bool Session<G>::configure(const std::string& command, std::istream& args, const std::string& line) {
    if (command == "post" || command == "nopost") {
        post_.store(command == "post");
    } else if (command == "time" || command == "otim") {
        // A clock past zero (the GUI's view of a flag fall) is no time left.
        const auto cs = parse_integer(rest_of(args), -kMaxCentiseconds, kMaxCentiseconds);
        if (!cs)
            error(command + " takes centiseconds from " + std::to_string(-kMaxCentiseconds) + " to " +
                      std::to_string(kMaxCentiseconds),
                  line);
        else if (command == "time")
            engine_clock_ = Ms(std::max(0LL, *cs) * 10);  // the opponent's clock (otim) is not used
    } else if (command == "level") {
        cmd_level(args, line);
    } else if (command == "st") {
        const auto s = to_seconds(rest_of(args));
        if (!s || *s <= 0)
            error("st takes seconds per move, at most " + std::to_string(static_cast<long long>(kMaxSeconds)), line);
        else
            move_time_ = milliseconds(*s);
    } else if (command == "sd") {
        const auto d = parse_integer(rest_of(args), 1, kMaxPly - 1);
        if (!d)
            error("sd takes a depth from 1 to " + std::to_string(kMaxPly - 1), line);
        else
            max_depth_ = static_cast<int>(*d);
    } else if (command == "memory") {
        cmd_memory(args, line);
    } else if (command == "cores") {
        cmd_cores(args, line);
    } else if (command == "option") {
        cmd_option(args, line);
    } else {
        // Accepted with nothing to do (pondering, ratings, the opponent's clock...) or unknown.
        return is_ignored(command);
    }
    return true;
}

template <XboardGame G>
void Session<G>::cmd_protover(std::istream& args) {
    int version = 0;
    if (!(args >> version) || version < 2) return;  // version 1 GUIs know no features
    say("feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 name=1 "
        "nps=0 memory=1 smp=1 myname=\"Ply " +
        std::string(kVersion) + "\"\nfeature done=1");
}

template <XboardGame G>
void Session<G>::cmd_new() {
    cancel_search();
    pos_ = G();
    moves_.clear();
    force_ = false;
    engine_first_ = false;
    max_depth_.reset();
    engine_clock_.reset();
    engine_.clear();
    if (analyzing_) restart_analysis();
}

template <XboardGame G>
void Session<G>::cmd_setboard(const std::string& fen, const std::string& line) {
    G pos;
    try {
        pos = Protocol::from_xboard(fen);
    } catch (const std::exception& e) {
        say("tellusererror Illegal position");
        error(e.what(), line);
        return;  // the old position stays
    }
    cancel_search();
    pos_ = pos;
    moves_.clear();
    if (analyzing_) restart_analysis();
}

template <XboardGame G>
void Session<G>::cmd_usermove(const std::string& text) {
    // A move while the engine thinks on its own: the engine's move, if
    // already sent, counts; then the GUI's move is checked against the board.
    if (search_ == Search::Thinking) cancel_search();
    Move move;
    try {
        move = pos_.parse_move(text);
    } catch (const std::exception&) {
        say("Illegal move: " + clip(text));
        think_if_our_turn();
        return;
    }
    if (analyzing_) cancel_search();
    play(move);
    if (analyzing_) {
        restart_analysis();
        return;
    }
    if (!force_) {
        if (const std::string result = Protocol::result_line(pos_); !result.empty()) {
            say(result);
            return;
        }
    }
    think_if_our_turn();
}

template <XboardGame G>
void Session<G>::cmd_go() {
    if (search_ == Search::Thinking) return;  // already on it
    if (analyzing_) cancel_search();
    analyzing_ = false;
    force_ = false;
    engine_first_ = Protocol::first_to_move(pos_);
    if (const std::string result = Protocol::result_line(pos_); !result.empty()) {
        say(result);  // no move to make
        return;
    }
    start_search(Search::Thinking);
}

// Protocol version 1: `white` / `black` set the side to move; the engine plays the other.
template <XboardGame G>
void Session<G>::cmd_side(bool first_to_move, const std::string& line) {
    cancel_search();
    if (Protocol::first_to_move(pos_) != first_to_move) {
        try {
            pos_ = Protocol::with_first_to_move(pos_, first_to_move);
            moves_.clear();
        } catch (const std::exception& e) {
            error(e.what(), line);
            return;
        }
    }
    engine_first_ = !first_to_move;
}

template <XboardGame G>
void Session<G>::cmd_undo(int plies, const std::string& line) {
    if (search_ == Search::Thinking) cancel_search();
    if (moves_.size() < static_cast<std::size_t>(plies)) {
        error("no move to take back", line);
        return;
    }
    cancel_search();
    for (int i = 0; i < plies; ++i) {
        pos_.unmake(moves_.back());
        moves_.pop_back();
    }
    if (analyzing_) restart_analysis();
}

// level MPS BASE INC: MPS moves per session (0: the whole game), BASE in
// minutes or minutes:seconds, INC seconds added per move.
template <XboardGame G>
void Session<G>::cmd_level(std::istream& args, const std::string& line) {
    std::string mps_text, base_text, inc_text, extra;
    args >> mps_text >> base_text >> inc_text >> extra;
    const auto mps = parse_integer(mps_text, 0, 10000);
    std::optional<double> base;
    if (const auto colon = base_text.find(':'); colon == std::string::npos) {
        if (const auto minutes = to_seconds(base_text)) base = *minutes * 60;
    } else {
        const auto minutes = parse_integer(base_text.substr(0, colon), 0, static_cast<long long>(kMaxSeconds / 60));
        const auto seconds = to_seconds(base_text.substr(colon + 1));
        if (minutes && seconds && *seconds < 60) base = double(*minutes) * 60 + *seconds;
    }
    const auto inc = to_seconds(inc_text);
    if (!mps || !base || *base > kMaxSeconds || !inc || !extra.empty() || (*base == 0 && *inc == 0)) {
        error("level takes moves per session (0 to 10000), minutes[:seconds] and an increment in seconds, at most " +
                  std::to_string(static_cast<long long>(kMaxSeconds)) + " seconds each",
              line);
        return;
    }
    moves_per_session_ = static_cast<int>(*mps);
    base_ = milliseconds(*base);
    increment_ = milliseconds(*inc);
    move_time_.reset();
    engine_clock_.reset();
}

template <XboardGame G>
void Session<G>::cmd_memory(std::istream& args, const std::string& line) {
    const auto mb = parse_integer(rest_of(args), 1, engine::kMaxHashMb);
    if (!mb) {
        error("memory takes megabytes from 1 to " + std::to_string(engine::kMaxHashMb), line);
        return;
    }
    finish_thinking();
    cancel_search();
    try {
        engine_.set_hash(static_cast<std::size_t>(*mb));  // all or nothing
        hash_mb_ = static_cast<int>(*mb);
    } catch (const OutOfMemory& e) {
        error(std::string(e.what()) + "; the old table is kept", line);
    }
    if (analyzing_) restart_analysis();
}

template <XboardGame G>
void Session<G>::cmd_cores(std::istream& args, const std::string& line) {
    const auto n = parse_integer(rest_of(args), 1, engine::kMaxThreads);
    if (!n) {
        error("cores takes a number from 1 to " + std::to_string(engine::kMaxThreads), line);
        return;
    }
    finish_thinking();
    cancel_search();
    engine_.set_threads(static_cast<int>(*n));
    if (analyzing_) restart_analysis();
}

// option NAME=VALUE, for the engine settings GUIs also know by UCI names.
template <XboardGame G>
void Session<G>::cmd_option(std::istream& args, const std::string& line) {
    const std::string text = rest_of(args);
    const auto eq = text.find('=');
    const std::string name = lower(trim(std::string_view(text).substr(0, eq)));
    const std::string value(eq == std::string::npos ? "" : trim(std::string_view(text).substr(eq + 1)));
    std::istringstream number(value);
    if (name == "hash")
        cmd_memory(number, line);
    else if (name == "threads")
        cmd_cores(number, line);
    else
        error("unknown option", line);
}

// `.` in analysis: stat01: time nodes depth moves-left moves-total.
template <XboardGame G>
void Session<G>::cmd_status() const {
    if (!analyzing_) return;
    MoveListOf<G> moves;
    pos_.generate_moves(moves);
    std::lock_guard lock(progress_mutex_);
    say("stat01: " + std::to_string(progress_.time.count() / 10) + " " + std::to_string(progress_.nodes) + " " +
        std::to_string(progress_.depth) + " 0 " + std::to_string(moves.size()));
}

template <XboardGame G>
void Session<G>::play(Move m) {
    pos_.make(m);
    moves_.push_back(m);
}

// --- The search thread ------------------------------------------------------

template <XboardGame G>
typename Session<G>::Limits Session<G>::think_limits() const {
    Limits limits;
    limits.overhead = kOverhead;
    limits.depth = max_depth_;
    if (move_time_) {
        limits.move_time = *move_time_;
        return limits;
    }
    // Without a `time` command the clock is the session's full time.
    limits.time_left = engine_clock_.value_or(base_);
    limits.increment = increment_;
    if (moves_per_session_ > 0) {
        const int played = std::max(0, pos_.fullmove_number() - 1);
        limits.moves_to_go = moves_per_session_ - played % moves_per_session_;
    }
    return limits;
}

template <XboardGame G>
void Session<G>::start_search(Search kind) {
    cancel_search();  // one search at a time (callers have ended any already)
    Limits limits;
    if (kind == Search::Thinking)
        limits = think_limits();
    else
        limits.infinite = true;
    search_root_ = pos_;
    search_ = kind;
    search_ended_.store(false);
    discard_ = false;
    sent_.reset();
    {
        std::lock_guard lock(progress_mutex_);
        progress_ = {};
    }
    engine_.on_report = [this, kind](const engine::Report<Move>& r) { print_report(r, kind == Search::Analyzing); };
    engine_.arm(limits);
    try {
        search_thread_ = std::thread([this, kind] { search_and_send(kind); });
    } catch (const std::system_error& e) {
        // The system refuses a thread (a process or memory limit): the GUI
        // still gets a move, from a depth 1 search on this thread.
        error("cannot start the search thread: " + e.code().message() + "; searching to depth 1", "go");
        limits.depth = 1;
        limits.infinite = false;
        engine_.arm(limits);
        search_and_send(kind);
        join_search();
    }
}

template <XboardGame G>
void Session<G>::search_and_send(Search kind) {
    std::optional<Move> best;
    try {
        best = engine_.run(search_root_).best;
        if (!engine_.thread_shortfall().empty()) error(engine_.thread_shortfall(), "cores");
    } catch (const std::exception& e) {  // no memory even for one thread
        error(e.what(), "go");
    }
    if (kind == Search::Thinking && best) {
        // Under the lock, so that a cancel either comes first (no move
        // sent) or finds the move in sent_ and plays it too.
        std::lock_guard lock(move_mutex_);
        if (!discard_) {
            sent_ = *best;
            G after = search_root_;
            after.make(*best);
            const std::string result_text = Protocol::result_line(after);
            say("move " + search_root_.move_to_string(*best) + (result_text.empty() ? "" : "\n" + result_text));
        }
    }
    search_ended_.store(true);
}

template <XboardGame G>
void Session<G>::join_search() {
    if (search_thread_.joinable()) search_thread_.join();
    search_ = Search::None;
    if (sent_) play(*sent_);
    sent_.reset();
}

template <XboardGame G>
void Session<G>::settle() {
    if (search_thread_.joinable() && search_ended_.load()) join_search();
}

template <XboardGame G>
void Session<G>::cancel_search() {
    if (!search_thread_.joinable()) return;
    {
        std::lock_guard lock(move_mutex_);
        discard_ = true;
    }
    engine_.stop();
    join_search();
}

template <XboardGame G>
void Session<G>::move_now() {
    if (search_ != Search::Thinking) return;
    engine_.stop();
    join_search();
}

template <XboardGame G>
void Session<G>::finish_thinking() {
    if (search_ == Search::Thinking) join_search();
}

template <XboardGame G>
void Session<G>::wait() {
    finish_thinking();
    cancel_search();
}

template <XboardGame G>
void Session<G>::think_if_our_turn() {
    if (force_ || analyzing_ || search_ != Search::None || Protocol::first_to_move(pos_) != engine_first_) return;
    if (is_over(pos_.outcome())) return;
    start_search(Search::Thinking);
}

template <XboardGame G>
void Session<G>::restart_analysis() {
    cancel_search();
    if (analyzing_ && !is_over(pos_.outcome())) start_search(Search::Analyzing);
}

// Thinking output: depth, score (centipawns for the side to move, mates as
// +-(100000 + moves)), time in centiseconds, nodes, the line in SAN.
template <XboardGame G>
void Session<G>::print_report(const engine::Report<Move>& r, bool analysis) {
    if (r.bound != engine::Bound::Exact) return;  // a bound, not yet a score
    {
        std::lock_guard lock(progress_mutex_);
        progress_ = {r.depth, r.nodes, r.time};
    }
    if (!analysis && !post_.load()) return;
    long long score = r.score;
    if (is_mate(r.score)) {
        const int moves = mate_in(r.score);
        score = moves > 0 ? kXboardMate + moves : -kXboardMate + moves;
    }
    std::ostringstream line;
    line << r.depth << ' ' << score << ' ' << r.time.count() / 10 << ' ' << r.nodes << ' ';
    G p = search_root_;
    for (std::size_t i = 0; i < r.pv.size(); ++i) {
        line << (i ? " " : "") << describe::display_move(p, r.pv[i]);
        p.make(r.pv[i]);
    }
    say(line.str());
}

template <XboardGame G>
int run_xboard(std::istream& in, std::ostream& out) {
    Session<G> session(out);
    for (std::string line; std::getline(in, line);)
        if (!session.handle(line)) return 0;
    session.wait();  // end of input: a move the engine is thinking on is still sent
    return 0;
}

// The protocol is compiled here, once, for the built-in game that speaks
// xboard (a second one would need its lines here too).
template <class G>
struct SpeaksXboard : std::bool_constant<XboardGame<G>> {};
using BuiltinXboardGame = registry::FirstWhere<SpeaksXboard, registry::BuiltinGames>::type;
template class Session<BuiltinXboardGame>;
template int run_xboard<BuiltinXboardGame>(std::istream& in, std::ostream& out);

}  // namespace ply::xboard
