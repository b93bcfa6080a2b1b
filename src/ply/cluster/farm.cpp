#include <ply/cluster/farm.hpp>

#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
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

// Rank 0's side of a farm: its hooks called one thread at a time, and the
// questions of lanes that found no task ready (later()) until a task ends.
struct Leader {
    World& world;
    const Farm& farm;
    std::mutex hooks;
    std::condition_variable ready;  // rank 0's own waiting lanes
    std::deque<int> parked;         // other ranks' waiting questions, oldest first

    [[nodiscard]] bool later() const { return farm.later && farm.later(); }

    // Answers a question of rank `source`: a task, the end, or later.
    void answer(int source) {
        if (const auto task = farm.next())
            world.send(source, kTask, task_bytes(*task));
        else if (later())
            parked.push_back(source);
        else
            world.send(source, kStop, {});
    }

    // A task has ended: its result, then the questions it may unblock.
    void finished(std::uint64_t task, const std::string& result) {
        farm.done(task, result);
        std::deque<int> waiting;
        waiting.swap(parked);
        for (const int source : waiting) answer(source);
        ready.notify_all();
    }
};

// Rank 0's answers to the other ranks, until every one has said bye.
void serve(Leader& leader) {
    World& world = leader.world;
    int ranks = world.size() - 1;
    while (ranks > 0) {
        const Message m = world.receive();
        if (m.tag == kBye) {
            --ranks;
            continue;
        }
        if (m.tag != kAsk && m.tag != kResult) throw std::runtime_error("unexpected cluster message");
        std::lock_guard lock(leader.hooks);
        if (m.tag == kResult) leader.finished(task_of(m.bytes), m.bytes.substr(sizeof(std::uint64_t)));
        leader.answer(m.source);
    }
    for (int rank = 1; rank < world.size(); ++rank) world.send(rank, kDone, {});
}

void local_lane(Leader& leader, int lane) {
    guarded(leader.world, [&] {
        std::unique_lock lock(leader.hooks);
        for (;;) {
            const auto task = leader.farm.next();
            if (!task) {
                if (!leader.later()) return;
                leader.ready.wait(lock);
                continue;
            }
            lock.unlock();
            const std::string result = leader.farm.work(lane, *task);
            lock.lock();
            leader.finished(*task, result);
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
    Leader leader{world, farm, {}, {}, {}};
    std::vector<std::thread> threads;
    if (world.rank() == 0) {
        threads.emplace_back([&] { guarded(world, [&] { serve(leader); }); });
        for (int lane = 1; lane < lanes; ++lane) threads.emplace_back([&, lane] { local_lane(leader, lane); });
        local_lane(leader, 0);
    } else {
        for (int lane = 1; lane < lanes; ++lane) threads.emplace_back([&, lane] { remote_lane(world, farm, lane); });
        remote_lane(world, farm, 0);
    }
    for (auto& t : threads) t.join();
    if (world.rank() != 0 && world.ask(0, kBye, {}).tag != kDone) fail(world, "unexpected cluster message");
}

}  // namespace ply::cluster
