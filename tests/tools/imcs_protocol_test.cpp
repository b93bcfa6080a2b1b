// The IMCS client's pieces without a server: addresses, reply codes, clocks,
// prompts, the time budget, and the line connection against a local socket.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include <ply/core/error.hpp>
#include <ply/tools/imcs/connection.hpp>
#include <ply/tools/imcs/protocol.hpp>

using namespace ply::imcs;
using std::chrono::milliseconds;

TEST(ImcsProtocol, ServerAddresses) {
    const auto a = parse_server_address("imcs.example.org:3589");
    EXPECT_EQ(a.host, "imcs.example.org");
    EXPECT_EQ(a.port, 3589);
    const auto v6 = parse_server_address("[::1]:65535");
    EXPECT_EQ(v6.host, "::1");
    EXPECT_EQ(v6.port, 65535);
    for (const char* bad : {"localhost", "localhost:", "localhost:0", "localhost:99999", ":3589", "a:b:3589",
                            "host:12x", "host:-1", "[::1]", "[::1]3589", "[::1:3589", ""}) {
        EXPECT_THROW(parse_server_address(bad), ply::ParseError) << bad;
    }
}

TEST(ImcsProtocol, ReplyCodes) {
    EXPECT_EQ(reply_code("201 hello tester"), 201);
    EXPECT_EQ(reply_code("100"), 100);
    EXPECT_FALSE(reply_code("10x imcs"));
    EXPECT_FALSE(reply_code("2011 hello"));
    EXPECT_FALSE(reply_code("! a2-a3"));
    EXPECT_FALSE(reply_code(""));
}

TEST(ImcsProtocol, Clocks) {
    EXPECT_EQ(parse_clock("05:00.000"), milliseconds(300000));
    EXPECT_EQ(parse_clock("00:59.5"), milliseconds(59500));
    EXPECT_EQ(parse_clock("123:01.002"), milliseconds(123 * 60000 + 1002));
    EXPECT_EQ(parse_clock("5:00"), milliseconds(300000));
    EXPECT_EQ(parse_clock("300"), milliseconds(300000));
    EXPECT_EQ(parse_clock("1.25"), milliseconds(1250));
    for (const char* bad : {"", "5:60.000", "5:7.000", "05:00.0000", "ab", "-1", "05:00.", ":30", "05:00.x"}) {
        EXPECT_FALSE(parse_clock(bad)) << bad;
    }
    EXPECT_EQ(format_clock(milliseconds(300000)), "05:00.000");
    EXPECT_EQ(format_clock(milliseconds(61042)), "01:01.042");
    EXPECT_EQ(format_clock(milliseconds(-5)), "00:00.000");
    EXPECT_EQ(parse_clock(format_clock(milliseconds(754321))), milliseconds(754321));
}

TEST(ImcsProtocol, Prompts) {
    const auto p = parse_prompt("? 05:00.000 04:59.123");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->mine, milliseconds(300000));
    EXPECT_EQ(p->theirs, milliseconds(299123));
    const auto untimed = parse_prompt("? - -");
    ASSERT_TRUE(untimed);
    EXPECT_FALSE(untimed->mine);
    EXPECT_FALSE(untimed->theirs);
    for (const char* bad :
         {"?", "? 05:00.000", "?05:00.000 05:00.000", "? x y", "? 05:00.000 05:00.000 1", "! a2-a3"}) {
        EXPECT_FALSE(parse_prompt(bad)) << bad;
    }
    EXPECT_TRUE(is_position_header("1 W"));
    EXPECT_TRUE(is_position_header("40 B"));
    EXPECT_FALSE(is_position_header("1 X"));
    EXPECT_FALSE(is_position_header("W"));
    EXPECT_FALSE(is_position_header("1  W"));
    EXPECT_FALSE(is_position_header("kqbnr"));
}

