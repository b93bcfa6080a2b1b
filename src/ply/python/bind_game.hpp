// A built-in game as a Python class, generated from the game itself: one
// call of bind_game<G>() in the game's own translation unit (made by
// cmake/BuiltinGames.cmake from the registry) and no code of its own.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include <ply/python/searches.hpp>
#include <ply/search/perft.hpp>

namespace ply::python {

// ply.Game: the base of every built-in game's class.
struct GameBase {};

// A game being played: the position, where it started and the moves since,
// so that undo() and pickling keep the whole game.
template <NotatedGame G>
struct GameState : GameBase {
    using Move = typename G::Move;

    G game;
    std::string start;
    std::vector<Move> history;

    explicit GameState(const std::optional<std::string>& position)
        : game(start_of(position)), start(position.value_or(std::string(describe::start_position<G>()))) {}

    static G start_of(const std::optional<std::string>& position) {
        if (!position && describe::needs_position<G>())
            throw ParseError("the " + std::string(G::name) +
                             " game needs a position: " + std::string(describe::summary<G>()));
        return G::from_position(position.value_or(std::string(describe::start_position<G>())));
    }

    [[nodiscard]] bool is_legal(Move m) const {
        MoveListOf<G> moves;
        game.generate_moves(moves);
        return std::find(moves.begin(), moves.end(), m) != moves.end();
    }

    Move parse(const std::string& text) const {
        if (is_over(game.outcome())) throw IllegalMove("the game is over: no move is legal");
        Move m;
        try {
            m = game.parse_move(text);
        } catch (const ParseError& e) {
            throw IllegalMove(e.what());
        }
        if (!is_legal(m)) throw IllegalMove("'" + clip(text) + "' is not a legal move here");
        return m;
    }

    void play(Move m) {
        if (is_over(game.outcome())) throw IllegalMove("the game is over: no move is legal");
        if (!is_legal(m)) throw IllegalMove("'" + game.move_to_string(m) + "' is not a legal move here");
        game.make(m);
        history.push_back(m);
    }

    MoveObject<G> undo() {
        if (history.empty()) throw Error("nothing to undo: no move was played");
        const Move m = history.back();
        game.unmake(m);
        history.pop_back();
        return MoveObject<G>::of(game, m);
    }

