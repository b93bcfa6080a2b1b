// The endgame databases as the forward searches probe them, or nothing for
// a game without slices. The production engine ends a node below the root
// at its exact value, a database win in n plies scored as a mate n plies on
// (the root is searched as usual, so its moves are ranked by those values:
// the fastest win, the longest resistance); MCTS takes them as proofs.
#pragma once

#include <algorithm>
#include <optional>

#include <ply/core/game.hpp>
#include <ply/core/score.hpp>
#include <ply/core/slices.hpp>
#include <ply/search/retro/table_set.hpp>

namespace ply::retro {

// Capped so that a long win still scores as a mate, never as an evaluation.
inline Score database_score(const Value& v, int ply) {
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
    std::optional<Value> value(const G&) const { return std::nullopt; }
    std::optional<Score> score(const G&, int) const { return std::nullopt; }
};

template <SlicedGame G>
class Endgames<G> {
public:
    using Tables = TableSet<G>;
    // nullptr: none. The tables must outlive every search that uses them.
    void set(retro::TableSet<G>* tables) { tables_ = tables; }

    std::optional<Value> value(const G& game) const {
        if (!tables_) return std::nullopt;
        try {
            return tables_->probe(game);
        } catch (const TableError&) {
            return std::nullopt;  // a damaged file is never trusted: the search goes on without it
        }
    }
    std::optional<Score> score(const G& game, int ply) const {
        const auto v = value(game);
        return v ? std::optional(database_score(*v, ply)) : std::nullopt;
    }

private:
    TableSet<G>* tables_ = nullptr;
};

}  // namespace ply::retro
