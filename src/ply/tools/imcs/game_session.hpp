// One game on an IMCS server, from the reply that starts it to the result,
// for any game written in the server's notation. Our copy of the game
// follows the server's moves and boards; where they differ, the server's
// board counts (it referees).
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <ply/core/describe.hpp>
#include <ply/core/error.hpp>
#include <ply/core/game.hpp>
#include <ply/core/text.hpp>
#include <ply/tools/imcs/client.hpp>
#include <ply/tools/imcs/protocol.hpp>

namespace ply::imcs {

// A game the server plays: its notation is IMCS's (a board is a line
// "<move number> <W|B>" and its rows, describe::position_lines in all; moves
// as the server writes them), which it declares with
// `static constexpr bool imcs_notation = true`, and its boards say whose
// turn it is and which move.
template <class G>
concept ImcsGame = NotatedGame<G> && TurnNumberedGame<G> && std::default_initializable<G> && requires {
    requires G::imcs_notation;
};

// What the chooser is asked, at each prompt.
template <ImcsGame G>
struct MoveRequest {
    const G& position;                                               // ours to move, the game not over
    std::optional<std::chrono::milliseconds> my_clock, their_clock;  // none: untimed
    bool free_move = false;                                          // the game's first move: IMCS does not charge it
    // Moves the server refused in this position: never offer them again.
    std::vector<typename G::Move> rejected;
};

template <ImcsGame G>
struct MoveChoice {
    std::optional<typename G::Move> move;  // none: resign
    std::string info;                      // how it was found, for the user and the log
};

template <ImcsGame G>
using Chooser = std::function<MoveChoice<G>(const MoveRequest<G>&)>;

template <ImcsGame G>
class GameSession {
public:
    using Move = typename G::Move;
    GameSession(Client& client, int us, const Chooser<G>& choose) : client_(client), choose_(choose) {
        report_.us = us;
    }
    // Plays to the end; throws ImcsError on any surprise.
    GameReport play();

private:
    std::string label() const {
        return std::to_string(game_.fullmove_number()) + (game_.side_to_move() == 0 ? " W" : " B");
    }
    std::string context() const {
        return "during the game (" + std::to_string(report_.moves.size()) + " plies played)";
    }
    LineConnection::Timeout wait() const;
    std::string record(Move m);
    void opponent_moved(const std::string& line);
    void refused(const std::string& line);
    void board(const std::string& line);
    void prompted(const std::string& line, const Prompt& prompt);
    MoveChoice<G> choose(const Prompt& prompt);
    void ended(const std::string& line);

