// The searches of a game written in Python: each works on its own copy of
// the object, with a Context of its own (python_game.hpp).
#pragma once

#include <ply/python/python_game.hpp>
#include <ply/python/searches.hpp>

namespace ply::python {

template <bool Hashed>
PythonGame<Hashed> root_of(py::handle object) {
    return PythonGame<Hashed>(py::reinterpret_borrow<py::object>(object), std::make_shared<Context>());
}

template <bool Hashed>
Searches python_searches_of() {
    using G = PythonGame<Hashed>;
    Searches s;
    s.search = [](py::handle game, const SearchArgs& args) { return classic_search(root_of<Hashed>(game), args); };
    s.compare = [](py::handle game, const CompareArgs& args) { return compare(root_of<Hashed>(game), args); };
    s.think = [](EngineBox& box, py::handle game, const EngineArgs& args) {
        static const char key = 0;
        return think(box, root_of<Hashed>(game), &key, args);
    };
    s.solve = [](py::handle game, bool weak) { return solve(root_of<Hashed>(game), weak); };
    s.mcts = [](py::handle game, const MctsArgs& args) { return mcts_search(root_of<Hashed>(game), args); };
    static_assert(NotatedGame<G> && HashedGame<G> == Hashed);
    return s;
}

}  // namespace ply::python
