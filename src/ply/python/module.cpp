// The Python module ply._ply (python/ply/__init__.py re-exports it): the
// errors, the result types, the built-in games' classes (generated from the
// registry, builtin_bindings.hpp) and the searches, which take a built-in
// game or any Python object that plays like one (python_game.hpp).
#include <map>

#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <ply/core/version.hpp>
#include <ply/python/bind_game.hpp>
#include <ply/python/builtin_bindings.hpp>
#include <ply/python/python_game.hpp>

namespace ply::python {

namespace {

struct GameType {
    py::object type;
    Searches searches;
};

// The built-in games' classes, in the registry's order.
std::vector<GameType>& game_types() {
    // Never destroyed: its Python objects must not outlive the interpreter.
    static auto* const types = new std::vector<GameType>;
    return *types;
}

PyObject* new_error(const char* name, PyObject* bases) {
    PyObject* type = PyErr_NewException(name, bases, nullptr);
    if (!type) throw py::error_already_set();
    return type;
}

// The searches of `game`: its class's, or the adapter's for a Python game.
Searches searches_of(py::handle game) {
    for (const auto& t : game_types())
        if (py::isinstance(game, t.type)) return t.searches;
    check_python_game(game);
    return python_searches(py::hasattr(game, "hash"));
}

std::string names() {
    std::string out;
    for (const auto& t : game_types()) out += (out.empty() ? "" : ", ") + t.type.attr("name").cast<std::string>();
    return out;
}

void bind_errors(py::module_& m) {
    // Built once; the module keeps them for as long as the interpreter runs.
    static PyObject* const error = new_error("ply.Error", PyExc_Exception);
    static PyObject* const parse =
        new_error("ply.ParseError", py::make_tuple(py::handle(error), py::handle(PyExc_ValueError)).release().ptr());
    static PyObject* const illegal = new_error("ply.IllegalMoveError", parse);
    m.attr("Error") = py::handle(error);
    m.attr("ParseError") = py::handle(parse);
    m.attr("IllegalMoveError") = py::handle(illegal);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const IllegalMove& e) {
            PyErr_SetString(illegal, e.what());
        } catch (const ParseError& e) {
            PyErr_SetString(parse, e.what());
        } catch (const Error& e) {
            PyErr_SetString(error, e.what());
        } catch (const OutOfMemory& e) {
            PyErr_SetString(error, e.what());
        } catch (const draw::TooBigToRecord& e) {
            PyErr_SetString(error, e.what());
        }
    });
}

