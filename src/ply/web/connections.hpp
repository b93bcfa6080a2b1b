// The server's connections, before cpp-httplib sees them. One thread
// (run()) accepts every connection and reads requests without blocking, each
// within a total deadline; a request is checked (http_head.hpp) and handed to
// a worker only once it has wholly arrived, so that slow or idle clients cost
// a buffer, not a thread. A worker answers it through cpp-httplib's routing on
// a stream that holds exactly that request, then gives the connection back
// with whatever followed it (pipelined requests are answered in order). A
// connection that ends is shut for writing and drained before it is closed,
// so that its last answer is not lost to a reset.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include <ply/web/http_head.hpp>

namespace httplib {
class Stream;
}

namespace ply::web {

struct GateOptions {
    HostRule rule;  // its port is set by bind()
    std::size_t max_body = 0;
    std::size_t threads = 8;
    std::size_t max_connections = 512;                // beyond it, the oldest waiting one is dropped
    std::chrono::milliseconds request_time{10'000};   // for a request's head and body, from its first wait
    std::chrono::milliseconds response_time{90'000};  // for writing one answer, a stream included
};

// Answers the one request `stream` holds; `close`: say "Connection: close".
// Returns whether the connection may carry another request.
using RequestServer = std::function<bool(httplib::Stream& stream, bool close)>;

class Gate {
public:
    Gate(GateOptions options, RequestServer serve);
    ~Gate();
    Gate(const Gate&) = delete;
    Gate& operator=(const Gate&) = delete;

    // Listens on host:port (0: any free port) and returns the port; throws
    // ply::ParseError when it cannot.
    int bind(const std::string& host, int port);
    // Serves until stop(), then waits for the answers in progress.
    void run();
    // From any thread, also before run().
    void stop();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The one-line JSON error of the server's answers.
std::string error_json(const std::string& message);

}  // namespace ply::web
