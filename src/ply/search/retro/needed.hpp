// The slices a build for one slice must make: every slice its positions can
// lead into, in the order slices() gives them (dependencies first).
#pragma once

#include <algorithm>
#include <set>
#include <vector>

#include <ply/core/slices.hpp>

namespace ply::retro {

// Without the game's successors(), every slice of as many pieces or fewer.
template <SlicedGame G>
std::vector<SliceOf<G>> slices_needed(const SliceOf<G>& root) {
    std::vector<SliceOf<G>> order = SliceIndex<G>::slices(SliceIndex<G>::pieces(root));
    if constexpr (SuccessorSlicesGame<G>) {
        std::set<SliceOf<G>> seen{root};
        std::vector<SliceOf<G>> todo{root};
        while (!todo.empty()) {
            const auto s = todo.back();
            todo.pop_back();
            for (const auto& next : SliceIndex<G>::successors(s))
                if (seen.insert(next).second) todo.push_back(next);
        }
        std::erase_if(order, [&](const SliceOf<G>& s) { return !seen.contains(s); });
    }
    return order;
}

}  // namespace ply::retro
