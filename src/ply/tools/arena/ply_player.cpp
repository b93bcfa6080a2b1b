#include <ply/tools/arena/ply_player.hpp>

#include <charconv>
#include <chrono>
#include <cmath>
#include <memory>
#include <sstream>

#include <ply/cli/algorithms.hpp>
#include <ply/core/error.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/tools/arena/arena_games.hpp>

namespace ply::arena {

namespace {

// The production engine (iterative deepening, table, pruning) as a player.
constexpr std::string_view kEngineAlgo = "engine";

struct Spec {
    std::string game;
    std::string algo = "alphabeta";  // a classic algorithm, or kEngineAlgo
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
};

Spec parse_spec(const std::string& text) {
    if (text.rfind("ply:", 0) != 0) throw ParseError("a Ply player spec starts with ply: ('" + text + "')");
    Spec s;
    std::istringstream in(text.substr(4));
    std::string item;
    while (std::getline(in, item, ',')) {
        if (item.empty()) continue;
        const auto eq = item.find('=');
        if (eq == std::string::npos) throw ParseError("expected key=value in '" + text + "', got '" + item + "'");
        const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        auto number = [&](auto& out) {
            std::remove_reference_t<decltype(*out)> v{};
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
            if (value.empty() || ec != std::errc() || end != value.data() + value.size() || v <= 0)
                throw ParseError("bad " + key + " in '" + text + "'");
            out = v;
        };
        if (key == "game")
            s.game = value;
        else if (key == "algo") {
            bool known = value == kEngineAlgo;
            for (const auto& a : cli::kAlgorithms) known = known || a == value;
            if (!known) throw ParseError("unknown algorithm '" + value + "' in '" + text + "'");
            s.algo = value;
        } else if (key == "depth")
            number(s.depth);
        else if (key == "nodes")
            number(s.nodes);
        else
            throw ParseError("unknown key '" + key + "' in '" + text + "'");
    }
    if (s.game.empty()) throw ParseError("'" + text + "' needs game=... (" + std::string(kArenaGames) + ")");
    if (s.depth && *s.depth >= kMaxPly) throw ParseError("depth too large in '" + text + "'");
    return s;
}

template <class G>
int default_depth() {
    if constexpr (std::is_same_v<G, chess::Position>)
        return 3;
    else if constexpr (std::is_same_v<G, connect4::Connect4>)
        return 8;
    else if constexpr (std::is_same_v<G, minichess::Minichess>)
        return 6;
    else
        return 9;
}

std::optional<int> to_cp(Score s, SearchInfo& info) {
    if (is_mate(s)) {
        info.mate = mate_in(s);
        return std::nullopt;
    }
    return s;
}

template <NotatedGame G>
class PlyPlayer final : public Player {
public:
    PlyPlayer(std::string name, Spec spec) : name_(std::move(name)), spec_(std::move(spec)) {}

    [[nodiscard]] const std::string& name() const override { return name_; }
    std::string start() override { return {}; }
    std::string new_game(const std::string&, const Limits&, bool) override {
        if (engine_) engine_->clear();
        return {};
    }
    void shut_down() override {}
    [[nodiscard]] bool healthy() const override { return true; }

    Reply go(const TurnRequest& req) override {
        const auto t0 = Clock::now();
        G game;
        try {
            if (!req.start_position.empty()) game = G::from_position(req.start_position);
            for (const auto& m : req.moves) game.make(game.parse_move(m));
        } catch (const ParseError& e) {
            return {ReplyStatus::Resign, {}, {}, std::string("cannot follow the game: ") + e.what()};
        }
        // What limits the search: the spec first, then the match's limits.
        const auto depth = spec_.depth ? spec_.depth : req.limits.depth;
        const auto nodes = spec_.nodes ? spec_.nodes : req.limits.nodes;
        std::optional<double> seconds;
        if (!spec_.depth && !spec_.nodes) {
            if (req.limits.movetime)
                seconds = *req.limits.movetime * 0.9;
            else if (req.limits.tc) {
                const int togo = req.moves_to_go > 0 ? req.moves_to_go : 30;
                seconds = std::max(0.001, std::min(req.my_time * 0.5, req.my_time / togo + req.my_inc * 0.8));
            }
        }
        classic::SearchResult<typename G::Move> best;
        int reached = 0;
        if (spec_.algo == kEngineAlgo) {
            if (!engine_) engine_ = std::make_unique<engine::Engine<G>>(kEngineHashMb);
            engine::Limits<typename G::Move> limits;
            if (seconds)
                limits.move_time = std::chrono::milliseconds(std::max<long long>(1, std::llround(*seconds * 1000)));
            else if (nodes)
                limits.nodes = *nodes;
            else
                limits.depth = depth.value_or(default_depth<G>());
            if (depth) limits.depth = depth;
            const auto r = engine_->think(game, limits);
            best.best = r.best;
            best.score = r.score;
            best.nodes = r.nodes;
            reached = r.depth;
        } else if (depth || (!nodes && !seconds)) {
            reached = depth.value_or(default_depth<G>());
            best = cli::run_algorithm(spec_.algo, game, reached);
        } else {
            // Iterative deepening: the last complete iteration counts.
            const auto deadline =
                seconds ? classic::Deadline::after(std::chrono::duration<double>(*seconds)) : classic::Deadline{};
            std::uint64_t spent = 0;
            for (int d = 1; d < kMaxPly; ++d) {
                auto r = cli::run_algorithm(spec_.algo, game, d, deadline);
                spent += r.nodes;
                if (r.aborted) break;
                best = r;
                reached = d;
                if (nodes && spent >= *nodes) break;
                if (seconds && req.interrupt && req.interrupt->load()) break;
                if (!r.best || is_mate(r.score)) break;  // over, or solved
                // Time: do not start an iteration unlikely to finish.
                if (seconds && std::chrono::duration<double>(Clock::now() - t0).count() * 4 > *seconds) break;
            }
        }
        Reply reply;
        if (req.interrupt && req.interrupt->load()) return {ReplyStatus::Interrupted, {}, {}, "interrupted"};
        if (!best.best) {
            // Depth 0 or nothing completed: any legal move keeps the game going.
            MoveListOf<G> moves;
            game.generate_moves(moves);
            if (moves.empty()) return {ReplyStatus::Resign, {}, {}, "no legal move"};
            best.best = moves[0];
        }
        reply.move = game.move_to_string(*best.best);
        reply.info.depth = reached;
        reply.info.nodes = best.nodes;
        reply.info.cp = to_cp(best.score, reply.info);
        return reply;
    }

private:
    static constexpr std::size_t kEngineHashMb = 16;
    std::string name_;
    Spec spec_;
    std::unique_ptr<engine::Engine<G>> engine_;  // kept between moves: its table helps
};

}  // namespace

std::unique_ptr<Player> make_ply_player(const std::string& name, const std::string& spec_text) {
    const Spec spec = parse_spec(spec_text);
    std::unique_ptr<Player> p;
    const bool known = with_arena_game(
        spec.game, [&]<class G>(std::type_identity<G>) { p = std::make_unique<PlyPlayer<G>>(name, spec); });
    if (!known) throw ParseError("unknown game '" + spec.game + "' (" + std::string(kArenaGames) + ")");
    return p;
}

}  // namespace ply::arena
