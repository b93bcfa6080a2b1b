// A toy game for the endgame databases (search/retro): two tokens on a ring
// of 12 cells, one a side; a move advances the mover's token 1, 5 or 9
// cells; landing on the other token takes it, and a side without a token has
// lost. Play can circle for ever: draws exist. Two slices, symmetries folded:
// 2 tokens (indexed by the distance from the mover's token to the other's,
// the rotation and the colours folded) and 1 token.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/core/slices.hpp>

namespace ply::test {

struct RingChase {
    using Move = int;
    static constexpr std::size_t max_moves = 3;
    static constexpr int cells = 12;
    std::array<int, 2> at{0, 6};  // -1: taken
    int side = 0;

    void generate_moves(MoveListOf<RingChase>& list) const {
        if (outcome() != Outcome::Ongoing) return;
        for (int step : {1, 5, 9}) list.push_back(step);
    }
    void make(Move step) {
        taken_ = -1;
        at[side] = (at[side] + step) % cells;
        if (at[side] == at[1 - side]) {
            taken_ = at[1 - side];
            at[1 - side] = -1;
        }
        side = 1 - side;
    }
    void unmake(Move step) {
        side = 1 - side;
        if (taken_ >= 0) at[1 - side] = taken_;
        at[side] = (at[side] - step + cells) % cells;
        taken_ = -1;
    }
    [[nodiscard]] Outcome outcome() const {
        if (at[side] < 0) return Outcome::Loss;
        if (at[1 - side] < 0) return Outcome::Win;
        return Outcome::Ongoing;
    }
    [[nodiscard]] Score evaluate() const { return 0; }

private:
    int taken_ = -1;  // one level of undo is all negamax needs between make and unmake
};

}  // namespace ply::test

template <>
struct ply::SliceIndex<ply::test::RingChase> {
    using RingChase = ply::test::RingChase;
    using Slice = int;
    static std::vector<int> slices(int pieces) {
        std::vector<int> out;
        for (int p = 1; p <= std::min(pieces, 2); ++p) out.push_back(p);
        return out;
    }
    static std::string name(int s) { return std::to_string(s); }
    static std::optional<int> parse(std::string_view text) {
        if (text == "1" || text == "2") return text[0] - '0';
        return std::nullopt;
    }
    static int pieces(int s) { return s; }
    static std::uint64_t size(int s) { return s == 2 ? RingChase::cells - 1 : 2; }
    static bool position(int s, std::uint64_t index, RingChase& out) {
        out = RingChase{};
        if (s == 1) {
            out.at = {index == 0 ? 0 : -1, index == 0 ? -1 : 0};
            return true;
        }
        out.at = {0, int(index) + 1};
        return true;
    }
    // The other side's token came 1, 5 or 9 cells round, from a cell that
    // was not the mover's (that move took nothing); slice 1 has no moves.
    static void unmoves(int s, const RingChase& g, std::vector<std::uint64_t>& out) {
        if (s != 2) return;
        const int theirs = g.at[1 - g.side], mine = g.at[g.side];
        for (int step : {1, 5, 9}) {
            const int before = (theirs - step + RingChase::cells) % RingChase::cells;
            if (before != mine) out.push_back(std::uint64_t((mine - before + RingChase::cells) % RingChase::cells - 1));
        }
    }
    static std::optional<ply::SliceAddress<int>> address(const RingChase& g) {
        const int mine = g.at[g.side], theirs = g.at[1 - g.side];
        if (mine < 0 || theirs < 0) return ply::SliceAddress<int>{1, mine < 0 ? 1u : 0u};
        return ply::SliceAddress<int>{2, std::uint64_t((theirs - mine + RingChase::cells) % RingChase::cells - 1)};
    }
};

static_assert(ply::SlicedGame<ply::test::RingChase>);
