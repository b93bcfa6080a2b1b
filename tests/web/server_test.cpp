// `ply serve`'s server in process, spoken to over loopback with cpp-httplib's
// client and raw sockets: what it answers, and how it holds up to malformed,
// oversized, concurrent and abandoned requests.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <future>
#include <thread>

#include <gtest/gtest.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <ply/cli/registry.hpp>
#include <ply/core/error.hpp>
#include <ply/web/game_api.hpp>
#include <ply/web/limits.hpp>
#include <ply/web/server.hpp>

#include "support/ply_process.hpp"
#include "support/run_ply.hpp"

namespace {

using nlohmann::json;
using namespace std::chrono_literals;

std::vector<ply::web::ServedGame> served_games() {
    std::vector<ply::web::ServedGame> out;
    const ply::cli::Registry games = ply::cli::builtin_games();
    for (const auto& g : games.games()) out.push_back({std::string(g.name), std::string(g.summary), g.web(), nullptr});
    return out;
}

// A server on a free loopback port for the test's lifetime.
class ServerTest : public ::testing::Test {
protected:
    void SetUp() override { start({}); }
    void TearDown() override {
        server_->stop();
        runner_.join();
    }
    void start(ply::web::ServerOptions options) {
        server_ = std::make_unique<ply::web::Server>(served_games(), "/nonexistent-ply-page", std::move(options));
        port_ = server_->bind("127.0.0.1", 0);
        runner_ = std::thread([this] { server_->run(); });
    }
    void restart(ply::web::ServerOptions options) {
        TearDown();
        start(std::move(options));
    }
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(60, 0);
        return c;
    }
    httplib::Result post(const std::string& path, const std::string& body) const {
        return client().Post(path, body, "application/json");
    }
    static json body_of(const httplib::Result& r) { return json::parse(r->body); }
    // A raw connection to the server, or -1.
    int connect_raw() const {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(static_cast<std::uint16_t>(port_));
        ::inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
        if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
            ::close(fd);
            return -1;
        }
        return fd;
    }
    // Sends `request` on a socket of its own and closes it after reading a
    // little of the answer, as a page does that goes away.
    void send_and_hang_up(const std::string& request) const {
        const int fd = connect_raw();
        ASSERT_GE(fd, 0);
        ASSERT_EQ(::send(fd, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
        char buffer[256];
        EXPECT_GT(::recv(fd, buffer, sizeof buffer, 0), 0);
        ::close(fd);
    }
    // Sends `request` in one write (shutting the sending side after it if
    // `half_close`) and reads until the server closes or `patience` passes.
    std::string exchange(const std::string& request, bool half_close = false,
                         std::chrono::seconds patience = 10s) const {
        const int fd = connect_raw();
        if (fd < 0) return "(no connection)";
        timeval tv{static_cast<time_t>(patience.count()), 0};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
        if (half_close) ::shutdown(fd, SHUT_WR);
        std::string answer;
        char buffer[4096];
        for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, std::size_t(n));
        ::close(fd);
        return answer;
    }
    std::string host() const { return "127.0.0.1:" + std::to_string(port_); }
    std::string get(const std::string& path, const std::string& headers) const {
        return "GET " + path + " HTTP/1.1\r\n" + headers + "\r\n";
    }
    std::string post_request(const std::string& path, const std::string& body, bool close = true) const {
        return "POST " + path + " HTTP/1.1\r\nHost: " + host() + "\r\nContent-Type: application/json\r\n" +
               (close ? "Connection: close\r\n" : "") + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" +
               body;
    }
    std::string think_request(const std::string& body) const { return post_request("/api/think", body, false); }

    std::unique_ptr<ply::web::Server> server_;
    int port_ = 0;
    std::thread runner_;
};