void bind_results(py::module_& m) {
    py::class_<TraceNode>(m, "TraceNode", "A node of a watched search's tree")
        .def_readonly("id", &TraceNode::id)
        .def_readonly("move", &TraceNode::move)
        .def_readonly("path", &TraceNode::path)
        .def_readonly("parent", &TraceNode::parent)
        .def_readonly("ply", &TraceNode::ply)
        .def_readonly("max", &TraceNode::max)
        .def_readonly("children", &TraceNode::children)
        .def_readonly("visited", &TraceNode::visited)
        .def_readonly("on_pv", &TraceNode::on_pv)
        .def_readonly("alpha", &TraceNode::alpha)
        .def_readonly("beta", &TraceNode::beta)
        .def_readonly("value", &TraceNode::value)
        .def_readonly("static_value", &TraceNode::static_value)
        .def_readonly("exit", &TraceNode::exit)
        .def("__repr__", [](const TraceNode& n) {
            std::string path;
            for (const auto& p : n.path) path += (path.empty() ? "" : " ") + p;
            return "<TraceNode " + std::to_string(n.id) + " [" + path + "]" + (n.visited ? "" : " pruned") + ">";
        });
    py::class_<TraceEvent>(m, "TraceEvent", "One step of a watched search")
        .def_readonly("kind", &TraceEvent::kind)
        .def_readonly("node", &TraceEvent::node)
        .def_readonly("alpha", &TraceEvent::alpha)
        .def_readonly("beta", &TraceEvent::beta)
        .def_readonly("value", &TraceEvent::value)
        .def_readonly("exit", &TraceEvent::exit)
        .def_readonly("pruned", &TraceEvent::pruned)
        .def_readonly("text", &TraceEvent::text)
        .def("__repr__", [](const TraceEvent& e) { return "<TraceEvent " + e.text + ">"; });
    const auto pruned = [](const Trace& t, bool leaves_only) {
        std::vector<TraceNode> out;
        for (const auto& n : t.nodes)
            if (!n.visited && n.parent >= 0 && t.nodes[static_cast<std::size_t>(n.parent)].visited &&
                (!leaves_only || n.children.empty()))
                out.push_back(n);
        return out;
    };
    py::class_<Trace>(m, "Trace", "A watched search: the tree it visited and its steps")
        .def_readonly("nodes", &Trace::nodes)
        .def_readonly("events", &Trace::events)
        .def(
            "pruned", [pruned](const Trace& t) { return pruned(t, false); }, "Roots of the subtrees never entered")
        .def(
            "pruned_leaves", [pruned](const Trace& t) { return pruned(t, true); }, "Leaves never entered");
    py::class_<SearchResult>(m, "SearchResult", "What a classic search found")
        .def_readonly("algorithm", &SearchResult::algorithm)
        .def_readonly("depth", &SearchResult::depth)
        .def_readonly("iterative", &SearchResult::iterative)
        .def_readonly("value", &SearchResult::value)
        .def_readonly("value_text", &SearchResult::value_text)
        .def_readonly("best_move", &SearchResult::best_move)
        .def_readonly("pv", &SearchResult::pv)
        .def_readonly("nodes", &SearchResult::nodes)
        .def_readonly("leaves", &SearchResult::leaves)
        .def_readonly("researches", &SearchResult::researches)
        .def_readonly("seconds", &SearchResult::seconds)
        .def_readonly("trace", &SearchResult::trace)
        .def("__repr__", [](const SearchResult& r) {
            return "<SearchResult " + r.algorithm + " depth " + std::to_string(r.depth) + ": " + r.value_text + ", " +
                   std::to_string(r.nodes) + " nodes>";
        });
    py::class_<Comparison>(m, "Comparison", "The classic algorithms side by side")
        .def_readonly("depth", &Comparison::depth)
        .def_readonly("rows", &Comparison::rows)
        .def_readonly("minimal_leaves", &Comparison::minimal_leaves)
        .def_readonly("all_leaves", &Comparison::all_leaves);
    py::class_<Info>(m, "Info", "One line of the engine's search, as UCI's info says it")
        .def_readonly("depth", &Info::depth)
        .def_readonly("seldepth", &Info::seldepth)
        .def_readonly("multipv", &Info::multipv)
        .def_readonly("value", &Info::value)
        .def_readonly("value_text", &Info::value_text)
        .def_readonly("bound", &Info::bound)
        .def_readonly("nodes", &Info::nodes)
        .def_readonly("seconds", &Info::seconds)
        .def_readonly("hashfull", &Info::hashfull)
        .def_readonly("pv", &Info::pv)
        .def("__repr__", [](const Info& i) {
            return "<Info depth " + std::to_string(i.depth) + " " + i.value_text + " " + i.bound + ">";
        });
    py::class_<Line>(m, "Line", "A MultiPV line's first move and value")
        .def_readonly("move", &Line::move)
        .def_readonly("value", &Line::value)
        .def_readonly("value_text", &Line::value_text);
    py::class_<EngineResult>(m, "EngineResult", "What the engine found")
        .def_readonly("best_move", &EngineResult::best_move)
        .def_readonly("ponder", &EngineResult::ponder)
        .def_readonly("value", &EngineResult::value)
        .def_readonly("value_text", &EngineResult::value_text)
        .def_readonly("depth", &EngineResult::depth)
        .def_readonly("nodes", &EngineResult::nodes)
        .def_readonly("seconds", &EngineResult::seconds)
        .def_readonly("stopped", &EngineResult::stopped)
        .def_readonly("lines", &EngineResult::lines)
        .def("__repr__", [](const EngineResult& r) {
            return "<EngineResult " + std::string(py::str(r.best_move)) + " " + r.value_text + " depth " +
                   std::to_string(r.depth) + ">";
        });
    py::class_<Solution>(m, "Solution", "A position solved exactly")
        .def_readonly("value", &Solution::value)
        .def_readonly("value_text", &Solution::value_text)
        .def_readonly("result", &Solution::result)
        .def_readonly("plies", &Solution::plies)
        .def_readonly("best_moves", &Solution::best_moves)
        .def_readonly("pv", &Solution::pv)
        .def_readonly("nodes", &Solution::nodes)
        .def_readonly("seconds", &Solution::seconds)
        .def_readonly("published_score", &Solution::published_score)
        .def("__repr__", [](const Solution& s) { return "<Solution " + s.value_text + ">"; });
    py::class_<MoveStats>(m, "MoveStats", "A root move's statistics in Monte Carlo tree search")
        .def_readonly("move", &MoveStats::move)
        .def_readonly("visits", &MoveStats::visits)
        .def_readonly("mean", &MoveStats::mean)
        .def_readonly("proof", &MoveStats::proof);
    py::class_<MctsResult>(m, "MctsResult", "What Monte Carlo tree search found")
        .def_readonly("best_move", &MctsResult::best_move)
        .def_readonly("mean", &MctsResult::mean)
        .def_readonly("proof", &MctsResult::proof)
        .def_readonly("iterations", &MctsResult::iterations)
        .def_readonly("nodes", &MctsResult::nodes)
        .def_readonly("seconds", &MctsResult::seconds)
        .def_readonly("moves", &MctsResult::moves)
        .def_readonly("pv", &MctsResult::pv);
}

