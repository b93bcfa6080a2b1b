#include <ply/tools/imcs/client.hpp>

#include <algorithm>
#include <sstream>

#include <ply/core/error.hpp>
#include <ply/tools/imcs/protocol.hpp>

namespace ply::imcs {

namespace {

using minichess::Color;
using Move = Minichess::Move;

std::vector<std::string> words(std::string_view line) {
    std::istringstream in{std::string(line)};
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string trim(std::string_view s) {
    const auto first = s.find_first_not_of(' ');
    if (first == std::string_view::npos) return "";
    return std::string(s.substr(first, s.find_last_not_of(' ') - first + 1));
}

std::string color_name(Color c) { return c == minichess::White ? "White" : "Black"; }

std::string quoted(std::string_view line) { return "'" + printable(line) + "'"; }

}  // namespace

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
        throw ImcsError("not an IMCS server: it greeted with " + quoted(line));
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
    if (code == 400) throw ImcsError("login failed: the server has no user '" + user + "' (" + quoted(line) + ")");
    if (code == 401) throw ImcsError("login failed: wrong password for '" + user + "' (" + quoted(line) + ")");
    throw ImcsError("login failed: the server answered " + quoted(line));
}

std::vector<std::string> Client::list() {
    send("list");
    const std::string head = expect(kReplyTimeout, "after list");
    if (reply_code(head) != 211) throw ImcsError("list failed: the server answered " + quoted(head));
    std::vector<std::string> offers;
    for (std::string line; (line = expect(kReplyTimeout, "in the middle of the list")) != ".";)
        offers.push_back(trim(line));
    return offers;
}

void Client::quit() {
    try {
        send("quit");
        if (const auto line = conn_.read_line(kReplyTimeout)) log_.received(*line);
    } catch (const ImcsError&) {}
    conn_.close();
}

Color Client::game_start(const std::string& line, const std::string& what) {
    const auto code = reply_code(line);
    const auto w = words(line);
    if (code != 105 && code != 106) throw ImcsError(what + " failed: the server answered " + quoted(line));
    const Color us = code == 105 ? minichess::White : minichess::Black;
    if (w.size() < 2 || w[1] != (us == minichess::White ? "W" : "B"))
        throw ImcsError("malformed game start from the server: " + quoted(line));
    out_ << "Game starts: Ply plays " << color_name(us) << " (" << line << ")" << std::endl;
    return us;
}

Color Client::offer(const std::string& color, std::optional<int> seconds, LineConnection::Timeout wait) {
    std::string command = "offer " + color;
    if (seconds) command += " " + std::to_string(*seconds) + " " + std::to_string(*seconds);
    send(command);
    const std::string line = expect(kReplyTimeout, "after our offer");
    const auto w = words(line);
    if (reply_code(line) != 103 || w.size() < 2)
        throw ImcsError("the server refused the offer: it answered " + quoted(line));
    out_ << "Offered game " << w[1] << "; waiting for an opponent" << std::endl;
    return game_start(expect(wait, "while we waited for an opponent to accept game " + w[1]), "offer " + w[1]);
}

Color Client::accept(const std::string& id, const std::string& color) {
    send("accept " + id + (color.empty() ? "" : " " + color));
    return game_start(expect(kReplyTimeout, "after accept"), "accept " + id);
}

GameReport Client::play(Color us, const Chooser& choose) {
    GameReport report;
    report.us = us;
    Minichess game;
    std::optional<Move> pending;  // sent; neither refused nor answered yet
    std::vector<Move> rejected;   // refused in the current position
    bool position_seen = false;   // since our last move
    bool any_move = false;
    std::optional<Prompt> last_prompt;
    std::string numbered;  // the moves with their numbers, for the log

    // Plays `m` in our copy of the game; the move's "<number> <side>" label.
    auto record = [&](Move m) {
        const bool white = game.side_to_move() == minichess::White;
        const std::string label = std::to_string(game.move_number()) + (white ? " W" : " B");
        const std::string text = game.move_to_string(m);
        if (white || numbered.empty())
            numbered += (numbered.empty() ? "" : " ") + std::to_string(game.move_number()) + (white ? ". " : "... ");
        else
            numbered += " ";
        numbered += text;
        game.make(m);
        report.moves.push_back(text);
        rejected.clear();
        any_move = true;
        return label;
    };
    auto context = [&] { return "during the game (" + std::to_string(report.moves.size()) + " plies played)"; };
    // How long the next line may take: the opponent's clock and some grace.
    // Before the first prompt White hears at once; Black waits for White's
    // free first move. Untimed games wait as long as the opponent thinks.
    auto wait = [&]() -> LineConnection::Timeout {
        if (!last_prompt) {
            if (us == minichess::White) return kReplyTimeout;
            return kFirstMoveLimit + kGrace;
        }
        if (!last_prompt->theirs) return std::nullopt;
        return *last_prompt->theirs + kGrace;
    };

    for (;;) {
        const std::string line = expect(wait(), context());
        if (line.empty()) continue;  // positions are framed by blank lines

        if (line[0] == '!') {  // the opponent's move
            const std::string text = trim(line.substr(1));
            if (pending) {  // answered: the server took our move
                record(*pending);
                pending.reset();
            }
            if (game.side_to_move() == us)
                throw ImcsError("the server sent an opponent's move (" + quoted(line) + ") when it was our turn");
            Move m;
            try {
                m = game.parse_move(text);
            } catch (const ParseError& e) {
                throw ImcsError("the server sent the opponent's move " + quoted(text) +
                                ", which our game does not allow: " + e.what());
            }
            const std::string label = record(m);
            out_ << label << "  " << text << std::endl;
            log_.note("opponent " + label + " " + text);
            continue;
        }

        if (line[0] == '-') {  // "- illegal move ..." or "- invalid move ..."
            if (!pending) throw ImcsError("the server refused a move we had not sent: " + quoted(line));
            const std::string text = game.move_to_string(*pending);
            out_ << "The server refused " << text << ": " << printable(line) << "\n";
            log_.note("refused " + text);
            rejected.push_back(*pending);
            pending.reset();
            continue;
        }

        if (is_position_header(line)) {
            if (pending) throw ImcsError("the server sent a position before it answered our move");
            std::string text = line + "\n";
            for (int row = 0; row < minichess::kRanks; ++row) text += expect(wait(), context()) + "\n";
            Minichess shown;
            try {
                shown = Minichess::from_position(text);
            } catch (const ParseError& e) {
                throw ImcsError("the server sent a malformed position: " + std::string(e.what()));
            }
            if (shown.side_to_move() != us)
                throw ImcsError("the server sent a position with " + color_name(shown.side_to_move()) +
                                " to move, but Ply plays " + color_name(us));
            // The server referees: where our copy differs, its position counts.
            if (shown.position() != game.position()) {
                out_ << "Warning: the server's position differs from ours; playing on from the server's\n";
                log_.note("position differs from ours (ours:\n" + game.position() + "); taking the server's");
                game = shown;
                rejected.clear();
            }
            position_seen = true;
            continue;
        }

        if (const auto prompt = parse_prompt(line)) {
            if (pending) throw ImcsError("the server asked for a move before it answered our last one");
            if (!position_seen) throw ImcsError("the server asked for a move without sending the position");
            last_prompt = prompt;
            position_seen = false;
            if (static_cast<int>(rejected.size()) >= kMaxRejections)
                throw ImcsError("the server refused " + std::to_string(rejected.size()) +
                                " moves in this position; giving up");
            Minichess::MoveList legal;
            game.generate_moves(legal);
            std::vector<Move> allowed;
            for (const Move m : legal)
                if (std::find(rejected.begin(), rejected.end(), m) == rejected.end()) allowed.push_back(m);
            if (!legal.empty() && allowed.empty())
                throw ImcsError("the server refused every legal move in this position");
            // No legal move: resigning is the only way to end the game
            // other than letting our clock run out.
            MoveChoice choice;
            if (!allowed.empty()) choice = choose(MoveRequest{game, prompt->mine, prompt->theirs, !any_move, rejected});
            if (choice.move && std::find(allowed.begin(), allowed.end(), *choice.move) == allowed.end())
                choice = {allowed.front(), "the chooser's move was not allowed; playing the first legal move"};
            const std::string label = std::to_string(game.move_number()) + (us == minichess::White ? " W" : " B");
            if (!choice.move) {
                send("resign");
                out_ << label << "  resign (no legal move)\n";
                log_.note("we resign: no legal move");
                continue;
            }
            const std::string text = game.move_to_string(*choice.move);
            send(text);
            pending = choice.move;
            out_ << label << "  " << text << "  (" << choice.info << ")" << std::endl;
            log_.note("ours " + label + " " + text + ": " + choice.info + "; clocks " + line.substr(2));
            continue;
        }

        if (line[0] == '=') {  // the end: "= W wins", then the code line
            if (pending) {     // our move ended the game
                record(*pending);
                pending.reset();
            }
            const std::string code_line = expect(kReplyTimeout, "before the game's result code");
            const auto code = reply_code(code_line);
            if (!code || *code < 230 || *code > 232)
                throw ImcsError("expected the result code (230, 231 or 232) after " + quoted(line) + ", got " +
                                quoted(code_line));
            report.summary = code_line;
            const bool white_won = *code == 231;
            report.result = *code == 230                            ? GameResult::Draw
                            : white_won == (us == minichess::White) ? GameResult::Win
                                                                    : GameResult::Loss;
            conn_.close();
            log_.note("moves: " + numbered);
            log_.note("result: " + result_name(report.result) + " (" + code_line + ")");
            return report;
        }

        if (reply_code(line)) throw ImcsError("unexpected reply from the server " + context() + ": " + quoted(line));
        throw ImcsError("unexpected line from the server " + context() + ": " + quoted(line));
    }
}

}  // namespace ply::imcs
