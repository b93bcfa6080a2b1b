// A person against the engine, in a terminal: the board after every move
// (turned to the person's side where the game can draw it so), moves in the
// game's notation (SAN for chess), and the commands `undo`, `hint`, `info`,
// `moves`, `history`, `save FILE`, `new`, `help` and `quit`. The engine's
// moves come from the production search (engine::Engine), the same as the
// UCI engine's, or from the exact solver where a solve is quick.
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
#include <type_traits>
#include <utility>
#include <vector>

#include <ply/cli/play_record.hpp>
#include <ply/cli/play_solver.hpp>
#include <ply/core/error.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/search/mcts/parallel.hpp>
#include <ply/tools/lines.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

struct PlaySettings {
    int depth = 8;                  // used when no time is given
    std::optional<double> seconds;  // per engine move: iterative deepening to the deadline
    bool engine_first = false;
    bool show_info = false;     // print the search's lines as it deepens
    bool mcts = false;          // Monte Carlo tree search for --time seconds, not the alpha-beta engine
    std::string position_file;  // --position's file, which `save` may not replace
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

inline constexpr const char* kPlayHelp =
    "  undo       take back your last move and the engine's reply\n"
    "  hint       ask the engine for a move\n"
    "  info       show or hide the engine's search lines\n"
    "  moves      list the legal moves\n"
    "  history    the moves played so far\n"
    "  save FILE  write the game to FILE (PGN for chess), whole or not at all\n"
    "  new        start again from the same position, on the same sides\n"
    "  quit       leave the game\n";

// Returns 0 when the person quits or the input ends.
template <NotatedGame G>
int play_session(G game, const PlaySettings& settings, std::istream& in, std::ostream& out) {
    using Move = typename G::Move;
    const G start = game;
    // The human plays the side that moves first from the given position unless
    // the engine starts.
    const bool human_moves_at_even_plies = !settings.engine_first;
    const int person = person_side(game, settings.engine_first);
    std::vector<PlayedMove<Move>> history;
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
    const auto evaluation = [](Score score, int depth, std::uint64_t nodes) {
        arena::SearchInfo info;
        info.depth = depth;
        info.nodes = nodes;
        if (is_mate(score))
            info.mate = mate_in(score);
        else
            info.cp = score;
        return info;
    };

    // Monte Carlo tree search instead: one searcher for the game, its tree reused.
    std::optional<mcts::ParallelSearcher<G>> monte_carlo;
    if (settings.mcts) monte_carlo.emplace();
    // Perfect play first where the game solves quickly.
    constexpr auto kSolveSeconds = describe::play_solve_seconds<G>();
    using Solving = std::conditional_t<kSolveSeconds.has_value(), QuickSolver<G>, NoQuickSolver>;
    [[maybe_unused]] Solving solving = [&] {
        if constexpr (kSolveSeconds.has_value())
            return QuickSolver<G>(std::min(*kSolveSeconds, settings.seconds.value_or(*kSolveSeconds)));
        else
            return NoQuickSolver{};
    }();
    // The engine's move for `g`, how it was found, and its evaluation.
    struct Choice {
        std::optional<Move> best;
        std::string how;
        arena::SearchInfo info;
    };
    auto choose = [&](const G& g) -> Choice {
        if constexpr (kSolveSeconds.has_value()) {
            if (const auto found = solving.best(g))
                return {found->move,
                        " (solved: " + describe::score_text<G>(found->score) + ", " + std::to_string(found->nodes) +
                            " nodes)",
                        evaluation(found->score, 0, found->nodes)};
        }
        if (!monte_carlo) {
            const auto r = engine.think(g, limits);
            return {r.best, summary(r), evaluation(r.score, r.depth, r.nodes)};
        }
        mcts::Limits l;
        if (limits.move_time) l.time = *limits.move_time;
        const auto r = monte_carlo->search(g, l);
        std::ostringstream s;
        s << " (mean " << std::lround(r.mean * 100) << "%, " << r.iterations << " iterations)";
        return {r.best, s.str(), {}};
    };

    const std::string hint(describe::move_hint<G>());
    out << "Moves in " << G::name << " notation" << (hint.empty() ? "" : " (" + hint + ")")
        << "; also: undo, hint, info, moves, history, save FILE, new, help, quit.\n"
        << your_side_text(game, settings.engine_first) << "\n";
    bool board_changed = true;  // redraw only after a move or an undo, not after every command
    bool announced = false;     // the end of the game is said once
    Stopwatch turn;             // the person's thinking time
    while (true) {
        const Outcome o = game.outcome();
        // One board a turn: the person's move is drawn with the engine's reply.
        if (board_changed && (human_to_move() || is_over(o))) {
            out << "\n" << board_for(game, person);
            board_changed = false;
            turn = Stopwatch{};
        }
        if (is_over(o) && !announced) {
            out << game_over_text(game, o, human_to_move()) << "\n"
                << "Type new for another game, save FILE to keep this one, undo, or quit.\n";
            announced = true;
        }
        if (!is_over(o) && !human_to_move()) {
            const Stopwatch thinking;
            const Choice c = choose(game);
            if (!c.best) {  // cannot happen while the game is on (Game contract)
                out << "The engine has no move.\n";
                return 0;
            }
            out << "Engine plays " << describe::display_move(game, *c.best) << c.how << "\n";
            game.make(*c.best);
            history.push_back({*c.best, thinking.seconds(), c.info});
            board_changed = true;
            continue;
        }
        out << (is_over(o) ? "> " : "Your move: ") << std::flush;
        std::string line;
        if (!std::getline(in, line)) {
            out << (is_over(o) ? "\n" : "\nEnd of input: game abandoned.\n");
            return 0;
        }
        line = std::string(trim(line));
        if (line.empty()) continue;
        // Commands are matched in any case; moves are not (SAN's b and B differ).
        const std::string command = lower(line);
        if (command == "quit" || command == "exit") {
            out << "Bye.\n";
            return 0;
        }
        if (command == "help") {
            out << "Type a move in " << G::name << " notation, or:\n" << kPlayHelp;
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
            out << (list.empty() ? "No legal moves: the game is over.\n" : "Legal moves: " + list + "\n");
            continue;
        }
        if (command == "history") {
            const std::string text = moves_text(start, history);
            out << (text.empty() ? "No moves yet.\n" : "Moves: " + text + "\n");
            continue;
        }
        if (command == "save" || command.starts_with("save ")) {
            const std::string path(trim(std::string_view(line).substr(4)));
            if (path.empty()) {
                out << "Save to which file? Type save FILE.\n";
                continue;
            }
            out << save_game<G>(path, play_record(start, history, person), settings.position_file) << "\n";
            continue;
        }
        if (command == "new") {
            game = start;
            history.clear();
            engine.clear();  // a new game: the old one's table goes
            if (monte_carlo) monte_carlo.emplace();
            out << "New game. " << your_side_text(game, settings.engine_first) << "\n";
            board_changed = true;
            announced = false;
            continue;
        }
        if (command == "hint") {
            if (is_over(o)) {
                out << "The game is over.\n";
                continue;
            }
            const Choice c = choose(game);
            if (c.best) out << "Hint: " << describe::display_move(game, *c.best) << c.how << "\n";
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
            for (--keep; history.size() > keep; history.pop_back()) game.unmake(history.back().move);
            board_changed = true;
            announced = false;
            continue;
        }
        if (is_over(o)) {
            out << "The game is over: type new, undo, save FILE, history or quit.\n";
            continue;
        }
        try {
            const Move m = game.parse_move(line);
            game.make(m);
            history.push_back({m, turn.seconds(), {}});
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