    [[nodiscard]] py::list played() const { return line_object(G::from_position(start), history); }
};

// "Connect4" for connect4, "Tictactoe" for tictactoe: the class's name.
inline std::string class_name(std::string_view name) {
    std::string out(name);
    if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
    return out;
}

template <NotatedGame G>
const G& game_of(py::handle object) {
    return py::cast<const GameState<G>&>(object).game;
}

// The key of a game's engine in ply.Engine: one per game type.
template <class G>
const void* game_key() {
    static const char key = 0;
    return &key;
}

template <NotatedGame G>
Searches searches_of() {
    Searches s;
    s.search = [](py::handle game, const SearchArgs& args) { return classic_search(game_of<G>(game), args); };
    s.compare = [](py::handle game, const CompareArgs& args) { return compare(game_of<G>(game), args); };
    s.think = [](EngineBox& box, py::handle game, const EngineArgs& args) {
        return think(box, game_of<G>(game), game_key<G>(), args);
    };
    s.solve = [](py::handle game, bool weak) { return solve(game_of<G>(game), weak); };
    s.mcts = [](py::handle game, const MctsArgs& args) { return mcts_search(game_of<G>(game), args); };
    return s;
}

template <NotatedGame G>
void bind_game(py::module_& module) {
    using State = GameState<G>;
    using Move = MoveObject<G>;
    const std::string name = class_name(G::name);
    py::class_<State, GameBase> cls(module, name.c_str(), std::string(describe::summary<G>()).c_str());
    py::class_<Move, MoveBase>(cls, "Move", ("A move of " + std::string(G::name)).c_str());
    cls.attr("name") = std::string(G::name);
    cls.attr("summary") = std::string(describe::summary<G>());
    cls.attr("start") = std::string(describe::start_position<G>());
    cls.def(py::init<const std::optional<std::string>&>(), py::arg("position") = py::none(),
            "A game from a position in the game's notation (None: the start)")
        .def(
            "legal_moves",
            [](const State& s) {
                py::list out;
                if (is_over(s.game.outcome())) return out;
                MoveListOf<G> moves;
                s.game.generate_moves(moves);
                for (const auto& m : moves) out.append(py::cast(Move::of(s.game, m)));
                return out;
            },
            "The legal moves, in the order the searches try them first")
        .def(
            "parse_move", [](const State& s, const std::string& text) { return Move::of(s.game, s.parse(text)); },
            py::arg("text"), "The legal move `text` names; IllegalMoveError if none")
        .def(
            "play", [](State& s, const std::string& text) { s.play(s.parse(text)); }, py::arg("move"))
        .def(
            "play", [](State& s, const Move& m) { s.play(m.move); }, py::arg("move"),
            "Plays a move (a Move or its notation); IllegalMoveError if it is not legal")
        .def("undo", &State::undo, "Takes back the last move and returns it")
        .def_property_readonly("history", &State::played, "The moves played since the start")
        .def_property_readonly("start_position", [](const State& s) { return s.start; })
        .def(
            "outcome", [](const State& s) { return s.game.outcome(); }, "The state of the game for the side to move")
        .def("is_over", [](const State& s) { return is_over(s.game.outcome()); })
        .def(
            "evaluate", [](const State& s) { return Score(s.game.evaluate()); }, "Side-relative heuristic value")
        .def(
            "position", [](const State& s) { return std::string(s.game.position()); }, "The position's notation")
        .def(
            "render", [](const State& s) { return std::string(s.game.render()); },
            "The board, as the terminal shows it")
        .def("__str__", [](const State& s) { return std::string(s.game.render()); })
        .def("__repr__",
             [name](const State& s) {
                 return "ply." + name + "(" + std::string(py::repr(py::str(std::string(s.game.position())))) + ")";
             })
        .def(
            "perft",
            [](const State& s, int depth) {
                check_at_least("depth", depth, 0, kMaxPly - 1);
                G game = s.game;
                std::uint64_t count = 0;
                std::atomic<bool> stop = false;
                run_search<G>([&] { count = search::perft(game, depth, &stop); }, [&] { stop = true; });
                return count;
            },
            py::arg("depth"), "Move paths of exactly `depth` plies (the check of a move generator)")
        .def(
            "hash",
            [](const State& s) -> py::object {
                if constexpr (HashedGame<G>)
                    return py::int_(s.game.hash());
                else
                    return py::none();
            },
            "The position's hash key (None for a game without one)")
        .def("copy", [](const State& s) { return State(s); })
        .def("__copy__", [](const State& s) { return State(s); })
        .def(
            "__deepcopy__", [](const State& s, py::dict) { return State(s); }, py::arg("memo"))
        .def(py::pickle(
            [](const State& s) {
                py::list moves;
                G game = G::from_position(s.start);
                for (const auto& m : s.history) {
                    moves.append(std::string(game.move_to_string(m)));
                    game.make(m);
                }
                return py::make_tuple(s.start, moves);
            },
            [](const py::tuple& t) {
                const std::string what = "a pickled " + std::string(G::name) + " game is (start position, [moves])";
                if (t.size() != 2 || !py::isinstance<py::str>(t[0]) || !py::isinstance<py::list>(t[1]))
                    throw ParseError(what);
                State s(t[0].cast<std::string>());
                for (const auto& text : t[1]) {
                    if (!py::isinstance<py::str>(text)) throw ParseError(what);
                    s.play(s.parse(text.cast<std::string>()));
                    if (PyErr_CheckSignals() != 0) throw py::error_already_set();  // a long history: Ctrl-C
                }
                return s;
            }));
    add_game_type(cls, searches_of<G>());
}

}  // namespace ply::python
