#include <ply/tools/arena/gtp_player.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply::arena {

namespace {

constexpr double kGtpHandshakeSeconds = 10;
constexpr double kGtpCommandSeconds = 10;
constexpr double kGtpScoreSeconds = 30;  // final_score may look for dead stones

std::string gtp_upper_trimmed(const std::string& text) {
    std::string out(trim(text, " \t"));
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

// Black's lead in points from "B+3.5", "W+2", "0"; nothing for other text.
std::optional<double> black_lead(const std::string& score) {
    if (score == "0") return 0.0;
    if (score.size() < 3 || (score[0] != 'B' && score[0] != 'W') || score[1] != '+') return std::nullopt;
    const std::string number = score.substr(2);
    char* end = nullptr;
    const double v = std::strtod(number.c_str(), &end);
    if (end != number.c_str() + number.size() || !std::isfinite(v)) return std::nullopt;
    return score[0] == 'B' ? v : -v;
}

// GTP counts whole seconds.
std::string seconds(double s) { return std::to_string(std::max<long long>(0, std::llround(std::floor(s)))); }

}  // namespace

bool same_gtp_score(const std::string& a, const std::string& b) {
    const std::string x = gtp_upper_trimmed(a), y = gtp_upper_trimmed(b);
    const auto lx = black_lead(x), ly = black_lead(y);
    if (lx && ly) return std::abs(*lx - *ly) < 1e-9;
    return x == y;
}

GtpPlayer::Response GtpPlayer::ask(const std::string& command, Clock::time_point deadline,
                                   const std::atomic<bool>* interrupt) {
    const int id = next_id_++;
    if (!process_.write_line(std::to_string(id) + " " + command)) return {ReadStatus::Closed, false, {}};
    for (;;) {
        auto r = process_.read_line(deadline, interrupt);
        if (r.status != ReadStatus::Line) return {r.status, false, {}};
        if (r.line.empty() || (r.line[0] != '=' && r.line[0] != '?')) continue;  // not a response
        std::size_t at = 1;
        while (at < r.line.size() && std::isdigit(static_cast<unsigned char>(r.line[at]))) ++at;
        // "=12 D4", "= ", "=": the id is a whole word ("=12x" is no response).
        if (at < r.line.size() && r.line[at] != ' ' && r.line[at] != '\t') continue;
        const std::string answered = r.line.substr(1, at - 1);
        Response response{ReadStatus::Line, r.line[0] == '=', r.line.substr(std::min(r.line.size(), at + 1))};
        // The rest of a multi-line response, to the blank line that ends it.
        for (;;) {
            auto more = process_.read_line(deadline, interrupt);
            if (more.status != ReadStatus::Line) return {more.status, false, {}};
            if (more.line.find_first_not_of(" \t") == std::string::npos) break;
            response.text += "\n" + more.line;
        }
        // An engine that echoes no id is taken at its word.
        if (answered.empty() || answered == std::to_string(id)) return response;
    }
}

std::string GtpPlayer::start() {
    shut_down();
    healthy_ = false;
    if (!process_.start(split_command(config_.command), config_.dir, config_.stderr_path)) return process_.error();
    const Response version = ask("protocol_version", after(kGtpHandshakeSeconds));
    if (version.status != ReadStatus::Line) {
        const std::string why = process_.running() ? "no answer to protocol_version" : "exited during the handshake";
        process_.stop();
        return config_.name + ": " + why;
    }
    for (const auto& [key, value] : config_.options) {
        const std::string command = key + " " + value;
        const Response r = ask(command, after(kGtpCommandSeconds));
        if (r.status != ReadStatus::Line || !r.ok) {
            process_.stop();
            return config_.name + " refuses '" + command + "'" + (r.text.empty() ? "" : ": " + clip(r.text));
        }
    }
    healthy_ = true;
    return {};
}

std::string GtpPlayer::new_game(const std::string& start_position, const Limits& limits, bool white) {
    if (!healthy_) return config_.name + " is not running";
    std::vector<std::string> commands;
    try {
        commands = setup_(start_position);
    } catch (const std::exception& e) {
        return e.what();
    }
    for (const auto& command : commands) {
        const Response r = ask(command, after(kGtpCommandSeconds));
        if (r.status != ReadStatus::Line) {
            healthy_ = false;
            return config_.name + " does not answer '" + command + "'";
        }
        if (!r.ok) return config_.name + " refuses '" + command + "'" + (r.text.empty() ? "" : ": " + clip(r.text));
    }
    std::string clock;
    if (limits.tc && limits.tc->moves > 0)
        clock = "time_settings 0 " + seconds(limits.tc->base) + " " + std::to_string(limits.tc->moves);
    else if (limits.tc)
        clock = "time_settings " + seconds(std::max(1.0, limits.tc->base)) + " 0 0";
    else if (limits.movetime)
        clock = "time_settings 0 " + seconds(*limits.movetime) + " 1";
    // An engine without time settings plays at its own pace; the arena's clock still rules.
    if (!clock.empty() && ask(clock, after(kGtpCommandSeconds)).status != ReadStatus::Line) {
        healthy_ = false;
        return config_.name + " does not answer '" + clock + "'";
    }
    known_ = 0;
    own_index_ = 0;
    own_black_ = white;
    return {};
}

std::string GtpPlayer::colour_of(std::size_t index) const {
    const bool black = index % 2 == own_index_ % 2 ? own_black_ : !own_black_;
    return black ? "b" : "w";
}

std::string GtpPlayer::tell(const std::vector<std::string>& moves) {
    for (; known_ < moves.size(); ++known_) {
        const std::string command = "play " + colour_of(known_) + " " + moves[known_];
        const Response r = ask(command, after(kGtpCommandSeconds));
        if (r.status != ReadStatus::Line) {
            healthy_ = false;
            return "no answer to '" + command + "'";
        }
        if (!r.ok) return "refuses '" + command + "'" + (r.text.empty() ? "" : ": " + clip(r.text));
    }
    return {};
}

Reply GtpPlayer::go(const TurnRequest& req) {
    Reply reply;
    own_index_ = req.moves.size();
    own_black_ = req.white;
    const std::string colour = own_black_ ? "b" : "w";
    if (const std::string error = tell(req.moves); !error.empty()) {
        if (!healthy_) return {ReplyStatus::Crashed, {}, {}, error};
        return {ReplyStatus::Resign, {}, {}, error};  // the referee found the move legal
    }
    if (req.limits.tc) {
        const std::string command = "time_left " + colour + " " + seconds(req.my_time) + " " +
                                    std::to_string(req.limits.tc->moves > 0 ? req.moves_to_go : 0);
        if (ask(command, after(kGtpCommandSeconds)).status != ReadStatus::Line) {
            healthy_ = false;
            return {ReplyStatus::Crashed, {}, {}, "no answer to '" + command + "'"};
        }
    }
    const Response r = ask("genmove " + colour, req.deadline, req.interrupt);
    switch (r.status) {
        case ReadStatus::Line:
            break;
        case ReadStatus::Closed:
            healthy_ = false;
            process_.stop();
            return {ReplyStatus::Crashed, {}, {}, "the engine died (" + process_.exit_description() + ")"};
        case ReadStatus::Timeout:
            healthy_ = false;  // GTP cannot stop a search: the engine is restarted
            return {ReplyStatus::Timeout, {}, {}, "no move in time"};
        case ReadStatus::Interrupted:
            healthy_ = false;
            return {ReplyStatus::Interrupted, {}, {}, "interrupted"};
    }
    if (!r.ok) return {ReplyStatus::Resign, {}, {}, "genmove fails: " + clip(r.text)};
    if (gtp_upper_trimmed(r.text) == "RESIGN") return {ReplyStatus::Resign, {}, {}, {}};
    reply.move = r.text;
    known_ = req.moves.size() + 1;  // the engine has played its own move
    return reply;
}

std::optional<std::string> GtpPlayer::final_score(const std::vector<std::string>& moves) {
    if (!healthy_ || !tell(moves).empty()) return std::nullopt;
    const Response r = ask("final_score", after(kGtpScoreSeconds));
    if (r.status != ReadStatus::Line) healthy_ = false;
    if (r.status != ReadStatus::Line || !r.ok) return std::nullopt;
    return r.text;
}

void GtpPlayer::shut_down() {
    if (process_.pid() > 0) {
        process_.write_line("quit");
        process_.stop(std::chrono::milliseconds(500));
    }
    healthy_ = false;
}

}  // namespace ply::arena
