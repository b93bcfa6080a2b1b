// Monte Carlo tree search on any Game: UCT (Kocsis and Szepesvari, 2006),
// playouts through the Game concept (the game's own policy where it has one:
// PlayoutGame), MCTS-Solver (Winands, Bjornsson and Saito, 2008) and RAVE
// (Gelly and Silver, 2007) where moves are places (PlaceMoveGame).
//
// MCTS-Solver: a won or lost end found in the tree is a proof, and proofs
// back up like minimax values (a child lost for its side to move wins the
// parent; a parent whose children all win for their side is lost), so a won
// position is played as won. On by default. A proof says win, draw or loss
// only: where ends carry scores (Go, explicit trees), "won" means a
// positive score, whatever its size.
//
// RAVE: every move of an iteration counts, for the node where its player
// could first have played it, as if played there ("all moves as first");
// those values steer a node until its own visits outweigh them (the
// schedule of Gelly and Silver's minimum-error estimate).
//
// The tree is a vector of nodes bounded by Options::max_nodes: once full it
// stops growing and the searches go on from its leaves. A search from a
// position one or two plies below the last root keeps that subtree (games
// with hash()). Deterministic for a seed. Rewards are in [0, 1]: 1 a win,
// 1/2 a draw, 0 a loss.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/search/mcts/types.hpp>
#include <ply/search/node_end.hpp>
#include <ply/search/retro/endgames.hpp>

namespace ply::mcts {

template <Game G>
class Searcher {
public:
    using Move = typename G::Move;
    static constexpr bool kHasRave = PlaceMoveGame<G>;

    explicit Searcher(Options options = {}) : options_(options), rng_(options.seed) {
        rave_ = kHasRave && options_.rave;
        exploration_ = options_.exploration.value_or(rave_ ? kRaveExploration : kUctExploration);
        if constexpr (kHasRave) {
            first_played_.resize(G::move_key_count);
            stamp_.resize(G::move_key_count);
        }
    }

    Result<Move> search(const G& root, const Limits& limits) {
        const std::uint64_t reused = reuse(root);
        Budget budget;
        arm(budget, limits);
        return search(root, budget, reused);
    }

    // The same within `budget`, shared by the trees of a parallel search.
    Result<Move> search(const G& root, const Budget& budget) { return search(root, budget, reuse(root)); }

    // Forgets the tree: the next search starts afresh.
    void clear() { nodes_.clear(); }
    // Endgame databases that settle nodes and end playouts (nullptr: none);
    // they must outlive the searches.
    void set_endgames(typename retro::Endgames<G>::Tables* tables) {
        endgames_.set(tables);
        clear();  // proofs found without them
    }

private:
    Result<Move> search(const G& root, const Budget& budget, std::uint64_t reused) {
        rng_.seed(options_.seed + search_count_++);
        std::uint64_t done = 0;
        while (!budget.over_iterations(done) && nodes_[0].proof == Proof::None) {
            if (done > 0 && budget.over_nodes(nodes_.size())) break;  // one at least: a move
            iterate(root);
            ++done;
            if (budget.stopped() || budget.past_deadline()) break;
        }
        if constexpr (HashedGame<G>) last_root_ = root;
        Result<Move> r = result(done);
        r.reused = reused;
        return r;
    }

    // 32 bytes where moves take 2 or 4: rewards as float sums stay exact
    // for millions of visits (they count halves).
    struct Node {
        Move move{};
        bool expanded = false;
        Proof proof = Proof::None;  // for the side to move here
        std::uint32_t key = 0;      // move_key(move), for RAVE
        std::uint32_t first_child = 0;
        std::uint32_t children = 0;
        std::uint32_t visits = 0;
        std::uint32_t amaf_visits = 0;
        float reward = 0;       // summed, for the player who made `move`
        float amaf_reward = 0;  // the same, over the iterations that played `move` later
    };