    Client& client_;
    const Chooser<G>& choose_;
    G game_{};
    GameReport report_;
    std::optional<Move> pending_;  // sent; neither refused nor answered yet
    std::vector<Move> rejected_;   // refused in the current position
    bool position_seen_ = false;   // since our last move
    bool any_move_ = false;
    bool over_ = false;
    std::optional<Prompt> last_prompt_;
    std::string numbered_;  // the moves with their numbers, for the log
};

// Plays the game that has just started (Client::offer, Client::accept), to its end.
template <ImcsGame G>
GameReport play_game(Client& client, int us, const Chooser<G>& choose) {
    return GameSession<G>(client, us, choose).play();
}

template <ImcsGame G>
GameReport GameSession<G>::play() {
    while (!over_) {
        const std::string line = client_.expect(wait(), context());
        if (line.empty()) continue;  // positions are framed by blank lines
        // The marks are words of their own: "!e2-e3" is no move line.
        const auto marked = [&](char mark) { return line[0] == mark && (line.size() == 1 || line[1] == ' '); };
        if (marked('!'))  // the opponent's move
            opponent_moved(line);
        else if (marked('-'))  // "- illegal move ..." or "- invalid move ..."
            refused(line);
        else if (is_position_header(line))
            board(line);
        else if (const auto prompt = parse_prompt(line))
            prompted(line, *prompt);
        else if (marked('='))  // the end: "= W wins", then the code line
            ended(line);
        else if (reply_code(line))
            throw ImcsError("unexpected reply from the server " + context() + ": " + in_quotes(line));
        else
            throw ImcsError("unexpected line from the server " + context() + ": " + in_quotes(line));
    }
    return report_;
}

// How long the next line may take: the opponent's clock and some grace.
// Before the first prompt White hears at once; Black waits for White's free
// first move. Untimed games wait as long as the opponent thinks.
template <ImcsGame G>
LineConnection::Timeout GameSession<G>::wait() const {
    if (!last_prompt_) {
        if (report_.us == 0) return Client::kReplyTimeout;
        return Client::kFirstMoveLimit + Client::kGrace;
    }
    if (!last_prompt_->theirs) return std::nullopt;
    return *last_prompt_->theirs + Client::kGrace;
}

// Plays `m` in our copy of the game; the move's "<number> <side>" label.
template <ImcsGame G>
std::string GameSession<G>::record(Move m) {
    const bool white = game_.side_to_move() == 0;
    const std::string number = std::to_string(game_.fullmove_number());
    const std::string text = game_.move_to_string(m);
    if (white || numbered_.empty())
        numbered_ += (numbered_.empty() ? "" : " ") + number + (white ? ". " : "... ");
    else
        numbered_ += " ";
    numbered_ += text;
    const std::string move_label = label();
    game_.make(m);
    report_.moves.push_back(text);
    rejected_.clear();
    any_move_ = true;
    return move_label;
}

template <ImcsGame G>
void GameSession<G>::opponent_moved(const std::string& line) {
    const std::string text(trim(std::string_view(line).substr(1), " "));
    if (pending_) {  // answered: the server took our move
        record(*pending_);
        pending_.reset();
    }
    if (game_.side_to_move() == report_.us)
        throw ImcsError("the server sent an opponent's move (" + in_quotes(line) + ") when it was our turn");
    Move m;
    try {
        m = game_.parse_move(text);
    } catch (const ParseError& e) {
        throw ImcsError("the server sent the opponent's move " + in_quotes(text) +
                        ", which our game does not allow: " + e.what());
    }
    const std::string move_label = record(m);
    client_.out() << move_label << "  " << text << std::endl;
    client_.log().note("opponent " + move_label + " " + text);
}

template <ImcsGame G>
void GameSession<G>::refused(const std::string& line) {
    if (!pending_) throw ImcsError("the server refused a move we had not sent: " + in_quotes(line));
    const std::string text = game_.move_to_string(*pending_);
    client_.out() << "The server refused " << text << ": " << printable(line) << "\n";
    client_.log().note("refused " + text);
    rejected_.push_back(*pending_);
    pending_.reset();
}

template <ImcsGame G>
void GameSession<G>::board(const std::string& line) {
    if (pending_) throw ImcsError("the server sent a position before it answered our move");
    std::string text = line + "\n";
    for (int row = 1; row < describe::position_lines<G>(); ++row) text += client_.expect(wait(), context()) + "\n";
    G shown;
    try {
        shown = G::from_position(text);
    } catch (const ParseError& e) {
        throw ImcsError("the server sent a malformed position: " + std::string(e.what()));
    }
    if (static_cast<int>(shown.side_to_move()) != report_.us)
        throw ImcsError("the server sent a position with " + side_name(shown.side_to_move()) +
                        " to move, but Ply plays " + side_name(report_.us));
    // The server referees: where our copy differs, its position counts.
    if (shown.position() != game_.position()) {
        client_.out() << "Warning: the server's position differs from ours; playing on from the server's\n";
        client_.log().note("position differs from ours (ours:\n" + game_.position() + "); taking the server's");
        game_ = shown;
        rejected_.clear();
    }
    position_seen_ = true;
}

template <ImcsGame G>
void GameSession<G>::prompted(const std::string& line, const Prompt& prompt) {
    if (pending_) throw ImcsError("the server asked for a move before it answered our last one");
    if (!position_seen_) throw ImcsError("the server asked for a move without sending the position");
    last_prompt_ = prompt;
    position_seen_ = false;
    if (static_cast<int>(rejected_.size()) >= Client::kMaxRejections)
        throw ImcsError("the server refused " + std::to_string(rejected_.size()) +
                        " moves in this position; giving up");
    const MoveChoice<G> choice = choose(prompt);
    if (!choice.move) {
        client_.send("resign");
        client_.out() << label() << "  resign (no legal move)\n";
        client_.log().note("we resign: no legal move");
        return;
    }
    const std::string text = game_.move_to_string(*choice.move);
    client_.send(text);
    pending_ = choice.move;
    client_.out() << label() << "  " << text << "  (" << choice.info << ")" << std::endl;
    client_.log().note("ours " + label() + " " + text + ": " + choice.info + "; clocks " + line.substr(2));
}

// The chooser's move among those the server has not refused; none (resign)
// without a legal move: the only way to end the game other than letting our
// clock run out.
template <ImcsGame G>
auto GameSession<G>::choose(const Prompt& prompt) -> MoveChoice<G> {
    MoveListOf<G> legal;
    game_.generate_moves(legal);
    std::vector<Move> allowed;
    for (const Move m : legal)
        if (std::find(rejected_.begin(), rejected_.end(), m) == rejected_.end()) allowed.push_back(m);
    if (!legal.empty() && allowed.empty()) throw ImcsError("the server refused every legal move in this position");
    MoveChoice<G> choice;
    if (!allowed.empty()) choice = choose_(MoveRequest<G>{game_, prompt.mine, prompt.theirs, !any_move_, rejected_});
    if (choice.move && std::find(allowed.begin(), allowed.end(), *choice.move) == allowed.end())
        choice = {allowed.front(), "the chooser's move was not allowed; playing the first legal move"};
    return choice;
}

template <ImcsGame G>
void GameSession<G>::ended(const std::string& line) {
    if (pending_) {  // our move ended the game
        record(*pending_);
        pending_.reset();
    }
    const std::string code_line = client_.expect(Client::kReplyTimeout, "before the game's result code");
    const auto code = reply_code(code_line);
    if (!code || *code < 230 || *code > 232)
        throw ImcsError("expected the result code (230, 231 or 232) after " + in_quotes(line) + ", got " +
                        in_quotes(code_line));
    report_.summary = code_line;
    const bool white_won = *code == 231;
    report_.result = *code == 230                     ? GameResult::Draw
                     : white_won == (report_.us == 0) ? GameResult::Win
                                                      : GameResult::Loss;
    client_.close();
    client_.log().note("moves: " + numbered_);
    client_.log().note("result: " + result_name(report_.result) + " (" + code_line + ")");
    over_ = true;
}

}  // namespace ply::imcs
