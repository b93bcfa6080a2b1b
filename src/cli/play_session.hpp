// A person against the engine, in a terminal: the board after every move,
// moves in the game's notation, `undo`, `hint` and `quit`.
#pragma once

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/algorithms.hpp"
#include "cli/report.hpp"
#include "core/error.hpp"

namespace ply::cli {

struct PlaySettings {
    int depth = 8;                  // used when no time is given
    std::optional<double> seconds;  // per engine move: iterative deepening to the deadline
    bool engine_first = false;
};

template <NotatedGame G>
classic::SearchResult<typename G::Move> engine_think(const G& game, const PlaySettings& s) {
    if (!s.seconds) return classic::alphabeta(game, s.depth);
    const auto deadline = classic::Deadline::after(std::chrono::duration<double>(*s.seconds));
    auto best = classic::alphabeta(game, 1);
    for (int depth = 2; depth < kMaxPly; ++depth) {
        auto r = classic::alphabeta(game, depth, {.deadline = deadline});
        if (r.aborted) break;
        best = r;
        if (is_mate(r.score)) break;  // nothing deeper to find
    }
    return best;
}

inline std::string trim(std::string s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// Returns 0 when the game ends or the person quits.
template <NotatedGame G>
int play_session(G game, const PlaySettings& settings, std::istream& in, std::ostream& out) {
    // The human plays the side that moves first from the given position unless
    // the engine starts.
    const bool human_moves_at_even_plies = !settings.engine_first;
    std::vector<typename G::Move> history;
    auto is_human_ply = [&](std::size_t ply) { return (ply % 2 == 0) == human_moves_at_even_plies; };
    auto human_to_move = [&] { return is_human_ply(history.size()); };

    out << "Moves in " << G::name << " notation; also: undo, hint, quit.\n";
    while (true) {
        out << "\n" << game.render();
        const Outcome o = game.outcome();
        if (is_over(o)) {
            if (o == Outcome::Draw) {
                out << "Draw.\n";
            } else {
                // Win/Loss are for the side to move; Scored leaves carry a value.
                Score s = terminal_score(o, 0, o == Outcome::Scored ? Score(game.evaluate()) : 0);
                if (!human_to_move()) s = -s;
                out << (s > 0 ? "You win.\n" : s < 0 ? "The engine wins.\n" : "Draw.\n");
            }
            return 0;
        }
        if (!human_to_move()) {
            const auto r = engine_think(game, settings);
            out << "Engine plays " << game.move_to_string(*r.best) << " (score " << describe_score(r.score)
                << ", " << r.nodes << " nodes)\n";
            game.make(*r.best);
            history.push_back(*r.best);
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
        if (line == "quit" || line == "exit") {
            out << "Bye.\n";
            return 0;
        }
        if (line == "hint") {
            const auto r = engine_think(game, settings);
            out << "Hint: " << game.move_to_string(*r.best) << " (score " << describe_score(r.score) << ")\n";
            continue;
        }
        if (line == "undo") {
            // Take back the person's last move and the engine's reply to it.
            std::size_t keep = history.size();
            while (keep > 0 && !is_human_ply(keep - 1)) --keep;
            if (keep == 0) {
                out << "Nothing to undo.\n";
                continue;
            }
            for (--keep; history.size() > keep; history.pop_back()) game.unmake(history.back());
            continue;
        }
        try {
            const auto m = game.parse_move(line);
            game.make(m);
            history.push_back(m);
        } catch (const ParseError& e) {
            out << "Illegal move: " << e.what() << "\n";
        }
    }
}

}  // namespace ply::cli
