#include <ply/games/checkers/solve.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <ply/games/checkers/bitboard.hpp>

namespace ply {
namespace {

using checkers::Checkers;
using checkers::bitboard::Board;

struct State {
    std::uint32_t black, white, kings, white_to_move;
    friend bool operator==(const State&, const State&) = default;
};

State state_of(const Checkers& g) {
    return {g.pieces(checkers::Black), g.pieces(checkers::White), g.kings(),
            g.side_to_move() == checkers::White ? 1u : 0u};
}

std::uint64_t mix(const State& s) {
    std::uint64_t x = (std::uint64_t{s.black} << 32 | s.white) * 0x9E3779B97F4A7C15ULL;
    x ^= (std::uint64_t{s.kings} << 1 | s.white_to_move) * 0xC2B2AE3D27D4EB4FULL;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ULL;
    return x ^ (x >> 32);
}

enum Kind : std::uint8_t { Unknown, Won, Lost };  // for the side to move

// Every position reachable from a root, its moves as edges, and each
// position's value once solve() has run.
class Graph {
public:
    Graph(std::size_t budget_bytes, const std::function<bool()>& stopped, const KnownValues<Checkers>& known)
        : budget_(std::min(budget_bytes, kMostBytes)), stopped_(stopped), known_(known) {}

    // Finds every position reachable from `root`; false if they do not fit
    // in the budget or the solve was stopped (`why` says which).
    bool explore(const State& root, std::string& why) {
        index_.assign(1 << 16, kEmpty);
        add(root);
        offsets_.push_back(0);
        for (std::uint32_t i = 0; i < states_.size(); ++i) {
            if ((i & 4095) == 0 && stopped_()) return (why = "stopped"), false;
            if (bytes() > budget_) {
                why = "more than " + std::to_string(states_.size()) + " positions reachable: beyond the " +
                      std::to_string(budget_ >> 20) + " MB given (--hash)";
                return false;
            }
            const State s = states_[i];
            if (i > 0 && ends_known(i)) {
                offsets_.push_back(static_cast<std::uint32_t>(edges_.size()));
                continue;
            }
            const Board b{{s.black, s.white}, s.kings};
            const auto found = [&](std::uint32_t from, std::uint32_t to, std::uint32_t taken) {
                const int us = static_cast<int>(s.white_to_move);
                const Board n = us == 0 ? checkers::bitboard::after<0>(b, from, to, taken)
                                        : checkers::bitboard::after<1>(b, from, to, taken);
                edges_.push_back(add({n.pieces[0], n.pieces[1], n.kings, 1 - s.white_to_move}));
            };
            if (s.white_to_move)
                checkers::bitboard::each_move<1>(b, found);
            else
                checkers::bitboard::each_move<0>(b, found);
            offsets_.push_back(static_cast<std::uint32_t>(edges_.size()));
        }
        return true;
    }

