// Moves as Python sees them: a built-in game's as ply.Move objects (the
// move, its notation and how people read it), a Python game's as its own
// values. Whether a game calls into Python is what CallsPython says.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>

namespace ply::python {

namespace py = pybind11;

// A game written in Python, searched through the adapter (python_game.hpp).
template <class G>
concept CallsPython = requires(const G g) {
    g.python_context();
};

// ply.Move: what every game's moves show Python. Two moves are equal when
// they are of the same game and written the same.
struct MoveBase {
    std::string text;     // the game's notation, what play() reads back
    std::string display;  // as people read it (chess: SAN)
};

// A built-in game's move (ply.Chess.Move, ...), made in the position it is played from.
template <class G>
struct MoveObject : MoveBase {
    typename G::Move move{};

    static MoveObject of(const G& position, typename G::Move m) {
        MoveObject out;
        out.text = position.move_to_string(m);
        out.display = describe::display_move(position, m);
        out.move = m;
        return out;
    }
};

template <Game G>
py::object move_object(const G& position, typename G::Move m) {
    if constexpr (CallsPython<G>)
        return position.python_context().move_object(m);
    else
        return py::cast(MoveObject<G>::of(position, m));
}

// A line of moves from `position`, each written where it is played.
template <Game G>
py::list line_object(const G& position, const std::vector<typename G::Move>& line) {
    py::list out;
    if constexpr (CallsPython<G>) {
        for (const auto& m : line) out.append(position.python_context().move_object(m));
    } else {
        G game = position;
        for (const auto& m : line) {
            out.append(move_object(game, m));
            game.make(m);
        }
    }
    return out;
}

// A Python game's first exception in a search, raised once it is over.
template <Game G>
void throw_if_failed(const G& game) {
    if constexpr (CallsPython<G>) game.python_context().throw_if_failed();
}

// What a Python game's failure stops (the engine), while it runs.
template <Game G>
void on_failure(const G& game, std::function<void()> stop) {
    if constexpr (CallsPython<G>) game.python_context().set_on_failure(std::move(stop));
}

}  // namespace ply::python
