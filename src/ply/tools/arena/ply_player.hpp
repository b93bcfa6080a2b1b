// Ply's own players, in process: one of the classic searches or the
// production engine on any game the arena plays, described by a spec
//   ply:game=connect4,algo=alphabeta,depth=6
//   ply:game=chess,nodes=20000        (iterative deepening until N nodes)
//   ply:game=tictactoe,algo=minimax   (the game's full depth)
// Keys: game (required: the match's game), algo (a classic algorithm,
// search/classic/algorithm.hpp, engine, or mcts; default alphabeta), depth,
// nodes (mcts: iterations); for mcts also cutoff (plies of playout before
// the evaluation judges it), threads (one tree, virtual loss) and rave (0 or 1);
// for the engine, off (switches of search/engine/features.hpp turned off,
// joined by '+': off=CheckExtension+NullMove); for a game whose evaluation
// can be tuned (core/tuning.hpp), weights (a weights file, as `ply tune`
// writes it: two players of one match may evaluate differently).
// Without depth or nodes, the limits of the match apply (tc / st: iterative
// deepening within a share of the clock; depth / nodes as above), else the
// game's match depth (core/describe.hpp).
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <ply/core/describe.hpp>
#include <ply/core/error.hpp>
#include <ply/core/text_file.hpp>
#include <ply/core/tuning.hpp>
#include <ply/search/classic/algorithm.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/search/mcts/parallel.hpp>
#include <ply/tools/arena/game_referee.hpp>
#include <ply/tools/arena/player.hpp>

namespace ply::arena {

struct PlySpec {
    std::string game;
    std::optional<classic::Algorithm> algo = classic::Algorithm::AlphaBeta;  // none: the engine, or mcts
    bool mcts = false;  // algo=mcts: Monte Carlo tree search, nodes= counting iterations
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<int> cutoff;     // mcts: playout plies before the evaluation decides
    std::optional<int> threads;    // mcts: trees grown in parallel
    bool rave = true;              // mcts: where moves are places
    std::vector<std::string> off;  // the engine's feature switches turned off
    std::string weights;           // a weights file; empty: the built-in weights
    std::string egtb;              // a folder of endgame tables (`ply egtb build`); empty: none
    // The engine's search parameters set by param.NAME=VALUE, in order (names checked when parsed).
    std::vector<std::pair<std::string, double>> params;
};

// The engine's switches with those of `off` turned off; throws ParseError for an unknown name.
engine::Features features_without(const std::vector<std::string>& off);

// `base` with the spec's param.NAME=VALUE set; throws ParseError for a value
// an integer parameter cannot take or a divisor that is not positive.
SearchParameters parameters_with(SearchParameters base, const PlySpec& spec);

// Throws ParseError for a bad spec.
PlySpec parse_ply_spec(const std::string& text);

// What bounds one search: the spec first, then the match's limits.
struct PlyBudget {
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<double> seconds;
};
PlyBudget ply_budget(const PlySpec& spec, const TurnRequest& req);

template <ArenaGame G>
class PlyPlayer final : public Player {
public:
    using Move = typename G::Move;
    PlyPlayer(std::string name, PlySpec spec) : name_(std::move(name)), spec_(std::move(spec)) {
        if constexpr (TunableGame<G>) {
            weights_ = Tuning<G>::parse_weights(spec_.weights.empty() ? std::string()
                                                                      : read_text_file(spec_.weights, "weights file"));
            if (!spec_.weights.empty()) ++weighted_players();
        }
    }
    ~PlyPlayer() override {
        if constexpr (TunableGame<G>)
            if (!spec_.weights.empty()) --weighted_players();
    }
    PlyPlayer(const PlyPlayer&) = delete;
    PlyPlayer& operator=(const PlyPlayer&) = delete;

