// What the module asks of each game, as plain arguments and function
// pointers: made for a built-in game by bind_game<G>() in the game's own
// translation unit, and for a game written in Python by python_game.cpp.
// The module's functions (ply.search, ply.Engine.search, ...) find the
// game's table by its Python type, so they are no templates themselves.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include <ply/core/error.hpp>
#include <ply/python/results.hpp>

namespace ply::python {

// ply.Error: a request Ply refuses (nothing to undo, a game too big to solve).
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// ply.IllegalMoveError: a move that is not legal where it is played.
class IllegalMove : public ParseError {
public:
    using ParseError::ParseError;
};

struct SearchArgs {
    std::string algorithm = "alphabeta";
    std::optional<int> depth;
    bool iterative = false;
    bool trace = false;
};

struct CompareArgs {
    std::vector<std::string> algorithms;
    std::optional<int> depth;
    bool iterative = false;
};

struct EngineArgs {
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<double> seconds;
    int multipv = 1;
    py::object on_info = py::none();
};

struct MctsArgs {
    std::optional<std::uint64_t> iterations;
    std::optional<double> seconds;
    int threads = 1;
    std::uint64_t seed = 1;
};

// ply.Engine: the production engine of whichever game it was last given
// (its table is kept from one search of that game to the next), one search
// at a time, and the stop() another thread may send.
class EngineBox {
public:
    EngineBox(std::size_t hash_mb, int threads) : hash_mb_(hash_mb), threads_(threads) {}

    // Marks the box busy for a search's length; Error if it already is.
    class Search {
    public:
        explicit Search(EngineBox& box) : box_(box) {
            std::lock_guard lock(box_.mutex_);
            if (box_.busy_) throw Error("this engine is already searching: stop() it first, or use another Engine");
            box_.busy_ = true;
            box_.stop_requested_ = false;
        }
        ~Search() {
            std::lock_guard lock(box_.mutex_);
            box_.busy_ = false;
            box_.stop_ = nullptr;
        }
        Search(const Search&) = delete;
        Search& operator=(const Search&) = delete;

        template <class Engine>
        Engine& engine_for(const void* game_key) {
            if (box_.key_ != game_key) {
                box_.engine_ = std::make_shared<Engine>(box_.hash_mb_);
                box_.key_ = game_key;
            }
            auto& e = *static_cast<Engine*>(box_.engine_.get());
            e.set_threads(box_.threads_);
            return e;
        }
        // How stop() reaches the search once it runs; a stop() sent before is passed on now.
        void on_stop(std::function<void()> stop) {
            std::lock_guard lock(box_.mutex_);
            box_.stop_ = std::move(stop);
            if (box_.stop_requested_) box_.stop_();
        }
        [[nodiscard]] bool stopped() const {
            std::lock_guard lock(box_.mutex_);
            return box_.stop_requested_;
        }

    private:
        EngineBox& box_;
    };

    void stop() {
        std::lock_guard lock(mutex_);
        if (!busy_) return;
        stop_requested_ = true;
        if (stop_) stop_();
    }
    void clear() {
        std::lock_guard lock(mutex_);
        if (busy_) throw Error("this engine is searching: stop() it before clear()");
        engine_.reset();
        key_ = nullptr;
    }

    std::size_t hash_mb() const { return hash_mb_; }
    int threads() const { return threads_; }

private:
    std::size_t hash_mb_;
    int threads_;
    std::shared_ptr<void> engine_;
    const void* key_ = nullptr;
    mutable std::mutex mutex_;
    bool busy_ = false;
    bool stop_requested_ = false;
    std::function<void()> stop_;
};

// Every search of one game; `game` is the Python object.
struct Searches {
    SearchResult (*search)(py::handle game, const SearchArgs&) = nullptr;
    Comparison (*compare)(py::handle game, const CompareArgs&) = nullptr;
    EngineResult (*think)(EngineBox&, py::handle game, const EngineArgs&) = nullptr;
    Solution (*solve)(py::handle game, bool weak) = nullptr;
    MctsResult (*mcts)(py::handle game, const MctsArgs&) = nullptr;
};

// The tables of the built-in games, by Python type (module.cpp).
void add_game_type(py::handle type, const Searches& searches);

// Makes pickle, copy and __new__ safe on every class of the module, once
// they are all bound (guard.cpp).
void guard_classes(py::module_& module);

}  // namespace ply::python