TEST_F(ServerTest, ListsEveryGameOfTheRegistry) {
    const auto r = client().Get("/api/games");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200);
    const json games = body_of(r)["games"];
    ASSERT_EQ(games.size(), ply::cli::builtin_games().games().size());
    // Trees are watched, not played: they have no start of their own.
    for (const auto& g : games) EXPECT_EQ(g["playable"], g["name"] != "tree" && g["name"] != "uniform") << g.dump();
}

TEST_F(ServerTest, TraceIsTheCommandLinesTrace) {
    const std::string tree = "((3 12 8) (2 4 6) (14 5 2))";
    for (const std::string algo : {"alphabeta", "minimax", "pvs", "mtdf", "bns"}) {
        const auto r = post("/api/trace", json{{"game", "tree"}, {"position", tree}, {"algo", algo}}.dump());
        ASSERT_TRUE(r);
        ASSERT_EQ(r->status, 200) << r->body;
        const json served = body_of(r);
        const auto cli = ply::testing::run_ply("tree '" + tree + "' --algo " + algo + " --trace --json");
        ASSERT_EQ(cli.exit_code, 0) << cli.out;
        const json printed = json::parse(cli.out);
        EXPECT_EQ(served["trace"]["events"], printed["trace"]["events"]) << algo;
        EXPECT_EQ(served["trace"]["nodes"], printed["trace"]["nodes"]) << algo;
        EXPECT_EQ(served["score"], 3);
        EXPECT_EQ(served["minimal_leaves"], 5);  // 3 leaves prove the first MIN node, one each the others
    }
}

TEST_F(ServerTest, ComparesAsTheCommandLineDoes) {
    const auto r = post("/api/compare", R"j({"game":"uniform","position":"b=3,d=4,seed=7,order=random",
                                           "algos":["minimax","alphabeta"]})j");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    const auto cli =
        ply::testing::run_ply("compare --tree-gen b=3,d=4,seed=7,order=random --algos minimax,alphabeta --json");
    const json printed = json::parse(cli.out), served = body_of(r);
    ASSERT_EQ(served["rows"].size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(served["rows"][i]["leaves"], printed["rows"][i]["leaves"]);
        EXPECT_EQ(served["rows"][i]["value"], printed["rows"][i]["value"]);
    }
    EXPECT_EQ(served["rows"][0]["leaves"], 81);  // minimax: 3^4
}

TEST_F(ServerTest, StateReplaysAGameAndNamesTheEnd) {
    // Scholar's mate: over, White wins, recorded as PGN.
    const auto r =
        post("/api/state", R"j({"game":"chess","moves":["e2e4","e7e5","f1c4","b8c6","d1h5","g8f6","h5f7"]})j");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    const json s = body_of(r);
    EXPECT_EQ(s["result"], "1-0");
    EXPECT_TRUE(s["legal"].empty());
    EXPECT_NE(s["record"].get<std::string>().find("4. Qxf7#"), std::string::npos) << s["record"];
    EXPECT_EQ(s["board"]["cells"][0], "r");  // a8, top left as White sees it
    const auto start = body_of(post("/api/state", R"j({"game":"chess"})j"));
    EXPECT_EQ(start["legal"].size(), 20u);
    for (const auto& m : start["legal"]) EXPECT_EQ(m["cells"].size(), 2u) << m;
}

