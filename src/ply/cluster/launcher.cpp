#include <cstdlib>

#include <ply/cluster/world.hpp>

namespace ply::cluster {

bool started_by_launcher() {
    // Open MPI (with PMIx from 5.0), then MPICH's Hydra and other PMI launchers.
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "PMI_RANK", "MPI_LOCALNRANKS"})
        if (std::getenv(name)) return true;
    return false;
}

}  // namespace ply::cluster
