#include <ply/tools/imcs/connection.hpp>

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstring>

namespace ply::imcs {

namespace {

using Clock = std::chrono::steady_clock;

std::string seconds_text(std::chrono::milliseconds ms) {
    const auto tenths = (ms.count() + 50) / 100;
    return std::to_string(tenths / 10) + (tenths % 10 ? "." + std::to_string(tenths % 10) : "") + " s";
}

// Milliseconds for poll() until `deadline`, rounded up so that a wait never
// ends just short of it; at most INT_MAX.
int poll_ms(Clock::time_point deadline) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, INT_MAX));
}

// One attempt on one resolved address; the socket, or -1 with `error` set.
int try_connect(const addrinfo& a, Clock::time_point deadline, std::string& error) {
    const int fd = ::socket(a.ai_family, a.ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a.ai_protocol);
    if (fd < 0) {
        error = std::strerror(errno);
        return -1;
    }
    // Non-blocking only while connecting, so that the attempt has a deadline.
    int rc = ::connect(fd, a.ai_addr, a.ai_addrlen);
    if (rc < 0 && errno == EINPROGRESS) {
        pollfd p{fd, POLLOUT, 0};
        do rc = ::poll(&p, 1, poll_ms(deadline));
        while (rc < 0 && errno == EINTR);
        if (rc == 0) {
            error = "timed out";
            ::close(fd);
            return -1;
        }
        int so_error = 0;
        socklen_t len = sizeof so_error;
        if (rc < 0 || ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &so_error, &len) < 0) so_error = errno;
        rc = so_error ? -1 : 0;
        errno = so_error;
    }
    if (rc < 0) {
        error = std::strerror(errno);
        ::close(fd);
        return -1;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    // Moves are small lines that should leave at once; keep-alive notices a
    // peer that vanished while we wait for an opponent.
    const int on = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    ::setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on);
    return fd;
}

}  // namespace

LineConnection::LineConnection(const std::string& host, int port, std::chrono::milliseconds timeout) {
    const std::string where = host + ":" + std::to_string(port);
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    if (const int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &found); rc != 0)
        throw ImcsError("cannot resolve '" + host + "': " + ::gai_strerror(rc));
    const auto deadline = Clock::now() + timeout;
    std::string error = "no address";
    for (const addrinfo* a = found; a && fd_ < 0; a = a->ai_next) fd_ = try_connect(*a, deadline, error);
    ::freeaddrinfo(found);
    if (fd_ < 0) throw ImcsError("cannot connect to " + where + ": " + error);
}

LineConnection::~LineConnection() { close(); }

void LineConnection::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

std::optional<std::string> LineConnection::read_line(Timeout timeout) {
    const auto deadline = timeout ? Clock::now() + *timeout : Clock::time_point::max();
    for (;;) {
        const auto end = buffer_.find('\n');
        if (end != std::string::npos || (eof_ && !buffer_.empty())) {
            std::string line = buffer_.substr(0, end);
            buffer_.erase(0, end == std::string::npos ? buffer_.size() : end + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.size() > kMaxLine) break;
            return line;
        }
        if (buffer_.size() > kMaxLine) break;
        if (eof_ || fd_ < 0) return std::nullopt;

        pollfd p{fd_, POLLIN, 0};
        const int ready = ::poll(&p, 1, timeout ? poll_ms(deadline) : -1);
        if (ready < 0 && errno != EINTR)
            throw ImcsError(std::string("cannot read from the server: ") + std::strerror(errno));
        if (ready <= 0) {
            if (timeout && Clock::now() >= deadline)
                throw ImcsError("no reply from the server within " + seconds_text(*timeout));
            continue;
        }
        std::array<char, 4096> chunk{};
        const ssize_t n = ::recv(fd_, chunk.data(), chunk.size(), 0);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            // A reset is the peer going away as surely as an orderly close.
            if (errno == ECONNRESET) {
                eof_ = true;
                continue;
            }
            throw ImcsError(std::string("cannot read from the server: ") + std::strerror(errno));
        }
        if (n == 0) eof_ = true;
        buffer_.append(chunk.data(), static_cast<std::size_t>(n));
    }
    throw ImcsError("the server sent a line of more than " + std::to_string(kMaxLine) + " characters");
}

void LineConnection::write_line(std::string_view line) {
    if (fd_ < 0) throw ImcsError("cannot send to the server: the connection is closed");
    const std::string data = std::string(line) + "\r\n";
    std::size_t sent = 0;
    while (sent < data.size()) {
        // MSG_NOSIGNAL: a peer that has gone is an error to report, not SIGPIPE.
        const ssize_t n = ::send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw ImcsError(std::string("cannot send to the server: ") + std::strerror(errno));
        }
        sent += static_cast<std::size_t>(n);
    }
}

}  // namespace ply::imcs
