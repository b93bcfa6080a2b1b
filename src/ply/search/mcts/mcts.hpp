// Monte Carlo tree search on any Game: UCT (Kocsis and Szepesvari, 2006),
// random playouts through the Game concept, and MCTS-Solver (Winands,
// Bjornsson and Saito, 2008): a won or lost end found in the tree is a proof,
// and proofs back up like minimax values (a child lost for its side to move
// wins the parent; a parent whose children all win for their side is lost),
// so a won position is played as won. On by default. A proof says win, draw
// or loss only: where ends carry scores (explicit trees), a position is
// "won" when its score is positive, whatever its size.
//
// The tree is a vector of nodes, bounded by Options::max_nodes: once full it
// stops growing and the searches go on from its leaves. Deterministic for a
// seed. Rewards are in [0, 1]: 1 a win, 1/2 a draw, 0 a loss.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <tuple>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/search/node_end.hpp>

namespace ply::mcts {

struct Options {
    double exploration = 1.4;          // UCT's C (sqrt 2 in the bandit theory)
    bool solver = true;                // MCTS-Solver: proofs back up the tree
    std::uint64_t seed = 1;            // the playouts' random moves
    std::size_t max_nodes = 1u << 22;  // the tree's bound (about 100 MB for small moves)
    int max_playout_plies = 1000;      // a playout this long counts as a draw
};

// No limit given: 10,000 iterations.
struct Limits {
    std::optional<std::uint64_t> iterations{};
    std::optional<std::chrono::milliseconds> time{};
};

// What is proven of a node, for its side to move.
enum class Proof : std::uint8_t { None, Win, Loss, Draw };

template <class Move>
struct MoveStats {
    Move move;
    std::uint64_t visits = 0;
    double mean = 0;            // the mover's mean reward
    Proof proof = Proof::None;  // for the side to move after the move
};

template <class Move>
struct Result {
    std::optional<Move> best;
    Proof proof = Proof::None;  // the root's, for its side to move
    double mean = 0.5;          // the best move's mean reward
    std::uint64_t iterations = 0;
    std::size_t nodes = 0;
    std::vector<MoveStats<Move>> moves;  // the root's (in the tree's shuffled order)
};

template <Game G>
class Searcher {
public:
    using Move = typename G::Move;

    explicit Searcher(Options options = {}) : options_(options), rng_(options.seed) {}