TEST_F(ServerTest, BadRequestsGetOneLineErrors) {
    struct Case {
        std::string path, body;
        int status;
        std::string says;
    };
    const std::vector<Case> cases = {
        {"/api/trace", "{not json", 400, "not valid JSON"},
        {"/api/trace", "[1,2]", 400, "JSON object"},
        {"/api/trace", "{\"game\":\"\xff\xfe\"}", 400, "not valid JSON"},  // not UTF-8
        {"/api/trace", std::string(100000, '['), 400, "not valid JSON"},   // deeper than any parser should go
        {"/api/trace", std::string(100000, '[') + std::string(100000, ']'), 400, "a JSON object"},
        {"/api/trace", R"j({"game":"nosuch"})j", 400, "unknown game 'nosuch'"},
        {"/api/trace", R"j({"game":"tree","position":"((1 2)"})j", 400, "tree"},
        {"/api/trace", R"j({"game":"tree","position":"(1 2)","algo":"magic"})j", 400, "unknown algorithm 'magic'"},
        {"/api/trace", R"j({"game":"tree","position":"(1 2)","depth":"deep"})j", 400, "'depth' must be a whole number"},
        {"/api/trace", R"j({"game":"tree","position":"(1 2)","depth":99})j", 400, "'depth' must be from 0 to 12"},
        {"/api/trace", R"j({"game":"chess","depth":5})j", 400, "lower the depth"},
        {"/api/trace", R"j({"game":"tree"})j", 400, "give a position"},
        {"/api/compare", R"j({"game":"uniform","position":"b=10,d=9"})j", 400, "lower the depth"},
        {"/api/state", R"j({"game":"chess","moves":["e2e5"]})j", 400, "move 1 (e2e5) is illegal"},
        {"/api/state", R"j({"game":"chess","moves":"e2e4"})j", 400, "'moves' must be a list of strings"},
        {"/api/state", R"j({"game":"chess","start":"not a fen"})j", 400, ""},
        {"/api/state", R"j({"game":"tree","start":"(1 2)"})j", 400, "not for playing"},
        {"/api/think", R"j({"game":"chess","seconds":-1})j", 400, "'seconds' must be above 0"},
        {"/api/think", R"j({"game":"chess","seconds":1e308})j", 400, "'seconds' must be above 0"},
        {"/api/think", R"j({"game":"tictactoe","moves":["1","2","3","4","5","6","7"]})j", 400, "the game is over"},
        {"/api/think", R"j({"game":"chess","nodes":18446744073709551615})j", 400, "'nodes' must be from 1"},
        {"/api/state", R"j({"game":"checkers","start":"B:W9:B9"})j", 400, "square 9 given twice"},
        {"/api/state", R"j({"game":"checkers","moves":["11-15","22x15x8"]})j", 400, "move 2 (22x15x8) is illegal"},
        {"/api/think", R"j({"game":"checkers","start":"B:W18:B14","moves":["14x23"]})j", 400, "the game is over"},
    };
    for (const Case& c : cases) {
        const auto r = post(c.path, c.body);
        ASSERT_TRUE(r) << c.body;
        EXPECT_EQ(r->status, c.status) << c.body << " -> " << r->body;
        const json j = body_of(r);
        const std::string error = j.value("error", "");
        EXPECT_NE(error.find(c.says), std::string::npos) << c.body << " -> " << error;
        EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    }
    // Not JSON by its content type: refused before it is read.
    const auto plain = client().Post("/api/trace", "{}", "text/plain");
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->status, 415);
    const auto missing = client().Get("/api/nothing");
    ASSERT_TRUE(missing);
    EXPECT_EQ(missing->status, 404);
    EXPECT_NE(body_of(missing)["error"].get<std::string>().find("no such page"), std::string::npos);
}

TEST_F(ServerTest, RefusesAnOversizedBody) {
    const std::string huge = R"j({"game":"tree","position":")j" + std::string(2 * ply::web::kMaxBodyBytes, '(') + "\"}";
    const auto r = post("/api/trace", huge);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 413);
    EXPECT_NE(r->body.find("too large"), std::string::npos) << r->body;
    // And it still answers.
    EXPECT_EQ(client().Get("/api/games")->status, 200);
}

