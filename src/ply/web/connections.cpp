#include <ply/web/connections.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <ply/core/error.hpp>
#include <ply/core/threads.hpp>
#include <ply/web/requests.hpp>

namespace ply::web {

// Not an anonymous namespace: Gate::Impl, which has external linkage, holds these.
namespace gating {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr milliseconds kDrainTime{2000};   // for a client to read its last answer and close
constexpr milliseconds kWriteStall{5000};  // for the client to take any of an answer

struct Connection {
    int fd = -1;
    std::string buffer;  // what has arrived and is not yet answered
    Clock::time_point deadline;
    std::size_t request_bytes = 0;  // of the buffer, the request handed to a worker
    bool peer_done = false;         // the client has shut its side: answer, then close
    bool closing = false;           // answered for the last time: drained until the client closes
};

const char* reason(int status) {
    switch (status) {
        case 403:
            return "Forbidden";
        case 408:
            return "Request Timeout";
        case 411:
            return "Length Required";
        case 413:
            return "Content Too Large";
        case 431:
            return "Request Header Fields Too Large";
        case 505:
            return "HTTP Version Not Supported";
        default:
            return "Bad Request";
    }
}

int wait_for(int fd, short events, Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now());
    pollfd p{fd, events, 0};
    return left.count() <= 0 ? 0 : ::poll(&p, 1, static_cast<int>(std::min(left, kWriteStall).count()));
}

// One request, read from memory; the answer written to the socket, each
// write allowed kWriteStall and the whole answer `deadline`. A client that
// has shut its side is still written to: only a failed write ends it.
class RequestStream final : public httplib::Stream {
public:
    RequestStream(int fd, std::string_view request, Clock::time_point deadline)
        : fd_(fd), request_(request), deadline_(deadline) {}

    bool is_readable() const override { return !request_.empty(); }
    bool is_writable() const override { return !failed_ && wait_for(fd_, POLLOUT, deadline_) > 0; }
    ssize_t read(char* ptr, size_t size) override {
        const std::size_t n = std::min(size, request_.size());
        std::memcpy(ptr, request_.data(), n);
        request_.remove_prefix(n);
        return static_cast<ssize_t>(n);
    }
    ssize_t write(const char* ptr, size_t size) override {
        std::size_t done = 0;
        while (done < size && !failed_) {
            if (wait_for(fd_, POLLOUT, deadline_) <= 0) {
                failed_ = true;  // stalled, or past the answer's deadline
                break;
            }
            const ssize_t n = ::send(fd_, ptr + done, size - done, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n >= 0)
                done += static_cast<std::size_t>(n);
            else if (errno != EAGAIN && errno != EINTR)
                failed_ = true;
        }
        return failed_ ? -1 : static_cast<ssize_t>(size);
    }
    void get_remote_ip_and_port(std::string& ip, int& port) const override { address(true, ip, port); }
    void get_local_ip_and_port(std::string& ip, int& port) const override { address(false, ip, port); }
    socket_t socket() const override { return fd_; }

private:
    void address(bool remote, std::string& ip, int& port) const {
        sockaddr_storage addr{};
        socklen_t len = sizeof addr;
        auto* a = reinterpret_cast<sockaddr*>(&addr);
        char host[NI_MAXHOST] = "", serv[NI_MAXSERV] = "0";
        if ((remote ? ::getpeername(fd_, a, &len) : ::getsockname(fd_, a, &len)) == 0)
            ::getnameinfo(a, len, host, sizeof host, serv, sizeof serv, NI_NUMERICHOST | NI_NUMERICSERV);
        ip = host;
        port = std::atoi(serv);
    }

    int fd_;
    std::string_view request_;
    Clock::time_point deadline_;
    bool failed_ = false;
};

}  // namespace gating

std::string error_json(const std::string& message) { return json_text({{"error", message}}); }

struct Gate::Impl {
    using Clock = gating::Clock;
    using Connection = gating::Connection;
    using milliseconds = std::chrono::milliseconds;

    GateOptions options;
    RequestServer serve;
    int listener = -1;
    // Out of descriptors, the listener stays readable: it is left alone for a
    // moment rather than polled in a busy loop.
    Clock::time_point accept_again{};
    int wake[2] = {-1, -1};  // a byte written wakes run()'s poll
    std::atomic<bool> stopping = false;
    std::vector<Connection> waiting;  // run()'s own: reading a request or draining
    std::mutex mutex;
    std::condition_variable work;
    std::deque<Connection> ready, returned;  // to the workers, back from them
    std::vector<std::thread> workers;

