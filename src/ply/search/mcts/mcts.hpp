// Monte Carlo tree search on any Game: UCT (Kocsis and Szepesvari, 2006),
// playouts through the Game concept (the game's own policy where it has one:
// PlayoutGame), MCTS-Solver (Winands, Bjornsson and Saito, 2008) and RAVE
// (Gelly and Silver, 2007) where moves are places (PlaceMoveGame), with the
// game's move priors as a new node's first AMAF visits (PriorGame), and
// playouts whose policy learns as the search goes (LearningPlayoutGame).
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
// Threads grow one tree (tree parallelism, Chaslot, Winands and van den
// Herik 2008): the walk down, the expansion and the backup hold the tree's
// lock, the playout (most of an iteration's time) runs outside it. Each
// node on a path counts its visit when the walk passes, its reward only at
// the backup: a "virtual loss" that turns the other threads to other moves
// while the playout runs.
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
#include <exception>
#include <mutex>
#include <new>
#include <optional>
#include <random>
#include <span>
#include <thread>
#include <utility>
#include <vector>

#include <ply/core/game.hpp>
#include <ply/core/threads.hpp>
#include <ply/search/mcts/types.hpp>
#include <ply/search/node_end.hpp>
#include <ply/search/retro/endgames.hpp>

namespace ply::mcts {

// What a search thread's playouts remember (LearningPlayoutGame), else nothing.
template <class G>
struct PlayoutMemoryOf {
    struct type {};
};
template <LearningPlayoutGame G>
struct PlayoutMemoryOf<G> {
    using type = typename G::PlayoutMemory;
};

template <Game G>
class Searcher {
public:
    using Move = typename G::Move;
    static constexpr bool kHasRave = PlaceMoveGame<G>;
    static constexpr bool kLearnsPlayouts = LearningPlayoutGame<G>;

    explicit Searcher(Options options = {})
        : options_(options),
          rave_(kHasRave && options.rave),
          learns_(kLearnsPlayouts && options.learn_playouts),
          exploration_(options.exploration ? *options.exploration
                       : rave_             ? kRaveExploration
                                           : kUctExploration) {}

    // `threads` grow the tree together; the system may give fewer, and with
    // none, the caller's thread grows it alone. A helper thread short of
    // memory stops, as one never started would; any other exception, or
    // one on the caller's thread, reaches the caller once every thread has
    // stopped, and the tree is forgotten.
    Result<Move> search(const G& root, const Limits& limits, int threads = 1) {
        const std::uint64_t reused = reuse(root);
        Budget budget;
        arm(budget, limits);
        prepare_lanes(std::max(threads, 1));
        iterations_ = 0;
        std::exception_ptr failure;
        const auto fail = [&](std::exception_ptr e) {
            const std::lock_guard hold(tree_);
            if (!failure) failure = e;
            budget.stop();
        };
        const auto run = [&](Lane& lane, bool helper) {
            try {
                grow(root, budget, lane);
            } catch (const std::bad_alloc&) {
                if (!helper) fail(std::current_exception());
            } catch (...) {
                fail(std::current_exception());
            }
        };
        std::vector<std::thread> helpers;
        start_threads(helpers, 1, static_cast<int>(lanes_.size()),
                      [&](int i) { run(lanes_[static_cast<std::size_t>(i)], true); });
        run(lanes_[0], false);
        for (auto& h : helpers) h.join();
        if (failure) {
            clear();
            std::rethrow_exception(failure);
        }
        if constexpr (HashedGame<G>) last_root_ = root;
        Result<Move> r = result(root, iterations_);
        r.reused = reused;
        return r;
    }

    // Forgets the tree: the next search starts afresh.
    void clear() { nodes_.clear(); }
    // Endgame databases that settle nodes and end playouts (nullptr: none);
    // they must outlive the searches.
    void set_endgames(typename retro::Endgames<G>::Tables* tables) {
        endgames_.set(tables);
        clear();  // proofs found without them
    }

private:
    // One thread's own part of an iteration: its random numbers, its path
    // and the moves it needs on the way.
    struct Lane {
        std::mt19937_64 rng;
        std::vector<std::uint32_t> path;
        std::vector<std::uint32_t> played;  // the iteration's move keys, ply by ply (RAVE)
        std::vector<std::uint32_t> first_played;
        std::vector<std::uint32_t> stamp;  // first_played[k] is this backup's where stamp[k] == stamp_now
        std::uint32_t stamp_now = 0;
        std::size_t next_amaf = 0;  // played[next_amaf..] are in first_played
        MoveListOf<G> moves;
        std::vector<float> priors;     // move_priors' answer (PriorGame)
        bool ready_to_expand = false;  // settle prepared the moves and priors
        typename PlayoutMemoryOf<G>::type memory;
    };

