#include <ply/web/http_head.hpp>

#include <algorithm>
#include <cctype>
#include <optional>

#include <arpa/inet.h>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>
#include <ply/tools/protocol_text.hpp>

namespace ply::web {

namespace head_parsing {

bool is_token_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool is_token(std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), is_token_char); }

// A field value's characters: visible, space, tab, or above ASCII.
bool is_value(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u == '\t' || (u >= 0x20 && u != 0x7f);
    });
}

bool is_address(const std::string& text, int family) {
    unsigned char bytes[16];
    return ::inet_pton(family, text.c_str(), bytes) == 1;
}

// Content-Length: digits only (no sign, no list), and not absurd.
std::optional<std::size_t> length_of(std::string_view text) {
    if (text.empty() || text.size() > 18 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return std::nullopt;
    std::size_t n = 0;
    for (const char c : text) n = n * 10 + static_cast<std::size_t>(c - '0');
    return n;
}

Refusal bad(std::string message) { return {400, std::move(message)}; }

// The fields that decide framing and trust, each counted.
struct Fields {
    std::vector<std::string_view> host, origin, length, transfer;
};

std::optional<Refusal> read_fields(std::string_view lines, Fields& f) {
    std::size_t count = 0;
    while (!lines.empty()) {
        const std::size_t end = lines.find("\r\n");
        const std::string_view line = lines.substr(0, end);
        lines.remove_prefix(end + 2);
        if (++count > 100) return Refusal{431, "the request has more than 100 headers"};
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos || !is_token(line.substr(0, colon)))
            return bad("malformed header line '" + clip(line) + "'");
        const std::string name = lower(line.substr(0, colon));
        const std::string_view value = trim(line.substr(colon + 1), " \t");  // HTTP's optional white space
        if (!is_value(value)) return bad("a control character in header '" + clip(name) + "'");
        if (name == "host") f.host.push_back(value);
        if (name == "origin") f.origin.push_back(value);
        if (name == "content-length") f.length.push_back(value);
        if (name == "transfer-encoding") f.transfer.push_back(value);
    }
    return std::nullopt;
}

std::optional<Refusal> check_trust(const Fields& f, bool http11, const HostRule& rule) {
    if (f.host.size() > 1) return bad("more than one Host header");
    if (f.host.empty() && http11) return bad("no Host header (HTTP/1.1 needs one)");
    if (!f.host.empty() && !host_allowed(f.host[0], rule))
        return Refusal{403, "the Host '" + clip(f.host[0]) +
                                "' is not this server's (localhost, an IP address, or a name given with --allow-host)"};
    if (f.origin.size() > 1) return Refusal{403, "more than one Origin header"};
    // A page's own requests carry its own origin (https behind a proxy); any other is a foreign page's.
    if (!f.origin.empty() && (f.host.empty() || (lower(f.origin[0]) != "http://" + lower(f.host[0]) &&
                                                 lower(f.origin[0]) != "https://" + lower(f.host[0]))))
        return Refusal{403, "requests from the page at '" + clip(f.origin[0]) + "' are not accepted"};
    return std::nullopt;
}

std::variant<std::size_t, Refusal> body_length(const Fields& f, std::size_t max_body) {
    if (!f.transfer.empty()) {
        if (!f.length.empty()) return bad("both Content-Length and Transfer-Encoding");
        return Refusal{411, "send the body with a Content-Length (no Transfer-Encoding)"};
    }
    if (f.length.empty()) return std::size_t{0};
    if (f.length.size() > 1) return bad("more than one Content-Length");
    const auto n = length_of(f.length[0]);
    if (!n) return bad("Content-Length '" + clip(f.length[0]) + "' is not a length");
    if (*n > max_body)
        return Refusal{413, "the request is too large (at most " + std::to_string(max_body / 1024) + " KiB)"};
    return *n;
}

}  // namespace head_parsing

bool host_allowed(std::string_view host, const HostRule& rule) {
    std::string name;
    std::string_view port;
    if (host.starts_with('[')) {
        const std::size_t close = host.find(']');
        if (close == std::string_view::npos) return false;
        if (!head_parsing::is_address(std::string(host.substr(1, close - 1)), AF_INET6)) return false;
        name = lower(host.substr(0, close + 1));
        port = host.substr(close + 1);
    } else {
        const std::size_t colon = host.find(':');
        name = lower(host.substr(0, colon));
        port = colon == std::string_view::npos ? std::string_view() : host.substr(colon);
    }
    // Any port: rebinding needs a foreign name, and a tunnel or a container
    // (ssh -L 9000:localhost:8080) shows the page at a port of its own.
    if (!port.empty() && (port.size() < 2 || port.size() > 6 || port[0] != ':' ||
                          !std::all_of(port.begin() + 1, port.end(), [](char c) { return c >= '0' && c <= '9'; })))
        return false;
    return name == "localhost" || name.starts_with('[') || head_parsing::is_address(name, AF_INET) ||
           std::any_of(rule.names.begin(), rule.names.end(), [&](const std::string& n) { return lower(n) == name; });
}

std::variant<Incomplete, Head, Refusal> read_head(std::string_view buffer, const HostRule& rule, std::size_t max_body) {
    Head head;
    while (buffer.starts_with("\r\n")) {
        buffer.remove_prefix(2);
        head.skipped += 2;
    }
    if (head.skipped > kMaxHeadBytes) return Refusal{431, "the request's headers are too large"};
    const std::size_t blank = buffer.find("\r\n\r\n");
    // Lines end in CRLF and nothing else (a bare CR or LF is read differently
    // by different parsers): checked as the head arrives, so that a head
    // with LF endings is refused at once rather than waited for.
    const std::string_view text = buffer.substr(0, blank == std::string_view::npos ? buffer.size() : blank + 2);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool bare_cr = text[i] == '\r' && i + 1 < text.size() && text[i + 1] != '\n';
        const bool bare_lf = text[i] == '\n' && (i == 0 || text[i - 1] != '\r');
        if (bare_cr || bare_lf) return head_parsing::bad("a bare CR or LF in the request's head");
    }
    if (blank == std::string_view::npos || blank + 4 > kMaxHeadBytes) {
        if (buffer.size() >= kMaxHeadBytes) return Refusal{431, "the request's headers are too large"};
        return Incomplete{};
    }
    head.head_bytes = blank + 4;
    const std::size_t line_end = text.find("\r\n");
    const std::string_view line = text.substr(0, line_end);
    const std::size_t sp1 = line.find(' '), sp2 = line.rfind(' ');
    if (sp1 == std::string_view::npos || sp1 == sp2 || !head_parsing::is_token(line.substr(0, sp1)) ||
        !head_parsing::is_value(line.substr(sp1 + 1, sp2 - sp1 - 1)) ||
        line.substr(sp1 + 1, sp2 - sp1 - 1).find_first_of(" \t") != std::string_view::npos)
        return head_parsing::bad("malformed request line '" + clip(line) + "'");
    const std::string_view version = line.substr(sp2 + 1);
    if (version != "HTTP/1.1" && version != "HTTP/1.0")
        return Refusal{505, "HTTP version '" + clip(version) + "' is not supported (HTTP/1.1)"};
    head_parsing::Fields fields;
    if (auto r = head_parsing::read_fields(text.substr(line_end + 2), fields)) return *r;
    if (auto r = head_parsing::check_trust(fields, version == "HTTP/1.1", rule)) return *r;
    auto length = head_parsing::body_length(fields, max_body);
    if (auto* r = std::get_if<Refusal>(&length)) return *r;
    head.body_bytes = std::get<std::size_t>(length);
    return head;
}

}  // namespace ply::web