    static double value_of(Proof p) { return p == Proof::Win ? 1.0 : p == Proof::Loss ? 0.0 : 0.5; }
    static Proof proof_of(Score s) { return s > 0 ? Proof::Win : s < 0 ? Proof::Loss : Proof::Draw; }

    // ---- Tree reuse ----------------------------------------------------------

    // Keeps the subtree of `root` if the last search's tree holds it within
    // two plies; returns the visits it brings.
    std::uint64_t reuse(const G& root) {
        if constexpr (HashedGame<G>) {
            if (options_.reuse_tree && !nodes_.empty() && last_root_) {
                G game = *last_root_;
                const auto at = find(game, 0, root.hash(), 2);
                if (at && children_are_moves_of(*at, root)) {
                    reroot(*at);
                    return nodes_[0].visits;
                }
            }
        }
        nodes_.assign(1, Node{});
        return 0;
    }

    std::optional<std::uint32_t> find(G& game, std::uint32_t at, std::uint64_t key, int plies) {
        if constexpr (HashedGame<G>) {
            if (game.hash() == key) return at;
            if (plies == 0 || !nodes_[at].expanded) return std::nullopt;
            for (std::uint32_t i = nodes_[at].first_child; i < nodes_[at].first_child + nodes_[at].children; ++i) {
                if (nodes_[i].visits == 0) continue;
                game.make(nodes_[i].move);
                const auto found = find(game, i, key, plies - 1);
                game.unmake(nodes_[i].move);
                if (found) return found;
            }
        }
        return std::nullopt;
    }

    // A hash names a position only within one game's setting (board size,
    // komi, tree): a node whose children are not the root's moves is stale.
    bool children_are_moves_of(std::uint32_t at, const G& root) const {
        if (!nodes_[at].expanded) return true;
        MoveListOf<G> moves;
        generate(root, moves);
        if (moves.size() != nodes_[at].children) return false;
        const std::uint32_t first = nodes_[at].first_child;
        for (std::uint32_t i = first; i < first + nodes_[at].children; ++i)
            if (!moves.contains(nodes_[i].move)) return false;
        return true;
    }

    // The subtree of `at` becomes the tree, its children blocks in order.
    void reroot(std::uint32_t at) {
        if (at == 0) return;
        std::vector<Node> kept{nodes_[at]};
        for (std::size_t i = 0; i < kept.size(); ++i) {
            if (!kept[i].expanded) continue;
            const std::uint32_t old_first = kept[i].first_child;
            kept[i].first_child = static_cast<std::uint32_t>(kept.size());
            for (std::uint32_t k = 0; k < kept[i].children; ++k) kept.push_back(nodes_[old_first + k]);
        }
        nodes_ = std::move(kept);
    }

    // ---- One iteration -------------------------------------------------------

