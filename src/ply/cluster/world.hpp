// The ranks of a job that an MPI launcher started (Open MPI's mpirun or
// MPICH's Hydra): the one place that calls MPI. A ply that no launcher
// started never initialises MPI, so it starts as fast as without it and UCI,
// GTP and the rest see no difference. Messages are byte strings with a tag;
// a receive polls, so that a rank waiting for work leaves its core to the
// ranks that count.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ply::cluster {

// Whether a launcher started this process, read from what Open MPI and
// Hydra put in each rank's environment; MPI itself is not touched.
bool started_by_launcher();

struct Message {
    int source = -1;
    int tag = 0;
    std::string bytes;
};

inline constexpr int kAnySource = -1;

class World {
public:
    // The job's ranks, MPI initialised on the first call, when a launcher
    // started this process; nullptr otherwise. Throws std::runtime_error if
    // a launcher started a ply built without MPI.
    static World* get();

    [[nodiscard]] int rank() const { return rank_; }
    [[nodiscard]] int size() const { return size_; }
    // Safe from any thread; each call is one MPI operation.
    void send(int to, int tag, std::string_view bytes);
    Message receive(int from = kAnySource);
    // Sends and waits for the answer from `to`, with no other message of this
    // rank in between: one question of a thread at a time.
    Message ask(int to, int tag, std::string_view bytes);
    void barrier();
    // Every rank at once: out[r] to rank r (this one's own included), and
    // what each rank sent this one, by rank. Not while another thread of
    // this rank talks to the others (a farm's).
    std::vector<std::string> exchange(std::vector<std::string> out);
    // Ends every rank of the job with this exit status.
    [[noreturn]] void abort(int status);

    // This rank's messages and bytes sent so far (docs/cluster.md's overhead).
    [[nodiscard]] std::uint64_t messages_sent() const { return messages_; }
    [[nodiscard]] std::uint64_t bytes_sent() const { return bytes_; }

    World(const World&) = delete;
    World& operator=(const World&) = delete;

private:
    World() = default;
    ~World();
    friend struct WorldOwner;
    int rank_ = 0, size_ = 1;
    std::uint64_t messages_ = 0, bytes_ = 0;
};

}  // namespace ply::cluster
