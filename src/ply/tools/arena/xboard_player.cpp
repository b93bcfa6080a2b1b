#include <ply/tools/arena/xboard_player.hpp>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <ply/tools/protocol_text.hpp>

namespace ply::arena {

namespace {

constexpr double kFeatureSeconds = 2;    // protover 1 engines send none
constexpr double kDoneWaitSeconds = 10;  // after done=0
constexpr double kPingSeconds = 10;
constexpr double kMoveNowGraceSeconds = 1;

long centiseconds(double s) { return std::max(0L, std::lround(s * 100)); }

std::string format_number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

}  // namespace

bool parse_xboard_thinking(const std::string& line, SearchInfo& info) {
    std::istringstream in(line);
    long long ply = 0, score = 0, time = 0, nodes = 0;
    std::string first;
    in >> first;
    if (first.empty() || !std::isdigit(static_cast<unsigned char>(first[0]))) return false;
    try {
        std::size_t used = 0;
        ply = std::stoll(first, &used);
        // Some engines mark the line ("12. ", "12& "); accept one trailing mark.
        if (used + 1 < first.size()) return false;
    } catch (const std::exception&) {
        return false;
    }
    if (!(in >> score >> time >> nodes)) return false;
    info.depth = int(ply);
    info.nodes = std::uint64_t(std::max(0LL, nodes));
    // xboard's convention for mates: 100000 + moves (some engines), shown as mate.
    if (std::llabs(score) >= 100000 && std::llabs(score) < 100200) {
        const int moves = int(std::llabs(score) - 100000);
        info.mate = score > 0 ? moves : -moves;
        info.cp.reset();
    } else {
        info.cp = int(score);
        info.mate.reset();
    }
    return true;
}

std::string xboard_level(const TimeControl& tc) {
    const long whole = std::lround(std::floor(tc.base));
    std::string base = std::to_string(whole / 60);
    const long seconds = whole % 60;
    if (seconds) base += (seconds < 10 ? ":0" : ":") + std::to_string(seconds);
    return "level " + std::to_string(tc.moves) + " " + base + " " + format_number(tc.increment);
}

void XboardPlayer::handle_features(const std::string& line) {
    // feature name=value name="quoted value" ...
    std::size_t i = line.find("feature") + std::string("feature").size();
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ') ++i;
        const auto eq = line.find('=', i);
        if (eq == std::string::npos) break;
        const std::string key = line.substr(i, eq - i);
        std::string value;
        i = eq + 1;
        if (i < line.size() && line[i] == '"') {
            const auto close = line.find('"', i + 1);
            value = line.substr(i + 1, close == std::string::npos ? std::string::npos : close - i - 1);
            i = close == std::string::npos ? line.size() : close + 1;
        } else {
            const auto space = line.find(' ', i);
            value = line.substr(i, space == std::string::npos ? std::string::npos : space - i);
            i = space == std::string::npos ? line.size() : space;
        }
        bool accepted = true;
        if (key == "usermove")
            features_.usermove = value == "1";
        else if (key == "setboard")
            features_.setboard = value == "1";
        else if (key == "ping")
            features_.ping = value == "1";
        else if (key == "san")
            features_.san = value == "1";
        else if (key == "done") {
            if (value == "1")
                features_.done = true;
            else
                features_.waiting = true;
        } else if (key == "myname" || key == "time" || key == "reuse" || key == "colors" || key == "sigint" ||
                   key == "sigterm" || key == "analyze" || key == "draw" || key == "option" || key == "memory" ||
                   key == "variants" || key == "debug" || key == "playother" || key == "name" || key == "ics" ||
                   key == "pause" || key == "nps" || key == "smp" || key == "exclude" || key == "setscore" ||
                   key == "highlight" || key == "egt" || key == "xedit")
            accepted = key != "nps" && key != "smp" && key != "egt" && key != "exclude" && key != "setscore" &&
                       key != "highlight" && key != "xedit" && key != "pause";
        else
            accepted = false;
        if (key == "sigint" || key == "sigterm") accepted = true;  // processes run in their own group anyway
        process_.write_line((accepted ? "accepted " : "rejected ") + key);
    }
}

bool XboardPlayer::read_features() {
    features_ = {};
    auto deadline = after(kFeatureSeconds);
    while (!features_.done) {
        const auto r = process_.read_line(deadline);
        if (r.status == ReadStatus::Closed) return false;
        if (r.status != ReadStatus::Line) break;  // protover 1, or done=1 never came: go on
        if (first_word(r.line) == "feature") {
            handle_features(r.line);
            if (features_.waiting && !features_.done) deadline = after(kDoneWaitSeconds);
        }
    }
    return true;
}

bool XboardPlayer::ping(double seconds) {
    if (!features_.ping) return process_.running();
    const std::string n = std::to_string(++ping_counter_);
    if (!process_.write_line("ping " + n)) return false;
    const auto deadline = after(seconds);
    for (;;) {
        const auto r = process_.read_line(deadline);
        if (r.status != ReadStatus::Line) return false;
        std::istringstream words(r.line);
        std::string word, number, extra;
        if (words >> word >> number && word == "pong" && number == n && !(words >> extra)) return true;
    }
}