    // Selection, expansion, playout, backup: one path from the root.
    void iterate(const G& root) {
        G game = root;
        path_.assign(1, 0);
        played_.clear();
        std::uint32_t at = 0;
        while (nodes_[at].expanded && nodes_[at].proof == Proof::None && nodes_[at].children > 0) {
            at = select(at);
            game.make(nodes_[at].move);
            path_.push_back(at);
            if (rave_) played_.push_back(nodes_[at].key);
        }
        bool settled = settle(at, game);
        const bool ripe = at == 0 || nodes_[at].visits + 1 >= options_.expand_visits;
        if (!settled && ripe && expand(at, game)) {
            at = nodes_[at].first_child;  // children are shuffled: the first is a random one
            game.make(nodes_[at].move);
            path_.push_back(at);
            if (rave_) played_.push_back(nodes_[at].key);
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
        // The root keeps its children: a proof there would leave no move.
        if (const auto known = at != 0 ? endgames_.score(game, 0) : std::nullopt) {
            nodes_[at].proof = proof_of(*known);
            return true;
        }
        return false;
    }

    // The child with the highest upper confidence bound. Proven children are
    // passed over while an unproven one is left: their value is known, and
    // the parent's proof (a draw needs every child's) waits on the others.
    std::uint32_t select(std::uint32_t parent) const {
        const Node& p = nodes_[parent];
        const double log_visits = std::log(static_cast<double>(std::max<std::uint32_t>(p.visits, 1)));
        std::uint32_t best = p.first_child;
        double best_bound = -1e9;
        for (std::uint32_t i = p.first_child; i < p.first_child + p.children; ++i) {
            const Node& c = nodes_[i];
            double bound;
            if (c.proof == Proof::Win) {
                bound = -2;  // lost for the parent
            } else if (c.proof == Proof::Draw) {
                bound = -1;
            } else if (c.visits == 0 && !rave_) {
                return i;
            } else {
                bound = estimate(c) + exploration_ * std::sqrt(log_visits / std::max<std::uint32_t>(c.visits, 1));
            }
            if (bound > best_bound) best_bound = bound, best = i;
        }
        return best;
    }

    // The child's mean, blended with its AMAF mean while its own visits are few.
    double estimate(const Node& c) const {
        const double n = c.visits, amaf_n = c.amaf_visits;
        const double mean = c.visits ? double{c.reward} / n : 1;  // first-play urgency: an untried move is tried
        if (!rave_ || c.amaf_visits == 0) return mean;
        const double beta = amaf_n / (n + amaf_n + n * amaf_n / options_.rave_equivalence);
        return (1 - beta) * (c.visits ? mean : 0) + beta * double{c.amaf_reward} / amaf_n;
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
    bool expand(std::uint32_t at, const G& game) {
        if (at != 0 && nodes_.size() + moves_.size() > options_.max_nodes) return false;
        std::shuffle(moves_.begin(), moves_.end(), rng_);
        nodes_[at].first_child = static_cast<std::uint32_t>(nodes_.size());
        nodes_[at].children = static_cast<std::uint32_t>(moves_.size());
        nodes_[at].expanded = true;
        for (const auto& m : moves_) {
            Node child{m};
            if constexpr (kHasRave) child.key = static_cast<std::uint32_t>(game.move_key(m));
            nodes_.push_back(child);
        }
        return true;
    }

    // ---- Playouts ------------------------------------------------------------

    // Moves to the end (or to the cut-off) from a position that goes on,
    // whose moves are in moves_: the reward of the side to move at the start.
    double playout(G& game) {
        bool flipped = false;  // the side to move is the start's opponent
        const auto reward = [&](double v) { return flipped ? 1 - v : v; };
        for (int ply = 0; ply < options_.max_playout_plies; ++ply) {
            if (ply == options_.playout_cutoff) return reward(judge(game));
            const Move m = playout_move(game);
            if constexpr (kHasRave) {
                if (rave_) played_.push_back(static_cast<std::uint32_t>(game.move_key(m)));
            }
            game.make(m);
            flipped = !flipped;
            if (const auto end = playout_end(game)) return reward(value_of(proof_of(*end)));
        }
        return 0.5;
    }

    Move playout_move(const G& game) {
        if constexpr (PlayoutGame<G>)
            return game.playout_move(rng_);
        else  // moves_ holds the position's moves: settle's, then playout_end's
            return moves_[std::uniform_int_distribution<std::size_t>(0, moves_.size() - 1)(rng_)];
    }

    // A playout's end: by the rules for a game with a policy (whose moves
    // are never generated), else where no move is left (moves_ then empty).
    std::optional<Score> playout_end(const G& game) {
        if constexpr (PlayoutGame<G>) {
            const Outcome o = game.outcome();
            if (!is_over(o)) return std::nullopt;
            return terminal_score(o, 0, o == Outcome::Scored ? Score(game.evaluate()) : 0);
        } else {
            if (const auto end = end_of(game)) return end;
            return endgames_.score(game, 0);
        }
    }

    // The side to move's expected reward by the evaluation.
    double judge(const G& game) const {
        double scale = options_.eval_scale;
        if (scale <= 0) {
            if constexpr (EvalUnitGame<G>)
                scale = static_cast<double>(G::eval_unit);
            else
                scale = 100;
        }
        return 1 / (1 + std::exp(-static_cast<double>(game.evaluate()) / scale));
    }

    // ---- Backup --------------------------------------------------------------

    // Visits, rewards and AMAF along the path; proofs up as far as they go.
    // `value` is the reward of the side to move at the path's last node.
    void back_up(double value) {
        const std::size_t leaf = path_.size() - 1;
        if constexpr (kHasRave) {
            ++stamp_now_;
            next_amaf_ = played_.size();
        }
        for (std::size_t d = path_.size(); d-- > 0;) {
            const double to_move = (leaf - d) % 2 == 0 ? value : 1 - value;  // the reward of the side to move at d
            Node& n = nodes_[path_[d]];
            ++n.visits;
            n.reward += static_cast<float>(1 - to_move);  // for the player who moved here
            if constexpr (kHasRave) {
                if (rave_) update_amaf(d, to_move);
            }
            if (options_.solver && d > 0 && n.proof != Proof::None) prove_parent(path_[d - 1]);
        }
    }

    // The children of the node at depth d whose moves its side to move
    // played first, at d or later, get the iteration's reward as their own.
    void update_amaf(std::size_t d, double to_move) {
        if constexpr (kHasRave) {
            // played_ is walked from its end down to d, so each key keeps its earliest ply.
            for (std::size_t i = next_amaf_; i-- > d;) {
                first_played_[played_[i]] = static_cast<std::uint32_t>(i);
                stamp_[played_[i]] = stamp_now_;
            }
            next_amaf_ = d;
            const Node& n = nodes_[path_[d]];
            if (!n.expanded) return;
            for (std::uint32_t i = n.first_child; i < n.first_child + n.children; ++i) {
                Node& c = nodes_[i];
                if (stamp_[c.key] != stamp_now_ || (first_played_[c.key] - d) % 2 != 0) continue;
                ++c.amaf_visits;
                c.amaf_reward += static_cast<float>(to_move);
            }
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
        for (std::uint32_t i = root.first_child; i < root.first_child + root.children; ++i) {
            const Node& c = nodes_[i];
            r.moves.push_back({c.move, c.visits, c.visits ? double{c.reward} / c.visits : 0, c.proof});
        }
        settle_best(r);
        if (r.best) extend_pv(r);
        return r;
    }

    // The line below the best move: each node's most visited child.
    void extend_pv(Result<Move>& r) const {
        std::uint32_t at = nodes_[0].first_child;
        while (!(nodes_[at].move == *r.best)) ++at;
        r.pv.assign(1, *r.best);
        while (nodes_[at].expanded && nodes_[at].children > 0 && r.pv.size() < kMaxPvLength) {
            std::uint32_t next = nodes_[at].first_child;
            for (std::uint32_t i = next; i < nodes_[at].first_child + nodes_[at].children; ++i)
                if (nodes_[i].visits > nodes_[next].visits) next = i;
            if (nodes_[next].visits == 0) break;
            at = next;
            r.pv.push_back(nodes_[at].move);
        }
    }

    static constexpr std::size_t kMaxPvLength = 32;
    Options options_;
    bool rave_ = false;
    double exploration_ = kUctExploration;
    std::mt19937_64 rng_;
    std::uint64_t search_count_ = 0;
    std::vector<Node> nodes_;
    std::optional<G> last_root_;  // where the tree's root is (games with hash())
    std::vector<std::uint32_t> path_;
    std::vector<std::uint32_t> played_;  // the iteration's move keys, ply by ply (RAVE)
    std::vector<std::uint32_t> first_played_;
    std::vector<std::uint32_t> stamp_;  // first_played_[k] is this backup's where stamp_[k] == stamp_now_
    std::uint32_t stamp_now_ = 0;
    std::size_t next_amaf_ = 0;  // played_[next_amaf_..] are in first_played_
    MoveListOf<G> moves_;
    retro::Endgames<G> endgames_;
};

}  // namespace ply::mcts