    [[nodiscard]] const std::string& name() const override { return name_; }
    std::string start() override { return {}; }
    std::string new_game(const std::string&, const Limits&, bool) override {
        if (engine_) engine_->clear();
        if (mcts_) mcts_->clear();
        return {};
    }
    void shut_down() override {}
    [[nodiscard]] bool healthy() const override { return true; }
    Reply go(const TurnRequest& req) override;

private:
    using Result = classic::SearchResult<Move>;
    Result think(const G& game, const PlyBudget& budget, int& reached);
    Result monte_carlo(const G& game, const PlyBudget& budget, const std::atomic<bool>* interrupt);
    Result deepen(const G& game, const PlyBudget& budget, const TurnRequest& req, int& reached) const;

    // The evaluation's weights are the process's: while any player of G has
    // its own, each search sets its player's under one lock.
    static std::atomic<int>& weighted_players() {
        static std::atomic<int> count{0};
        return count;
    }
    static std::mutex& weights_mutex() {
        static std::mutex m;
        return m;
    }

    static constexpr std::size_t kEngineHashMb = 16;
    std::string name_;
    PlySpec spec_;
    std::vector<WeightPair> weights_;  // TunableGame: this player's (the defaults without weights=)
    std::shared_ptr<typename retro::Endgames<G>::Tables> tables_;  // egtb=, probed by the engine
    std::unique_ptr<engine::Engine<G>> engine_;                    // kept between moves: its table helps
    std::unique_ptr<mcts::ParallelSearcher<G>> mcts_;              // kept between moves: its trees are reused
};

template <ArenaGame G>
Reply PlyPlayer<G>::go(const TurnRequest& req) {
    G game;
    try {
        game = replay<G>(req);
    } catch (const ParseError& e) {
        return cannot_follow(e);
    }
    const PlyBudget budget = ply_budget(spec_, req);
    std::unique_lock weights_lock(weights_mutex(), std::defer_lock);
    if constexpr (TunableGame<G>) {
        if (weighted_players() > 0) {
            weights_lock.lock();
            Tuning<G>::set_weights(weights_);
        }
    }
    int reached = 0;
    Result best;
    if (spec_.mcts)
        best = monte_carlo(game, budget, req.interrupt);
    else if (!spec_.algo)
        best = think(game, budget, reached);
    else if (budget.depth || (!budget.nodes && !budget.seconds)) {
        reached = budget.depth.value_or(describe::match_depth<G>());
        best = classic::search_once(*spec_.algo, game, reached);
    } else
        best = deepen(game, budget, req, reached);
    if (req.interrupt && req.interrupt->load()) return {ReplyStatus::Interrupted, {}, {}, "interrupted"};
    if (!best.best) {
        // Depth 0 or nothing completed: any legal move keeps the game going.
        MoveListOf<G> moves;
        game.generate_moves(moves);
        if (moves.empty()) return {ReplyStatus::Resign, {}, {}, "no legal move"};
        best.best = moves[0];
    }
    Reply reply;
    reply.move = game.move_to_string(*best.best);
    reply.info.depth = reached;
    reply.info.nodes = best.nodes;
    if (is_mate(best.score))
        reply.info.mate = mate_in(best.score);
    else
        reply.info.cp = best.score;
    return reply;
}

// The production engine within the budget.
template <ArenaGame G>
auto PlyPlayer<G>::think(const G& game, const PlyBudget& budget, int& reached) -> Result {
    if (!engine_) {
        engine_ = std::make_unique<engine::Engine<G>>(kEngineHashMb);
        engine_->features() = features_without(spec_.off);
        engine_->set_parameters(parameters_with(engine::parameters_of<G>, spec_));
        if constexpr (SlicedGame<G>) {
            if (!spec_.egtb.empty()) {
                tables_ = std::make_unique<retro::TableSet<G>>(spec_.egtb, std::string(G::name));
                engine_->set_endgames(tables_.get());
            }
        }
    }
    engine::Limits<Move> limits;
    if (budget.seconds)
        limits.move_time = std::chrono::milliseconds(std::max<long long>(1, std::llround(*budget.seconds * 1000)));
    else if (budget.nodes)
        limits.nodes = *budget.nodes;
    else
        limits.depth = budget.depth.value_or(describe::match_depth<G>());
    if (budget.depth) limits.depth = budget.depth;
    const auto r = engine_->think(game, limits);
    reached = r.depth;
    Result best;
    best.best = r.best;
    best.score = r.score;
    best.nodes = r.nodes;
    return best;
}

// Monte Carlo tree search: nodes= counts iterations; without a budget, 10,000.
template <ArenaGame G>
auto PlyPlayer<G>::monte_carlo(const G& game, const PlyBudget& budget, const std::atomic<bool>* interrupt) -> Result {
    mcts::Limits limits;
    limits.stop = interrupt;
    limits.iterations = budget.nodes;
    if (budget.seconds)
        limits.time = std::chrono::milliseconds(std::max<long long>(1, std::llround(*budget.seconds * 1000)));
    if (!mcts_) {
        mcts::Options options;
        options.playout_cutoff = spec_.cutoff.value_or(-1);
        options.rave = spec_.rave;
        mcts_ = std::make_unique<mcts::ParallelSearcher<G>>(options, spec_.threads.value_or(1));
    }
    const auto r = mcts_->search(game, limits);
    Result best;
    best.best = r.best;
    best.score = static_cast<Score>(std::lround((r.mean - 0.5) * 200));  // a reward of 0.75 reads as +50
    best.nodes = r.iterations;
    return best;
}

// Iterative deepening of a classic search: the last complete iteration counts.
template <ArenaGame G>
auto PlyPlayer<G>::deepen(const G& game, const PlyBudget& budget, const TurnRequest& req, int& reached) const
    -> Result {
    const auto t0 = Clock::now();
    const auto deadline =
        budget.seconds ? classic::Deadline::after(std::chrono::duration<double>(*budget.seconds)) : classic::Deadline{};
    Result best;
    std::uint64_t spent = 0;
    for (int d = 1; d < kMaxPly; ++d) {
        auto r = classic::search_once(*spec_.algo, game, d, std::nullopt, classic::NoObserver{}, deadline);
        spent += r.nodes;
        if (r.aborted) break;
        best = r;
        reached = d;
        if (budget.nodes && spent >= *budget.nodes) break;
        if (budget.seconds && req.interrupt && req.interrupt->load()) break;
        if (!r.best || is_mate(r.score)) break;  // over, or solved
        // Time: do not start an iteration unlikely to finish.
        if (budget.seconds && std::chrono::duration<double>(Clock::now() - t0).count() * 4 > *budget.seconds) break;
    }
    return best;
}

// A Ply player of G; throws ParseError for a bad spec or one for another game.
template <ArenaGame G>
std::unique_ptr<Player> make_ply_player(const std::string& name, const std::string& spec_text) {
    PlySpec spec = parse_ply_spec(spec_text);
    if (spec.game != G::name)
        throw ParseError("'" + clip(spec_text) + "' plays " + spec.game + ", but the match is " + std::string(G::name));
    if (!TunableGame<G> && !spec.weights.empty())
        throw ParseError("weights=: " + std::string(G::name) + "'s evaluation has no weights to set");
    if (!spec.egtb.empty()) {
        std::error_code error;
        if (!SlicedGame<G>) throw ParseError("egtb=: " + std::string(G::name) + " has no endgame databases");
        if (!std::filesystem::is_directory(spec.egtb, error))
            throw ParseError("egtb=: '" + clip(spec.egtb) + "' is not a folder (ply egtb build makes one)");
    }
    parameters_with(engine::parameters_of<G>, spec);  // a bad value named before the match starts
    return std::make_unique<PlyPlayer<G>>(name, std::move(spec));
}

}  // namespace ply::arena