    void nudge() const { [[maybe_unused]] const auto n = ::write(wake[1], "x", 1); }

    static void drop(Connection& c) {
        if (c.fd >= 0) ::close(c.fd);
        c.fd = -1;
    }
    void close_gracefully(Connection& c) const {
        ::shutdown(c.fd, SHUT_WR);
        c.closing = true;
        c.buffer.clear();
        c.deadline = Clock::now() + gating::kDrainTime;
    }
    void refuse(Connection& c, const Refusal& r) const {
        const std::string body = error_json(r.message);
        const std::string answer =
            "HTTP/1.1 " + std::to_string(r.status) + " " + gating::reason(r.status) +
            "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
            "\r\nConnection: close\r\n\r\n" + body;
        // Short enough for the socket's buffer: never waited for.
        [[maybe_unused]] const auto n = ::send(c.fd, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        close_gracefully(c);
    }

    // Decides what a waiting connection's buffer calls for; false: it has
    // left `waiting` (handed to a worker, or closed).
    bool examine(Connection& c) {
        if (c.closing) return true;
        auto head = read_head(c.buffer, options.rule, options.max_body);
        if (const auto* r = std::get_if<Refusal>(&head)) {
            refuse(c, *r);
            return true;
        }
        if (const auto* h = std::get_if<Head>(&head); h && c.buffer.size() >= h->total()) {
            c.buffer.erase(0, h->skipped);
            c.request_bytes = h->total() - h->skipped;
            std::lock_guard lock(mutex);
            ready.push_back(std::exchange(c, Connection{}));
            work.notify_one();
            return false;
        }
        if (!c.peer_done) return true;
        drop(c);  // the client has gone with its request unfinished
        return false;
    }

    // Reads what has arrived; false once the connection has gone.
    bool receive(Connection& c) {
        char chunk[16384];
        const ssize_t n = ::recv(c.fd, chunk, sizeof chunk, MSG_DONTWAIT);
        if (n < 0) return errno == EAGAIN || errno == EINTR;
        if (n == 0) c.peer_done = true;
        if (c.closing) return n > 0;
        c.buffer.append(chunk, static_cast<std::size_t>(n));
        return true;
    }

    // A request that has not arrived in time: 408, or quietly for an idle keep-alive.
    bool expire(Connection& c) {
        if (c.closing || c.buffer.empty()) return false;
        refuse(c, {408,
                   "the request did not arrive within " + std::to_string(options.request_time.count() / 1000) + " s"});
        return true;
    }

    void accept_all() {
        while (true) {
            const int fd = ::accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0) {
                if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
                    accept_again = Clock::now() + milliseconds(100);
                return;
            }
            if (waiting.size() >= options.max_connections) {
                drop(waiting.front());
                waiting.erase(waiting.begin());
            }
            waiting.push_back({fd, {}, Clock::now() + options.request_time});
        }
    }

    // The connections the workers have answered, back to be read or closed.
    void take_back() {
        std::deque<Connection> back;
        {
            std::lock_guard lock(mutex);
            back.swap(returned);
        }
        for (Connection& c : back) {
            c.deadline = Clock::now() + options.request_time;
            if (c.closing) {
                c.closing = false;
                close_gracefully(c);
            }
            if (examine(c)) waiting.push_back(std::move(c));
        }
    }

    void poll_once();
    void work_loop();
    void answer(Connection& c);
};

void Gate::Impl::poll_once() {
    const bool accepting = Clock::now() >= accept_again;
    std::vector<pollfd> fds = {{wake[0], POLLIN, 0}, {listener, static_cast<short>(accepting ? POLLIN : 0), 0}};
    auto next = accepting ? Clock::now() + milliseconds(1000) : accept_again;
    for (const Connection& c : waiting) {
        // Nothing more is read while a whole request waits; a shut side has nothing more to read.
        const bool wants = !c.peer_done && c.buffer.size() < kMaxHeadBytes + options.max_body;
        fds.push_back({c.fd, static_cast<short>(wants ? POLLIN : 0), 0});
        next = std::min(next, c.deadline);
    }
    const auto wait = std::chrono::duration_cast<milliseconds>(next - Clock::now()).count();
    if (::poll(fds.data(), fds.size(), static_cast<int>(std::max<long long>(0, wait) + 1)) < 0) return;
    if (fds[0].revents) {
        char sink[64];
        [[maybe_unused]] const auto n = ::read(wake[0], sink, sizeof sink);
    }
    const auto now = Clock::now();
    std::vector<Connection> kept;
    for (std::size_t i = 0; i < waiting.size(); ++i) {
        Connection& c = waiting[i];
        const bool keep = fds[i + 2].revents ? receive(c) && examine(c) : now < c.deadline || expire(c);
        if (keep)
            kept.push_back(std::move(c));
        else
            drop(c);  // nothing when examine() has handed it on
    }
    waiting.swap(kept);
    if (fds[1].revents) accept_all();
    take_back();
}