    Result<Move> search(const G& root, const Limits& limits) {
        nodes_.assign(1, Node{});
        rng_.seed(options_.seed);
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t budget = limits.iterations.value_or(limits.time ? UINT64_MAX : 10'000);
        std::uint64_t done = 0;
        while (done < budget && nodes_[0].proof == Proof::None) {
            iterate(root);
            ++done;
            if (limits.time && done % 256 == 0 && std::chrono::steady_clock::now() - start >= *limits.time) break;
        }
        return result(done);
    }

private:
    struct Node {
        Move move{};
        std::uint32_t parent = 0;
        std::uint32_t first_child = 0;
        std::uint32_t children = 0;
        bool expanded = false;
        Proof proof = Proof::None;  // for the side to move here
        std::uint64_t visits = 0;
        double reward = 0;  // summed, for the player who made `move`
    };

    static double value_of(Proof p) { return p == Proof::Win ? 1.0 : p == Proof::Loss ? 0.0 : 0.5; }
    static Proof proof_of(Score s) { return s > 0 ? Proof::Win : s < 0 ? Proof::Loss : Proof::Draw; }

    // Selection, expansion, playout, backup: one path from the root.
    void iterate(const G& root) {
        G game = root;
        path_.assign(1, 0);
        std::uint32_t at = 0;
        while (nodes_[at].expanded && nodes_[at].proof == Proof::None && nodes_[at].children > 0) {
            at = select(at);
            game.make(nodes_[at].move);
            path_.push_back(at);
        }
        bool settled = settle(at, game);
        if (!settled && expand(at)) {
            at = nodes_[at].first_child;  // children are shuffled: the first is a random one
            game.make(nodes_[at].move);
            path_.push_back(at);
            settled = settle(at, game);
        }
        back_up(settled ? value_of(nodes_[at].proof) : playout(game));
    }

    // Whether the node's value is known: proven before, or the game ends
    // here (then proven now). If not, moves_ holds the position's moves.
    bool settle(std::uint32_t at, const G& game) {
        if (nodes_[at].proof != Proof::None) return true;
        if (const auto end = end_of(game)) {
            nodes_[at].proof = proof_of(*end);
            return true;
        }
        return false;
    }

    // The child with the highest upper confidence bound. Proven children are
    // passed over while an unproven one is left: their value is known, and
    // the parent's proof (a draw needs every child's) waits on the others.
    std::uint32_t select(std::uint32_t parent) const {
        const Node& p = nodes_[parent];
        const double log_visits = std::log(static_cast<double>(std::max<std::uint64_t>(p.visits, 1)));
        std::uint32_t best = p.first_child;
        double best_bound = -1;
        for (std::uint32_t i = p.first_child; i < p.first_child + p.children; ++i) {
            const Node& c = nodes_[i];
            double bound;
            if (c.proof == Proof::Win) {
                bound = -0.5;  // lost for the parent
            } else if (c.proof == Proof::Draw) {
                bound = -0.25;
            } else if (c.visits == 0) {
                return i;
            } else {
                const double mean = c.proof == Proof::Draw ? 0.5 : c.reward / static_cast<double>(c.visits);
                bound = mean + options_.exploration * std::sqrt(log_visits / static_cast<double>(c.visits));
            }
            if (bound > best_bound) best_bound = bound, best = i;
        }
        return best;
    }

    // The value of a node that ends the game, for its side to move.
    std::optional<Score> end_of(const G& game) {
        if (const auto rule = rule_end_score(game, 0)) return rule;
        moves_.clear();
        generate(game, moves_);
        if (moves_.empty()) return no_moves_score(game, 0);
        return std::nullopt;
    }

    static void generate(const G& game, MoveListOf<G>& moves) {
        if constexpr (RuleEndedGame<G>)
            game.generate_legal(moves);
        else
            game.generate_moves(moves);
    }

    // Children for every move of `moves_` (end_of's), in random order; false
    // when the tree is full (the root always has its children).
    bool expand(std::uint32_t at) {
        if (at != 0 && nodes_.size() + moves_.size() > options_.max_nodes) return false;
        std::shuffle(moves_.begin(), moves_.end(), rng_);
        nodes_[at].first_child = static_cast<std::uint32_t>(nodes_.size());
        nodes_[at].children = static_cast<std::uint32_t>(moves_.size());
        nodes_[at].expanded = true;
        for (const auto& m : moves_) nodes_.push_back(Node{m, at});
        return true;
    }

    // Random moves to the end from a position that goes on, whose moves are
    // in moves_: the reward of the side to move at the start.
    double playout(G& game) {
        bool flipped = false;  // the side to move is the start's opponent
        for (int ply = 0; ply < options_.max_playout_plies; ++ply) {
            std::uniform_int_distribution<std::size_t> pick(0, moves_.size() - 1);
            game.make(moves_[pick(rng_)]);
            flipped = !flipped;
            if (const auto end = end_of(game)) {
                const double v = value_of(proof_of(*end));
                return flipped ? 1 - v : v;
            }
        }
        return 0.5;
    }

    // Visits and rewards along the path; proofs up as far as they go.
    void back_up(double value) {
        for (std::size_t i = path_.size(); i-- > 0;) {
            Node& n = nodes_[path_[i]];
            ++n.visits;
            n.reward += 1 - value;  // for the player who moved here
            value = 1 - value;      // for the parent's side to move
            if (options_.solver && i > 0 && n.proof != Proof::None) prove_parent(path_[i - 1]);
        }
    }

    void prove_parent(std::uint32_t parent) {
        Node& p = nodes_[parent];
        if (p.proof != Proof::None) return;
        bool all_proven = true, any_draw = false;
        for (std::uint32_t i = p.first_child; i < p.first_child + p.children; ++i) {
            const Proof c = nodes_[i].proof;
            if (c == Proof::Loss) {
                p.proof = Proof::Win;
                return;
            }
            all_proven &= c != Proof::None;
            any_draw |= c == Proof::Draw;
        }
        if (all_proven) p.proof = any_draw ? Proof::Draw : Proof::Loss;
    }

    Result<Move> result(std::uint64_t iterations) const {
        Result<Move> r;
        r.iterations = iterations;
        r.nodes = nodes_.size();
        r.proof = nodes_[0].proof;
        const Node& root = nodes_[0];
        std::optional<std::uint32_t> best;
        // A proven win first; then the most visited move unless its mean is
        // below a proven draw's; a proven loss last.
        const auto mean_of = [](const Node& c) {
            return c.proof == Proof::Draw ? 0.5 : c.visits ? c.reward / static_cast<double>(c.visits) : 0;
        };
        const auto rank = [&](const Node& c) {
            const int proof_rank = c.proof == Proof::Loss ? 3 : c.proof == Proof::Win ? 0 : 1;
            return std::tuple(proof_rank, c.proof == Proof::Draw ? 0 : c.visits, mean_of(c));
        };
        for (std::uint32_t i = root.first_child; i < root.first_child + root.children; ++i) {
            const Node& c = nodes_[i];
            r.moves.push_back({c.move, c.visits, c.visits ? c.reward / static_cast<double>(c.visits) : 0, c.proof});
            if (!best || rank(c) > rank(nodes_[*best])) best = i;
        }
        // The most visited unproven move, if it does worse than a proven draw, gives way to it.
        for (std::uint32_t i = root.first_child; best && i < root.first_child + root.children; ++i)
            if (nodes_[i].proof == Proof::Draw && nodes_[*best].proof == Proof::None && mean_of(nodes_[*best]) < 0.5)
                best = i;
        if (best) {
            r.best = nodes_[*best].move;
            r.mean = r.moves[*best - root.first_child].mean;
        }
        return r;
    }

    Options options_;
    std::mt19937_64 rng_;
    std::vector<Node> nodes_;
    std::vector<std::uint32_t> path_;
    MoveListOf<G> moves_;
};

}  // namespace ply::mcts
