// The web server's calls for one game (game_api.hpp), compiled in the game's
// own translation unit of the registry (cli/register_game.hpp).
#pragma once

#include <chrono>
#include <concepts>
#include <sstream>
#include <stop_token>
#include <thread>

#include <ply/core/board_view.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/error.hpp>
#include <ply/search/classic/algorithm.hpp>
#include <ply/search/classic/minimal_tree.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/search/mcts/parallel.hpp>
#include <ply/search/retro/endgames.hpp>
#include <ply/tools/arena/game_support_for.hpp>
#include <ply/tools/arena/pgn.hpp>
#include <ply/tools/compare.hpp>
#include <ply/tools/database_text.hpp>
#include <ply/tools/draw/trace_json.hpp>
#include <ply/tools/lines.hpp>
#include <ply/tools/number_text.hpp>
#include <ply/tools/search_report.hpp>
#include <ply/web/game_api.hpp>
#include <ply/web/limits.hpp>

namespace ply::web {

// The position of a request: the game's start when none is given.
template <NotatedGame G>
G position_of(const std::string& text) {
    if (!text.empty()) return G::from_position(text);
    if constexpr (std::default_initializable<G>)
        return G{};
    else
        throw ParseError(std::string(G::name) + " has no start: give a position");
}

// Counts the nodes of the tree to `depth`, giving up past `cap`: true if it
// stays within it. Watching and comparing are for trees this small.
template <Game G>
bool tree_within(G& game, int depth, std::uint64_t& nodes, std::uint64_t cap) {
    if (++nodes > cap) return false;
    if (depth == 0 || is_over(game.outcome())) return true;
    MoveListOf<G> moves;
    game.generate_moves(moves);
    for (const auto& m : moves) {
        game.make(m);
        const bool small = tree_within(game, depth - 1, nodes, cap);
        game.unmake(m);
        if (!small) return false;
    }
    return true;
}

template <NotatedGame G>
int checked_depth(const G& game, std::optional<int> depth, std::uint64_t cap, const char* what) {
    const int d = depth.value_or(describe::search_depth(game));
    if (d < 0 || d > kMaxWatchedDepth)
        throw ParseError("depth " + std::to_string(d) + " is out of range (0 to " + std::to_string(kMaxWatchedDepth) +
                         ")");
    G walker = game;
    std::uint64_t nodes = 0;
    if (!tree_within(walker, d, nodes, cap))
        throw ParseError("the tree to depth " + std::to_string(d) + " has more than " + std::to_string(cap) +
                         " nodes; " + what + " is for smaller trees: lower the depth");
    return d;
}

template <NotatedGame G>
nlohmann::json trace(const TraceRequest& req) {
    const G game = position_of<G>(req.position);
    const auto algo = classic::parse_algorithm(req.algo);
    if (!algo) throw ParseError("unknown algorithm '" + req.algo + "'");
    const int depth = checked_depth(game, req.depth, kMaxWatchedNodes, "watching a search");
    draw::SearchRecorder<G> recorder(game, depth);
    const auto r = req.iterative ? classic::search_iterative(*algo, game, depth, recorder)
                                 : classic::search_once(*algo, game, depth, std::nullopt, recorder);
    recorder.mark_pv(r.pv);
    // As `ply search --trace --json` prints it, with the minimal tree beside.
    nlohmann::json out = search_json(game, r);
    out["algo"] = req.algo;
    out["depth"] = depth;
    out["iterative"] = req.iterative;
    out["trace"] = draw::trace_json(recorder.tree(std::string(G::name) + ", " + req.algo));
    out["value"] = draw::format_score(r.score);
    const auto size = classic::measure_tree(game, depth, kMaxWatchedNodes);
    out["minimal_leaves"] = size ? nlohmann::json(size->minimal_leaves) : nlohmann::json(nullptr);
    out["all_leaves"] = size ? nlohmann::json(size->all_leaves) : nlohmann::json(nullptr);
    out["board"] = game.render();
    return out;
}

template <NotatedGame G>
nlohmann::json compare(const CompareRequest& req) {
    const G game = position_of<G>(req.position);
    ply::compare::Options opts;
    if (!req.algos.empty()) opts.algos = req.algos;
    for (const auto& a : opts.algos)
        if (!classic::parse_algorithm(a)) throw ParseError("unknown algorithm '" + a + "'");
    if (req.ordering != "natural" && req.ordering != "best" && req.ordering != "worst" && req.ordering != "random")
        throw ParseError("unknown ordering '" + req.ordering + "' (natural, best, worst, random)");
    opts.ordering = req.ordering;
    opts.seed = req.seed;
    opts.max_tree_nodes = kMaxComparedNodes;
    const int depth = checked_depth(game, req.depth, kMaxComparedNodes, "comparing");
    opts.deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                           std::chrono::duration<double>(req.max_seconds));
    nlohmann::json out = ply::compare::to_json(ply::compare::run(game, opts, depth));
    if (out.contains("skipped"))
        out["limit"] = "stopped at the server's limit of " + shortest(req.max_seconds) +
                       " s: " + std::to_string(out["skipped"].size()) + " algorithms not run";
    return out;
}

