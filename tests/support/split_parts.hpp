// A slice built split into parts (search/retro/build_split.hpp) by threads
// of this process, their exchanges through shared memory: what cli/ does
// over MPI, with nothing but the builder under test.
#pragma once

#include <barrier>
#include <string>
#include <thread>
#include <vector>

#include <ply/search/retro/build.hpp>

namespace ply::test {

// Each part's build() on a thread of its own; part 0's codes.
template <SlicedGame G, class Lookup>
std::vector<retro::Code> build_in_parts(const SliceOf<G>& slice, const Lookup& lookup, int parts, int threads = 1,
                                        int block_bits = 12) {
    std::vector<std::vector<std::string>> mail(static_cast<std::size_t>(parts));  // mail[from][to]
    std::barrier sync(parts);
    std::vector<retro::Code> codes;
    std::vector<std::thread> runs;
    for (int part = 0; part < parts; ++part)
        runs.emplace_back([&, part] {
            const retro::BuildOptions options{.threads = threads, .progress = {}};
            retro::SplitBuild split;
            split.part = part;
            split.parts = parts;
            split.block_bits = block_bits;
            split.exchange = [&, part](const char*, std::vector<std::string> out) {
                mail[std::size_t(part)] = std::move(out);
                sync.arrive_and_wait();
                std::vector<std::string> in;
                for (auto& from : mail) in.push_back(std::move(from[std::size_t(part)]));
                sync.arrive_and_wait();  // before the next exchange overwrites mail
                return in;
            };
            auto mine = retro::SliceBuilder<G, Lookup>(slice, lookup, options, split).build();
            if (part == 0) codes = std::move(mine);
        });
    for (auto& r : runs) r.join();
    return codes;
}

}  // namespace ply::test
