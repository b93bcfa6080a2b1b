// Whether a table of `megabytes` is sure to be refused here: Linux refuses an
// allocation larger than its memory and swap together, so tests of the "not
// enough memory" path ask for 65536 MB (the machines have 24 GB) and skip
// where that much might be given.
#pragma once

#include <sys/sysinfo.h>

#include <cstdint>

namespace ply::testing {

inline bool allocation_must_fail(std::uint64_t megabytes) {
    struct sysinfo info {};
    if (sysinfo(&info) != 0) return false;
    const std::uint64_t have = (std::uint64_t{info.totalram} + info.totalswap) * info.mem_unit;
    return have < (megabytes << 20);
}

}  // namespace ply::testing