    void prepare_lanes(int threads) {
        lanes_.resize(static_cast<std::size_t>(threads));
        const std::uint64_t seed = options_.seed + search_count_++;
        for (std::size_t i = 0; i < lanes_.size(); ++i) {
            lanes_[i].rng.seed(seed + 0x9e3779b97f4a7c15ULL * i);
            lanes_[i].memory = {};
            if constexpr (kHasRave) {
                lanes_[i].first_played.resize(G::move_key_count);
                lanes_[i].stamp.resize(G::move_key_count);
            }
        }
    }

    // Iterations on one lane until the budget, a proof or the tree's bound
    // ends the search (one iteration at least, so that there is a move).
    void grow(const G& root, const Budget& budget, Lane& lane) {
        for (;;) {
            {
                const std::lock_guard hold(tree_);
                if (budget.over_iterations(iterations_) || nodes_[0].proof != Proof::None) return;
                if (iterations_ > 0 && budget.over_nodes(nodes_.size())) return;
                ++iterations_;
            }
            iterate(root, lane);
            if (budget.stopped() || budget.past_deadline()) return;
        }
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

    // Selection, expansion, playout, backup: one path from the root. The
    // tree's lock is held for the walks through the tree, not while the
    // rules or the playout run.
    void iterate(const G& root, Lane& lane) {
        G game = root;
        std::unique_lock hold(tree_);
        lane.path.assign(1, 0);
        lane.played.clear();
        std::uint32_t at = 0;
        bool settled = false;
        for (;;) {
            while (nodes_[at].expanded && nodes_[at].proof == Proof::None && nodes_[at].children > 0) {
                at = select(at);
                step(game, at, lane);
            }
            settled = settle(at, game, lane, hold);
            // Another thread may have expanded the leaf while settle let go of the lock: walk on.
            if (settled || !nodes_[at].expanded || nodes_[at].children == 0) break;
        }
        if (!settled && lane.ready_to_expand && expand(at, game, lane)) {
            at = nodes_[at].first_child;  // children are shuffled: the first is a random one
            step(game, at, lane);
            settled = settle(at, game, lane, hold);
        }
        for (const std::uint32_t n : lane.path) ++nodes_[n].visits;  // the reward comes at the backup
        if (settled) return back_up(value_of(nodes_[at].proof), lane);
        hold.unlock();
        const double value = playout(game, lane);
        if constexpr (kLearnsPlayouts) {
            if (learns_) teach(root, value, lane);
        }
        hold.lock();
        back_up(value, lane);
    }

    // The playout policy learns from the iteration's moves who won (not
    // from a draw).
    static void teach(const G& root, double leaf_value, Lane& lane) {
        const double first = (lane.path.size() - 1) % 2 == 0 ? leaf_value : 1 - leaf_value;  // the root mover's
        if (first != 0.5)
            lane.memory.learn(std::span<const std::uint32_t>(lane.played), root.side_to_move(), first > 0.5);
    }

    void step(G& game, std::uint32_t to, Lane& lane) const {
        game.make(nodes_[to].move);
        lane.path.push_back(to);
        if (records_moves()) lane.played.push_back(nodes_[to].key);
    }

    // Whether the node's value is known: proven before, or the game ends
    // here (then proven now). If not, the lane's moves are the position's,
    // and if the node is ripe they are shuffled and weighed by the game's
    // priors, ready to expand it. The rules, the databases and the priors
    // are read without the tree's lock.
    bool settle(std::uint32_t at, const G& game, Lane& lane, std::unique_lock<std::mutex>& hold) {
        lane.ready_to_expand = false;
        if (nodes_[at].proof != Proof::None) return true;
        const bool ripe = at == 0 || nodes_[at].visits + 1 >= options_.expand_visits;
        hold.unlock();
        std::optional<Score> end = end_of(game, lane.moves);
        // The root keeps its children: a proof there would leave no move.
        if (!end && at != 0) end = endgames_.score(game, 0);
        if (!end && ripe) prepare_children(game, lane);
        hold.lock();
        if (end && nodes_[at].proof == Proof::None) nodes_[at].proof = proof_of(*end);
        return nodes_[at].proof != Proof::None;
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

    // The value of a node that ends the game, for its side to move; if it
    // goes on, `moves` are its moves.
    static std::optional<Score> end_of(const G& game, MoveListOf<G>& moves) {
        if (const auto rule = rule_end_score(game, 0)) return rule;
        moves.clear();
        generate(game, moves);
        if (moves.empty()) return no_moves_score(game, 0);
        return std::nullopt;
    }

    static void generate(const G& game, MoveListOf<G>& moves) {
        if constexpr (RuleEndedGame<G>)
            game.generate_legal(moves);
        else
            game.generate_moves(moves);
    }

    bool records_moves() const { return rave_ || learns_; }  // the iteration's keys in lane.played
    // The game's priors start new children's AMAF statistics (with RAVE).
    bool uses_priors() const { return PriorGame<G> && rave_ && options_.prior_visits > 0; }

    // The lane's moves in random order (the first child is then a random
    // one) and, where the game has them, their priors.
    void prepare_children(const G& game, Lane& lane) const {
        std::shuffle(lane.moves.begin(), lane.moves.end(), lane.rng);
        lane.ready_to_expand = true;
        if constexpr (PriorGame<G>) {
            if (!uses_priors()) return;
            lane.priors.resize(lane.moves.size());
            game.move_priors(lane.moves, lane.priors.data());
            // A win rate from 0.3 (weight 0) to 0.7 (the strongest), by the
            // square root of the weight relative to the strongest.
            const float strongest = *std::max_element(lane.priors.begin(), lane.priors.end());
            for (float& p : lane.priors) p = strongest > 0 ? 0.3f + 0.4f * std::sqrt(p / strongest) : 0.5f;
        }
    }

    // Children for the lane's prepared moves, their AMAF statistics started
    // at the priors (prior_visits at the prior's win rate, Gelly and
    // Silver's prior knowledge); false when the tree is full (the root
    // always has its children).
    bool expand(std::uint32_t at, const G& game, const Lane& lane) {
        const auto& moves = lane.moves;
        if (at != 0 && nodes_.size() + moves.size() > options_.max_nodes) return false;
        // Room first, so that running out of memory leaves the node as it was.
        if (nodes_.capacity() < nodes_.size() + moves.size())
            nodes_.reserve(std::max(2 * nodes_.capacity(), nodes_.size() + moves.size()));
        nodes_[at].first_child = static_cast<std::uint32_t>(nodes_.size());
        nodes_[at].children = static_cast<std::uint32_t>(moves.size());
        nodes_[at].expanded = true;
        const bool priors = uses_priors();
        for (std::size_t i = 0; i < moves.size(); ++i) {
            Node child{moves[i]};
            if constexpr (kHasRave) child.key = static_cast<std::uint32_t>(game.move_key(moves[i]));
            if (priors) {
                child.amaf_visits = options_.prior_visits;
                child.amaf_reward = static_cast<float>(options_.prior_visits) * lane.priors[i];
            }
            nodes_.push_back(child);
        }
        return true;
    }

    // ---- Playouts ------------------------------------------------------------

    // Moves to the end (or to the cut-off) from a position that goes on,
    // whose moves are the lane's: the reward of the side to move at the start.
    double playout(G& game, Lane& lane) const {
        bool flipped = false;  // the side to move is the start's opponent
        const auto reward = [&](double v) { return flipped ? 1 - v : v; };
        for (int ply = 0; ply < options_.max_playout_plies; ++ply) {
            if (ply == options_.playout_cutoff) return reward(judge(game));
            const Move m = playout_move(game, lane);
            if constexpr (kHasRave) {
                if (records_moves()) lane.played.push_back(static_cast<std::uint32_t>(game.move_key(m)));
            }
            game.make(m);
            flipped = !flipped;
            if (const auto end = playout_end(game, lane.moves)) return reward(value_of(proof_of(*end)));
        }
        return 0.5;
    }

    Move playout_move(const G& game, Lane& lane) const {
        if constexpr (kLearnsPlayouts) {
            if (learns_) return game.playout_move(lane.rng, std::as_const(lane.memory));
        }
        if constexpr (PlayoutGame<G>)
            return game.playout_move(lane.rng);
        else  // the lane's moves are the position's: settle's, then playout_end's
            return lane.moves[std::uniform_int_distribution<std::size_t>(0, lane.moves.size() - 1)(lane.rng)];
    }

    // A playout's end: by the rules for a game with a policy (whose moves
    // are never generated), else where no move is left (`moves` then empty).
    std::optional<Score> playout_end(const G& game, MoveListOf<G>& moves) const {
        if constexpr (PlayoutGame<G>) {
            const Outcome o = game.outcome();
            if (!is_over(o)) return std::nullopt;
            return terminal_score(o, 0, o == Outcome::Scored ? Score(game.evaluate()) : 0);
        } else {
            if (const auto end = end_of(game, moves)) return end;
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

    // Rewards and AMAF along the lane's path (its visits are counted);
    // proofs up as far as they go. `value` is the reward of the side to move
    // at the path's last node.
    void back_up(double value, Lane& lane) {
        const auto& path = lane.path;
        const std::size_t leaf = path.size() - 1;
        if constexpr (kHasRave) {
            ++lane.stamp_now;
            lane.next_amaf = lane.played.size();
        }
        for (std::size_t d = path.size(); d-- > 0;) {
            const double to_move = (leaf - d) % 2 == 0 ? value : 1 - value;  // the reward of the side to move at d
            Node& n = nodes_[path[d]];
            n.reward += static_cast<float>(1 - to_move);  // for the player who moved here
            if constexpr (kHasRave) {
                if (rave_) update_amaf(d, to_move, lane);
            }
            if (options_.solver && d > 0 && n.proof != Proof::None) prove_parent(path[d - 1]);
        }
    }

    // The children of the node at depth d whose moves its side to move
    // played first, at d or later, get the iteration's reward as their own.
    void update_amaf(std::size_t d, double to_move, Lane& lane) {
        if constexpr (kHasRave) {
            // The keys are walked from the end down to d, so each keeps its earliest ply.
            for (std::size_t i = lane.next_amaf; i-- > d;) {
                lane.first_played[lane.played[i]] = static_cast<std::uint32_t>(i);
                lane.stamp[lane.played[i]] = lane.stamp_now;
            }
            lane.next_amaf = d;
            const Node& n = nodes_[lane.path[d]];
            if (!n.expanded) return;
            for (std::uint32_t i = n.first_child; i < n.first_child + n.children; ++i) {
                Node& c = nodes_[i];
                if (lane.stamp[c.key] != lane.stamp_now || (lane.first_played[c.key] - d) % 2 != 0) continue;
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

    Result<Move> result(const G& root_game, std::uint64_t iterations) const {
        Result<Move> r;
        r.iterations = iterations;
        r.nodes = nodes_.size();
        r.proof = nodes_[0].proof;
        const Node& root = nodes_[0];
        for (std::uint32_t i = root.first_child; i < root.first_child + root.children; ++i) {
            const Node& c = nodes_[i];
            r.moves.push_back({c.move, c.visits, c.visits ? double{c.reward} / c.visits : 0, c.proof, 0, line_from(i)});
        }
        if constexpr (PriorGame<G>) add_prior_shares(root_game, r.moves);
        settle_best(r);
        return r;
    }

    // The move of `at`, then the most visited child of each node below.
    std::vector<Move> line_from(std::uint32_t at) const {
        std::vector<Move> line{nodes_[at].move};
        while (nodes_[at].expanded && nodes_[at].children > 0 && line.size() < kMaxPvLength) {
            std::uint32_t next = nodes_[at].first_child;
            for (std::uint32_t i = next; i < nodes_[at].first_child + nodes_[at].children; ++i)
                if (nodes_[i].visits > nodes_[next].visits) next = i;
            if (nodes_[next].visits == 0) break;
            at = next;
            line.push_back(nodes_[at].move);
        }
        return line;
    }

    // Each root move's share of the game's prior weights.
    static void add_prior_shares(const G& root, std::vector<MoveStats<Move>>& moves) {
        MoveListOf<G> list;
        for (const auto& m : moves) list.push_back(m.move);
        std::vector<float> weights(list.size());
        root.move_priors(list, weights.data());
        double total = 0;
        for (const float w : weights) total += w;
        for (std::size_t i = 0; total > 0 && i < moves.size(); ++i) moves[i].prior = weights[i] / total;
    }

    static constexpr std::size_t kMaxPvLength = 32;
    Options options_;
    bool rave_ = false;
    bool learns_ = false;  // the playout policy learns (LearningPlayoutGame)
    double exploration_ = kUctExploration;
    std::uint64_t search_count_ = 0;
    std::vector<Node> nodes_;
    std::optional<G> last_root_;  // where the tree's root is (games with hash())
    std::mutex tree_;             // the nodes and the iterations' count
    std::uint64_t iterations_ = 0;
    std::vector<Lane> lanes_;
    retro::Endgames<G> endgames_;
};

}  // namespace ply::mcts
