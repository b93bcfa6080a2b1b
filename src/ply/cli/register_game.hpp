// A game's commands, compiled for it: include this in the one translation
// unit that registers the game (cli/registry.hpp shows how).
#pragma once

#include <ply/cli/analyse.hpp>
#include <ply/cli/book.hpp>
#include <ply/cli/compare.hpp>
#include <ply/cli/egtb.hpp>
#include <ply/cli/game_commands.hpp>
#include <ply/cli/matrix_tree.hpp>
#include <ply/cli/moves.hpp>
#include <ply/cli/perft.hpp>
#include <ply/cli/play.hpp>
#include <ply/cli/registry.hpp>
#include <ply/cli/search.hpp>
#include <ply/cli/solve.hpp>
#include <ply/core/describe.hpp>
#include <ply/tools/arena/game_support_for.hpp>
#include <ply/web/game_api_for.hpp>

namespace ply::cli {

template <NotatedGame G>
GameCommands make_commands() {
    GameCommands c;
    c.name = G::name;
    c.summary = describe::summary<G>();
    c.search = &run_search<G>;
    c.play = &run_play<G>;
    c.moves = &run_moves<G>;
    c.compare = &run_compare<G>;
    c.analyse = &run_analyse<G>;
    c.solve = &run_solve<G>;
    c.perft = &run_perft<G>;
    c.book = &run_book<G>;
    c.strategic = &run_strategic_form<G>;
    if constexpr (SlicedGame<G>) c.egtb = &run_egtb<G>;
    if constexpr (arena::ArenaGame<G>) c.arena = &arena::support_for<G>;
    c.web = &web::game_api_for<G>;
    return c;
}

template <class G>
void Registry::add() {
    static_assert(NotatedGame<G>,
                  "a game for the command line needs notation too: name, from_position, position, parse_move, "
                  "move_to_string and render (core/game.hpp, NotatedGame)");
    add(make_commands<G>());
}

}  // namespace ply::cli