TEST_F(ServerTest, ThinkStreamsTheSearchThenTheMove) {
    std::string stream;
    const auto r = client().Post("/api/think", R"j({"game":"tictactoe","depth":9})j", "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    stream = r->body;
    EXPECT_NE(stream.find("event: info"), std::string::npos) << stream;
    const auto best = stream.find("event: best\ndata: ");
    ASSERT_NE(best, std::string::npos) << stream;
    const json move = json::parse(stream.substr(best + 18, stream.find('\n', best + 18) - best - 18));
    EXPECT_EQ(move["score"], "0");  // tic-tac-toe is a draw
}

TEST_F(ServerTest, ConcurrentSearchesAreServedOrToldToWait) {
    std::vector<std::future<int>> answers;
    for (int i = 0; i < 8; ++i)
        answers.push_back(std::async(std::launch::async, [this] {
            const auto r = post("/api/think", R"j({"game":"connect4","seconds":0.3})j");
            return r ? r->status : -1;
        }));
    int served = 0, busy = 0;
    for (auto& a : answers) {
        const int status = a.get();
        served += status == 200;
        busy += status == 503;
    }
    EXPECT_GE(served, 1);
    EXPECT_EQ(served + busy, 8);
    EXPECT_EQ(client().Get("/api/games")->status, 200);
}

TEST_F(ServerTest, APageThatGoesStopsItsSearch) {
    // Two long searches, both abandoned: their places free up at once, not in a minute.
    for (int i = 0; i < ply::web::kMaxSearches; ++i)
        send_and_hang_up(think_request(R"j({"game":"chess","seconds":60})j"));
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    int status = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto r = post("/api/think", R"j({"game":"tictactoe","depth":2})j");
        status = r ? r->status : -1;
        if (status == 200) break;
        std::this_thread::sleep_for(200ms);
    }
    EXPECT_EQ(status, 200) << "the abandoned searches still hold the engine";
}

TEST_F(ServerTest, IdleConnectionsDoNotShutOthersOut) {
    std::vector<int> idle;
    for (std::size_t i = 0; i < ply::web::kServerThreads + 8; ++i) {
        const int fd = connect_raw();
        ASSERT_GE(fd, 0);
        ::send(fd, "GET /api/ga", 11, 0);  // and never the rest
        idle.push_back(fd);
    }
    const auto started = std::chrono::steady_clock::now();
    const auto r = client().Get("/api/games");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_LT(std::chrono::steady_clock::now() - started, 15s);
    for (const int fd : idle) ::close(fd);
}

TEST_F(ServerTest, StopsWhileASearchRuns) {
    auto pending =
        std::async(std::launch::async, [this] { return post("/api/think", R"j({"game":"chess","seconds":60})j"); });
    std::this_thread::sleep_for(500ms);
    const auto started = std::chrono::steady_clock::now();
    server_->stop();
    runner_.join();
    EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
    pending.get();
    runner_ = std::thread([] {});  // for TearDown
}

TEST(ServeCommand, PrintsItsAddressAndStopsOnCtrlC) {
    ply::testing::PlyProcess serve({"serve", "--port", "0"});
    std::this_thread::sleep_for(1500ms);  // "starts in a second"
    serve.signal(SIGINT);
    const auto r = serve.wait();
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("http://127.0.0.1:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Stopped."), std::string::npos) << r.out;
}

TEST_F(ServerTest, ASecondServerOnATakenPortIsRefused) {
    ply::web::Server second(served_games(), "/nonexistent-ply-page");
    EXPECT_THROW(second.bind("127.0.0.1", port_), ply::ParseError);
}

TEST(ServeCommand, ABadAddressIsOneLine) {
    const auto r = ply::testing::run_ply("serve --host 203.0.113.99 --port 1");
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("cannot listen on 203.0.113.99:1"), std::string::npos) << r.out;
}

// The status of the first answer in `answer`, or 0.
int status_of(const std::string& answer) {
    return answer.starts_with("HTTP/1.1 ") && answer.size() >= 12 ? std::stoi(answer.substr(9, 3)) : 0;
}

// The one-line JSON error an answer carries, or "(none)".
std::string error_of(const std::string& answer) {
    const auto start = answer.find("\r\n\r\n");
    const json j = json::parse(start == std::string::npos ? "" : answer.substr(start + 4), nullptr, false);
    if (!j.is_object() || !j.contains("error")) return "(none)";
    return j["error"].get<std::string>();
}

