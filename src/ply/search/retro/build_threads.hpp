// What a slice build shares with its callers: options, the stop, and the
// chunked loop its passes run on several threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include <ply/core/threads.hpp>

namespace ply::retro {

struct BuildOptions {
    int threads = 1;
    // Called now and then with a phase ("moves", "links", "levels") and the
    // fraction done; return false to stop the build (it then throws Stopped).
    std::function<bool(const char* phase, double done)> progress;
};

struct Stopped : std::runtime_error {
    Stopped() : std::runtime_error("stopped") {}
};

// Runs body(first, last) over [0, size) in chunks, on `threads` threads.
// What the body throws on any thread (a stop, a failed lookup) ends the
// others at their next chunk and is thrown here once all have joined: out
// of a thread of its own it would end the program.
template <class Body>
void for_chunks(std::uint64_t size, int threads, const Body& body, std::uint64_t chunk = 1 << 14) {
    std::atomic<std::uint64_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&](int) {
        try {
            for (std::uint64_t first; (first = next.fetch_add(chunk)) < size;)
                body(first, std::min(size, first + chunk));
        } catch (...) {
            next = size;
            std::lock_guard lock(failure_mutex);
            if (!failure) failure = std::current_exception();
        }
    };
    {
        std::vector<std::jthread> helpers;
        start_threads(helpers, 1, std::max(1, threads), work);
        work(0);
    }
    if (failure) std::rethrow_exception(failure);
}

}  // namespace ply::retro
