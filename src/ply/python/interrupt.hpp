// Ctrl-C during a search. Python runs its signal handlers in the main
// thread, between bytecodes, holding the GIL: a search of a built-in game,
// all C++, would keep KeyboardInterrupt waiting until it ends. So such a
// search runs on a thread of its own while the caller, the GIL released,
// looks for signals; one that raises (KeyboardInterrupt) stops the search,
// and is raised once the search has ended. A game written in Python is
// searched holding the GIL: its own methods see the signal.
#pragma once

#include <atomic>
#include <functional>

#include <ply/python/moves.hpp>
#include <ply/search/classic/common.hpp>

namespace ply::python {

void run_interruptibly(const std::function<void()>& work, const std::function<void()>& stop);

template <class G, class Work, class Stop>
void run_search(Work&& work, Stop&& stop) {
    if constexpr (CallsPython<G>)
        work();
    else
        run_interruptibly(work, stop);
}

// Thrown through a classic search by Watched once it is told to stop.
struct Interrupted {};

// An observer that ends a classic search when `stop` is set, and passes
// every event on to `inner` (the recorder, or nothing).
template <class Inner>
struct Watched {
    Inner& inner;
    const std::atomic<bool>& stop;

    void pass(int iteration, Score alpha, Score beta) { inner.pass(iteration, alpha, beta); }
    void child(int ply, std::size_t index) { inner.child(ply, index); }
    void enter(int ply, Score alpha, Score beta) {
        if (stop.load(std::memory_order_relaxed)) throw Interrupted{};
        inner.enter(ply, alpha, beta);
    }
    void leave(int ply, Score value, classic::Exit how) { inner.leave(ply, value, how); }
    void research(int ply, std::size_t index) { inner.research(ply, index); }
};

}  // namespace ply::python
