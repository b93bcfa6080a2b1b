// `ply solve` for a game with a solver of its own (core/game_solver.hpp:
// checkers): the value it proves, or "unknown" with the reason, and the
// rules the value holds under.
#pragma once

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <ply/cli/endgame_tables.hpp>
#include <ply/cli/interrupt.hpp>
#include <ply/cli/positions.hpp>
#include <ply/cli/solve_batch.hpp>
#include <ply/cli/solve_watch.hpp>
#include <ply/core/game_solver.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

template <NotatedGame G>
void print_own_solution(const G& game, const GameSolution<typename G::Move>& r, double seconds, bool json) {
    const bool known = r.result != Outcome::Ongoing;
    std::vector<std::string> best;
    for (const auto& m : r.best_moves) best.push_back(game.move_to_string(m));
    if (json) {
        nlohmann::json j;
        j["result"] = known ? std::string(to_string(r.result)) : "unknown";
        j["complete"] = known;
        if (known) {
            j["plies"] = r.plies;
            j["best_moves"] = best;
            j["best"] = best.empty() ? nlohmann::json(nullptr) : nlohmann::json(best.front());
            j["pv"] = move_texts(game, r.pv);
        } else {
            j["why"] = r.unknown_why;
        }
        j["positions"] = r.positions;
        j["rules"] = std::string(GameSolver<G>::rules);
        j["seconds"] = seconds;
        std::cout << j.dump() << "\n";
        return;
    }
    std::cout << game.render();
    if (!known) {
        std::cout << "result:     unknown (not proven: " << r.unknown_why << ")\n";
    } else {
        std::cout << "result:     " << to_string(r.result) << " for the side to move";
        if (r.result == Outcome::Draw)
            std::cout << " (neither side can force a win)\n";
        else
            std::cout << " in " << r.plies << (r.plies == 1 ? " ply" : " plies") << "\n";
        std::cout << "best moves: " << (best.empty() ? "(none: the game is over)" : join(best)) << "\n";
        if (!r.pv.empty()) std::cout << "pv:         " << join(move_texts(game, r.pv)) << "\n";
    }
    std::cout << "positions:  " << r.positions << "\n"
              << "rules:      " << GameSolver<G>::rules << "\n"
              << "time:       " << seconds << " s\n";
}

// The values of the endgame tables in `folder` (empty: none) for the
// solver to stop at; a damaged table is passed over.
template <Game G>
KnownValues<G> known_values(const CLI::App& cmd, const std::string& folder,
                            std::shared_ptr<typename retro::Endgames<G>::Tables>& tables) {
    tables = open_endgame_tables<G>(cmd, folder);
    if (!tables) return {};
    retro::Endgames<G> endgames;
    endgames.set(tables.get());
    // Most positions of a solve have more pieces than any table: turned
    // away on their count alone, they cost the solve no probe.
    int most = 0;
    if constexpr (SlicedGame<G>)
        for (const auto& s : tables->slices_present()) most = std::max(most, SliceIndex<G>::pieces(s));
    return [endgames, most](const G& g) -> std::optional<KnownValue> {
        if constexpr (SlicedGame<G>) {
            const auto at = SliceIndex<G>::address(g);
            if (!at || SliceIndex<G>::pieces(at->slice) > most) return std::nullopt;
        }
        if (const auto v = endgames.value(g)) return KnownValue{v->result, v->plies};
        return std::nullopt;
    };
}

// --hash is the memory the solver may use (its own default without it).
// Unknown: exit 3 (as when --time stops a solve), 130 after Ctrl-C.
template <NotatedGame G>
requires OwnSolverGame<G>
void solve_own(const CLI::App& cmd, const std::optional<std::string>& position, const BatchOptions& o,
               std::optional<double> seconds, const std::string& egtb) {
    if (o.weak) usage_error(cmd, "--weak is for games of bounded length such as connect4");
    if (!o.book.empty()) usage_error(cmd, "--book is for games of bounded length such as connect4");
    if (!o.file.empty()) usage_error(cmd, "--batch needs a game whose sets publish scores (such as connect4)");
    const G game = load_position<G>(cmd, position);
    std::shared_ptr<typename retro::Endgames<G>::Tables> tables;
    const auto known = known_values<G>(cmd, egtb, tables);
    const std::size_t mb = o.hash_given ? o.hash_mb : GameSolver<G>::default_mb;
    solve::Control control;
    SolveWatch watch(control, seconds);
    const auto r = GameSolver<G>(mb).solve(
        game, [&control] { return control.stopped(); }, known);
    const double spent = watch.seconds();
    watch.finish();
    print_own_solution(game, r, spent, o.json);
    if (r.result == Outcome::Ongoing)
        exit_with(watch.stopped_by() == SolveWatch::Stop::CtrlC ? kInterrupted : kStoppedByTime);
}

}  // namespace ply::cli