TEST_F(ServerTest, RefusesRequestsForOtherHosts) {
    const std::string port = std::to_string(port_);
    // DNS rebinding: a foreign name that resolves here; ports that are not numbers.
    for (const std::string& h :
         std::vector<std::string>{"evil.example:" + port, "evil.example", "127.0.0.1.evil.example:" + port,
                                  "localhost.", "localhost:", "localhost:" + port + "x", "localhost:1234567", "[::1",
                                  "[nonsense]:" + port, "", "localhost:" + port + "@evil.example"}) {
        const std::string answer = exchange(get("/api/games", "Host: " + h + "\r\n"));
        EXPECT_EQ(status_of(answer), 403) << h << " -> " << answer;
        EXPECT_NE(error_of(answer).find("is not this server's"), std::string::npos) << answer;
    }
    EXPECT_EQ(status_of(exchange(get("/api/games", ""))), 400);  // HTTP/1.1 needs a Host
    EXPECT_NE(error_of(exchange(get("/api/games", ""))).find("no Host"), std::string::npos);
    EXPECT_EQ(status_of(exchange(get("/api/games", "Host: " + host() + "\r\nHost: " + host() + "\r\n"))), 400);
    // A foreign page's request that names this server: its Origin gives it away.
    for (const std::string& origin :
         std::vector<std::string>{"http://evil.example", "null", "http://localhost:" + port + ".evil.example"}) {
        const std::string answer =
            exchange(post_request("/api/state", R"j({"game":"chess"})j")
                         .insert(std::string("POST /api/state HTTP/1.1\r\n").size(), "Origin: " + origin + "\r\n"));
        EXPECT_EQ(status_of(answer), 403) << origin << " -> " << answer;
    }
}

TEST_F(ServerTest, AnswersToItsOwnNames) {
    const std::string port = std::to_string(port_);
    // Any port: the page through a tunnel or a container's port map (ssh -L 9000:localhost:PORT).
    for (const std::string& h :
         std::vector<std::string>{host(), "localhost:" + port, "LocalHost:" + port, "[::1]:" + port,
                                  "192.168.1.20:" + port, "localhost:9000", "localhost", "127.0.0.1:1"}) {
        const std::string answer = exchange(get("/api/games", "Host: " + h + "\r\nConnection: close\r\n"));
        EXPECT_EQ(status_of(answer), 200) << h << " -> " << answer;
    }
    // The page's own requests carry its origin; HTTP/1.0 needs no Host.
    for (const std::string scheme : {"http://", "https://"})
        EXPECT_EQ(status_of(exchange(get("/api/games", "Host: " + host() + "\r\nOrigin: " + scheme + host() +
                                                           "\r\nConnection: close\r\n"))),
                  200);
    EXPECT_EQ(status_of(exchange("GET /api/games HTTP/1.0\r\n\r\n")), 200);
    // A name given with --allow-host, as for a machine served on its LAN.
    restart({.allowed_hosts = {"mybox.lan"}});
    EXPECT_EQ(status_of(exchange(
                  get("/api/games", "Host: MyBox.lan:" + std::to_string(port_) + "\r\nConnection: close\r\n"))),
              200);
    EXPECT_EQ(status_of(exchange(get("/api/games", "Host: otherbox.lan:" + std::to_string(port_) + "\r\n"))), 403);
}

TEST_F(ServerTest, ConcurrentClientsThatTrickleTheirHeadersDoNotShutOthersOut) {
    // Slowloris: 100 connections, each sending a header line a second and never the end.
    std::vector<int> slow;
    for (int i = 0; i < 100; ++i) {
        const int fd = connect_raw();
        ASSERT_GE(fd, 0);
        ::send(fd, "GET / HTTP/1.1\r\n", 16, MSG_NOSIGNAL);
        slow.push_back(fd);
    }
    std::atomic<bool> done = false;
    std::thread trickle([&] {
        while (!done.load()) {
            for (const int fd : slow) ::send(fd, "X-Slow: 1\r\n", 11, MSG_NOSIGNAL);
            std::this_thread::sleep_for(1s);
        }
    });
    for (int round = 0; round < 3; ++round) {
        std::this_thread::sleep_for(1s);
        const auto started = std::chrono::steady_clock::now();
        const std::string answer =
            exchange(get("/api/games", "Host: " + host() + "\r\nConnection: close\r\n"), false, 5s);
        EXPECT_EQ(status_of(answer), 200) << answer;
        EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
    }
    done.store(true);
    trickle.join();
    for (const int fd : slow) ::close(fd);
}

