// Small sorting helpers shared by the searches.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <optional>
#include <utility>

#include <ply/core/game.hpp>

namespace ply {

// A stable sort by insertion, which never allocates (std::stable_sort takes
// a buffer from the heap on every call): root moves are few, and sorting
// them after every probe of a short solve cost it more than a hundred nodes.
template <class It, class Before>
void insertion_sort(It first, It last, Before before) {
    for (It i = first; i != last; ++i)
        for (It j = i; j != first && before(*j, *std::prev(j)); --j) std::iter_swap(j, std::prev(j));
}

// Hands out a node's moves by score, best first, one selection step at a
// time: a cutoff after the first few moves leaves the rest unsorted. Ties
// keep the earlier move. The searcher fills `scores` beside `moves`.
template <Game G>
struct MovePicker {
    explicit MovePicker(MoveListOf<G>& list) : moves(list) {}  // the scores are the searcher's to write

    MoveListOf<G>& moves;
    std::array<int, G::max_moves> scores;
    std::size_t next = 0;

    std::optional<typename G::Move> pick() {
        if (next >= moves.size()) return std::nullopt;
        std::size_t best = next;
        for (std::size_t i = next + 1; i < moves.size(); ++i)
            if (scores[i] > scores[best]) best = i;
        std::swap(moves[best], moves[next]);
        std::swap(scores[best], scores[next]);
        return moves[next++];
    }
};

}  // namespace ply