// Replays a game line: the referee checks it, and the game itself follows.
template <arena::ArenaGame G>
struct Replay {
    arena::GameReferee<G> referee;
    G game;
    arena::GameRecord record;
    std::vector<int> last_cells;  // the last move's cells, where the game draws a board

    explicit Replay(const GameLine& line) {
        referee.reset(line.start);
        game = position_of<G>(line.start);
        record.game = std::string(G::name);
        record.white = line.players[0];
        record.black = line.players[1];
        record.opening_position = line.start;
        record.start_position = referee.start_position();
        record.first_move_number = referee.fullmove_number();
        record.second_moves_first = referee.side_to_move() == 1;
        record.pgn_native = referee.pgn_native();
        record.pdn_game_type = referee.pdn_game_type();
        record.side_names = {referee.side_name(0), referee.side_name(1)};
        record.opening_start = referee.position();
        for (std::size_t i = 0; i < line.moves.size(); ++i) {
            const std::string& text = line.moves[i];
            if (referee.end())
                throw ParseError("move " + std::to_string(i + 1) + " (" + text + ") comes after the end");
            const auto move = referee.canonical(text);
            if (!move) throw ParseError("move " + std::to_string(i + 1) + " (" + text + ") is illegal");
            record.moves.push_back({*move, referee.notation(*move), 0, std::nullopt, {}});
            referee.play(*move);
            const auto m = game.parse_move(*move);
            if constexpr (BoardGame<G>) last_cells = game.move_cells(m);
            game.make(m);
        }
        if (const auto end = referee.end()) {
            record.result = arena::pgn_result(end->winner);
            record.termination = "normal";
            record.reason = end->reason;
        }
        record.final_position = referee.position();
    }
};

// The tables of a game with slices, as the server holds them.
template <Game G>
struct EndgameTablesOf : EndgameTables {
    typename retro::Endgames<G>::Tables set;
    explicit EndgameTablesOf(const std::string& folder) : set(folder, std::string(G::name)) {}
};

template <Game G>
std::shared_ptr<EndgameTables> open_endgames(const std::string& folder) {
    return std::make_shared<EndgameTablesOf<G>>(folder);
}

// The game's own tables back from the server (which pairs them with the
// game that opened them).
template <Game G>
typename retro::Endgames<G>::Tables* tables_of(EndgameTables* tables) {
    if constexpr (SlicedGame<G>)
        return tables ? &static_cast<EndgameTablesOf<G>*>(tables)->set : nullptr;
    else
        return nullptr;
}

template <arena::ArenaGame G>
nlohmann::json board_json(const G& game) {
    if constexpr (BoardGame<G>) {
        const BoardView b = game.board_view();
        return {{"style", b.style},
                {"rows", b.rows},
                {"columns", b.columns},
                {"cells", b.cells},
                {"column_names", b.column_names},
                {"row_names", b.row_names},
                {"last", b.last_move_cell},
                {"labels", b.labels}};
    } else {
        return nullptr;
    }
}

template <arena::ArenaGame G>
nlohmann::json state(const GameLine& line, EndgameTables* tables) {
    const Replay<G> r(line);
    const std::string database = r.referee.end() ? "" : database_text(tables_of<G>(tables), r.game);
    nlohmann::json legal = nlohmann::json::array();
    if (!r.referee.end()) {
        for (const auto& m : r.referee.legal_moves()) {
            nlohmann::json j = {{"move", m}, {"notation", r.referee.notation(m)}};
            if constexpr (BoardGame<G>) j["cells"] = r.game.move_cells(r.game.parse_move(m));
            legal.push_back(std::move(j));
        }
    }
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& m : r.record.moves) moves.push_back({{"move", m.move}, {"notation", m.notation}});
    const auto end = r.referee.end();
    const arena::GameSupport support = arena::support_for<G>();
    std::ostringstream record;
    if (support.record)
        record << support.record(r.record);
    else
        arena::write_pgn(record, r.record, {"Ply in the browser", "?", ""});
    return {{"game", G::name},
            {"start", line.start},
            {"position", r.referee.position()},
            {"to_move", r.referee.side_to_move()},
            {"first_to_move", r.record.second_moves_first ? 1 : 0},
            {"side_names", {r.referee.side_name(0), r.referee.side_name(1)}},
            {"moves", moves},
            {"legal", legal},
            {"end", end ? nlohmann::json{{"winner", end->winner}, {"reason", end->reason}} : nlohmann::json(nullptr)},
            {"board", board_json(r.game)},
            {"last_cells", r.last_cells},
            {"text", r.game.render()},
            {"record", record.str()},
            {"record_kind", support.record                   ? "sgf"
                            : r.record.pdn_game_type.empty() ? "pgn"
                                                             : "pdn"},
            {"result", r.record.result},
            {"database", database.empty() ? nlohmann::json(nullptr) : nlohmann::json(database)}};
}

