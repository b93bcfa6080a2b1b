// What the classic searches share: the result they return, the principal
// variation table, node counting and the scoring of leaves.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include <ply/core/game.hpp>

namespace ply::classic {

template <class Move>
struct SearchResult {
    Score score = 0;               // for the side to move at the root
    std::optional<Move> best;      // none when the root is over or depth is 0
    std::vector<Move> pv;          // principal variation, starting with best
    std::uint64_t nodes = 0;       // positions visited, root included
    std::uint64_t leaves = 0;      // positions scored without expanding them
    std::uint64_t researches = 0;  // windows searched again (PVS, MTD(f), BNS)
    bool aborted = false;          // a deadline stopped the search; score is unusable
};

// Triangular PV table: line(ply) is the best line found from the node at `ply`.
template <class Move>
class PvTable {
public:
    PvTable() : lines_(kMaxPly + 1) {}
    void clear(int ply) { lines_[static_cast<std::size_t>(ply)].length = 0; }
    // The line at `ply` becomes `m` followed by the line at ply + 1.
    void update(int ply, Move m) {
        auto& line = lines_[static_cast<std::size_t>(ply)];
        const auto& child = lines_[static_cast<std::size_t>(ply) + 1];
        line.moves[0] = m;
        std::copy_n(child.moves.begin(), child.length, line.moves.begin() + 1);
        line.length = child.length + 1;
    }
    [[nodiscard]] std::vector<Move> line(int ply) const {
        std::vector<Move> out;
        copy_line(ply, out);
        return out;
    }
    // line(ply) into `out`, whose storage is reused (no allocation once it is big enough).
    void copy_line(int ply, std::vector<Move>& out) const {
        const auto& l = lines_[static_cast<std::size_t>(ply)];
        out.assign(l.moves.begin(), l.moves.begin() + l.length);
    }

private:
    struct Line {
        std::array<Move, kMaxPly + 1> moves{};
        int length = 0;
    };
    std::vector<Line> lines_;
};

// Optional wall-clock limit, or a flag another thread sets to stop the
// search, polled every few thousand nodes.
class Deadline {
public:
    Deadline() = default;
    explicit Deadline(std::chrono::steady_clock::time_point at) : at_(at) {}
    static Deadline after(std::chrono::duration<double> d) {
        return Deadline(std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(d));
    }
    static Deadline when_set(const std::atomic<bool>& stop) {
        Deadline d;
        d.stop_ = &stop;
        return d;
    }
    [[nodiscard]] bool expired(std::uint64_t nodes) const {
        if ((nodes & 4095) != 0) return false;
        return (at_ && std::chrono::steady_clock::now() >= *at_) || (stop_ && stop_->load(std::memory_order_relaxed));
    }

private:
    std::optional<std::chrono::steady_clock::time_point> at_;
    const std::atomic<bool>* stop_ = nullptr;
};

// How a node's search ended, as an observer is told.
enum class Exit {
    Leaf,     // scored without expanding (game over or depth used up)
    Exact,    // every child searched, the value lies inside the window
    FailLow,  // every child searched, none reached alpha
    Cutoff,   // a child reached beta: the children after it are pruned
    Memory,   // bounds stored by an earlier pass settled the node (MTD(f))
};

// What a classic search tells an observer (the tracer, the tree drawer).
// Windows and values are side-relative, as negamax sees them; `ply` is the
// distance from the root. The default observes nothing and costs nothing.
struct NoObserver {
    // A new pass of a driver over the root: MTD(f)'s null windows, BNS's
    // tests, an iteration of iterative deepening (`iteration` > 0 then).
    void pass([[maybe_unused]] int iteration, [[maybe_unused]] Score alpha, [[maybe_unused]] Score beta) {}
    // The search enters the child `index` (from 0) of the node at `ply`.
    void child([[maybe_unused]] int ply, [[maybe_unused]] std::size_t index) {}
    void enter([[maybe_unused]] int ply, [[maybe_unused]] Score alpha, [[maybe_unused]] Score beta) {}
    void leave([[maybe_unused]] int ply, [[maybe_unused]] Score value, [[maybe_unused]] Exit how) {}
    // PVS: the null-window scout of child `index` failed high; it is searched again.
    void research([[maybe_unused]] int ply, [[maybe_unused]] std::size_t index) {}
};

// No search may go past kMaxPly plies from the root.
constexpr int clamp_depth(int depth) { return std::clamp(depth, 0, kMaxPly - 1); }

// The side-relative value of a node that is not expanded (the game is over or
// the depth is used up), or nothing when the node must be searched.
template <Game G>
std::optional<Score> leaf_score(const G& game, int depth, int ply) {
    const Outcome o = game.outcome();
    if (is_over(o)) return terminal_score(o, ply, o == Outcome::Scored ? Score(game.evaluate()) : 0);
    if (depth <= 0 || ply >= kMaxPly - 1) return Score(game.evaluate());
    return std::nullopt;
}

}  // namespace ply::classic