    // The retrograde pass, by rising distance: a position is settled from
    // its successors as soon as they say enough. The known positions enter
    // at their own distance (a known draw never settles: it stays a draw).
    bool solve() {
        const std::size_t n = states_.size();
        kind_.assign(n, Unknown);
        plies_.assign(n, 0);
        std::vector<std::uint16_t> open(n);                   // moves not yet known to lead to a win for the opponent
        std::vector<std::vector<std::uint32_t>> by_plies(1);  // the settled positions, by distance
        std::vector<bool> leaf(n);
        for (const auto& [i, value] : leaves_) {
            leaf[i] = true;
            if (value.result == Outcome::Draw) continue;
            kind_[i] = value.result == Outcome::Win ? Won : Lost;
            plies_[i] = static_cast<std::uint16_t>(value.plies);
            by_plies.resize(std::max<std::size_t>(by_plies.size(), plies_[i] + 1));
            by_plies[plies_[i]].push_back(i);
        }
        for (std::uint32_t i = 0; i < n; ++i) {
            open[i] = static_cast<std::uint16_t>(offsets_[i + 1] - offsets_[i]);
            if (open[i] == 0 && !leaf[i]) {
                kind_[i] = Lost;
                by_plies[0].push_back(i);
            }
        }
        const auto parents = reverse_edges();
        std::size_t done = 0;
        for (std::size_t d = 0; d < by_plies.size(); ++d) {
            for (std::size_t next = 0; next < by_plies[d].size(); ++next) {
                if ((++done & 4095) == 0 && stopped_()) return false;
                const std::uint32_t child = by_plies[d][next];
                for (std::uint32_t e = parents.offsets[child]; e < parents.offsets[child + 1]; ++e) {
                    const std::uint32_t p = parents.sources[e];
                    if (kind_[p] != Unknown || leaf[p]) continue;
                    if (kind_[child] == Lost) {
                        kind_[p] = Won;  // the first is the quickest: distances rise
                    } else if (--open[p] > 0) {
                        continue;
                    } else {
                        kind_[p] = Lost;  // the last is the slowest
                    }
                    plies_[p] = static_cast<std::uint16_t>(d + 1);
                    if (by_plies.size() == d + 1) by_plies.emplace_back();
                    by_plies[d + 1].push_back(p);
                }
            }
            std::vector<std::uint32_t>().swap(by_plies[d]);
        }
        return true;
    }

    // The value of a position, for its side to move: the graph's, else
    // (past a known position) the known values' or the game's end; nullopt
    // where neither knows it.
    [[nodiscard]] std::optional<std::pair<Kind, int>> value(const State& s) const {
        if (const std::uint32_t i = find(s); i != kEmpty) return std::pair<Kind, int>{kind_[i], plies_[i]};
        const Checkers g = game_of(s);
        if (is_over(g.outcome())) return std::pair<Kind, int>{Lost, 0};
        const auto v = known_ ? known_(g) : std::nullopt;
        if (!v) return std::nullopt;
        return std::pair<Kind, int>{v->result == Outcome::Win    ? Won
                                    : v->result == Outcome::Loss ? Lost
                                                                 : Unknown,
                                    v->plies};
    }
    [[nodiscard]] std::size_t size() const { return states_.size(); }

private:
    static Checkers game_of(const State& s) {
        Checkers g;
        g.set_board(s.black, s.white, s.kings, s.white_to_move ? checkers::White : checkers::Black);
        return g;
    }

    // Whether the known values hold position i's: then the graph ends there.
    bool ends_known(std::uint32_t i) {
        if (!known_) return false;
        const auto v = known_(game_of(states_[i]));
        if (!v || v->plies < 0 || v->plies >= std::numeric_limits<std::uint16_t>::max()) return false;
        leaves_.emplace_back(i, *v);
        return true;
    }

    // Moves are numbered in 32 bits: 8 bytes each both ways stay below 2^32 of them.
    static constexpr std::size_t kMostBytes = std::size_t{16} << 30;
    static constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();

    struct Reverse {
        std::vector<std::uint32_t> offsets, sources;
    };
    Reverse reverse_edges() {
        Reverse r;
        r.offsets.assign(states_.size() + 1, 0);
        for (const std::uint32_t to : edges_) ++r.offsets[to + 1];
        for (std::size_t i = 1; i < r.offsets.size(); ++i) r.offsets[i] += r.offsets[i - 1];
        r.sources.resize(edges_.size());
        std::vector<std::uint32_t> fill(r.offsets.begin(), r.offsets.end() - 1);
        for (std::uint32_t from = 0; from < states_.size(); ++from)
            for (std::uint32_t e = offsets_[from]; e < offsets_[from + 1]; ++e) r.sources[fill[edges_[e]]++] = from;
        std::vector<std::uint32_t>().swap(edges_);  // only the count of moves is needed from here on
        return r;
    }

    // What the graph takes: the positions with their index, the moves both ways.
    [[nodiscard]] std::size_t bytes() const {
        return states_.size() * (sizeof(State) + 2 * sizeof(std::uint32_t) + 8) + index_.size() * 4 +
               edges_.size() * 2 * sizeof(std::uint32_t) + leaves_.size() * sizeof(leaves_[0]);
    }

