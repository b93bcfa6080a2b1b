// The head of an HTTP/1.x request checked before anything acts on it: the
// framing (one Content-Length, no Transfer-Encoding, CRLF lines only, so that
// where the request ends is never in doubt) and who it is for (the Host, and
// the Origin a browser sends, against the names this server answers to).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ply::web {

// The names a request may address the server by. Besides `names`, always
// localhost and any IP address: DNS rebinding, how a foreign page reaches a
// local server, needs a name that the attacker's DNS resolves.
struct HostRule {
    int port = 0;                    // the port the Host must carry (80 may be left out)
    std::vector<std::string> names;  // without the port, in any case
};

inline constexpr std::size_t kMaxHeadBytes = 16 * 1024;

struct Head {
    std::size_t skipped = 0;     // empty lines before the request line (allowed by RFC 9112)
    std::size_t head_bytes = 0;  // the request line and headers, blank line included
    std::size_t body_bytes = 0;  // from Content-Length
    [[nodiscard]] std::size_t total() const { return skipped + head_bytes + body_bytes; }
};

// A request answered without being served: the status and a one-line reason.
struct Refusal {
    int status = 400;
    std::string message;
};

struct Incomplete {};

// The request at the start of `buffer`: Incomplete until its head has
// arrived, then its extent or why it is refused.
std::variant<Incomplete, Head, Refusal> read_head(std::string_view buffer, const HostRule& rule, std::size_t max_body);

// Whether `host` (a Host header's value) names this server.
bool host_allowed(std::string_view host, const HostRule& rule);

}  // namespace ply::web
