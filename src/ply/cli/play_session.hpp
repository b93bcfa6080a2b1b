// A person against the engine, in a terminal: the board after every move
// (turned to the person's side where the game can draw it so), moves in the
// game's notation (SAN for chess), and the commands of PlaySession::commands. The
// engine's moves come from the production search (engine::Engine), the
// same as the UCI engine's, from MCTS, or from the exact solver where a
// solve is quick (play_players.hpp).
#pragma once

#include <cstddef>
#include <exception>
#include <istream>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <ply/cli/play_players.hpp>
#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply::cli {

// The sentence that ends the game; `human_to_move` says whose turn it would be.
template <NotatedGame G>
std::string game_over_text(const G& game, Outcome o, bool human_to_move) {
    const std::string reason = describe::end_reason(game);
    if (o == Outcome::Draw) {
        if (reason == "stalemate") return "Stalemate. Draw.";
        return reason.empty() ? "Draw." : "Draw by " + reason + ".";
    }
    // Win/Loss are for the side to move; Scored leaves carry a value.
    Score s = terminal_score(o, 0, o == Outcome::Scored ? Score(game.evaluate()) : 0);
    if (!human_to_move) s = -s;
    const std::string result = s > 0 ? "You win." : s < 0 ? "The engine wins." : "Draw.";
    if (reason.empty()) return result;
    std::string head = reason;
    head[0] = static_cast<char>(head[0] - 'a' + 'A');
    return head + ". " + result;
}

// The person's side, 0 for the first player (White): the side to move in
// `game` unless the engine moves first.
template <NotatedGame G>
int person_side(const G& game, bool engine_first) {
    return (side_to_move(game, 0) + (engine_first ? 1 : 0)) % 2;
}

// Which side the person has: "You play Black." where the game names its
// sides, else "You move first." or "You move second."
template <NotatedGame G>
std::string your_side_text(const G& game, bool engine_first) {
    if constexpr (describe::names_players<G>())
        return "You play " + side_name<G>(person_side(game, engine_first)) + ".";
    return engine_first ? "You move second." : "You move first.";
}

// A game that draws its board from either side: render(true) from the
// second player's (chess: Black at the bottom).
template <class G>
concept TurnableBoardGame = requires(const G cg) {
    { cg.render(true) } -> std::convertible_to<std::string>;
};

// The board as the person sees it from their side.
template <NotatedGame G>
std::string board_for(const G& game, int person) {
    if constexpr (TurnableBoardGame<G>)
        return game.render(person == 1);
    else
        return game.render();
}

template <NotatedGame G>
class PlaySession {
public:
    using Move = typename G::Move;

    PlaySession(G game, const PlaySettings& settings, std::ostream& out)
        : game_(game),
          start_(game),
          settings_(settings),
          out_(out),
          person_(person_side(game, settings.engine_first)),
          show_info_(settings.show_info),
          opponent_(settings, out, show_info_) {}

    // Plays moves of a game read back (--load) as if made in this session:
    // undo takes them back, save writes them.
    void replay(const std::vector<Move>& moves) {
        for (const Move& m : moves) {
            game_.make(m);
            history_.push_back({m, 0, {}});
        }
    }

    // Returns 0 when the person quits or the input ends.
    int run(std::istream& in);

    // A command: its name (typed in any case), its argument's name if it
    // takes one, what `help` says of it (empty: not listed there), and
    // whether the opening line names it. A handler returns false to end
    // the session.
    struct Command {
        std::string_view name;
        std::string_view argument;
        std::string_view help;
        bool announced;
        bool (PlaySession::*handler)(const std::string& argument);
    };

private:
    // The human plays the side that moves first from the given position
    // unless the engine starts.
    bool is_human_ply(std::size_t ply) const { return (ply % 2 == 0) == !settings_.engine_first; }
    bool human_to_move() const { return is_human_ply(history_.size()); }

    void show_turn(Outcome o);
    bool engine_moves();
    void person_moves(const std::string& line);
    const Command* command(const std::string& line) const;

