// Small sorting helpers shared by the searches.
#pragma once

#include <algorithm>
#include <iterator>

namespace ply {

// A stable sort by insertion, which never allocates (std::stable_sort takes
// a buffer from the heap on every call): root moves are few, and sorting
// them after every probe of a short solve cost it more than a hundred nodes.
template <class It, class Before>
void insertion_sort(It first, It last, Before before) {
    for (It i = first; i != last; ++i)
        for (It j = i; j != first && before(*j, *std::prev(j)); --j) std::iter_swap(j, std::prev(j));
}

}  // namespace ply
