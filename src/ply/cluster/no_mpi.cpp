// The cluster component of a ply built without MPI: no launcher's job is joined.
#include <cstdlib>
#include <stdexcept>

#include <ply/cluster/world.hpp>

namespace ply::cluster {

World* World::get() {
    if (started_by_launcher())
        throw std::runtime_error("started by mpirun, but this ply was built without MPI (docs/cluster.md)");
    return nullptr;
}

World::~World() = default;
void World::send(int, int, std::string_view) {}
Message World::receive(int) { return {}; }
Message World::ask(int, int, std::string_view) { return {}; }
void World::barrier() {}
std::vector<std::string> World::exchange(std::vector<std::string> out) { return out; }
void World::abort(int status) { std::exit(status); }

}  // namespace ply::cluster
