// Tasks numbered by rank 0 and done wherever a lane is free: rank 0 hands
// out the next task to each rank that asks (dynamic, not a fixed split: tasks
// may differ in cost by orders of magnitude) and gathers the results; every
// rank, rank 0 too, works on `lanes` threads of its own. Every rank of the
// job runs the same farms in the same order; run_farm returns on each rank
// once every task handed out is done.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <ply/cluster/world.hpp>

namespace ply::cluster {

struct Farm {
    // Rank 0: the next task, or none (the farm winds down, unless later()).
    std::function<std::optional<std::uint64_t>()> next;
    // Rank 0, optional: whether tasks remain that next() cannot give yet, for
    // they wait on tasks under way (an endgame slice on the slices its moves
    // lead into). A lane that finds none then waits for the next done().
    std::function<bool()> later;
    // Any rank: does `task` on lane `lane` (0 to lanes - 1) and returns its result.
    std::function<std::string(int lane, std::uint64_t task)> work;
    // Rank 0: a task's result, from whichever rank did it.
    std::function<void(std::uint64_t task, const std::string& result)> done;
    // Whether the other ranks' lanes ask for their next task before they
    // start one: the round trip to rank 0 (milliseconds on a loaded machine)
    // then hides behind the work, but each such lane holds a task it has not
    // begun (a match's game would count as under way: matches do not).
    bool ask_ahead = false;
};

// Rank 0 calls next(), later() and done() from one thread at a time. A lane whose
// work() throws ends the whole job: its rank writes the error and aborts.
void run_farm(World& world, const Farm& farm, int lanes);

}  // namespace ply::cluster
