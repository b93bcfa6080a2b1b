// The cluster component over MPI's C interface (Open MPI or MPICH).
#include <mpi.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <thread>

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

void World::abort(int status) {
    std::fflush(stdout);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status);
    std::_Exit(status);  // MPI_Abort does not return; this tells the compiler
}

}  // namespace ply::cluster
