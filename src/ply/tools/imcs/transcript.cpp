#include <ply/tools/imcs/transcript.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

#include <ply/tools/imcs/connection.hpp>
#include <ply/tools/imcs/protocol.hpp>

namespace ply::imcs {

Transcript::Transcript(const std::string& path) : out_(path, std::ios::app) {
    if (!out_) throw ImcsError("cannot write the log file '" + path + "'");
}

void Transcript::write(char marker, std::string_view line) {
    if (!out_.is_open()) return;
    const auto now = std::chrono::system_clock::now();
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
    std::tm utc{};
    ::gmtime_r(&seconds, &utc);
    char stamp[64];  // room for any int the format could meet
    std::snprintf(stamp, sizeof stamp, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900, utc.tm_mon + 1,
                  utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(millis));
    // The server's lines as they came, but control characters escaped so
    // that one line of log stays one line.
    out_ << stamp << ' ' << marker << ' ' << printable(line, line.size()) << std::endl;
}

}  // namespace ply::imcs