    bool quit(const std::string&) {
        out_ << "Bye.\n";
        return false;
    }
    bool help(const std::string&);
    bool info(const std::string&) {
        show_info_ = !show_info_;
        out_ << (show_info_ ? "Search info on (scores from the engine's side).\n" : "Search info off.\n");
        return true;
    }
    bool moves(const std::string&);
    bool history(const std::string&) {
        const std::string text = moves_text(start_, history_);
        out_ << (text.empty() ? "No moves yet.\n" : "Moves: " + text + "\n");
        return true;
    }
    bool save(const std::string& path);
    bool new_game(const std::string&);
    bool hint(const std::string&);
    bool undo(const std::string&);

    // In the order the opening line names them; `help` lists those with a text.
    static std::span<const Command> commands() {
        static constexpr Command kCommands[] = {
            {"undo", "", "take back your last move and the engine's reply", true, &PlaySession::undo},
            {"hint", "", "ask the engine for a move", true, &PlaySession::hint},
            {"info", "", "show or hide the engine's search lines", true, &PlaySession::info},
            {"moves", "", "list the legal moves", true, &PlaySession::moves},
            {"history", "", "the moves played so far", true, &PlaySession::history},
            {"save", "FILE", "write the game to FILE (PGN for chess, PDN for checkers), whole or not at all", true,
             &PlaySession::save},
            {"new", "", "start again from the same position, on the same sides", true, &PlaySession::new_game},
            {"help", "", "", true, &PlaySession::help},
            {"quit", "", "leave the game", true, &PlaySession::quit},
            {"exit", "", "", false, &PlaySession::quit},
        };
        return kCommands;
    }

    G game_;
    const G start_;
    const PlaySettings& settings_;
    std::ostream& out_;
    const int person_;
    std::vector<PlayedMove<Move>> history_;
    bool show_info_;
    Opponent<G> opponent_;
    bool board_changed_ = true;  // redraw only after a move or an undo, not after every command
    bool announced_ = false;     // the end of the game is said once
    Stopwatch turn_;             // the person's thinking time
};

template <NotatedGame G>
int PlaySession<G>::run(std::istream& in) {
    const std::string notation(describe::move_hint<G>());
    std::string names;
    for (const Command& c : commands())
        if (c.announced)
            names += std::string(names.empty() ? "" : ", ") + std::string(c.name) +
                     (c.argument.empty() ? "" : " " + std::string(c.argument));
    out_ << "Moves in " << G::name << " notation" << (notation.empty() ? "" : " (" + notation + ")")
         << "; also: " << names << ".\n"
         << your_side_text(start_, settings_.engine_first) << "\n";
    while (true) {
        const Outcome o = game_.outcome();
        show_turn(o);
        if (!is_over(o) && !human_to_move()) {
            if (!engine_moves()) return 0;
            continue;
        }
        out_ << (is_over(o) ? "> " : "Your move: ") << std::flush;
        std::string line;
        if (!std::getline(in, line)) {
            out_ << (is_over(o) ? "\n" : "\nEnd of input: game abandoned.\n");
            return 0;
        }
        line = std::string(trim(line));
        if (line.empty()) continue;
        if (const Command* c = command(line)) {
            const std::string argument(trim(std::string_view(line).substr(c->name.size())));
            if (!(this->*c->handler)(argument)) return 0;
            continue;
        }
        if (is_over(o)) {
            out_ << "The game is over: type new, undo, save FILE, history or quit.\n";
            continue;
        }
        person_moves(line);
    }
}

// One board a turn (the person's move is drawn with the engine's reply), and
// the end of the game said once.
template <NotatedGame G>
void PlaySession<G>::show_turn(Outcome o) {
    if (board_changed_ && (human_to_move() || is_over(o))) {
        out_ << "\n" << board_for(game_, person_);
        board_changed_ = false;
        turn_ = Stopwatch{};
    }
    if (is_over(o) && !announced_) {
        out_ << game_over_text(game_, o, human_to_move()) << "\n"
             << "Type new for another game, save FILE to keep this one, undo, or quit.\n";
        announced_ = true;
    }
}