void Gate::Impl::answer(Connection& c) {
    const std::string_view request(c.buffer.data(), c.request_bytes);
    gating::RequestStream stream(c.fd, request, Clock::now() + options.response_time);
    const bool last = c.peer_done || stopping.load();
    bool again = false;
    try {
        again = serve(stream, last) && !last;
    } catch (const std::exception&) {
        again = false;  // the routing reports its own errors: this is a connection gone wrong
    }
    c.buffer.erase(0, c.request_bytes);
    c.request_bytes = 0;
    c.closing = !again;
}

void Gate::Impl::work_loop() {
    while (true) {
        Connection c;
        {
            std::unique_lock lock(mutex);
            work.wait(lock, [&] { return !ready.empty() || stopping.load(); });
            if (ready.empty()) return;
            c = std::move(ready.front());
            ready.pop_front();
        }
        answer(c);
        std::lock_guard lock(mutex);
        returned.push_back(std::move(c));
        nudge();
    }
}

Gate::Gate(GateOptions options, RequestServer serve) : impl_(std::make_unique<Impl>()) {
    impl_->options = std::move(options);
    impl_->serve = std::move(serve);
    if (::pipe2(impl_->wake, O_NONBLOCK | O_CLOEXEC) != 0) throw std::runtime_error("cannot make a pipe");
}

Gate::~Gate() {
    stop();  // workers that bind() started for a run() that never came
    for (auto& t : impl_->workers) t.join();
    for (const int fd : {impl_->listener, impl_->wake[0], impl_->wake[1]})
        if (fd >= 0) ::close(fd);
}

int Gate::bind(const std::string& host, int port) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    if (::getaddrinfo(host.c_str(), service.c_str(), &hints, &found) == 0) {
        for (const addrinfo* a = found; a && impl_->listener < 0; a = a->ai_next) {
            const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
            // SO_REUSEADDR only: with SO_REUSEPORT a second server on a taken port would share it silently.
            const int yes = 1;
            if (fd >= 0 && ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes) == 0 &&
                ::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, SOMAXCONN) == 0)
                impl_->listener = fd;
            else if (fd >= 0)
                ::close(fd);
        }
        ::freeaddrinfo(found);
    }
    if (impl_->listener < 0)
        throw ParseError("cannot listen on " + clip(host) + ":" + std::to_string(port) +
                         " (is it taken, or not an address of this machine?)");
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    ::getsockname(impl_->listener, reinterpret_cast<sockaddr*>(&addr), &len);
    char serv[NI_MAXSERV] = "0";
    ::getnameinfo(reinterpret_cast<sockaddr*>(&addr), len, nullptr, 0, serv, sizeof serv, NI_NUMERICSERV);
    impl_->options.rule.port = std::atoi(serv);
    impl_->options.rule.names.push_back(host);  // the name it was asked to listen by
    // The workers now, on the caller's thread, so that a system that refuses
    // threads is told in one line and none fails inside run().
    Impl& g = *impl_;
    std::string why;
    if (start_threads(
            g.workers, 0, static_cast<int>(g.options.threads), [&g](int) { g.work_loop(); }, &why) == 0)
        throw ParseError("cannot start the server's threads (" + why + ")");
    return impl_->options.rule.port;
}

void Gate::run() {
    Impl& g = *impl_;
    while (!g.stopping.load()) g.poll_once();
    g.work.notify_all();
    for (auto& t : g.workers) t.join();
    g.workers.clear();
    for (auto* queue : {&g.ready, &g.returned})
        for (gating::Connection& c : *queue) Impl::drop(c);
    for (gating::Connection& c : g.waiting) Impl::drop(c);
    g.ready.clear();
    g.returned.clear();
    g.waiting.clear();
}

void Gate::stop() {
    {
        std::lock_guard lock(impl_->mutex);
        impl_->stopping.store(true);
    }
    impl_->work.notify_all();
    impl_->nudge();
}

}  // namespace ply::web