TEST_F(ServerTest, AnswersPipelinedRequestsInOrder) {
    // Two requests in one write, then a third in another, on one keep-alive connection.
    const std::string two =
        get("/api/games", "Host: " + host() + "\r\n") + post_request("/api/state", R"j({"game":"tictactoe"})j", false);
    const int fd = connect_raw();
    ASSERT_GE(fd, 0);
    timeval tv{10, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::send(fd, two.data(), two.size(), MSG_NOSIGNAL);
    std::this_thread::sleep_for(200ms);
    const std::string third = post_request("/api/state", R"j({"game":"chess"})j");
    ::send(fd, third.data(), third.size(), MSG_NOSIGNAL);
    std::string answer;
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, std::size_t(n));
    ::close(fd);
    const auto first = answer.find("\"algorithms\""), second = answer.find("\"game\":\"tictactoe\""),
               last = answer.find("\"game\":\"chess\"");
    ASSERT_NE(first, std::string::npos) << answer;
    ASSERT_NE(second, std::string::npos) << answer;
    ASSERT_NE(last, std::string::npos) << answer;
    EXPECT_LT(first, second);
    EXPECT_LT(second, last);
}

TEST_F(ServerTest, RefusesRequestsWhoseLengthIsInDoubt) {
    const std::string start = "POST /api/state HTTP/1.1\r\nHost: " + host() + "\r\nContent-Type: application/json\r\n";
    const std::string body = R"j({"game":"chess"})j";
    struct Case {
        std::string headers;
        int status;
    };
    const std::vector<Case> cases = {
        {"Content-Length: 16\r\nContent-Length: 5\r\n", 400},
        {"Content-Length: 16\r\nContent-Length: 16\r\n", 400},
        {"Content-Length: 16, 16\r\n", 400},
        {"Content-Length: 16\r\nTransfer-Encoding: chunked\r\n", 400},
        {"Transfer-Encoding: chunked\r\nContent-Length: 16\r\n", 400},
        {"Transfer-Encoding: chunked\r\n", 411},
        {"Content-Length: -16\r\n", 400},
        {"Content-Length: +16\r\n", 400},
        {"Content-Length: sixteen\r\n", 400},
        {"Content-Length: 0x10\r\n", 400},
        {"Content-Length: 99999999999999999999999\r\n", 400},
        {"Content-Length: 1000000000\r\n", 413},
        {"Content-Length : 16\r\n", 400},
        {"Content-Length: 16\r\n Folded: line\r\n", 400},
        {"Content-Length: 16\nX: bare LF\r\n", 400},
    };
    for (const Case& c : cases) {
        const std::string answer = exchange(start + c.headers + "\r\n" + body);
        EXPECT_EQ(status_of(answer), c.status) << c.headers << " -> " << answer;
        EXPECT_EQ(error_of(answer).find('\n'), std::string::npos);
        EXPECT_NE(error_of(answer), "(none)") << answer;
    }
    // And it still answers.
    EXPECT_EQ(status_of(exchange(start + "Connection: close\r\nContent-Length: 16\r\n\r\n" + body)), 200);
}

TEST_F(ServerTest, EndlessBlankLinesBeforeARequestAreRefused) {
    // Blank lines before a request line are allowed, but not without end.
    std::string blanks;
    for (int i = 0; i < 10000; ++i) blanks += "\r\n";
    EXPECT_EQ(status_of(exchange(blanks + get("/api/games", "Host: " + host() + "\r\n"))), 431);
    EXPECT_EQ(status_of(exchange("\r\n\r\n" + get("/api/games", "Host: " + host() + "\r\nConnection: close\r\n"))),
              200);
}

