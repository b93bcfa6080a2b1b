// Numbered tasks over the ranks of an MPI job (cluster/farm.hpp) for the
// commands that know no MPI: perft's subtrees, a batch's positions; and
// sums that every rank takes a share of (tune's).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ply::cli {

// Rank 0 (the leader) gets every result, by task; the other ranks none, and
// print nothing.
struct RankResults {
    bool leader = true;
    std::vector<std::string> results;
};

// Rank 0's optional hooks: the tasks to pass over (an earlier run did them;
// their results stay empty), and each result as it arrives.
struct RankHooks {
    std::function<bool(std::size_t)> skip;
    std::function<void(std::size_t, const std::string&)> arrived;
};

// Under mpirun: `plan(ranks)` lists the tasks for that many ranks (the same
// on every rank) and says how many; `work(i)` does task i on whichever rank
// is free. Nothing when no launcher started ply. `ask_ahead`: for tasks of
// milliseconds, each rank asks for its next one before it starts one.
std::optional<RankResults> tasks_on_ranks(const std::function<std::size_t(int ranks)>& plan,
                                          const std::function<std::string(std::size_t)>& work, bool ask_ahead,
                                          const RankHooks& hooks = {});

// This process's rank and the job's ranks under mpirun; nothing when no launcher started ply.
struct RankPlace {
    int rank = 0, size = 1;
};
std::optional<RankPlace> rank_place();

// Under mpirun, called by every rank at the same point (and no farm under
// way): rank 0 gets every rank's `mine` (by rank, its own first) and makes of
// them one answer with `make`, which every rank returns.
std::string gather_and_answer(const std::string& mine,
                              const std::function<std::string(const std::vector<std::string>& by_rank)>& make);

}  // namespace ply::cli
