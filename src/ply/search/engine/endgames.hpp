// The endgame databases (search/retro) as the production search probes
// them: below the root, a position the tables hold ends the node with its
// exact value, a database win in n plies scored as a mate n plies on. The
// root is searched as usual, so its moves are ranked by those exact values:
// the fastest win, the longest resistance.
#pragma once

#include <algorithm>
#include <optional>

#include <ply/core/game.hpp>
#include <ply/core/score.hpp>
#include <ply/core/slices.hpp>
#include <ply/search/retro/table_set.hpp>

namespace ply::engine {

// Capped so that a long win still scores as a mate, never as an evaluation.
inline Score database_score(const retro::Value& v, int ply) {
    const int plies = std::min(ply + v.plies, kMaxPly - 1);
    switch (v.result) {
        case Outcome::Win:
            return mate_in_plies(plies);
        case Outcome::Loss:
            return mated_in_plies(plies);
        default:
            return 0;
    }
}

template <Game G>
class Endgames {
public:
    struct Tables;  // none for a game without slices
    void set(Tables*) {}
    std::optional<Score> score(const G&, int) const { return std::nullopt; }
};

template <SlicedGame G>
class Endgames<G> {
public:
    using Tables = retro::TableSet<G>;
    // nullptr: none. The tables must outlive every search that uses them.
    void set(retro::TableSet<G>* tables) { tables_ = tables; }

    std::optional<Score> score(const G& game, int ply) const {
        if (!tables_) return std::nullopt;
        try {
            if (const auto v = tables_->probe(game)) return database_score(*v, ply);
        } catch (const retro::TableError&) {
            // A damaged file is never trusted: the search goes on without it.
        }
        return std::nullopt;
    }

private:
    retro::TableSet<G>* tables_ = nullptr;
};

}  // namespace ply::engine
