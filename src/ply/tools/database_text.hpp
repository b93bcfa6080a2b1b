// The line that shows a position's endgame database value, as `ply analyse`,
// `ply play` and the web page print it.
#pragma once

#include <string>

#include <ply/core/outcome.hpp>
#include <ply/core/slices.hpp>
#include <ply/search/retro/table_format.hpp>

namespace ply {

// "database win in 19 plies" (for the side to move), or "" where no table
// holds the position or a table it needs is unusable: the search goes on
// without it.
template <Game G, class Tables>
std::string database_text(Tables* tables, const G& position) {
    if constexpr (SlicedGame<G>) {
        if (!tables) return {};
        try {
            const auto v = tables->probe(position);
            if (!v) return {};
            if (v->result == Outcome::Draw) return "database draw";
            return "database " + std::string(to_string(v->result)) + " in " + std::to_string(v->plies) +
                   (v->plies == 1 ? " ply" : " plies");
        } catch (const retro::TableError&) {
            return {};
        }
    }
    return {};
}

}  // namespace ply
