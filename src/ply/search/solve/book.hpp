// Positions solved in advance (an opening book for solving): while solving,
// the search answers a position it finds here with the stored value instead
// of searching it. Keyed by the game's hash; values are exact and relative
// to the position (a mate counts plies from it, as in the table).
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <optional>
#include <unordered_map>

#include <ply/core/score.hpp>

namespace ply::solve {

class SolvedBook {
public:
    // `plies_left`: the position's max_plies_left(); the search looks a
    // position up only when its own count lies in the book's range, so
    // nodes far from the book's depth pay nothing.
    void add(std::uint64_t key, Score value, int plies_left) {
        values_[key] = value;
        min_plies_left_ = std::min(min_plies_left_, plies_left);
        max_plies_left_ = std::max(max_plies_left_, plies_left);
    }

    [[nodiscard]] bool may_hold(int plies_left) const {
        return plies_left >= min_plies_left_ && plies_left <= max_plies_left_;
    }

    [[nodiscard]] std::optional<Score> find(std::uint64_t key) const {
        const auto it = values_.find(key);
        if (it == values_.end()) return std::nullopt;
        return it->second;
    }

    [[nodiscard]] std::size_t size() const { return values_.size(); }

private:
    std::unordered_map<std::uint64_t, Score> values_;
    int min_plies_left_ = INT_MAX;
    int max_plies_left_ = INT_MIN;
};

}  // namespace ply::solve
