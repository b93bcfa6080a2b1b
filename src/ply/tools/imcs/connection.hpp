// A line-oriented TCP connection (POSIX sockets) for text protocols such as
// IMCS: lines end in LF or CR LF, every read has a deadline, and every
// failure is an ImcsError with a message fit for the user. Blocking calls
// with poll() timeouts: no reader thread, nothing to synchronise.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ply::imcs {

// A failure of the connection or of the peer's side of the protocol.
class ImcsError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class LineConnection {
public:
    using Timeout = std::optional<std::chrono::milliseconds>;  // none: wait forever

    // Resolves `host` and connects within `timeout`; throws ImcsError.
    LineConnection(const std::string& host, int port, std::chrono::milliseconds timeout);
    ~LineConnection();
    LineConnection(const LineConnection&) = delete;
    LineConnection& operator=(const LineConnection&) = delete;

    // The next line without its end (LF, CR LF); nothing once the peer has
    // closed the connection (a last unterminated line is still returned).
    // Throws ImcsError on timeout, a socket error or an overlong line.
    std::optional<std::string> read_line(Timeout timeout);
    // Sends `line` and CR LF; throws ImcsError if the peer is gone.
    void write_line(std::string_view line);
    void close();

    // Lines longer than this are garbage, not protocol.
    static constexpr std::size_t kMaxLine = 4096;

private:
    int fd_ = -1;
    std::string buffer_;  // received, not yet returned
    bool eof_ = false;
};

}  // namespace ply::imcs