template <NotatedGame G>
bool PlaySession<G>::engine_moves() {
    const Stopwatch thinking;
    const Choice<Move> c = opponent_.choose(game_);
    if (!c.best) {  // cannot happen while the game is on (Game contract)
        out_ << "The engine has no move.\n";
        return false;
    }
    out_ << "Engine plays " << describe::display_move(game_, *c.best) << c.how << "\n";
    game_.make(*c.best);
    history_.push_back({*c.best, thinking.seconds(), c.info});
    board_changed_ = true;
    return true;
}

template <NotatedGame G>
void PlaySession<G>::person_moves(const std::string& line) {
    try {
        const Move m = game_.parse_move(line);
        game_.make(m);
        history_.push_back({m, turn_.seconds(), {}});
        board_changed_ = true;
    } catch (const ParseError& e) {
        out_ << "Illegal move: " << e.what() << " (type 'moves' for the legal moves, 'help' for commands)\n";
    } catch (const std::exception& e) {
        // Whatever a parser throws, the game goes on.
        out_ << "Illegal move '" << line << "': " << e.what() << "\n";
    }
}

// Commands are matched in any case; moves are not (SAN's b and B differ).
// A command with an argument may have it after a space.
template <NotatedGame G>
auto PlaySession<G>::command(const std::string& line) const -> const Command* {
    const std::string typed = lower(line);
    for (const Command& c : commands()) {
        if (typed == c.name) return &c;
        if (!c.argument.empty() && typed.starts_with(std::string(c.name) + " ")) return &c;
    }
    return nullptr;
}

template <NotatedGame G>
bool PlaySession<G>::help(const std::string&) {
    out_ << "Type a move in " << G::name << " notation, or:\n";
    constexpr std::size_t kWidth = 11;
    for (const Command& c : commands()) {
        if (c.help.empty()) continue;
        std::string name(c.name);
        if (!c.argument.empty()) name += " " + std::string(c.argument);
        out_ << "  " << name << std::string(kWidth - name.size(), ' ') << c.help << "\n";
    }
    return true;
}

template <NotatedGame G>
bool PlaySession<G>::moves(const std::string&) {
    MoveListOf<G> legal;
    game_.generate_moves(legal);
    std::string list;
    for (const auto& m : legal) list += (list.empty() ? "" : " ") + describe::display_move(game_, m);
    out_ << (list.empty() ? "No legal moves: the game is over.\n" : "Legal moves: " + list + "\n");
    return true;
}

template <NotatedGame G>
bool PlaySession<G>::save(const std::string& path) {
    if (path.empty())
        out_ << "Save to which file? Type save FILE.\n";
    else
        out_ << save_game<G>(path, play_record(start_, history_, person_), settings_.position_file) << "\n";
    return true;
}

template <NotatedGame G>
bool PlaySession<G>::new_game(const std::string&) {
    game_ = start_;
    history_.clear();
    opponent_.new_game();
    out_ << "New game. " << your_side_text(game_, settings_.engine_first) << "\n";
    board_changed_ = true;
    announced_ = false;
    return true;
}

template <NotatedGame G>
bool PlaySession<G>::hint(const std::string&) {
    if (is_over(game_.outcome())) {
        out_ << "The game is over.\n";
        return true;
    }
    const Choice<Move> c = opponent_.choose(game_);
    if (c.best) out_ << "Hint: " << describe::display_move(game_, *c.best) << c.how << "\n";
    return true;
}

// Takes back the person's last move and the engine's reply to it.
template <NotatedGame G>
bool PlaySession<G>::undo(const std::string&) {
    std::size_t keep = history_.size();
    while (keep > 0 && !is_human_ply(keep - 1)) --keep;
    if (keep == 0) {
        out_ << "Nothing to undo.\n";
        return true;
    }
    for (--keep; history_.size() > keep; history_.pop_back()) game_.unmake(history_.back().move);
    board_changed_ = true;
    announced_ = false;
    return true;
}

// Returns 0 when the person quits or the input ends. `played`: moves from
// `game` already made (a game loaded).
template <NotatedGame G>
int play_session(G game, const PlaySettings& settings, std::istream& in, std::ostream& out,
                 const std::vector<typename G::Move>& played = {}) {
    PlaySession<G> session(std::move(game), settings, out);
    session.replay(played);
    return session.run(in);
}

}  // namespace ply::cli