void bind_searches(py::module_& m) {
    m.def(
        "search",
        [](py::object game, std::string algorithm, std::optional<int> depth, bool iterative, bool trace) {
            return searches_of(game).search(game, {algorithm, depth, iterative, trace});
        },
        py::arg("game"), py::arg("algorithm") = "alphabeta", py::arg("depth") = py::none(),
        py::arg("iterative") = false, py::arg("trace") = false,
        "A classic search (minimax, negamax, alphabeta, pvs, mtdf, bns) to a fixed depth; trace=True records "
        "every step");
    m.def(
        "compare",
        [](py::object game, std::optional<std::vector<std::string>> algorithms, std::optional<int> depth,
           bool iterative) {
            return searches_of(game).compare(game, {algorithms.value_or(std::vector<std::string>{}), depth, iterative});
        },
        py::arg("game"), py::arg("algorithms") = py::none(), py::arg("depth") = py::none(),
        py::arg("iterative") = false, "The classic algorithms side by side, and the minimal tree");
    m.def(
        "solve", [](py::object game, bool weak) { return searches_of(game).solve(game, weak); }, py::arg("game"),
        py::arg("weak") = false, "The exact value with perfect play, every best move and a perfect line");
    m.def(
        "best_moves", [](py::object game) { return searches_of(game).solve(game, false).best_moves; }, py::arg("game"),
        "Every move that keeps the exact value");
    m.def(
        "mcts",
        [](py::object game, std::optional<std::uint64_t> iterations, std::optional<double> time, int threads,
           std::uint64_t seed) {
            return searches_of(game).mcts(game, {iterations, time, threads, seed});
        },
        py::arg("game"), py::arg("iterations") = py::none(), py::arg("time") = py::none(), py::arg("threads") = 1,
        py::arg("seed") = 1, "Monte Carlo tree search (UCT, with RAVE where moves are places, and MCTS-Solver)");

    py::class_<EngineBox>(m, "Engine",
                          "The production search (PVS, transposition table, null move, LMR, ...) for any game; "
                          "search() releases the GIL, and stop() may come from another thread")
        .def(py::init([](std::size_t hash_mb, int threads) {
                 check_at_least("hash_mb", static_cast<long long>(std::min<std::size_t>(hash_mb, 1ULL << 40)), 1,
                                engine::kMaxHashMb);
                 check_at_least("threads", threads, 1, engine::kMaxThreads);
                 return std::make_unique<EngineBox>(hash_mb, threads);
             }),
             py::arg("hash_mb") = 16, py::arg("threads") = 1)
        .def(
            "search",
            [](EngineBox& box, py::object game, std::optional<int> depth, std::optional<std::uint64_t> nodes,
               std::optional<double> time, int multipv, py::object on_info) {
                return searches_of(game).think(box, game, {depth, nodes, time, multipv, on_info});
            },
            py::arg("game"), py::arg("depth") = py::none(), py::arg("nodes") = py::none(), py::arg("time") = py::none(),
            py::arg("multipv") = 1, py::arg("on_info") = py::none(),
            "Searches within the limits given (none: the game's own, as `ply play` thinks)")
        .def("stop", &EngineBox::stop, py::call_guard<py::gil_scoped_release>(),
             "Ends the running search, which returns its best so far")
        .def("clear", &EngineBox::clear, "Forgets the table (a new game); Error while it searches")
        .def_property_readonly("threads", &EngineBox::threads)
        .def_property_readonly("hash_mb", &EngineBox::hash_mb);
}

}  // namespace