// Calls on_stop once `stop` turns true, while it lives: the engine is stopped
// from another thread.
class StopRelay {
public:
    template <class F>
    StopRelay(const std::atomic<bool>& stop, F on_stop)
        : thread_([&stop, on_stop](const std::stop_token& done) {
              while (!done.stop_requested()) {
                  if (stop.load()) return on_stop();
                  std::this_thread::sleep_for(std::chrono::milliseconds(20));
              }
          }) {}

private:
    std::jthread thread_;
};

template <arena::ArenaGame G>
nlohmann::json think_by_mcts(const G& game, const ThinkLimits& limits, const InfoSink& sink,
                             const std::atomic<bool>& stop, EndgameTables* tables) {
    // In slices, each growing the same tree, so that the page sees it think.
    mcts::ParallelSearcher<G> searcher;
    searcher.set_endgames(tables_of<G>(tables));
    const auto budget =
        std::chrono::duration<double>(limits.seconds.value_or(describe::default_seconds<G>().value_or(1.0)));
    const auto started = std::chrono::steady_clock::now();
    mcts::Result<typename G::Move> r;
    do {
        mcts::Limits slice;
        slice.time = std::chrono::milliseconds(250);
        slice.stop = &stop;
        r = searcher.search(game, slice);
        const auto elapsed = std::chrono::steady_clock::now() - started;
        sink({{"iterations", r.iterations},
              {"score", std::to_string(std::lround(r.mean * 100)) + "%"},
              {"pv", line_text(game, r.pv)},
              {"nodes", r.nodes},
              {"time_ms", std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count()}});
        if (r.proof != mcts::Proof::None || elapsed >= budget) break;
    } while (!stop.load());
    if (!r.best) throw ParseError("the engine has no move");
    return {{"move", game.move_to_string(*r.best)}, {"notation", describe::display_move(game, *r.best)}};
}

template <arena::ArenaGame G>
nlohmann::json think(const GameLine& line, const ThinkLimits& limits, const InfoSink& sink,
                     const std::atomic<bool>& stop, EndgameTables* tables) {
    const Replay<G> r(line);
    if (r.referee.end()) throw ParseError("the game is over");
    const G& game = r.game;
    if constexpr (describe::plays_by_mcts<G>()) return think_by_mcts(game, limits, sink, stop, tables);
    engine::Engine<G> engine(kEngineHashMegabytes);
    engine.set_endgames(tables_of<G>(tables));
    engine::Limits<typename G::Move> l;
    if (limits.depth) l.depth = *limits.depth;
    if (limits.nodes) l.nodes = *limits.nodes;
    // Without limits, as `ply play` thinks: the game's time, else its depth.
    std::optional<double> seconds = limits.seconds;
    if (!seconds && !limits.depth && !limits.nodes) seconds = describe::default_seconds<G>();
    if (seconds) l.move_time = std::chrono::milliseconds(std::max<long long>(1, std::llround(1000 * *seconds)));
    if (!l.move_time && !l.depth && !l.nodes) l.depth = describe::default_depth<G>();
    engine.on_report = [&](const engine::Report<typename G::Move>& rep) {
        if (rep.bound != engine::Bound::Exact) return;
        sink({{"depth", rep.depth},
              {"score", describe::score_text<G>(rep.score)},
              {"pv", line_text(game, rep.pv)},
              {"nodes", rep.nodes},
              {"time_ms", rep.time.count()}});
    };
    const StopRelay relay(stop, [&engine] { engine.stop(); });
    const auto result = engine.think(game, l);
    if (!result.best) throw ParseError("the engine has no move");
    return {{"move", game.move_to_string(*result.best)},
            {"notation", describe::display_move(game, *result.best)},
            {"score", describe::score_text<G>(result.score)},
            {"depth", result.depth}};
}

template <NotatedGame G>
GameApi game_api_for() {
    GameApi api;
    api.trace = &trace<G>;
    api.compare = &compare<G>;
    if constexpr (arena::ArenaGame<G>) {
        api.playable = true;
        api.state = &state<G>;
        api.think = &think<G>;
    }
    if constexpr (SlicedGame<G>) api.open_endgames = &open_endgames<G>;
    return api;
}

}  // namespace ply::web