TEST(ImcsProtocol, MoveBudgetSharesTheClock) {
    EXPECT_EQ(move_budget(std::nullopt, 1, false), milliseconds(5000));  // untimed
    // 300 s at move 1: 40 moves to play, a 2 s reserve, 3 moves to spare.
    EXPECT_EQ(move_budget(milliseconds(300000), 1, false), milliseconds(298000 / 43));
    // The free first move takes longer, well within IMCS's 60 s.
    EXPECT_EQ(move_budget(milliseconds(300000), 1, true), milliseconds(20000));
    EXPECT_EQ(move_budget(milliseconds(40000), 40, false), milliseconds(38000 / 4));
    // Never more than a quarter of what is left, never nothing.
    for (const int left : {1, 50, 1000, 9000, 60000, 600000})
        for (const int move : {1, 20, 39, 40, 41}) {
            const auto b = move_budget(milliseconds(left), move, false);
            EXPECT_GE(b, milliseconds(10));
            EXPECT_LE(b, std::max(milliseconds(10), milliseconds(left) / 4)) << left << " " << move;
        }
    // Playing every move at its budget leaves time at move 40.
    milliseconds clock(300000);
    for (int move = 1; move <= 40; ++move) clock -= move_budget(clock, move, false);
    EXPECT_GT(clock, milliseconds(2000));
}

namespace {

// A listening socket on 127.0.0.1 and its port.
struct Listener {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    int port = 0;
    Listener() {
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t n = sizeof a;
        if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 && ::listen(fd, 1) == 0 &&
            ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n) == 0)
            port = ntohs(a.sin_port);
    }
    ~Listener() { ::close(fd); }
};

void write_all(int fd, const std::string& text) {
    ASSERT_EQ(::send(fd, text.data(), text.size(), MSG_NOSIGNAL), static_cast<ssize_t>(text.size()));
}

}  // namespace

TEST(ImcsConnection, LinesEndsTimeoutsAndClose) {
    Listener listener;
    ASSERT_NE(listener.port, 0);
    // The kernel completes the connection from the backlog: one thread is enough.
    LineConnection c("127.0.0.1", listener.port, milliseconds(5000));
    const int peer = ::accept(listener.fd, nullptr, nullptr);
    ASSERT_GE(peer, 0);

    write_all(peer, "100 imcs 2.5\r\n\r\n! a2-a3\nno end");
    EXPECT_EQ(c.read_line(milliseconds(1000)), "100 imcs 2.5");
    EXPECT_EQ(c.read_line(milliseconds(1000)), "");
    EXPECT_EQ(c.read_line(milliseconds(1000)), "! a2-a3");
    // A line without its end yet: the read times out rather than waits.
    const auto start = std::chrono::steady_clock::now();
    EXPECT_THROW(c.read_line(milliseconds(100)), ImcsError);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));

    c.write_line("me tester secret");
    char buffer[64] = {};
    EXPECT_EQ(::recv(peer, buffer, sizeof buffer - 1, 0), 18);
    EXPECT_STREQ(buffer, "me tester secret\r\n");

    // Closed: the last unterminated line still comes, then nothing.
    ::close(peer);
    EXPECT_EQ(c.read_line(milliseconds(1000)), "no end");
    EXPECT_EQ(c.read_line(milliseconds(1000)), std::nullopt);
    EXPECT_EQ(c.read_line(std::nullopt), std::nullopt);
}

TEST(ImcsConnection, OverlongLinesAndRefusedConnections) {
    Listener listener;
    ASSERT_NE(listener.port, 0);
    {
        LineConnection c("127.0.0.1", listener.port, milliseconds(5000));
        const int peer = ::accept(listener.fd, nullptr, nullptr);
        ASSERT_GE(peer, 0);
        write_all(peer, std::string(LineConnection::kMaxLine + 10, 'x') + "\n");
        EXPECT_THROW(c.read_line(milliseconds(1000)), ImcsError);
        ::close(peer);
    }
    const int port = listener.port;
    ::close(listener.fd);
    listener.fd = ::socket(AF_INET, SOCK_STREAM, 0);  // nobody listens on `port` now
    try {
        LineConnection refused("127.0.0.1", port, milliseconds(5000));
        ADD_FAILURE() << "connected to a closed port";
    } catch (const ImcsError& e) {
        EXPECT_NE(std::string(e.what()).find("cannot connect to 127.0.0.1:" + std::to_string(port)), std::string::npos)
            << e.what();
    }
}