std::string XboardPlayer::start() {
    shut_down();
    healthy_ = false;
    if (!process_.start(split_command(config_.command), config_.dir, config_.stderr_path)) return process_.error();
    process_.write_line("xboard");
    process_.write_line("protover 2");
    if (!read_features()) {
        process_.stop();
        return config_.name + ": exited during the handshake";
    }
    for (const auto& [key, value] : config_.options) process_.write_line("option " + key + "=" + value);
    if (!ping(kPingSeconds)) {
        process_.stop();
        return config_.name + ": no answer to ping";
    }
    healthy_ = true;
    return {};
}

std::string XboardPlayer::new_game(const std::string& start_position, const Limits& limits, bool) {
    if (!healthy_) return config_.name + " is not running";
    process_.write_line("new");
    process_.write_line("force");
    process_.write_line("post");
    if (limits.tc) process_.write_line(xboard_level(*limits.tc));
    if (limits.movetime) process_.write_line("st " + std::to_string(std::max(1L, std::lround(*limits.movetime))));
    if (limits.depth) process_.write_line("sd " + std::to_string(*limits.depth));
    if (limits.nodes) return config_.name + ": xboard engines cannot search a fixed number of nodes here";
    if (!start_position.empty() && start_position != kStandardChessStart) {
        if (!features_.setboard) return config_.name + " cannot set up a position (no setboard feature)";
        process_.write_line("setboard " + start_position);
    }
    started_ = false;
    thinking_ = false;
    known_ = 0;
    if (!ping(kPingSeconds)) {
        healthy_ = false;
        return config_.name + " does not answer ping";
    }
    return {};
}

void XboardPlayer::send_move(const std::string& move) {
    process_.write_line(features_.usermove ? "usermove " + move : move);
}

Reply XboardPlayer::go(const TurnRequest& req) {
    Reply reply;
    auto send_clocks = [&] {
        if (!req.limits.tc) return;
        process_.write_line("time " + std::to_string(centiseconds(req.my_time)));
        process_.write_line("otim " + std::to_string(centiseconds(req.opp_time)));
    };
    if (!started_ || req.moves.size() != known_ + 1) {
        // First move of the engine in this game (or out of step): tell it the
        // moves in force mode, then `go` to make it play the side to move.
        if (started_) process_.write_line("force");
        for (std::size_t i = known_; i < req.moves.size(); ++i) send_move(req.moves[i]);
        send_clocks();
        process_.write_line("go");
        started_ = true;
    } else {
        send_clocks();
        send_move(req.moves.back());  // the opponent's move; the engine replies
    }
    known_ = req.moves.size();
    thinking_ = true;

    auto read_move = [&](Clock::time_point deadline) -> ReadStatus {
        for (;;) {
            const auto r = process_.read_line(deadline, req.interrupt);
            if (r.status != ReadStatus::Line) return r.status;
            const std::string& line = r.line;
            if (parse_xboard_thinking(line, reply.info)) continue;
            std::istringstream in(line);
            std::string word;
            in >> word;
            if (word == "move") {
                in >> reply.move;
                return ReadStatus::Line;
            }
            std::string second, third;
            if (word == "My" && in >> second >> third && second == "move" && third == "is:") {
                in >> reply.move;  // protover 1 style: "My move is: e4"
                return ReadStatus::Line;
            }
            if (word == "resign" || word == "Illegal") {
                reply.status = ReplyStatus::Resign;
                reply.detail = line;
                return ReadStatus::Line;
            }
        }
    };

    const ReadStatus status = read_move(req.deadline);
    if (status == ReadStatus::Line) {
        thinking_ = false;
        if (reply.status == ReplyStatus::Move) ++known_;  // the engine knows its own move
        return reply;
    }
    if (status == ReadStatus::Closed) {
        healthy_ = false;
        thinking_ = false;
        process_.stop();
        return {ReplyStatus::Crashed, {}, reply.info, "the engine died (" + process_.exit_description() + ")"};
    }
    process_.write_line("?");  // move now
    const auto grace = process_.read_line(after(kMoveNowGraceSeconds));
    if (grace.status != ReadStatus::Line) healthy_ = false;
    thinking_ = false;
    if (status == ReadStatus::Interrupted) return {ReplyStatus::Interrupted, {}, reply.info, "interrupted"};
    return {ReplyStatus::Timeout, {}, reply.info, "no move in time"};
}

void XboardPlayer::game_over(const std::string& result) {
    if (!healthy_) return;
    std::string text = result == "1-0"       ? "1-0 {White wins}"
                       : result == "0-1"     ? "0-1 {Black wins}"
                       : result == "1/2-1/2" ? "1/2-1/2 {Draw}"
                                             : "* {Unfinished}";
    process_.write_line("result " + text);
    process_.write_line("force");
    // An engine still thinking (interrupted game) may send its move now; ping
    // drains it so the next game starts in step.
    if (!ping(kPingSeconds)) healthy_ = false;
}

void XboardPlayer::shut_down() {
    if (process_.pid() > 0) {
        process_.write_line("quit");
        process_.stop(std::chrono::milliseconds(500));
    }
    healthy_ = false;
}

}  // namespace ply::arena
