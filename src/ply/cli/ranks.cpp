#include <ply/cli/ranks.hpp>

#include <ply/cluster/farm.hpp>

namespace ply::cli {

std::optional<RankResults> tasks_on_ranks(const std::function<std::size_t(int ranks)>& plan,
                                          const std::function<std::string(std::size_t)>& work, bool ask_ahead,
                                          const RankHooks& hooks) {
    cluster::World* world = cluster::World::get();
    if (!world) return std::nullopt;
    const std::size_t n = plan(world->size());
    RankResults out;
    out.leader = world->rank() == 0;
    if (out.leader) out.results.assign(n, {});
    std::size_t next = 0;
    cluster::Farm farm;
    farm.next = [&]() -> std::optional<std::uint64_t> {
        while (next < n && hooks.skip && hooks.skip(next)) ++next;
        if (next < n) return next++;
        return std::nullopt;
    };
    farm.work = [&](int, std::uint64_t i) { return work(std::size_t(i)); };
    farm.done = [&](std::uint64_t i, const std::string& result) {
        out.results.at(std::size_t(i)) = result;
        if (hooks.arrived) hooks.arrived(std::size_t(i), result);
    };
    farm.ask_ahead = ask_ahead;
    cluster::run_farm(*world, farm, 1);
    return out;
}

std::optional<RankPlace> rank_place() {
    const cluster::World* world = cluster::World::get();
    if (!world) return std::nullopt;
    return RankPlace{world->rank(), world->size()};
}

std::string gather_and_answer(const std::string& mine,
                              const std::function<std::string(const std::vector<std::string>& by_rank)>& make) {
    constexpr int kGather = 16;  // above the farm's tags
    cluster::World& world = *cluster::World::get();
    if (world.rank() != 0) return world.ask(0, kGather, mine).bytes;
    std::vector<std::string> by_rank{mine};
    for (int rank = 1; rank < world.size(); ++rank) by_rank.push_back(world.receive(rank).bytes);
    std::string answer = make(by_rank);
    for (int rank = 1; rank < world.size(); ++rank) world.send(rank, kGather, answer);
    return answer;
}

}  // namespace ply::cli
