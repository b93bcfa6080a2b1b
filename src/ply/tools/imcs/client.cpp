#include <ply/tools/imcs/client.hpp>

#include <algorithm>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>
#include <ply/tools/imcs/protocol.hpp>

namespace ply::imcs {

namespace {

std::vector<std::string> words(std::string_view line) {
    const auto found = ply::words(line);
    return {found.begin(), found.end()};
}

}  // namespace

std::string side_name(int side) { return side == 0 ? "White" : "Black"; }

std::string in_quotes(std::string_view line) { return "'" + printable(line) + "'"; }

std::string result_name(GameResult r) { return r == GameResult::Win ? "win" : r == GameResult::Loss ? "loss" : "draw"; }

std::string Client::expect(LineConnection::Timeout timeout, const std::string& context) {
    std::optional<std::string> line;
    try {
        line = conn_.read_line(timeout);
    } catch (const ImcsError& e) {
        throw ImcsError(std::string(e.what()) + " " + context);
    }
    if (!line) throw ImcsError("the server closed the connection " + context);
    log_.received(*line);
    return *line;
}

void Client::send(const std::string& line, const std::optional<std::string>& logged) {
    log_.sent(logged.value_or(line));
    conn_.write_line(line);
}

void Client::greet() {
    const std::string line = expect(kReplyTimeout, "before its greeting");
    const auto w = words(line);
    if (reply_code(line) != 100 || w.size() < 3 || w[1] != "imcs")
        throw ImcsError("not an IMCS server: it greeted with " + in_quotes(line));
    if (w[2] != kProtocolVersion)
        throw ImcsError("the server speaks IMCS version " + printable(w[2]) + "; ply imcs knows version " +
                        std::string(kProtocolVersion) + " only");
}

void Client::login(const std::string& user, const std::string& password) {
    send("me " + user + " " + password, "me " + user + " ********");
    const std::string line = expect(kReplyTimeout, "after our login");
    const auto code = reply_code(line);
    if (code == 201 || code == 202) {
        out_ << "Logged in as " << user << "\n";
        return;
    }
    if (code == 400) throw ImcsError("login failed: the server has no user '" + user + "' (" + in_quotes(line) + ")");
    if (code == 401) throw ImcsError("login failed: wrong password for '" + user + "' (" + in_quotes(line) + ")");
    throw ImcsError("login failed: the server answered " + in_quotes(line));
}

std::vector<std::string> Client::list() {
    send("list");
    const std::string head = expect(kReplyTimeout, "after list");
    if (reply_code(head) != 211) throw ImcsError("list failed: the server answered " + in_quotes(head));
    std::vector<std::string> offers;
    for (std::string line; (line = expect(kReplyTimeout, "in the middle of the list")) != ".";)
        offers.emplace_back(trim(line, " "));
    return offers;
}

void Client::quit() {
    try {
        send("quit");
        if (const auto line = conn_.read_line(kReplyTimeout)) log_.received(*line);
    } catch (const ImcsError&) {}
    conn_.close();
}

int Client::game_start(const std::string& line, const std::string& what) {
    const auto code = reply_code(line);
    const auto w = words(line);
    if (code != 105 && code != 106) throw ImcsError(what + " failed: the server answered " + in_quotes(line));
    const int us = code == 105 ? 0 : 1;
    if (w.size() < 2 || w[1] != (us == 0 ? "W" : "B"))
        throw ImcsError("malformed game start from the server: " + in_quotes(line));
    out_ << "Game starts: Ply plays " << side_name(us) << " (" << line << ")" << std::endl;
    return us;
}

int Client::offer(const std::string& color, std::optional<int> seconds, LineConnection::Timeout wait) {
    std::string command = "offer " + color;
    if (seconds) command += " " + std::to_string(*seconds) + " " + std::to_string(*seconds);
    send(command);
    const std::string line = expect(kReplyTimeout, "after our offer");
    const auto w = words(line);
    if (reply_code(line) != 103 || w.size() < 2)
        throw ImcsError("the server refused the offer: it answered " + in_quotes(line));
    out_ << "Offered game " << w[1] << "; waiting for an opponent" << std::endl;
    return game_start(expect(wait, "while we waited for an opponent to accept game " + w[1]), "offer " + w[1]);
}

int Client::accept(const std::string& id, const std::string& color) {
    send("accept " + id + (color.empty() ? "" : " " + color));
    return game_start(expect(kReplyTimeout, "after accept"), "accept " + id);
}

}  // namespace ply::imcs
