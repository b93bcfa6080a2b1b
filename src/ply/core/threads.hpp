// Threads made on the user's request (search threads, engines run at once):
// the system may refuse some (a process or memory limit, and std::thread
// then throws std::system_error). Every command goes on with those it got
// and says so, never aborts.
#pragma once

#include <string>
#include <system_error>
#include <vector>

namespace ply {

// Appends threads running body(i) for i in [first, last) to `threads`, as
// many as the system gives; returns how many it started. `why` (if given)
// gets the system's reason for the first refusal.
template <class Thread, class Body>
int start_threads(std::vector<Thread>& threads, int first, int last, const Body& body, std::string* why = nullptr) {
    for (int i = first; i < last; ++i) {
        try {
            threads.emplace_back(body, i);
        } catch (const std::system_error& e) {
            if (why) *why = e.code().message();
            return i - first;
        }
    }
    return last > first ? last - first : 0;
}

// The one-line report of a shortfall: "only 3 of 64 threads could be started (Resource temporarily unavailable)".
inline std::string threads_shortfall(int started, int asked, const std::string& why) {
    return "only " + std::to_string(started) + " of " + std::to_string(asked) + " threads could be started" +
           (why.empty() ? "" : " (" + why + ")");
}

}  // namespace ply