    [[nodiscard]] std::uint32_t find(const State& s) const {
        for (std::size_t i = mix(s) & (index_.size() - 1);; i = (i + 1) & (index_.size() - 1))
            if (index_[i] == kEmpty || states_[index_[i]] == s) return index_[i];
    }

    std::uint32_t add(const State& s) {
        std::size_t i = mix(s) & (index_.size() - 1);
        for (; index_[i] != kEmpty; i = (i + 1) & (index_.size() - 1))
            if (states_[index_[i]] == s) return index_[i];
        index_[i] = static_cast<std::uint32_t>(states_.size());
        states_.push_back(s);
        if (2 * states_.size() > index_.size()) grow();
        return static_cast<std::uint32_t>(states_.size() - 1);
    }

    void grow() {
        index_.assign(2 * index_.size(), kEmpty);
        for (std::uint32_t k = 0; k < states_.size(); ++k) {
            std::size_t i = mix(states_[k]) & (index_.size() - 1);
            while (index_[i] != kEmpty) i = (i + 1) & (index_.size() - 1);
            index_[i] = k;
        }
    }

    std::size_t budget_;
    const std::function<bool()>& stopped_;
    const KnownValues<Checkers>& known_;
    std::vector<std::pair<std::uint32_t, KnownValue>> leaves_;  // the positions the graph ends at, known
    std::vector<State> states_;
    std::vector<std::uint32_t> index_;    // open addressing: indices into states_
    std::vector<std::uint32_t> offsets_;  // position i's moves: edges_[offsets_[i], offsets_[i + 1])
    std::vector<std::uint32_t> edges_;
    std::vector<Kind> kind_;
    std::vector<std::uint16_t> plies_;
};

// Whether a move from a position of value (kind, plies) keeps it: the child's
// value is the mirror one ply shorter.
bool keeps(std::pair<Kind, int> parent, std::pair<Kind, int> child) {
    if (parent.first == Unknown) return child.first == Unknown;
    return child.first != parent.first && child.first != Unknown && child.second == parent.second - 1;
}

}  // namespace

GameSolution<checkers::Move> GameSolver<checkers::Checkers>::solve(const Checkers& root,
                                                                   const std::function<bool()>& stopped,
                                                                   const KnownValues<Checkers>& known) const {
    GameSolution<checkers::Move> out;
    Graph graph(mb_ << 20, stopped, known);
    try {
        if (!graph.explore(state_of(root), out.unknown_why) || !graph.solve()) {
            if (out.unknown_why.empty()) out.unknown_why = "stopped";
            out.positions = graph.size();
            return out;
        }
    } catch (const std::bad_alloc&) {
        out.unknown_why = "the machine ran out of memory after " + std::to_string(graph.size()) + " positions";
        return out;
    }
    out.positions = graph.size();
    // The root is never a known position: its moves are in the graph.
    const auto value = *graph.value(state_of(root));
    out.result = value.first == Won ? Outcome::Win : value.first == Lost ? Outcome::Loss : Outcome::Draw;
    out.plies = value.second;
    Checkers::MoveList moves;
    root.generate_legal(moves);
    for (const auto m : moves) {
        Checkers child = root;
        child.make(m);
        if (keeps(value, *graph.value(state_of(child)))) out.best_moves.push_back(m);
    }
    // A draw has no end to show; a win or a loss its line to the end (past a
    // known position, as far as the known values show it).
    Checkers g = root;
    for (auto v = value; v.first != Unknown && v.second > 0;) {
        moves.clear();
        g.generate_legal(moves);
        bool kept = false;
        for (const auto m : moves) {
            Checkers child = g;
            child.make(m);
            if (const auto c = graph.value(state_of(child)); c && keeps(v, *c)) {
                out.pv.push_back(m);
                g = child;
                v = *c;
                kept = true;
                break;
            }
        }
        if (!kept) break;
    }
    return out;
}

}  // namespace ply
