// A game written in Python, searched by Ply's C++ searches: PythonGame wraps
// an object with legal_moves(), play(move), undo(), outcome() and
// evaluate() (and, for transposition tables, hash()) as a Game.
//
// Moves become 32-bit numbers, as the searches keep them: a small
// non-negative int is its own number, any other hashable value is numbered
// the first time legal_moves() yields it. The numbers belong to one search
// (its Context), shared by every copy of the game it makes.
//
// The first exception a Python method raises is kept, every later call
// answers as at the end of a game (no moves, a draw) so that the search
// unwinds at once, and the exception is raised when the search returns.
// Each copy of the game is a copy of the object (its copy() if it has one,
// else copy.deepcopy), made and destroyed holding the GIL.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pybind11/pybind11.h>

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>
#include <ply/python/api.hpp>

namespace ply::python {

class Context {
public:
    // The number of a move value, and back.
    std::uint32_t number(PyObject* move);
    py::object move_object(std::uint32_t number) const;

    // Records the Python error being raised (the first only) and stops the search.
    void fail();
    void fail(PyObject* type, const std::string& message);
    [[nodiscard]] bool failed() const { return failed_.load(std::memory_order_relaxed); }
    void throw_if_failed() const;
    void set_on_failure(std::function<void()> stop) {
        std::lock_guard lock(mutex_);
        on_failure_ = std::move(stop);
    }

private:
    static constexpr std::uint32_t kNamed = 1u << 31;  // numbered values; below: ints as themselves

    py::dict numbers_;
    std::vector<py::object> named_;
    std::atomic<bool> failed_ = false;
    std::optional<py::error_already_set> error_;
    mutable std::mutex mutex_;
    std::function<void()> on_failure_;
};

// The object's methods, looked up once a copy.
struct Methods {
    py::object legal_moves, play, undo, outcome, evaluate, hash;
};

template <bool Hashed>
class PythonGame {
public:
    using Move = std::uint32_t;
    static constexpr std::size_t max_moves = 256;
    static constexpr std::string_view name = "python";

    PythonGame(py::object object, std::shared_ptr<Context> context);
    PythonGame(const PythonGame& other);
    PythonGame& operator=(const PythonGame& other);
    ~PythonGame();

    void generate_moves(MoveList<Move, max_moves>& out) const;
    void make(Move m);
    void unmake(Move m);
    [[nodiscard]] Outcome outcome() const;
    [[nodiscard]] Score evaluate() const;
    [[nodiscard]] std::uint64_t hash() const requires Hashed;

    // Notation for the trace's labels: the moves' str(); a Python game has no
    // position notation of its own.
    static PythonGame from_position(std::string_view);
    [[nodiscard]] std::string position() const;
    [[nodiscard]] Move parse_move(std::string_view) const;
    [[nodiscard]] std::string move_to_string(Move m) const;
    [[nodiscard]] std::string render() const;

    Context& python_context() const { return *context_; }

private:
    void bind_methods();
    py::object call(const py::object& method) const;

    py::object object_;
    Methods methods_;
    std::shared_ptr<Context> context_;
};

// Remembers ply.Outcome's members (module.cpp, once the enum is bound).
void keep_outcome_members(py::handle outcome_type);
// Whether `object` can be searched as a Python game; TypeError naming what it lacks.
void check_python_game(py::handle object);
// The searches of Python games, with and without hash() (python_game_*.cpp).
Searches python_searches(bool hashed);

}  // namespace ply::python

namespace ply {

template <bool Hashed>
struct Description<python::PythonGame<Hashed>> {
    static constexpr GameFacts facts{
        .name = python::PythonGame<Hashed>::name,
        .summary = "a game written in Python",
        .default_seconds = 1,
        .solvable = true,  // exhaustively, as far as the user waits
    };
};

}  // namespace ply
