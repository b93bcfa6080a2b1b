#include <ply/tools/arena/uci_player.hpp>

#include <cmath>
#include <sstream>

#include <ply/tools/protocol_text.hpp>

namespace ply::arena {

namespace {

constexpr double kHandshakeSeconds = 10;
constexpr double kStopGraceSeconds = 1;

std::int64_t ms(double seconds) { return std::max<std::int64_t>(0, std::llround(seconds * 1000)); }

}  // namespace

void parse_uci_info(const std::string& line, SearchInfo& info) {
    std::istringstream in(line);
    std::string word;
    in >> word;
    if (word != "info") return;
    SearchInfo next = info;
    bool bound = false, has_score = false;
    while (in >> word) {
        if (word == "depth")
            in >> next.depth;
        else if (word == "nodes")
            in >> next.nodes;
        else if (word == "score") {
            std::string kind;
            int value = 0;
            in >> kind >> value;
            if (kind == "cp")
                next.cp = value, next.mate.reset(), has_score = true;
            else if (kind == "mate")
                next.mate = value, next.cp.reset(), has_score = true;
        } else if (word == "lowerbound" || word == "upperbound")
            bound = true;
        else if (word == "pv" || word == "string")
            break;  // the rest is moves or free text
    }
    // Keep the last exact score; a bound only when there is nothing better.
    if (has_score && bound && (info.cp || info.mate)) {
        next.cp = info.cp;
        next.mate = info.mate;
    }
    if (in.fail() && !in.eof()) return;
    info = next;
}

std::string UciPlayer::start() {
    shut_down();
    healthy_ = false;
    if (!process_.start(split_command(config_.command), config_.dir, config_.stderr_path)) return process_.error();
    process_.write_line("uci");
    if (!wait_for("uciok", kHandshakeSeconds)) {
        const std::string why = process_.running() ? "no uciok" : "exited during the handshake";
        process_.stop();
        return config_.name + ": " + why;
    }
    for (const auto& [key, value] : config_.options) process_.write_line("setoption name " + key + " value " + value);
    if (!sync(kHandshakeSeconds)) {
        process_.stop();
        return config_.name + ": no readyok";
    }
    healthy_ = true;
    return {};
}

bool UciPlayer::wait_for(const std::string& token, double seconds) {
    const auto deadline = after(seconds);
    for (;;) {
        const auto r = process_.read_line(deadline);
        if (r.status != ReadStatus::Line) return false;
        if (first_word(r.line) == token) return true;
    }
}

bool UciPlayer::sync(double seconds) { return process_.write_line("isready") && wait_for("readyok", seconds); }

std::string UciPlayer::new_game(const std::string&, const Limits&, bool) {
    if (!healthy_) return config_.name + " is not running";
    process_.write_line("ucinewgame");
    if (!sync(kHandshakeSeconds)) {
        healthy_ = false;
        return config_.name + " does not answer isready";
    }
    return {};
}

Reply UciPlayer::go(const TurnRequest& req) {
    Reply reply;
    std::string position = req.start_position.empty() ? "position startpos" : "position fen " + req.start_position;
    if (!req.moves.empty()) {
        position += " moves";
        for (const auto& m : req.moves) position += " " + m;
    }
    std::string go = "go";
    if (req.limits.tc) {
        const char* us = req.white ? "w" : "b";
        const char* them = req.white ? "b" : "w";
        go += std::string(" ") + us + "time " + std::to_string(ms(req.my_time)) + " " + them + "time " +
              std::to_string(ms(req.opp_time)) + " " + us + "inc " + std::to_string(ms(req.my_inc)) + " " + them +
              "inc " + std::to_string(ms(req.opp_inc));
        if (req.moves_to_go > 0) go += " movestogo " + std::to_string(req.moves_to_go);
    }
    if (req.limits.nodes) go += " nodes " + std::to_string(*req.limits.nodes);
    if (req.limits.depth) go += " depth " + std::to_string(*req.limits.depth);
    if (req.limits.movetime) go += " movetime " + std::to_string(ms(*req.limits.movetime));
    if (req.limits.empty()) go += " infinite";  // never chosen by the arena; kept total

    if (!process_.write_line(position) || !process_.write_line(go)) {
        healthy_ = false;
        return {ReplyStatus::Crashed, {}, {}, "cannot write to the engine"};
    }
    searching_ = true;
    for (;;) {
        const auto r = process_.read_line(req.deadline, req.interrupt);
        if (r.status == ReadStatus::Line) {
            const std::string keyword = first_word(r.line);
            if (keyword == "info") {
                parse_uci_info(r.line, reply.info);
                continue;
            }
            if (keyword == "bestmove") {
                searching_ = false;
                std::istringstream in(r.line);
                std::string word;
                in >> word >> reply.move;
                if (reply.move.empty() || reply.move == "(none)" || reply.move == "0000") {
                    reply.status = ReplyStatus::Resign;
                    reply.detail = "bestmove " + (reply.move.empty() ? std::string("without a move") : reply.move);
                }
                return reply;
            }
            continue;
        }
        if (r.status == ReadStatus::Closed) {
            healthy_ = false;
            searching_ = false;
            process_.stop();
            return {ReplyStatus::Crashed, {}, reply.info, "the engine died (" + process_.exit_description() + ")"};
        }
        // Timeout or interrupt: stop the search and resynchronise, or give up on the engine.
        process_.write_line("stop");
        if (!wait_for("bestmove", kStopGraceSeconds)) healthy_ = false;
        searching_ = false;
        if (r.status == ReadStatus::Interrupted) return {ReplyStatus::Interrupted, {}, reply.info, "interrupted"};
        return {ReplyStatus::Timeout,
                {},
                reply.info,
                healthy_ ? "no move in time" : "no move in time, and no answer to stop"};
    }
}

void UciPlayer::game_over(const std::string&) {
    if (searching_) {
        process_.write_line("stop");
        searching_ = false;
    }
}

void UciPlayer::shut_down() {
    if (process_.pid() > 0) {
        process_.write_line("quit");
        process_.stop(std::chrono::milliseconds(500));
    }
    healthy_ = false;
}

}  // namespace ply::arena