// CPU seconds this process has used.
double cpu_seconds() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

TEST_F(ServerTest, OutOfDescriptorsItWaitsRatherThanSpins) {
    // Clients take every descriptor the process may open: the server cannot
    // accept the connections waiting for it, and must not poll for them in a busy loop.
    rlimit old{};
    ::getrlimit(RLIMIT_NOFILE, &old);
    const auto open_now = std::distance(std::filesystem::directory_iterator("/proc/self/fd"), {});
    rlimit low = old;
    low.rlim_cur = static_cast<rlim_t>(open_now + 40);
    ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &low), 0);
    std::vector<int> clients;
    for (int fd; clients.size() < 200 && (fd = connect_raw()) >= 0;) clients.push_back(fd);
    const double before = cpu_seconds();
    std::this_thread::sleep_for(1s);
    const double used = cpu_seconds() - before;
    for (const int fd : clients) ::close(fd);
    ::setrlimit(RLIMIT_NOFILE, &old);
    EXPECT_LT(used, 0.5) << clients.size() << " clients";
    EXPECT_EQ(status_of(exchange(get("/api/games", "Host: " + host() + "\r\nConnection: close\r\n"))), 200);
}

TEST_F(ServerTest, AnswersAClientThatShutsItsSideAfterTheRequest) {
    for (int i = 0; i < 20; ++i) {
        const std::string answer = exchange(post_request("/api/state", R"j({"game":"chess"})j", false), true);
        ASSERT_EQ(status_of(answer), 200) << "try " << i << ": " << answer;
        EXPECT_NE(answer.find("\"legal\""), std::string::npos);
    }
    const std::string stream = exchange(think_request(R"j({"game":"tictactoe","depth":9})j"), true);
    EXPECT_NE(stream.find("event: best"), std::string::npos) << stream;
}

TEST_F(ServerTest, EverySearchStopsAtTheServersLimit) {
    restart({.allowed_hosts = {}, .max_think_seconds = 1});
    for (const std::string& body :
         std::vector<std::string>{R"j({"game":"chess","depth":64})j", R"j({"game":"chess","nodes":1000000000})j",
                                  R"j({"game":"connect4","depth":64})j", R"j({"game":"go","nodes":1000000000})j"}) {
        const auto started = std::chrono::steady_clock::now();
        const std::string stream = exchange(think_request(body), true, 20s);
        EXPECT_LT(std::chrono::steady_clock::now() - started, 8s) << body;
        EXPECT_NE(
            stream.find("event: limit\ndata: {\"limit\":\"the search was stopped at the server's limit of 1 s\"}"),
            std::string::npos)
            << stream;
        EXPECT_NE(stream.find("event: best"), std::string::npos) << stream;
    }
    // One asked to stop sooner than the limit says nothing of it.
    const std::string quick = exchange(think_request(R"j({"game":"chess","seconds":0.2})j"), true, 20s);
    EXPECT_EQ(quick.find("event: limit"), std::string::npos) << quick;
    // Comparing starts no algorithm past the limit, and says which it left out.
    restart({.allowed_hosts = {}, .max_think_seconds = 0.001});
    const auto r =
        post("/api/compare", R"j({"game":"chess","depth":4,"algos":["minimax","minimax","alphabeta","pvs"]})j");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    const json c = body_of(r);
    // Walking the tree to check its size takes longer than the limit: nothing runs.
    EXPECT_TRUE(c["rows"].empty()) << r->body;
    EXPECT_EQ(c["skipped"], json({"minimax", "alphabeta", "pvs"}));  // each once
    EXPECT_EQ(c["limit"], "stopped at the server's limit of 0.001 s: 3 algorithms not run");
}

}  // namespace