void add_game_type(py::handle type, const Searches& searches) {
    game_types().push_back({py::reinterpret_borrow<py::object>(type), searches});
}

PYBIND11_MODULE(_ply, m) {
    m.doc() = "Ply: game-tree search at C++ speed";
    m.attr("__version__") = std::string(kVersion);
    bind_errors(m);
    const auto outcome = py::enum_<Outcome>(m, "Outcome", "The state of a game for the side to move")
                             .value("ONGOING", Outcome::Ongoing)
                             .value("WIN", Outcome::Win)
                             .value("LOSS", Outcome::Loss)
                             .value("DRAW", Outcome::Draw)
                             .value("SCORED", Outcome::Scored);
    keep_outcome_members(outcome);
    m.attr("MATE") = kMate;
    m.attr("MATE_BOUND") = kMateBound;
    m.attr("MAX_EVAL") = kMaxEval;
    m.attr("ALGORITHMS") = classic::algorithm_names();
    m.def(
        "mate_in_plies",
        [](int plies) {
            check_at_least("plies", plies, 0, kMaxPly);
            return mate_in_plies(plies);
        },
        py::arg("plies"), "The score of a win `plies` plies away");
    m.def(
        "mated_in_plies",
        [](int plies) {
            check_at_least("plies", plies, 0, kMaxPly);
            return mated_in_plies(plies);
        },
        py::arg("plies"), "The score of a loss `plies` plies away");
    m.def(
        "is_mate", [](Score s) { return is_mate(s) && s >= -kMate && s <= kMate; }, py::arg("score"),
        "Whether a score is a won or lost game");
    bind_results(m);
    py::class_<GameBase>(m, "Game", "The base of every built-in game");
    py::class_<MoveBase>(m, "Move", "A move: str() is the game's notation, display how people read it")
        .def_property_readonly(
            "text", [](const MoveBase& mv) { return mv.text; }, "The game's notation, as play() reads it")
        .def_property_readonly(
            "display", [](const MoveBase& mv) { return mv.display; }, "The move as people read it")
        .def("__str__", [](const MoveBase& mv) { return mv.text; })
        .def("__repr__",
             [](py::object mv) {
                 return "<" + py::type::of(mv).attr("__qualname__").cast<std::string>() + " " +
                        mv.cast<const MoveBase&>().text + ">";
             })
        .def("__eq__",
             [](py::object a, py::object b) {
                 if (py::isinstance<py::str>(b)) return a.cast<const MoveBase&>().text == b.cast<std::string>();
                 return py::type::of(a).is(py::type::of(b)) &&
                        a.cast<const MoveBase&>().text == b.cast<const MoveBase&>().text;
             })
        .def("__hash__", [](const MoveBase& mv) { return py::hash(py::str(mv.text)); })
        // A move never changes: its copies are itself.
        .def("__copy__", [](py::object mv) { return mv; })
        .def(
            "__deepcopy__", [](py::object mv, py::handle) { return mv; }, py::arg("memo"));
    for (const auto bind : kBuiltinBindings) bind(m);
    m.def(
        "games",
        [] {
            std::vector<std::string> out;
            for (const auto& t : game_types()) out.push_back(t.type.attr("name").cast<std::string>());
            return out;
        },
        "The built-in games' names, as the command line knows them");
    m.def(
        "game",
        [](const std::string& name, std::optional<std::string> position) {
            for (const auto& t : game_types())
                if (t.type.attr("name").cast<std::string>() == name) return t.type(position);
            throw ParseError("unknown game '" + clip(name) + "' (games: " + names() + ")");
        },
        py::arg("name"), py::arg("position") = py::none(), "A built-in game by name, at its start or a position");
    bind_searches(m);
    guard_classes(m);
}

}  // namespace ply::python
