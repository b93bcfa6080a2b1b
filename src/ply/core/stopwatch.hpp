// Seconds since construction, on the steady clock: what every command and
// binding reports as a search's time.
#pragma once

#include <chrono>

namespace ply {

class Stopwatch {
public:
    [[nodiscard]] double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

private:
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace ply
