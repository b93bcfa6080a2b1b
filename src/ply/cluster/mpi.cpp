// The cluster component over MPI's C interface (Open MPI or MPICH).
#include <mpi.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include <ply/cluster/world.hpp>

namespace ply::cluster {

namespace {

// mpirun's SIGTERM when a rank has died (or mpirun itself was stopped): rank
// 0 says so in one line, for the launcher's own report may scroll past.
extern "C" void stopped_by_launcher(int) {
    static const char line[] =
        "ply: the job was stopped by its launcher: a rank ended early (mpirun names it) or the job was cancelled\n";
    (void)!write(STDERR_FILENO, line, sizeof line - 1);
    _exit(1);
}

// Every MPI call, one at a time (MPI_THREAD_SERIALIZED), and the questions of
// ask() one at a time, so that an answer reaches the thread that asked.
std::mutex mpi_mutex;
std::mutex ask_mutex;

// Starts a nonblocking collective and polls it to its end with a short
// pause: its steps advance only inside MPI calls, and a blocking one would
// spin on the core.
template <class Start>
void collective(const Start& start) {
    MPI_Request request;
    {
        std::lock_guard lock(mpi_mutex);
        start(&request);
    }
    auto pause = std::chrono::microseconds(5);
    for (;;) {
        int done = 0;
        {
            std::lock_guard lock(mpi_mutex);
            MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        }
        if (done) return;
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::microseconds(200));
    }
}

}  // namespace

// Owns the world and finalises MPI at exit, once every rank's work is done.
struct WorldOwner {
    World* world = nullptr;
    ~WorldOwner() {
        if (!world) return;
        if (std::getenv("PLY_CLUSTER_STATS"))
            std::fprintf(stderr, "ply cluster: rank %d sent %llu messages, %llu bytes\n", world->rank(),
                         static_cast<unsigned long long>(world->messages_sent()),
                         static_cast<unsigned long long>(world->bytes_sent()));
        delete world;
    }
};

World* World::get() {
    static WorldOwner owner;
    static std::once_flag once;
    std::call_once(once, [] {
        if (!started_by_launcher()) return;
        int provided = 0;
        MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
        auto* w = new World;
        if (provided < MPI_THREAD_SERIALIZED) {
            std::fprintf(stderr, "ply: this MPI library cannot be called from several threads\n");
            w->abort(1);
        }
        MPI_Comm_rank(MPI_COMM_WORLD, &w->rank_);
        MPI_Comm_size(MPI_COMM_WORLD, &w->size_);
        owner.world = w;
        if (w->rank_ == 0) std::signal(SIGTERM, stopped_by_launcher);
    });
    return owner.world;
}

World::~World() { MPI_Finalize(); }

void World::send(int to, int tag, std::string_view bytes) {
    if (bytes.size() > std::size_t(INT32_MAX)) throw std::length_error("cluster message over 2 GB");
    // Polled as receive() is: a large message waits for its receiver, and
    // MPI's blocking send spins on its core meanwhile.
    MPI_Request request = MPI_REQUEST_NULL;
    {
        std::lock_guard lock(mpi_mutex);
        MPI_Isend(bytes.data(), int(bytes.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD, &request);
        ++messages_;
        bytes_ += bytes.size();
    }
    for (auto pause = std::chrono::microseconds(20);; pause = std::min(pause * 2, std::chrono::microseconds(2000))) {
        {
            std::lock_guard lock(mpi_mutex);
            int sent = 0;
            MPI_Test(&request, &sent, MPI_STATUS_IGNORE);
            if (sent) return;
        }
        std::this_thread::sleep_for(pause);
    }
}

Message World::receive(int from) {
    // Polls with a growing pause: MPI's blocking receive spins on its core.
    auto pause = std::chrono::microseconds(20);
    for (;;) {
        {
            std::lock_guard lock(mpi_mutex);
            int arrived = 0;
            MPI_Status status;
            MPI_Iprobe(from == kAnySource ? MPI_ANY_SOURCE : from, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
            if (arrived) {
                int count = 0;
                MPI_Get_count(&status, MPI_BYTE, &count);
                Message m{status.MPI_SOURCE, status.MPI_TAG, std::string(std::size_t(count), '\0')};
                MPI_Recv(m.bytes.data(), count, MPI_BYTE, m.source, m.tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                return m;
            }
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::microseconds(2000));
    }
}

Message World::ask(int to, int tag, std::string_view bytes) {
    std::lock_guard lock(ask_mutex);
    send(to, tag, bytes);
    return receive(to);
}

void World::barrier() {
    std::lock_guard lock(mpi_mutex);
    MPI_Barrier(MPI_COMM_WORLD);
}

std::vector<std::string> World::exchange(std::vector<std::string> out) {
    const auto n = std::size_t(size_);
    if (out.size() != n) throw std::invalid_argument("a cluster exchange needs one message a rank");
    std::vector<std::uint64_t> sizes(n), in_sizes(n);
    for (std::size_t k = 0; k < n; ++k) sizes[k] = out[k].size();
    collective([&](MPI_Request* r) {
        MPI_Ialltoall(sizes.data(), 1, MPI_UINT64_T, in_sizes.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD, r);
    });
    std::uint64_t most = std::max(*std::ranges::max_element(sizes), *std::ranges::max_element(in_sizes));
    collective(
        [&](MPI_Request* r) { MPI_Iallreduce(MPI_IN_PLACE, &most, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD, r); });
    std::vector<std::string> in(n);
    for (std::size_t k = 0; k < n; ++k) in[k].resize(in_sizes[k]);
    // Rounds of at most `step` bytes from a rank to a rank: MPI counts in int.
    const std::uint64_t step = std::uint64_t(INT_MAX) / n;
    std::vector<int> send_counts(n), send_at(n), counts(n), at(n);
    std::string sending, received;
    for (std::uint64_t offset = 0; offset < most; offset += step) {
        sending.clear();
        std::size_t total = 0;
        for (std::size_t k = 0; k < n; ++k) {
            const auto part = [&](std::uint64_t size) { return int(std::min(step, size - std::min(size, offset))); };
            send_counts[k] = part(sizes[k]), send_at[k] = int(sending.size());
            if (send_counts[k] > 0) sending.append(out[k], offset, std::size_t(send_counts[k]));
            counts[k] = part(in_sizes[k]), at[k] = int(total);
            total += std::size_t(counts[k]);
        }
        received.resize(total);
        collective([&](MPI_Request* r) {
            MPI_Ialltoallv(sending.data(), send_counts.data(), send_at.data(), MPI_BYTE, received.data(), counts.data(),
                           at.data(), MPI_BYTE, MPI_COMM_WORLD, r);
        });
        for (std::size_t k = 0; k < n; ++k)
            if (counts[k] > 0) std::copy_n(received.data() + at[k], counts[k], in[k].data() + offset);
    }
    for (std::size_t k = 0; k < n; ++k)
        if (int(k) != rank_ && sizes[k] > 0) ++messages_, bytes_ += sizes[k];
    return in;
}

void World::abort(int status) {
    std::fflush(stdout);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status);
    std::_Exit(status);  // MPI_Abort does not return; this tells the compiler
}

}  // namespace ply::cluster
