// A person against the engine, in a terminal: the board after every move,
// moves in the game's notation (SAN for chess), and the commands `undo`,
// `hint`, `info`, `moves`, `help` and `quit`. The engine's moves come from
// the production search (engine::Engine), the same as the UCI engine's.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <istream>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <ply/cli/lines.hpp>
#include <ply/cli/report.hpp>
#include <ply/core/error.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/search/mcts/parallel.hpp>

namespace ply::cli {

struct PlaySettings {
    int depth = 8;                  // used when no time is given
    std::optional<double> seconds;  // per engine move: iterative deepening to the deadline
    bool engine_first = false;
    bool show_info = false;  // print the search's lines as it deepens
    bool mcts = false;       // Monte Carlo tree search for --time seconds, not the alpha-beta engine
};

template <class Move>
engine::Limits<Move> play_limits(const PlaySettings& s) {
    engine::Limits<Move> limits;
    if (s.seconds) {
        // Whole milliseconds, and at least one, so that any positive time searches;
        // capped at a day, as `ply play --time` is, so that nothing overflows.
        const double seconds = std::min(*s.seconds, 86400.0);
        const auto ms = std::max<long long>(1, std::llround(seconds * 1000.0));
        limits.move_time = std::chrono::milliseconds(ms);
    } else {
        limits.depth = s.depth;
    }
    return limits;
}

inline std::string trim(std::string s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

inline std::string lowercase(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

// One line of search information, scores from the engine's side.
template <NotatedGame G>
std::string play_info_line(const G& root, const engine::Report<typename G::Move>& r) {
    return "  depth " + std::to_string(r.depth) + "  score " + describe::score_text<G>(r.score) + "  nodes " +
           std::to_string(r.nodes) + "  time " + seconds_text(std::chrono::duration<double>(r.time).count()) + "  pv " +
           line_text(root, r.pv);
}

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

// Which side the person has: "You play Black." where the game names its
// sides, else "You move first." or "You move second."
template <NotatedGame G>
std::string your_side_text(const G& game, bool engine_first) {
    if constexpr (requires { G::side_names; }) {
        int to_move = 0;
        if constexpr (TurnNumberedGame<G>) to_move = static_cast<int>(game.side_to_move());
        const auto side = static_cast<std::size_t>((to_move + (engine_first ? 1 : 0)) % 2);
        return "You play " + std::string(G::side_names[side]) + ".";
    }
    return engine_first ? "You move second." : "You move first.";
}

// Returns 0 when the game ends or the person quits.
template <NotatedGame G>
int play_session(G game, const PlaySettings& settings, std::istream& in, std::ostream& out) {
    using Move = typename G::Move;
    // The human plays the side that moves first from the given position unless
    // the engine starts.
    const bool human_moves_at_even_plies = !settings.engine_first;
    std::vector<Move> history;
    auto is_human_ply = [&](std::size_t ply) { return (ply % 2 == 0) == human_moves_at_even_plies; };
    auto human_to_move = [&] { return is_human_ply(history.size()); };

    // One engine for the whole game: its hash table carries over between moves.
    engine::Engine<G> engine;
    bool show_info = settings.show_info;
    engine.on_report = [&](const engine::Report<Move>& r) {
        // Only completed iterations; aspiration re-searches are partial lines.
        if (show_info && r.bound == engine::Bound::Exact) out << play_info_line(game, r) << "\n" << std::flush;
    };
    const auto limits = play_limits<Move>(settings);
    // " (score +35, depth 9, 12345 nodes)"; a search stopped before its first
    // iteration has no score worth showing.
    auto summary = [](const engine::Result<Move>& r) {
        std::string s = " (";
        if (r.depth > 0) s += "score " + describe::score_text<G>(r.score) + ", depth " + std::to_string(r.depth) + ", ";
        return s + std::to_string(r.nodes) + " nodes)";
    };

    // Monte Carlo tree search instead: one searcher for the game, its tree reused.
    std::optional<mcts::ParallelSearcher<G>> monte_carlo;
    if (settings.mcts) monte_carlo.emplace();
    // The engine's move for `g`, and how it was found.
    auto choose = [&](const G& g) -> std::pair<std::optional<Move>, std::string> {
        if (!monte_carlo) {
            const auto r = engine.think(g, limits);
            return {r.best, summary(r)};
        }
        mcts::Limits l;
        if (limits.move_time) l.time = *limits.move_time;
        const auto r = monte_carlo->search(g, l);
        std::ostringstream s;
        s << " (mean " << std::lround(r.mean * 100) << "%, " << r.iterations << " iterations)";
        return {r.best, s.str()};
    };

    const std::string hint(describe::move_hint<G>());
    out << "Moves in " << G::name << " notation" << (hint.empty() ? "" : " (" + hint + ")")
        << "; also: undo, hint, info, moves, help, quit.\n"
        << your_side_text(game, settings.engine_first) << "\n";
    bool board_changed = true;  // redraw only after a move or an undo, not after every command
    while (true) {
        const Outcome o = game.outcome();
        // One board a turn: the person's move is drawn with the engine's reply.
        if (board_changed && (human_to_move() || is_over(o))) {
            out << "\n" << game.render();
            board_changed = false;
        }
        if (is_over(o)) {
            out << game_over_text(game, o, human_to_move()) << "\n";
            return 0;
        }
        if (!human_to_move()) {
            const auto [best, how] = choose(game);
            if (!best) {  // cannot happen while the game is on (Game contract)
                out << "The engine has no move.\n";
                return 0;
            }
            out << "Engine plays " << describe::display_move(game, *best) << how << "\n";
            game.make(*best);
            history.push_back(*best);
            board_changed = true;
            continue;
        }
        out << "Your move: " << std::flush;
        std::string line;
        if (!std::getline(in, line)) {
            out << "\nEnd of input: game abandoned.\n";
            return 0;
        }
        line = trim(line);
        if (line.empty()) continue;
        // Commands are matched in any case; moves are not (SAN's b and B differ).
        const std::string command = lowercase(line);
        if (command == "quit" || command == "exit") {
            out << "Bye.\n";
            return 0;
        }
        if (command == "help") {
            out << "Type a move in " << G::name << " notation, or:\n"
                << "  undo   take back your last move and the engine's reply\n"
                << "  hint   ask the engine for a move\n"
                << "  info   show or hide the engine's search lines\n"
                << "  moves  list the legal moves\n"
                << "  quit   leave the game\n";
            continue;
        }
        if (command == "info") {
            show_info = !show_info;
            out << (show_info ? "Search info on (scores from the engine's side).\n" : "Search info off.\n");
            continue;
        }
        if (command == "moves") {
            MoveListOf<G> moves;
            game.generate_moves(moves);
            std::string list;
            for (const auto& m : moves) list += (list.empty() ? "" : " ") + describe::display_move(game, m);
            out << "Legal moves: " << list << "\n";
            continue;
        }
        if (command == "hint") {
            const auto [best, how] = choose(game);
            if (best) out << "Hint: " << describe::display_move(game, *best) << how << "\n";
            continue;
        }
        if (command == "undo") {
            // Take back the person's last move and the engine's reply to it.
            std::size_t keep = history.size();
            while (keep > 0 && !is_human_ply(keep - 1)) --keep;
            if (keep == 0) {
                out << "Nothing to undo.\n";
                continue;
            }
            for (--keep; history.size() > keep; history.pop_back()) game.unmake(history.back());
            board_changed = true;
            continue;
        }
        try {
            const Move m = game.parse_move(line);
            game.make(m);
            history.push_back(m);
            board_changed = true;
        } catch (const ParseError& e) {
            out << "Illegal move: " << e.what() << " (type 'moves' for the legal moves, 'help' for commands)\n";
        } catch (const std::exception& e) {
            // Whatever a parser throws, the game goes on.
            out << "Illegal move '" << line << "': " << e.what() << "\n";
        }
    }
}

}  // namespace ply::cli
