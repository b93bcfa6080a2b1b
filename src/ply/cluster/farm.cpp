#include <ply/cluster/farm.hpp>

#include <cstdio>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace ply::cluster {

namespace {

// Lane to rank 0: a question, with the last task's result if any (kResult).
// Rank 0 to lane: a task (kTask) or the end (kStop). Rank to rank 0, once its
// lanes have stopped: kBye; rank 0's answer once every rank has said it,
// kDone, so that no question for the next farm reaches this one.
enum Tag : int { kAsk = 1, kResult, kTask, kStop, kBye, kDone };

std::string task_bytes(std::uint64_t task) {
    std::string b(sizeof task, '\0');
    std::memcpy(b.data(), &task, sizeof task);
    return b;
}

std::uint64_t task_of(const std::string& bytes) {
    std::uint64_t task = 0;
    if (bytes.size() >= sizeof task) std::memcpy(&task, bytes.data(), sizeof task);
    return task;
}

[[noreturn]] void fail(World& world, const char* what) {
    std::fprintf(stderr, "ply: rank %d of %d: %s\n", world.rank(), world.size(), what);
    world.abort(1);
}

// Runs `body`, or ends the job with its error.
template <class Body>
void guarded(World& world, const Body& body) {
    try {
        body();
    } catch (const std::exception& e) {
        fail(world, e.what());
    }
}

// Rank 0's answers to the other ranks, until every one has said bye.
void serve(World& world, const Farm& farm, std::mutex& hooks) {
    int ranks = world.size() - 1;
    while (ranks > 0) {
        const Message m = world.receive();
        if (m.tag == kBye) {
            --ranks;
            continue;
        }
        if (m.tag != kAsk && m.tag != kResult) throw std::runtime_error("unexpected cluster message");
        std::optional<std::uint64_t> task;
        {
            std::lock_guard lock(hooks);
            if (m.tag == kResult) farm.done(task_of(m.bytes), m.bytes.substr(sizeof(std::uint64_t)));
            task = farm.next();
        }
        if (task)
            world.send(m.source, kTask, task_bytes(*task));
        else
            world.send(m.source, kStop, {});
    }
    for (int rank = 1; rank < world.size(); ++rank) world.send(rank, kDone, {});
}

void local_lane(World& world, const Farm& farm, std::mutex& hooks, int lane) {
    guarded(world, [&] {
        for (;;) {
            std::optional<std::uint64_t> task;
            {
                std::lock_guard lock(hooks);
                task = farm.next();
            }
            if (!task) return;
            const std::string result = farm.work(lane, *task);
            std::lock_guard lock(hooks);
            farm.done(*task, result);
        }
    });
}

void remote_lane(World& world, const Farm& farm, int lane) {
    guarded(world, [&] {
        if (!farm.ask_ahead) {
            Message answer = world.ask(0, kAsk, {});
            while (answer.tag == kTask) {
                const std::uint64_t task = task_of(answer.bytes);
                answer = world.ask(0, kResult, task_bytes(task) + farm.work(lane, task));
            }
            return;
        }
        // Two questions out: rank 0 answers one while the lane works. Its
        // answers to a rank come in order, the stops last, and any lane may
        // take any task: each lane reads as many answers as it asked for.
        world.send(0, kAsk, {});
        world.send(0, kAsk, {});
        Message answer = world.receive(0);
        while (answer.tag == kTask) {
            const std::uint64_t task = task_of(answer.bytes);
            world.send(0, kResult, task_bytes(task) + farm.work(lane, task));
            answer = world.receive(0);
        }
        world.receive(0);  // the other question's stop
    });
}

}  // namespace

void run_farm(World& world, const Farm& farm, int lanes) {
    std::mutex hooks;
    std::vector<std::thread> threads;
    if (world.rank() == 0) {
        threads.emplace_back([&] { guarded(world, [&] { serve(world, farm, hooks); }); });
        for (int lane = 1; lane < lanes; ++lane)
            threads.emplace_back([&, lane] { local_lane(world, farm, hooks, lane); });
        local_lane(world, farm, hooks, 0);
    } else {
        for (int lane = 1; lane < lanes; ++lane) threads.emplace_back([&, lane] { remote_lane(world, farm, lane); });
        remote_lane(world, farm, 0);
    }
    for (auto& t : threads) t.join();
    if (world.rank() != 0 && world.ask(0, kBye, {}).tag != kDone) fail(world, "unexpected cluster message");
}

}  // namespace ply::cluster
